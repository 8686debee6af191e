import { formatEuro, formatIsoDay } from '@housnkuh/shared/format';
import { formatMonth } from '@housnkuh/shared/months';
import type {
  CreatePaymentRunInput,
  PaymentRunDetail,
  PaymentRunState,
  RunPayout,
} from '@housnkuh/shared/schemas/payment-runs';
import { useState } from 'react';
import {
  AdminErrorAlert,
  adminFormError,
  ReasonList,
} from '../../../components/admin/admin-error-text';
import { FormDateField } from '../../../components/form/date-field';
import { FormTextField } from '../../../components/form/field';
import { FormButtons } from '../../../components/form/form-buttons';
import { Form } from '../../../components/form/form';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Alert } from '../../../components/ui/alert';
import { Button, SubmitButton } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import {
  useCreateRun,
  useDiscardRun,
  useDownloadRun,
  usePaymentRuns,
  usePayoutReturned,
  useRunTransferred,
} from './api/payment-runs';
import { useClearedByNextMoneyAction } from './api/revenue';

const createValidation = lazyZodResolver<CreatePaymentRunInput>(async () => {
  const { createPaymentRunSchema } = await import('@housnkuh/shared/schemas/payment-runs');
  return createPaymentRunSchema;
});
const transferredValidation = lazyZodResolver<{ transferredOn?: string | undefined }>(async () => {
  const { runTransferredSchema } = await import('@housnkuh/shared/schemas/payment-runs');
  return runTransferredSchema;
});
const returnedValidation = lazyZodResolver<{ reason: string }>(async () => {
  const { payoutReturnedSchema } = await import('@housnkuh/shared/schemas/payment-runs');
  return payoutReturnedSchema;
});

export const RUN_STATE_LABELS: Record<PaymentRunState, string> = {
  angelegt: 'angelegt',
  heruntergeladen: 'heruntergeladen',
  ueberwiesen: 'überwiesen',
  verworfen: 'verworfen',
};

const BADGE_CLASSES: Record<PaymentRunState, string> = {
  angelegt: 'bg-sand text-navy',
  heruntergeladen: 'bg-sky-100 text-sky-950',
  ueberwiesen: 'bg-green-100 text-green-950',
  verworfen: 'bg-gray-200 text-gray-900',
};

function StateBadge({ state }: { state: PaymentRunState }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-sm font-semibold ${BADGE_CLASSES[state]}`}>
      {RUN_STATE_LABELS[state]}
    </span>
  );
}

/** "Zahlungslauf anlegen": the execution date (empty: the next bank business day). */
function CreateRunForm({ month }: { month: string }) {
  const create = useCreateRun(month);
  const { form, outcome, busy, formProps, clearOutcome } = useSchemaForm({
    validation: createValidation,
    defaultValues: { executionDate: undefined },
    submit: (values: CreatePaymentRunInput) => create.mutateAsync(values.executionDate),
    errorMessage: adminFormError,
    successMessage: (result) =>
      `Zahlungslauf angelegt: ${result.run.count === 1 ? '1 Auszahlung' : `${result.run.count} Auszahlungen`}, ${formatEuro(result.run.totalCents)}, Ausführung am ${formatIsoDay(result.run.executionDate)}.`,
    resetOnSuccess: true,
  });
  // "Zahlungslauf angelegt: 14 Auszahlungen" goes once anything changes after it
  useClearedByNextMoneyAction(create.isSuccess ? create.submittedAt : null, clearOutcome);
  return (
    <Form formProps={formProps} className="space-y-3 rounded-xl bg-white p-4">
      <FormDateField
        form={form}
        name="executionDate"
        label="Ausführungsdatum"
        hint="Leer lassen: der nächste Bankarbeitstag."
      />
      <SubmitOutcome outcome={outcome} error={(failed) => <ReasonList error={failed.error} />} />
      <SubmitButton busy={busy} busyLabel="Wird angelegt …">
        Zahlungslauf anlegen
      </SubmitButton>
    </Form>
  );
}

/** "Als überwiesen markieren" with the bank's date (empty: today). */
function TransferredForm({ run, onDone }: { run: PaymentRunDetail; onDone: () => void }) {
  const transferred = useRunTransferred();
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation: transferredValidation,
    defaultValues: { transferredOn: undefined },
    submit: (values: { transferredOn?: string | undefined }) =>
      transferred.mutateAsync({ runId: run.id, transferredOn: values.transferredOn }),
    errorMessage: adminErrorMessage,
  });
  return (
    <Form formProps={formProps} className="mt-3 space-y-3 rounded-lg border-2 border-sand p-3">
      <FormDateField
        form={form}
        name="transferredOn"
        label="Datum der Überweisung laut Bank"
        hint="Leer lassen: heute."
      />
      <SubmitOutcome outcome={outcome} />
      <FormButtons
        busy={busy}
        busyLabel="Wird markiert …"
        onCancel={onDone}
        cancelLabel="Schließen"
      >
        Als überwiesen markieren
      </FormButtons>
    </Form>
  );
}

/** "Zurückgebucht": the bank returned the transfer; why. */
function ReturnedForm({ payout, onDone }: { payout: RunPayout; onDone: () => void }) {
  const returned = usePayoutReturned();
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation: returnedValidation,
    defaultValues: { reason: '' },
    submit: (values: { reason: string }) =>
      returned.mutateAsync({ payoutId: payout.id, reason: values.reason }),
    errorMessage: adminErrorMessage,
  });
  return (
    <Form
      formProps={formProps}
      className="mt-2 space-y-3 rounded-lg border-2 border-coral-dark p-3"
    >
      <p>
        Die Überweisung an {payout.vendorName} ({formatEuro(payout.amountCents)}) ist
        zurückgekommen? Der Betrag wird im nächsten Zahlungslauf erneut überwiesen.
      </p>
      <FormTextField
        form={form}
        name="reason"
        label="Grund der Rückbuchung"
        maxLength={200}
        required
      />
      <SubmitOutcome outcome={outcome} />
      <FormButtons busy={busy} busyLabel="Wird markiert …" onCancel={onDone}>
        Als zurückgebucht markieren
      </FormButtons>
    </Form>
  );
}

function PayoutLine({ payout, canReturn }: { payout: RunPayout; canReturn: boolean }) {
  const [returning, setReturning] = useState(false);
  return (
    <li className="p-2">
      <span>
        {payout.vendorName} · {formatEuro(payout.amountCents)} · an {payout.payeeName} (
        {payout.payeeIban}){payout.statementNumber && ` · ${payout.statementNumber}`}
        {payout.replacesPayoutId && ' · erneute Überweisung'}
        {payout.returnedAt &&
          ` · zurückgebucht am ${formatIsoDay(payout.returnedAt.slice(0, 10))}: ${payout.returnedReason ?? ''}`}
      </span>
      {payout.notice && <strong className="ml-2 text-coral-dark">{payout.notice}</strong>}
      {canReturn && payout.paidAt && !payout.returnedAt && !returning && (
        <Button
          variant="ghost"
          className="ml-2"
          onClick={() => setReturning(true)}
          aria-label={`Überweisung an ${payout.vendorName} zurückgebucht`}
        >
          Zurückgebucht
        </Button>
      )}
      {returning && <ReturnedForm payout={payout} onDone={() => setReturning(false)} />}
    </li>
  );
}

function RunItem({ run }: { run: PaymentRunDetail }) {
  const download = useDownloadRun();
  const discard = useDiscardRun();
  const [marking, setMarking] = useState(false);
  const label = `Zahlungslauf vom ${formatIsoDay(run.createdAt.slice(0, 10))}`;
  return (
    <li className="space-y-2 p-3">
      <p className="flex flex-wrap items-center gap-2">
        <strong>Ausführung am {formatIsoDay(run.executionDate)}</strong>
        <span>
          · {run.count === 1 ? '1 Auszahlung' : `${run.count} Auszahlungen`} ·{' '}
          {formatEuro(run.totalCents)}
        </span>
        <StateBadge state={run.state} />
        {run.transferredOn && <span>· überwiesen am {formatIsoDay(run.transferredOn)}</span>}
      </p>
      <p className="text-sm text-gray-700">Nachrichten-ID {run.messageId}</p>
      <div className="flex flex-wrap gap-2">
        {run.state !== 'verworfen' && (
          <Button
            variant="secondary"
            disabled={download.isPending}
            onClick={() =>
              download.mutate({
                runId: run.id,
                filename: `zahlungslauf-${run.month}-${run.messageId}.xml`,
              })
            }
            aria-label={`SEPA-Datei herunterladen (${label})`}
          >
            SEPA-Datei herunterladen
          </Button>
        )}
        {run.state === 'heruntergeladen' && !marking && (
          <Button
            variant="secondary"
            onClick={() => setMarking(true)}
            aria-label={`Als überwiesen markieren (${label})`}
          >
            Als überwiesen markieren
          </Button>
        )}
        {run.state === 'angelegt' && (
          <Button
            variant="ghost"
            disabled={discard.isPending}
            onClick={() => discard.mutate(run.id)}
            aria-label={`Verwerfen (${label})`}
          >
            Verwerfen
          </Button>
        )}
      </div>
      <AdminErrorAlert error={download.error} />
      <AdminErrorAlert error={discard.error} />
      {discard.isSuccess && (
        <Alert tone="success" focusOnShow>
          <p>{discard.data.message}</p>
        </Alert>
      )}
      {marking && <TransferredForm run={run} onDone={() => setMarking(false)} />}
      {run.payouts.length > 0 && (
        <ul aria-label={`Auszahlungen (${label})`} className="divide-y divide-gray-100">
          {run.payouts.map((payout) => (
            <PayoutLine key={payout.id} payout={payout} canReturn={run.state === 'ueberwiesen'} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The month's payment runs: create one, download its file, mark it transferred or discard it. */
export function PaymentRunsPanel({ month }: { month: string }) {
  const runs = usePaymentRuns(month);
  const open = runs.data?.open ?? [];
  return (
    <section aria-labelledby="zahlungslaeufe" className="space-y-3">
      <h4 id="zahlungslaeufe" className="text-lg font-bold">
        Zahlungsläufe {formatMonth(month)}
      </h4>
      {runs.isError && (
        <LoadError
          title="Die Zahlungsläufe konnten nicht geladen werden."
          onRetry={() => void runs.refetch()}
        />
      )}
      {runs.data && (
        <>
          <p>
            {open.length === 0
              ? 'Keine offenen Auszahlungen.'
              : `Offen, in keinem Zahlungslauf: ${open.length === 1 ? '1 Auszahlung' : `${open.length} Auszahlungen`}, ${formatEuro(open.reduce((sum, payout) => sum + payout.amountCents, 0))}.`}
          </p>
          {open.length > 0 && (
            <ul aria-label="Offene Auszahlungen" className="divide-y divide-gray-100">
              {open.map((payout) => (
                <PayoutLine key={payout.id} payout={payout} canReturn={false} />
              ))}
            </ul>
          )}
          <CreateRunForm month={month} />
          {runs.data.runs.length > 0 && (
            <ul aria-label="Zahlungsläufe" className="divide-y divide-gray-200 rounded-xl bg-white">
              {runs.data.runs.map((run) => (
                <RunItem key={run.id} run={run} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
