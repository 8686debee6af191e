import type { FormHTMLAttributes, ReactNode } from 'react';
import type { SchemaForm } from './use-schema-form';

type FormProps = Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'method' | 'action' | 'noValidate' | 'onSubmit' | 'onFocus' | 'aria-busy'
> & {
  /** useSchemaForm's formProps: posted, the schema's messages instead of the browser's, busy. */
  formProps: SchemaForm<never, unknown>['formProps'];
  children: ReactNode;
};

/**
 * The one `<form>` of the app (a lint rule refuses any other): a form driven
 * by useSchemaForm, so the shared schema checks its input in the browser and
 * the kit shows field errors and the outcome.
 */
export function Form({ formProps, children, ...props }: FormProps) {
  return (
    <form {...props} {...formProps}>
      {children}
    </form>
  );
}
