import type { ReactNode } from 'react';
import { adminErrorMessage } from '../../lib/admin-api';
import { FormTextAreaField } from '../form/field';
import { Form } from '../form/form';
import { FormButtons } from '../form/form-buttons';
import { SubmitOutcome } from '../form/submit-outcome';
import { useSchemaForm, type SchemaFormOptions } from '../form/use-schema-form';

interface ReasonValues {
  reason: string;
}

/**
 * An admin action that needs a reason (rejecting a request, taking one off the waiting list):
 * the reason, a note on what happens, then the action or "Abbrechen".
 */
export function ReasonForm<R>({
  validation,
  send,
  label,
  rows,
  note,
  busyLabel,
  submitLabel,
  onSuccess,
  onCancel,
}: {
  validation: SchemaFormOptions<ReasonValues, R>['validation'];
  send: (reason: string) => Promise<R>;
  label: string;
  rows: number;
  /** what the action does, under the field */
  note?: ReactNode;
  busyLabel: string;
  submitLabel: string;
  onSuccess: (result: R) => void;
  onCancel: () => void;
}) {
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation,
    defaultValues: { reason: '' },
    submit: ({ reason }: ReasonValues) => send(reason),
    errorMessage: adminErrorMessage,
    onSuccess,
  });
  return (
    <Form
      formProps={formProps}
      className="mt-3 space-y-3 rounded-lg border-2 border-coral-dark p-3"
    >
      <FormTextAreaField form={form} name="reason" label={label} rows={rows} max={1000} />
      {note}
      <SubmitOutcome outcome={outcome} show="error" />
      <FormButtons busy={busy} busyLabel={busyLabel} onCancel={onCancel}>
        {submitLabel}
      </FormButtons>
    </Form>
  );
}
