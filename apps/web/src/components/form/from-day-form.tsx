import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { SubmitButton, type ButtonVariant } from '../ui/button';
import { FormDateField } from './date-field';
import { FormTextAreaField, FormTextField } from './field';
import { Form } from './form';
import { SubmitOutcome } from './submit-outcome';
import type { SchemaForm } from './use-schema-form';

interface DayField<T extends FieldValues> {
  name: Path<T>;
  label: string;
  min?: string;
  max?: string;
  hint?: ReactNode;
}

interface TextField<T extends FieldValues> {
  name: Path<T>;
  label: string;
  max: number;
  optional?: boolean;
  hint?: ReactNode;
  /** Several lines (with a counter) instead of one. */
  rows?: number;
}

/** The action's text: one line, or several with a counter. */
function ReasonField<T extends FieldValues>({
  form,
  text: { max, rows, ...text },
}: {
  form: UseFormReturn<T, unknown, unknown>;
  text: TextField<T>;
}) {
  return rows ? (
    <FormTextAreaField form={form} {...text} max={max} rows={rows} />
  ) : (
    <FormTextField form={form} {...text} maxLength={max} />
  );
}

/**
 * An action that takes effect from a day: a change of a contract, a notice,
 * a switch of services. The day, what else the action needs (`lead` before
 * the day, `beside` it, `children` after it), an optional text (a reason),
 * the outcome and one submit button, on a useSchemaForm of the shared schema.
 */
export function FromDayForm<T extends FieldValues, R, B>({
  schemaForm,
  day,
  text,
  lead,
  beside,
  children,
  note,
  actions,
  submitLabel,
  busyLabel,
  variant = 'primary',
  disabled = false,
  show = 'both',
  successTitle,
  errorTitle,
  className = '',
  'aria-label': ariaLabel,
}: {
  schemaForm: SchemaForm<T, R, unknown, B>;
  day: DayField<T>;
  text?: TextField<T>;
  lead?: ReactNode;
  beside?: ReactNode;
  children?: ReactNode;
  /** After the fields, before the outcome (e.g. what the day comes to). */
  note?: ReactNode;
  /** Beside the submit button (e.g. 'Abbrechen'). */
  actions?: ReactNode;
  submitLabel: string;
  /** The button's text while sending; by default the same (the button is disabled). */
  busyLabel?: string;
  variant?: ButtonVariant;
  disabled?: boolean;
  /** Which outcomes show here (a success may show elsewhere on the page). */
  show?: 'both' | 'error';
  successTitle?: string;
  errorTitle?: string;
  className?: string;
  'aria-label'?: string;
}) {
  const { form, outcome, busy, formProps } = schemaForm;
  return (
    <Form formProps={formProps} className={`space-y-3 ${className}`} aria-label={ariaLabel}>
      {lead}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormDateField
          form={form}
          name={day.name}
          label={day.label}
          min={day.min}
          max={day.max}
          hint={day.hint}
        />
        {beside}
      </div>
      {children}
      {text && <ReasonField form={form} text={text} />}
      {note}
      <SubmitOutcome
        outcome={outcome}
        show={show}
        {...(successTitle ? { successTitle } : {})}
        {...(errorTitle ? { errorTitle } : {})}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton
          busy={busy}
          busyLabel={busyLabel ?? submitLabel}
          variant={variant}
          disabled={disabled}
        >
          {submitLabel}
        </SubmitButton>
        {actions}
      </div>
    </Form>
  );
}
