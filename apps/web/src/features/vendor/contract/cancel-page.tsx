import { formatIsoDay, isoDayInBerlin } from '@housnkuh/shared/format';
import type { ContractAnswer } from '@housnkuh/shared/schemas/admin-rental';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { LoadError } from '../../../components/ui/load-error';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { useContracts, useGiveNotice } from '../../../lib/vendor-area/contracts';
import { DeletionBox } from './components/account-deletion';
import { ExportBox, PasswordForm } from './components/account-settings';
import { ContractFacts } from '../../../components/vendor-area/booking-card';
import { BackToDashboard } from '../../../components/vendor-area/back-to-dashboard';

function NoticeCard({ contract }: { contract: ContractAnswer }) {
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const notice = useGiveNotice(contract.id);
  const today = isoDayInBerlin();
  // the producer ends at once in (or before) its free month; before the start that is a storno
  const storno = contract.endsAtOnce && today < contract.startDate;
  const end = contract.earliestEnd;
  const confirmText = storno
    ? `Vertrag ${contract.number ?? ''} wirklich stornieren?`
    : `Vertrag ${contract.number ?? ''} wirklich zum ${formatIsoDay(end ?? today)} kündigen?`;
  return (
    <article
      aria-labelledby={`contract-${contract.id}`}
      className="rounded-xl bg-white p-5 shadow-sm"
    >
      <h3 id={`contract-${contract.id}`} className="text-lg font-bold">
        Vertrag {contract.number ?? ''}
      </h3>
      <ContractFacts contract={contract} />
      {notice.isSuccess ? (
        <div className="mt-3">
          <Alert tone="success" focusOnShow>
            <p>{notice.data.message}</p>
          </Alert>
        </div>
      ) : contract.endDate || contract.phase === 'cancelled' ? null : end || storno ? (
        <div className="mt-4">
          <p>
            {storno
              ? `Der Vertrag beginnt erst am ${formatIsoDay(contract.startDate)}: Wenn du jetzt kündigst, wird er storniert. Es fällt keine Miete an.`
              : contract.endsAtOnce
                ? `${
                    contract.freeMonth && contract.freeMonth.start <= today
                      ? `Du bist in deinem Probemonat (bis ${formatIsoDay(contract.freeMonth.end)})`
                      : 'Dein Probemonat hat noch nicht begonnen'
                  }: Wenn du jetzt kündigst, endet der Vertrag heute (${formatIsoDay(end ?? today)}). Es fällt keine Miete an.`
                : `Wenn du heute kündigst, endet der Vertrag am ${formatIsoDay(end ?? today)} (4 Wochen zum Monatsende, frühestens nach der Mindestlaufzeit).`}
          </p>
          {!confirming ? (
            <Button variant="secondary" className="mt-3" onClick={() => setConfirming(true)}>
              Kündigen …
            </Button>
          ) : (
            <div className="mt-3 space-y-3 rounded-lg bg-sand p-4">
              <p className="font-semibold">{confirmText}</p>
              <TextAreaField
                label="Grund"
                optional
                rows={2}
                maxLength={500}
                counter={{ length: reason.length, max: 500 }}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
              {notice.isError && (
                <Alert tone="error" focusOnShow>
                  <p>{notice.error.message}</p>
                </Alert>
              )}
              <div className="flex flex-wrap gap-3">
                <Button disabled={notice.isPending} onClick={() => notice.mutate(reason)}>
                  {notice.isPending
                    ? 'Wird gekündigt …'
                    : storno
                      ? 'Ja, stornieren'
                      : `Ja, zum ${formatIsoDay(end ?? today)} kündigen`}
                </Button>
                <Button variant="secondary" onClick={() => setConfirming(false)}>
                  Nicht kündigen
                </Button>
              </div>
            </div>
          )}
        </div>
      ) : null}
    </article>
  );
}

/**
 * /vendor/settings/cancel: end the trial at once or give notice, with the end
 * date shown first; also the account's password and the data download.
 */
export function CancelPage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Konto und Kündigung',
    `Passwort ändern, Daten herunterladen, einen Vertrag bei ${settings.shopName} kündigen oder das Konto löschen.`,
    settings.shopName,
  );
  const contracts = useContracts();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <BackToDashboard />
      <h1 className="text-3xl font-extrabold">Konto und Kündigung</h1>
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <PasswordForm />
        <ExportBox />
      </div>
      <h2 className="mt-10 text-2xl font-bold">Vertrag kündigen</h2>
      <p className="mt-2 text-gray-800">
        Im Probemonat kannst du sofort beenden. Danach gilt: 4 Wochen Frist zum Monatsende,
        frühestens zum Ende der gebuchten Mindestlaufzeit. Das Enddatum siehst du, bevor du
        bestätigst; eine Bestätigung kommt per E-Mail.
      </p>
      {contracts.isPending && (
        <p className="mt-4" role="status">
          Verträge werden geladen …
        </p>
      )}
      {contracts.isError && (
        <div className="mt-4">
          <LoadError
            title="Deine Verträge konnten nicht geladen werden."
            onRetry={() => void contracts.refetch()}
          />
        </div>
      )}
      {contracts.data &&
        (contracts.data.contracts.length === 0 ? (
          <p className="mt-6">
            Du hast noch keinen Vertrag. Eine offene Buchungsanfrage kannst du unter{' '}
            <Link
              to="/vendor/meine-buchungen"
              className="font-semibold underline underline-offset-2"
            >
              Meine Buchungen
            </Link>{' '}
            stornieren.
          </p>
        ) : (
          <ul className="mt-6 space-y-4">
            {contracts.data.contracts.map((contract) => (
              <li key={contract.id}>
                <NoticeCard contract={contract} />
              </li>
            ))}
          </ul>
        ))}
      <DeletionBox />
    </div>
  );
}
