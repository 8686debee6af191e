import type { FieldValues } from 'react-hook-form';
import { FormTextField, type Bound, type TextProps } from './field';

type DateProps = Omit<TextProps, 'type' | 'setValueAs'> & {
  /** An empty field is null (a nullable day); otherwise it is left out (undefined). */
  nullable?: boolean;
};

/**
 * A labelled day (YYYY-MM-DD, the browser's date picker) registered with the
 * form. An empty field holds undefined (or null with `nullable`), so an
 * optional day of the schema is left out and a required one says so.
 */
export function FormDateField<T extends FieldValues, C = unknown>({
  nullable = false,
  ...props
}: Bound<T, C> & DateProps) {
  return (
    <FormTextField<T, C>
      {...props}
      type="date"
      setValueAs={(value) => (value === '' ? (nullable ? null : undefined) : value)}
    />
  );
}
