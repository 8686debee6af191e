import type { FieldValues, Path } from 'react-hook-form';
import { useFieldError, type Bound } from './field';

/** The classes of a select of the kit (as the text fields'), red-bordered with an error. */
export function controlClasses(error: string | undefined): string {
  return `w-full rounded-lg border bg-white px-3 py-2.5 text-base text-navy ${
    error ? 'border-red-700' : 'border-gray-400'
  }`;
}

/**
 * A message about a list of fields as a whole (three answers that must
 * differ, say), which no single field shows: announced where it appears.
 * react-hook-form keeps it as the list's `root` once its items are fields.
 */
export function GroupError<T extends FieldValues, C = unknown>({
  form,
  name,
}: Pick<Bound<T, C>, 'form' | 'name'>) {
  const item = useFieldError(form, `${name}.root` as Path<T>);
  const whole = useFieldError(form, name);
  const message = item ?? whole;
  return (
    <p aria-live="polite" className="text-sm font-medium text-red-800">
      {message}
    </p>
  );
}
