import type { FieldError } from '@housnkuh/shared/schemas/common';
import { Alert } from '../ui/alert';

/**
 * An error box that takes focus, titled with what went wrong, listing the
 * fields still in error by their German labels ('E-Mail: Diese … ist bereits
 * registriert.'), for a form whose fields are not all on screen (a wizard).
 * `labels` is keyed by a field's first path segment; unknown fields show by name.
 */
export function ErrorSummary({
  title,
  errors,
  labels,
}: {
  title: string;
  errors: readonly FieldError[];
  labels: Readonly<Record<string, string>>;
}) {
  return (
    <Alert tone="error" title={title} focusOnShow>
      {errors.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {errors.map(({ field, message }) => (
            <li key={field}>
              {labels[field.split('.')[0]!] ?? field}: {message}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
