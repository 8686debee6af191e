import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useFieldError, type Bound } from './field';
import { fieldAria, FieldFrame } from '../ui/field';
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
    <FieldFrame
      id={selectId}
      label={label}
      optional={optional}
      hint={hint}
      error={message}
      className={className}
    >
      <select
        id={selectId}
        {...fieldAria(selectId, hint, message)}
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
    </FieldFrame>
  );
}
