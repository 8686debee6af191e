import { useEffect, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { get, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import { fieldAria, FieldFrame } from '../ui/field';
import { useFieldError, type Bound } from './field';
import { useKeptField } from './kept-field';

type FileProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'form' | 'name' | 'type' | 'value' | 'defaultValue' | 'onChange' | 'ref' | 'multiple'
> & {
  label: string;
  hint?: ReactNode;
  optional?: boolean;
  /** After a file is chosen (or the choice emptied): what else the page does then. */
  onChosen?: (file: File | undefined) => void;
};

/**
 * A labelled file choice registered with the form: the form holds the chosen File (undefined
 * while none is chosen), which the shared schema checks (one chosen, its size) and the form's
 * submit sends. Its message beside it (aria-describedby), aria-invalid, the browser's own file
 * button (Tab, Enter or Space opens the choice). A reset of the form empties the choice.
 */
export function FormFileField<T extends FieldValues, C = unknown>({
  form,
  name,
  error,
  label,
  hint,
  optional,
  onChosen,
  id,
  className = '',
  ...props
}: Bound<T, C> & FileProps) {
  const { element, set, setting } = useKeptField(form, name);
  const formMessage = useFieldError(form, name);
  const message = error ?? formMessage;
  const generated = useId();
  const inputId = id ?? generated;
  // the input keeps the file itself: a value set from outside (a reset) can only empty it
  useEffect(() => {
    const watching = form.watch((values, change) => {
      const outside = change.name === undefined || (change.name === name && !setting.current);
      if (outside && get(values, name) == null && element.current) element.current.value = '';
    });
    return () => watching.unsubscribe();
  }, [form, name, element, setting]);
  return (
    <FieldFrame
      id={inputId}
      label={label}
      optional={optional}
      hint={hint}
      error={message}
      className={className}
    >
      <input
        {...props}
        ref={element}
        id={inputId}
        name={name}
        type="file"
        {...fieldAria(inputId, hint, message)}
        className={`block max-w-full rounded-lg text-base text-navy file:mr-3 file:rounded-lg file:border-2 file:border-navy file:bg-white file:px-4 file:py-2 file:font-semibold file:text-navy ${
          message ? 'outline outline-2 outline-red-700' : ''
        }`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          set(file as PathValue<T, Path<T>>);
          onChosen?.(file);
        }}
      />
    </FieldFrame>
  );
}
