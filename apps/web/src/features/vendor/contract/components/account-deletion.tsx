import type { DeletionAnswer } from '@housnkuh/shared/schemas/deletion';
import { formatDateTime } from '@housnkuh/shared/format';
import { UserX } from 'lucide-react';
import { useNavigate } from 'react-router';
import { FormPasswordField } from '../../../../components/form/field';
import { Form } from '../../../../components/form/form';
import { SubmitOutcome } from '../../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import { Alert } from '../../../../components/ui/alert';
import { Button, SubmitButton } from '../../../../components/ui/button';
import { LoadError } from '../../../../components/ui/load-error';
import { lazyZodResolver } from '../../../../lib/lazy-resolver';
import {
  useDeletionStatus,
  useRequestDeletion,
  useWithdrawDeletion,
} from '../../../../lib/vendor-area/deletion';
import { vendorErrorMessage } from '../../../../lib/vendor-area/profile';

interface DeletionValues {
  password: string;
}

const validation = lazyZodResolver<DeletionValues>(async () => {
  const { deletionRequestSchema } = await import('@housnkuh/shared/schemas/deletion');
  return deletionRequestSchema;
});

/** Where the producer lands once its account is gone (a public page: the session has ended). */
export const DELETED_PAGE = '/vendor/konto-geloescht';

function Blockers({ blockers }: { blockers: readonly string[] }) {
  return (
    <ul className="mt-2 list-disc space-y-1 pl-6">
      {blockers.map((blocker, index) => (
        // two reasons may read alike (two payouts of one month)
        <li key={index}>{blocker}</li>
      ))}
    </ul>
  );
}

/**
 * "Konto löschen" (docs/decisions/0092): what goes and what the tax law keeps, what the deletion
 * still waits for, the request with the password, and withdrawing a waiting one.
 */
export function DeletionBox() {
  const status = useDeletionStatus();
  const request = useRequestDeletion();
  const withdraw = useWithdrawDeletion();
  const navigate = useNavigate();
  const { form, outcome, busy, formProps } = useSchemaForm<DeletionValues, DeletionAnswer>({
    validation,
    defaultValues: { password: '' },
    submit: (values) => {
      withdraw.reset();
      return request.mutateAsync(values);
    },
    pending: request.isPending,
    errorMessage: vendorErrorMessage,
    resetOnSuccess: true,
    onSuccess: async (answer) => {
      // the account is gone: off to a public page, which ends the session in the browser too
      if (answer.carriedOut)
        await navigate(DELETED_PAGE, { replace: true, state: { message: answer.message } });
    },
  });
  const waiting = status.data?.requestedAt ?? null;
  const blockers = status.data?.blockers ?? [];
  return (
    <section aria-labelledby="deletion-title" className="mt-10 rounded-xl bg-white p-5 shadow-sm">
      <h2 id="deletion-title" className="flex items-center gap-2 text-2xl font-bold">
        <UserX aria-hidden="true" className="h-6 w-6 text-coral-dark" />
        Konto löschen
      </h2>
      <p className="mt-2 text-gray-800">
        Gelöscht werden dein Profil mit Bildern, deine Kontaktdaten und Bankverbindung, dein
        Passwort, offene Buchungsanfragen und deine Produkte, die in keiner Abrechnung stehen.
        Rechnungen, Verkaufsabrechnungen und die Verkäufe, auf denen sie beruhen, müssen wir nach
        dem Steuerrecht 10 Jahre aufbewahren (bis zum Ende des Jahres der letzten Abrechnung plus 10
        Jahre); sie bleiben gesperrt und werden danach entfernt.
      </p>
      <p className="mt-2 text-gray-800">
        Ausgeführt wird die Löschung, sobald kein Vertrag mehr läuft, dein letzter Monat abgerechnet
        und ausgezahlt ist und du nichts mehr offen hast. Bis dahin bleibt sie vorgemerkt.
      </p>
      {status.isPending && (
        <p className="mt-4" role="status">
          Wird geladen …
        </p>
      )}
      {status.isError && (
        <div className="mt-4">
          <LoadError
            title="Der Stand deiner Löschung konnte nicht geladen werden."
            onRetry={() => void status.refetch()}
          />
        </div>
      )}
      {status.data && waiting && (
        <div className="mt-4 space-y-3">
          <div className="rounded-lg border border-navy/30 bg-sand p-4 text-gray-900">
            <p>
              Deine Löschung ist seit {formatDateTime(waiting)} vorgemerkt.
              {blockers.length > 0 ? ' Sie wartet noch auf:' : ' Sie wird in Kürze ausgeführt.'}
            </p>
            {blockers.length > 0 && <Blockers blockers={blockers} />}
          </div>
          <Button
            variant="secondary"
            disabled={withdraw.isPending}
            onClick={() => withdraw.mutate()}
          >
            Löschung zurücknehmen
          </Button>
        </div>
      )}
      {status.data && !waiting && (
        <>
          {blockers.length > 0 && (
            <div className="mt-4">
              <p className="font-semibold">
                Noch offen (bis dahin bleibt die Löschung vorgemerkt):
              </p>
              <Blockers blockers={blockers} />
            </div>
          )}
          <Form formProps={formProps} className="mt-4 max-w-md space-y-4">
            <FormPasswordField
              form={form}
              name="password"
              label="Dein Passwort zur Bestätigung"
              autoComplete="current-password"
              required
            />
            <SubmitButton busy={busy} busyLabel="Wird geprüft …">
              Konto löschen
            </SubmitButton>
          </Form>
        </>
      )}
      <div aria-live="polite" className="mt-3 space-y-3">
        {!withdraw.isSuccess && (
          <SubmitOutcome
            outcome={outcome}
            successTitle="Löschung vorgemerkt"
            errorTitle="Das Konto wurde nicht gelöscht"
          />
        )}
        {withdraw.isSuccess && (
          <Alert tone="success">
            <p>{withdraw.data.message}</p>
          </Alert>
        )}
        {withdraw.isError && (
          <Alert tone="error">
            <p>{vendorErrorMessage(withdraw.error)}</p>
          </Alert>
        )}
      </div>
    </section>
  );
}
