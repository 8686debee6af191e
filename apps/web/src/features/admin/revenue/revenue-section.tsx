// Umsätze je Monat: the shop's income per month (chart and table) with its state and VAT.
import { formatEuro } from '@housnkuh/shared/format';
import { addMonths } from '@housnkuh/shared/rental-terms';
import type { RevenueMonth } from '@housnkuh/shared/schemas/settlement';
import { formatMonth } from '@housnkuh/shared/months';
import { AdminErrorAlert } from '../../../components/admin/admin-error-text';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { useRevenue } from './api/revenue';
import { VatTable } from './books-sections';
import type { BADGE_TONES } from './revenue-shared';
import { monthOf, today, useDownload, TH, TD, NUM, FIRST, Badge } from './revenue-shared';

function IncomeChart({ months }: { months: readonly RevenueMonth[] }) {
  const income = months.map((month) => month.commissionGrossCents + month.rentGrossCents);
  const max = Math.max(1, ...income);
  const width = 36;
  const height = 120;
  return (
    <figure className="mt-4">
      <svg
        role="img"
        aria-labelledby="einnahmen-titel"
        viewBox={`0 0 ${months.length * width} ${height + 20}`}
        className="h-40 w-full max-w-3xl"
      >
        <title id="einnahmen-titel">
          Einnahmen des Ladens je Monat (Provision und Miete, brutto):{' '}
          {months
            .map((month, i) => `${formatMonth(month.month)} ${formatEuro(income[i]!)}`)
            .join(', ')}
        </title>
        {months.map((month, i) => {
          const rent = Math.round((month.rentGrossCents / max) * height);
          const commission = Math.round((month.commissionGrossCents / max) * height);
          return (
            <g key={month.month}>
              <rect
                x={i * width + 6}
                y={height - rent}
                width={width - 12}
                height={Math.max(0, rent)}
                fill="#2f7d32"
              />
              <rect
                x={i * width + 6}
                y={height - rent - commission}
                width={width - 12}
                height={Math.max(0, commission)}
                fill="#b45309"
              />
              <text
                x={i * width + width / 2}
                y={height + 14}
                fontSize="10"
                textAnchor="middle"
                fill="#1f2937"
              >
                {month.month.slice(5)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="text-sm text-gray-800">
        <span className="mr-1 inline-block h-3 w-3 bg-[#2f7d32]" aria-hidden="true" /> Miete und
        Zusatzleistungen{' '}
        <span className="mr-1 ml-3 inline-block h-3 w-3 bg-[#b45309]" aria-hidden="true" />{' '}
        Provision
      </figcaption>
    </figure>
  );
}

const STATUS_LABELS: Record<RevenueMonth['status'], string> = {
  final: 'abgeschlossen',
  draft: 'Entwurf',
  none: 'nicht abgerechnet',
  nothing: 'Nichts abzurechnen',
};
const STATUS_TONES: Record<RevenueMonth['status'], keyof typeof BADGE_TONES> = {
  final: 'done',
  draft: 'open',
  none: 'open',
  nothing: 'done',
};

/** Umsätze je Monat: the figures of the settlements, the occupancy, a chart and the CSV. */
export function RevenueSection() {
  const to = monthOf(today());
  const from = monthOf(addMonths(`${to}-01`, -11));
  const revenue = useRevenue(from, to);
  const { error, download } = useDownload();
  return (
    <section aria-labelledby="umsaetze" className="rounded-xl bg-white p-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="umsaetze" className="text-xl font-bold">
          Umsätze je Monat
        </h2>
        <Button
          variant="secondary"
          onClick={() =>
            download(`/admin/revenue.csv?from=${from}&to=${to}`, `umsaetze-${from}-${to}.csv`)
          }
        >
          Umsätze als CSV
        </Button>
      </div>
      <AdminErrorAlert error={error} />
      {revenue.isError && (
        <LoadError
          title="Die Umsätze konnten nicht geladen werden."
          onRetry={() => void revenue.refetch()}
        />
      )}
      {revenue.data && (
        <>
          <IncomeChart months={revenue.data.months} />
          <ScrollRegion label="Tabelle der Umsätze je Monat" className="mt-4">
            <table className="w-full text-sm">
              <caption className="sr-only">Umsätze je Monat</caption>
              <thead className="border-b border-gray-300">
                <tr>
                  <th scope="col" className={`${TH} ${FIRST}`}>
                    Monat
                  </th>
                  <th scope="col" className={`${TH} text-right`}>
                    Verkäufe der Direktvermarkter
                  </th>
                  <th scope="col" className={`${TH} text-right`}>
                    Miete und Zusatzleistungen
                  </th>
                  <th scope="col" className={`${TH} text-right`}>
                    davon Zusatzleistungen
                  </th>
                  <th scope="col" className={`${TH} text-right`}>
                    Provision (netto)
                  </th>
                  <th scope="col" className={`${TH} text-right`}>
                    Auszahlungen
                  </th>
                  <th scope="col" className={`${TH} text-right`}>
                    Offene Posten
                  </th>
                  <th scope="col" className={TH}>
                    Belegung
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200">
                {[...revenue.data.months].reverse().map((month) => (
                  <tr key={month.month}>
                    <th scope="row" className={`${TD} ${FIRST} font-semibold`}>
                      {formatMonth(month.month)}{' '}
                      <Badge tone={STATUS_TONES[month.status]}>{STATUS_LABELS[month.status]}</Badge>
                    </th>
                    <td className={NUM}>{formatEuro(month.salesGrossCents)}</td>
                    <td className={NUM}>{formatEuro(month.rentGrossCents)}</td>
                    <td className={NUM}>{formatEuro(month.servicesGrossCents)}</td>
                    <td className={NUM}>{formatEuro(month.commissionNetCents)}</td>
                    <td className={NUM}>{formatEuro(month.payoutsCents)}</td>
                    <td className={NUM}>{formatEuro(month.openItemsCents)}</td>
                    <td className={TD}>
                      {month.occupancy.length === 0
                        ? '–'
                        : month.occupancy
                            .map((entry) => `${entry.name} ${entry.occupied}/${entry.total}`)
                            .join(' · ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <VatTable months={revenue.data.months} />
        </>
      )}
    </section>
  );
}

/**
 * /admin/revenue (Umsätze): the month's settlement from drafts to finalize, payouts and payment
 * runs, open items, corrections, the reconciliation, the documents and the exports.
 */
