import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useFieldError, type Bound } from './field';
import { describedBy, FieldLabel, FieldNote } from '../ui/field';
import { controlClasses } from './field-notes';

export interface SelectOption {
  value: string;
  label: string;
}

type SelectProps = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'form' | 'name' | 'children' | 'ref'
> & {
  label: string;
  hint?: ReactNode;
  optional?: boolean;
  /** The choices, in order (an empty value first for 'Bitte wählen'). */
  options: readonly SelectOption[];
};

/** A labelled select registered with the form: its value, its message beside it, aria-invalid. */
export function FormSelectField<T extends FieldValues, C = unknown>({
  form,
  name,
  error,
  label,
  hint,
  optional,
  options,
  id,
  className = '',
  ...props
}: Bound<T, C> & SelectProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const formMessage = useFieldError(form, name);
  const message = error ?? formMessage;
  return (
    <div className={className}>
      <FieldLabel htmlFor={selectId} label={label} optional={optional} />
      <select
        id={selectId}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(
          hint ? `${selectId}-hint` : null,
          message && `${selectId}-error`,
        )}
        className={controlClasses(message)}
        {...props}
        {...form.register(name)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNote id={`${selectId}-hint`}>{hint}</FieldNote>
      <FieldNote id={`${selectId}-error`} error>
        {message}
      </FieldNote>
    </div>
  );
}
