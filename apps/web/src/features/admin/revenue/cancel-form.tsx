import type { CancelDocument } from '@housnkuh/shared/schemas/documents';
import { useState } from 'react';
import { FormTextField } from '../../../components/form/field';
import { FormButtons } from '../../../components/form/form-buttons';
import { Form } from '../../../components/form/form';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';

const validation = lazyZodResolver<CancelDocument>(async () => {
  const { cancelDocumentSchema } = await import('@housnkuh/shared/schemas/documents');
  return cancelDocumentSchema;
});

/** "RE-1", "RE-1 und VA-2", "A, B und C" */
const joined = (numbers: readonly string[]) =>
  numbers.length <= 1
    ? (numbers[0] ?? '')
    : `${numbers.slice(0, -1).join(', ')} und ${numbers.at(-1)}`;

export const TRANSFERRED_NOTE =
  'Die Auszahlung ist schon überwiesen: Nach der Neuausstellung wird nur die Differenz überwiesen oder angefordert.';

/**
 * Storno of an issued document and the rest of its pair (the invoice and the statement are
 * cancelled together): why, then one cancellation document per original. Afterwards the
 * dialog shows what was issued and only "Schließen".
 */
export function CancelForm({
  number,
  pair = [],
  transferred = false,
  send,
  onCancel,
}: {
  number: string;
  /** the other documents issued with it (cancelled too) */
  pair?: readonly string[];
  /** the producer's payout of the month is transferred already */
  transferred?: boolean;
  send: (reason: string) => Promise<{ stornos?: { number: string }[]; storno: { number: string } }>;
  onCancel: () => void;
}) {
  const [done, setDone] = useState<{ originals: string[]; stornos: string[] } | null>(null);
  const originals = [number, ...pair];
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation,
    defaultValues: { reason: '' },
    submit: async (values: CancelDocument) => {
      const result = await send(values.reason);
      // the list refreshes after the storno (the pair then shows as cancelled): keep what was asked
      setDone({
        originals,
        stornos: (result.stornos ?? [result.storno]).map((storno) => storno.number),
      });
      return result;
    },
    errorMessage: adminErrorMessage,
  });
  if (done)
    return (
      <div className="mt-3 space-y-3 rounded-lg border-2 border-green-700 p-3">
        <Alert tone="success" focusOnShow>
          <p>
            {joined(done.originals)} {done.originals.length === 1 ? 'ist' : 'sind'} storniert (
            {done.stornos.length === 1 ? 'Stornobeleg' : 'Stornobelege'} {joined(done.stornos)});
            die Abrechnung des Direktvermarkters ist wieder ein Entwurf.
            {transferred && ` ${TRANSFERRED_NOTE}`}
          </p>
        </Alert>
        <Button variant="secondary" onClick={onCancel}>
          Schließen
        </Button>
      </div>
    );
  return (
    <Form
      formProps={formProps}
      className="mt-3 space-y-3 rounded-lg border-2 border-coral-dark p-3"
    >
      <p>
        {originals.length === 1
          ? `${number} stornieren? Es wird ein Stornobeleg mit den negierten Beträgen ausgestellt und dem Direktvermarkter geschickt`
          : `${number} stornieren? ${joined(originals)} wurden zusammen ausgestellt: Es werden ${originals.length === 2 ? 'zwei' : originals.length} Stornobelege mit den negierten Beträgen ausgestellt (für ${joined(originals)}) und dem Direktvermarkter geschickt`}
        ; seine Abrechnung des Monats wird wieder ein Entwurf, der neu abgeschlossen werden kann.
      </p>
      {transferred && <p className="font-semibold">{TRANSFERRED_NOTE}</p>}
      <FormTextField
        form={form}
        name="reason"
        label="Grund der Stornierung"
        maxLength={500}
        required
      />
      <SubmitOutcome outcome={outcome} />
      <FormButtons busy={busy} busyLabel="Wird storniert …" onCancel={onCancel}>
        Stornieren
      </FormButtons>
    </Form>
  );
}
