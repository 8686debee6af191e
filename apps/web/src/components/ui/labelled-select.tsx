import { forwardRef, type SelectHTMLAttributes } from 'react';
import { FieldLabel } from './field';

type LabelledSelectProps = { id: string; label: string } & SelectHTMLAttributes<HTMLSelectElement>;

/**
 * A select with its label above it, outside a form (filters, sorting, a status to switch);
 * in a form use FormSelectField. The options are its children.
 */
export const LabelledSelect = forwardRef<HTMLSelectElement, LabelledSelectProps>(
  function LabelledSelect(
    {
      id,
      label,
      className = 'w-full rounded-lg border border-gray-400 bg-white px-3 py-2.5',
      children,
      ...select
    },
    ref,
  ) {
    return (
      <div>
        <FieldLabel htmlFor={id} label={label} />
        <select ref={ref} id={id} className={className} {...select}>
          {children}
        </select>
      </div>
    );
  },
);
