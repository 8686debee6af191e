import { forwardRef, type SelectHTMLAttributes } from 'react';

type LabelledSelectProps = { id: string; label: string } & SelectHTMLAttributes<HTMLSelectElement>;

/**
 * A select with its label above it, outside a form (filters, sorting, a status to switch);
 * in a form use FormSelectField. The options are its children. Its label is FieldLabel's
 * (ui/field), written out so that the public pages' filters do not load the form fields.
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
        <label htmlFor={id} className="mb-1 block text-sm font-semibold">
          {label}
        </label>
        <select ref={ref} id={id} className={className} {...select}>
          {children}
        </select>
      </div>
    );
  },
);
