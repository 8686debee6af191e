import { daysBetween, formatEuro, formatIsoDay, isoDayInBerlin } from '@housnkuh/shared/format';
import type { ContractAnswer } from '@housnkuh/shared/schemas/admin-rental';
import { isOpen, shopPhase } from '@housnkuh/shared/shop-phase';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSiteSettings } from '../../../../lib/site-settings';
import { useContracts } from '../../../../lib/vendor-area/contracts';
import { useProducts } from '../../../../lib/vendor-area/products';
import { useOwnProfile } from '../../../../lib/vendor-area/profile';
import { BANK_LINK, BUSINESS_LINK } from '../../../../components/vendor-area/iban-notice';

const FIRST_PAGE = { search: '', sort: '', page: 1 };

/** Contracts that still run or are still to come (a storniert one never ran). */
function live(contracts: readonly ContractAnswer[]) {
  return contracts.filter(
    (contract) => contract.phase !== 'ended' && contract.phase !== 'cancelled',
  );
}

function Step({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link
        to={to}
        className="inline-flex items-start gap-2 font-semibold underline underline-offset-2"
      >
        <ArrowRight aria-hidden="true" className="mt-1 h-4 w-4 shrink-0" />
        {children}
      </Link>
    </li>
  );
}

/**
 * The dashboard's summary: where the producer stands (units, monthly price,
 * the next dates) and what to do next.
 */
export function NextSteps({ status }: { status: string }) {
  const contracts = useContracts();
  const profile = useOwnProfile();
  const settings = useSiteSettings();
  const products = useProducts(FIRST_PAGE);
  const today = isoDayInBerlin();
  if (contracts.isPending || profile.isPending) {
    return <p role="status">Dein Stand wird geladen …</p>;
  }
  if (contracts.isError || profile.isError) {
    return (
      <p>
        <span className="font-semibold">{status}</span> · Die Einzelheiten konnten gerade nicht
        geladen werden.{' '}
        <button
          type="button"
          className="font-semibold underline underline-offset-2"
          onClick={() => {
            void contracts.refetch();
            void profile.refetch();
          }}
        >
          Erneut versuchen
        </button>
      </p>
    );
  }
  const running = live(contracts.data.contracts);
  const me = profile.data;
  // what is held from tomorrow on: a contract ending today is listed with its end below
  const holding = running.filter((contract) => !contract.endDate || contract.endDate > today);
  const monthly = holding.reduce((sum, contract) => sum + contract.monthlyPriceCents, 0);
  const units = holding.flatMap((contract) => contract.mietfaecher.map((unit) => unit.name));
  const dates: { label: string; day: string }[] = [];
  for (const contract of running) {
    const prefix = running.length > 1 ? `${contract.number ?? 'Vertrag'}: ` : '';
    if (contract.trialEndsOn && contract.trialEndsOn >= today) {
      dates.push({ label: `${prefix}Probemonat endet`, day: contract.trialEndsOn });
    }
    if (contract.endDate) {
      dates.push({ label: `${prefix}Vertragsende`, day: contract.endDate });
    } else {
      if (contract.termEndsOn && contract.termEndsOn >= today) {
        dates.push({ label: `${prefix}Mindestlaufzeit bis`, day: contract.termEndsOn });
      }
      if (contract.earliestEnd) {
        dates.push({
          label: `${prefix}Frühestes Ende bei Kündigung heute`,
          day: contract.earliestEnd,
        });
      }
    }
  }
  // the free month is the producer's: every contract answers the same one
  const freeMonth = running.find((contract) => contract.freeMonth)?.freeMonth;
  const inFreeMonth = freeMonth && freeMonth.start <= today && today <= freeMonth.end;
  const ended = running.find((contract) => contract.endDate);
  // a request waiting for the shop: nothing to book now, the shop answers
  const waiting = me.pendingBooking !== null;
  const shopOpen = isOpen(shopPhase(settings.openingDate ?? null, today));
  const headline =
    freeMonth && inFreeMonth
      ? `Probemonat aktiv: noch ${daysBetween(today, freeMonth.end) + 1} Tage (bis ${formatIsoDay(freeMonth.end)})`
      : ended?.endDate && status === 'Gekündigt'
        ? `Gekündigt zum ${formatIsoDay(ended.endDate)}`
        : status === 'Vor-registriert' && shopOpen
          ? // a registration in an open shop is no pre-registration (only before the opening)
            waiting
            ? 'Registriert: Deine Buchungsanfrage wird geprüft'
            : 'Registriert: Noch keine Verkaufsfläche gebucht'
          : status;

  const profileIncomplete = !me.beschreibung || !me.profilBild || me.tagIds.length === 0;
  const businessMissing = !me.business.taxStatus || !me.business.ibanMasked;
  const noProducts = products.data?.pagination.totalCount === 0;

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section aria-labelledby="standing-title" className="rounded-xl bg-white p-5 shadow-sm">
        <h2 id="standing-title" className="text-lg font-bold">
          Dein Stand
        </h2>
        <p className="mt-2 text-xl font-extrabold">{headline}</p>
        {running.length > 0 ? (
          <>
            <p className="mt-2">
              Mietfächer: {units.join(', ') || 'noch keine'} · monatlich {formatEuro(monthly)}
            </p>
            {dates.length > 0 && (
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                {dates.map((date) => (
                  <div key={`${date.label}-${date.day}`} className="contents">
                    <dt>{date.label}</dt>
                    <dd className="font-semibold">{formatIsoDay(date.day)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </>
        ) : (
          <p className="mt-2 text-gray-800">Noch kein Vertrag.</p>
        )}
      </section>
      <section aria-labelledby="todo-title" className="rounded-xl bg-white p-5 shadow-sm">
        <h2 id="todo-title" className="text-lg font-bold">
          Als Nächstes
        </h2>
        <ul className="mt-2 space-y-2">
          {running.length === 0 &&
            (waiting ? (
              <li className="text-gray-800">
                Deine Buchungsanfrage wird geprüft. Sobald das Team des Ladens dir Mietfächer
                zuweist, bekommst du eine E-Mail mit deinem Vertrag.
              </li>
            ) : (
              <Step to="/pricing">Verkaufsfläche buchen</Step>
            ))}
          {profileIncomplete && (
            <Step to="/vendor/profile">
              Profil vervollständigen (Beschreibung, Bild, Kategorien), damit Kunden dich finden
            </Step>
          )}
          {!me.business.taxStatus && (
            <Step to={BUSINESS_LINK}>
              Geschäftsdaten für die Abrechnung eintragen (Umsatzsteuer)
            </Step>
          )}
          {!me.business.ibanMasked && (
            <Step to={BANK_LINK}>
              IBAN eintragen: Ohne sie können wir dir keine Auszahlung überweisen
            </Step>
          )}
          {running.length > 0 && noProducts && (
            <Step to="/vendor/products">
              Produkte mit Preis eintragen, dann ihre Etiketten drucken und ins Regal stellen
            </Step>
          )}
          {running.length > 0 && !noProducts && (
            <Step to="/vendor/products/etiketten">
              Etiketten drucken, wenn ein Produkt neu ist oder sein Preis sich ändert
            </Step>
          )}
          {me.profileVisible && !me.isPublic && running.length > 0 && (
            <li className="text-gray-800">
              Das Team des Ladens prüft dein Profil und gibt es für das Verzeichnis frei.
            </li>
          )}
          {inFreeMonth && (
            <Step to="/vendor/trial-info">
              Was nach dem Probemonat kommt (weitermachen geht von selbst)
            </Step>
          )}
          {running.length > 0 &&
            !profileIncomplete &&
            !businessMissing &&
            !inFreeMonth &&
            !noProducts && <li className="text-gray-800">Alles erledigt. Gute Verkäufe!</li>}
        </ul>
      </section>
    </div>
  );
}
