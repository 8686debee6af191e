import { commissionModel, TRIAL_DAYS, type ProvisionType } from '@housnkuh/shared/catalog';
import { daysBetween, formatEuro, formatIsoDay, isoDayInBerlin } from '@housnkuh/shared/format';
import type { ContractAnswer } from '@housnkuh/shared/schemas/admin-rental';
import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { useContracts } from '../../../lib/vendor-area/contracts';
import { useTrialStatus } from '../../../lib/vendor-area/trial-status';
import { BackToDashboard } from '../../../components/vendor-area/back-to-dashboard';

/** This producer's trial, from its contract: dates, days left, and what comes after. */
function ContractTrial({ contract }: { contract: ContractAnswer }) {
  const today = isoDayInBerlin();
  const { trialStartsOn: start, trialEndsOn: end } = contract;
  let state: string;
  const free = contract.freeMonth;
  if (contract.phase === 'cancelled') {
    state = 'Dieser Vertrag ist vor seinem Beginn storniert.';
  } else if (!start || !end) {
    state = free
      ? `Dieser Vertrag beginnt nach deinem Probemonat (${formatIsoDay(free.start)} bis ${formatIsoDay(free.end)}); für ihn läuft die Miete ab Vertragsbeginn.`
      : 'Dein Probemonat beginnt mit der Eröffnung des Ladens; die genauen Daten stehen hier, sobald der Eröffnungstag feststeht.';
  } else if (today < start) {
    state = `Dein Probemonat läuft vom ${formatIsoDay(start)} bis ${formatIsoDay(end)}.`;
  } else if (today <= end) {
    const left = daysBetween(today, end) + 1;
    state = `Dein Probemonat läuft vom ${formatIsoDay(start)} bis ${formatIsoDay(end)}: noch ${left} ${left === 1 ? 'Tag' : 'Tage'} (heute eingerechnet).`;
  } else {
    state = `Dein Probemonat lief vom ${formatIsoDay(start)} bis ${formatIsoDay(end)}.`;
  }
  return (
    <article aria-labelledby={`trial-${contract.id}`} className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id={`trial-${contract.id}`} className="flex items-center gap-2 text-lg font-bold">
        <CalendarClock aria-hidden="true" className="h-5 w-5 text-coral-dark" />
        Vertrag {contract.number ?? ''}
      </h2>
      <p className="mt-2 font-semibold">{state}</p>
      <dl className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Nach dem Probemonat</dt>
        <dd>
          {formatEuro(contract.monthlyPriceCents)} Miete im Monat für{' '}
          {contract.mietfaecher.map((unit) => unit.name).join(', ') || 'deine Flächen'}
        </dd>
        <dt className="font-semibold">Provision</dt>
        <dd>
          {commissionModel(contract.provisionType as ProvisionType).rate} % auf deine Verkäufe
          (zzgl. 19 % USt.), auch im Probemonat
        </dd>
        <dt className="font-semibold">Mindestlaufzeit</dt>
        <dd>
          {contract.rentalDuration} Monate
          {contract.termEndsOn ? `, bis ${formatIsoDay(contract.termEndsOn)}` : ''}
        </dd>
        {contract.endDate && (
          <>
            <dt className="font-semibold">Vertragsende</dt>
            <dd>{formatIsoDay(contract.endDate)}</dd>
          </>
        )}
      </dl>
    </article>
  );
}

/** /vendor/trial-info: what the trial is, its dates for this producer, what comes after (spec §9, AGB § 3). */
export function TrialInfoPage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Probemonat',
    `Dein kostenloser Probemonat bei ${settings.shopName}: Daten und was danach kommt.`,
    settings.shopName,
  );
  const trial = useTrialStatus();
  const contracts = useContracts();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <BackToDashboard />
      <h1 className="text-3xl font-extrabold">Dein Probemonat</h1>
      <p className="mt-2 text-lg" aria-live="polite">
        {trial.isPending
          ? 'Wird geladen …'
          : trial.isError
            ? trial.error.message
            : trial.data.message}
      </p>

      <section aria-labelledby="what-title" className="mt-8 rounded-xl bg-white p-5 shadow-sm">
        <h2 id="what-title" className="text-lg font-bold">
          So funktioniert der Probemonat
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5">
          <li>
            Die ersten {TRIAL_DAYS} Tage sind kostenlos: keine Miete für deine Flächen, keine
            Zahlungsdaten nötig.
          </li>
          <li>
            Er beginnt mit der Eröffnung des Ladens oder mit deinem späteren Vertragsbeginn, und
            jeder Direktvermarkter hat ihn einmal.
          </li>
          <li>
            Die Provision auf deine Verkäufe (Basismodell 4 %, Premium-Modell 7 %, jeweils zzgl. 19
            % USt.) fällt auch im Probemonat an.
          </li>
          <li>
            Du kannst im Probemonat jederzeit sofort beenden, ohne Kosten:{' '}
            <Link
              to="/vendor/settings/cancel"
              className="font-semibold underline underline-offset-2"
            >
              Konto und Kündigung
            </Link>
            .
          </li>
          <li>
            Kündigst du nicht, läuft dein Vertrag danach für die gebuchte Laufzeit (3, 6 oder 12
            Monate) weiter, anschließend jeweils einen Monat. Kündigen kannst du dann mit 4 Wochen
            Frist zum Monatsende, frühestens zum Ende der Laufzeit.
          </li>
          <li>
            Nach dem Vertragsende räumst du deine Flächen innerhalb von 3 Werktagen. Einzelheiten
            stehen in{' '}
            <Link to="/agb" className="font-semibold underline underline-offset-2">
              § 3 und § 11 der AGB
            </Link>
            .
          </li>
        </ul>
      </section>

      {contracts.isError && (
        <div className="mt-6">
          <LoadError
            title="Deine Verträge konnten nicht geladen werden."
            onRetry={() => void contracts.refetch()}
          />
        </div>
      )}
      {contracts.data && contracts.data.contracts.length > 0 && (
        <div className="mt-8 space-y-4">
          {contracts.data.contracts.map((contract) => (
            <ContractTrial key={contract.id} contract={contract} />
          ))}
        </div>
      )}
      {contracts.data && contracts.data.contracts.length === 0 && (
        <p className="mt-8">
          Sobald wir deine Buchung bestätigt haben, siehst du hier die Daten deines Probemonats.{' '}
          <Link to="/vendor/meine-buchungen" className="font-semibold underline underline-offset-2">
            Zu meinen Buchungen
          </Link>
        </p>
      )}
    </div>
  );
}
