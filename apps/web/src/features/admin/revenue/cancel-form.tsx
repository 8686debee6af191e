import type { CancelDocument } from '@housnkuh/shared/schemas/documents';
import { FormTextField } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button, SubmitButton } from '../../../components/ui/button';
import { adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';

const validation = lazyZodResolver<CancelDocument>(async () => {
  const { cancelDocumentSchema } = await import('@housnkuh/shared/schemas/documents');
  return cancelDocumentSchema;
});

/** Storno of an issued document: why, then the cancellation document is issued. */
export function CancelForm({
  number,
  send,
  onCancel,
}: {
  number: string;
  send: (reason: string) => Promise<{ storno: { number: string } }>;
  onCancel: () => void;
}) {
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation,
    defaultValues: { reason: '' },
    submit: (values: CancelDocument) => send(values.reason),
    errorMessage: adminErrorMessage,
    successMessage: (result) =>
      `${number} ist storniert (${result.storno.number}); die Abrechnung des Direktvermarkters ist wieder ein Entwurf.`,
  });
  return (
    <Form
      formProps={formProps}
      className="mt-3 space-y-3 rounded-lg border-2 border-coral-dark p-3"
    >
      <p>
        {number} stornieren? Es wird ein Stornobeleg mit den negierten Beträgen ausgestellt und dem
        Direktvermarkter geschickt; seine Abrechnung des Monats wird wieder ein Entwurf, der neu
        abgeschlossen werden kann.
      </p>
      <FormTextField
        form={form}
        name="reason"
        label="Grund der Stornierung"
        maxLength={500}
        required
      />
      <SubmitOutcome outcome={outcome} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={busy} busyLabel="Wird storniert …">
          Stornieren
        </SubmitButton>
        <Button variant="ghost" onClick={onCancel}>
          Abbrechen
        </Button>
      </div>
    </Form>
  );
}
