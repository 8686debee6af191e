// The month's books on the Umsätze page (issue 30, docs/decisions/0041): the reconciliation
// of the till against the settled sales, and the VAT per rate of the revenue overview.
import { formatEuro, formatDateTime } from '@housnkuh/shared/format';
import { formatMonth } from '@housnkuh/shared/months';
import type { VatByRate } from '@housnkuh/shared/schemas/books';
import type { RevenueMonth } from '@housnkuh/shared/schemas/settlement';
import { LoadError } from '../../../components/ui/load-error';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { useReconcile } from './api/books';

const TH = 'px-3 py-2 text-left font-semibold';
const TD = 'px-3 py-2 align-top';
const NUM = 'px-3 py-2 text-right align-top tabular-nums whitespace-nowrap';

const percent = (rateBp: number) => `${String(rateBp / 100).replace('.', ',')} %`;

/** Abgleich des Monats: every till line against the settled sales, each difference explained. */
export function ReconcileSection({ month }: { month: string }) {
  const reconcile = useReconcile(month);
  const data = reconcile.data;
  return (
    <section aria-labelledby="abgleich" className="rounded-xl bg-white p-4">
      <h2 id="abgleich" className="text-xl font-bold">
        Abgleich {formatMonth(month)}: Kasse und abgerechnete Verkäufe
      </h2>
      {reconcile.isError && (
        <LoadError
          title="Der Abgleich konnte nicht geladen werden."
          onRetry={() => void reconcile.refetch()}
        />
      )}
      {data && (
        <>
          <dl className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_auto]">
            <dt>Alle Kassenzeilen des Monats ({data.tillLines})</dt>
            <dd className="tabular-nums">{formatEuro(data.tillGrossCents)}</dd>
            <dt>Abgerechnete Verkäufe der Direktvermarkter</dt>
            <dd className="tabular-nums">{formatEuro(data.settledSalesGrossCents)}</dd>
            <dt className="font-semibold">Unterschied</dt>
            <dd className="font-semibold tabular-nums">{formatEuro(data.differenceCents)}</dd>
            <dt>davon erklärt (Zeilen unten)</dt>
            <dd className="tabular-nums">{formatEuro(data.explainedCents)}</dd>
            <dt className="font-semibold">Nicht erklärt</dt>
            <dd className="font-semibold tabular-nums">{formatEuro(data.unexplainedCents)}</dd>
          </dl>
          {data.unexplainedCents === 0 ? (
            <p className="mt-2" role="status">
              Jeder Cent zwischen Kasse und Abrechnung ist erklärt.
            </p>
          ) : (
            <p className="mt-2 font-semibold text-red-800" role="alert">
              {formatEuro(data.unexplainedCents)} sind nicht erklärt.
            </p>
          )}
          {data.groups.length > 0 && (
            <ul className="mt-3 list-disc pl-5">
              {data.groups.map((group) => (
                <li key={group.reason}>
                  {group.label}: {group.count} {group.count === 1 ? 'Zeile' : 'Zeilen'},{' '}
                  {formatEuro(group.differenceCents)}
                </li>
              ))}
            </ul>
          )}
          {data.lines.length > 0 && (
            <ScrollRegion label="Zeilen des Abgleichs" className="mt-3">
              <table className="w-full min-w-[48rem] text-sm">
                <caption className="sr-only">Jede Zeile, die den Unterschied erklärt</caption>
                <thead className="border-b border-gray-300">
                  <tr>
                    <th scope="col" className={TH}>
                      Verkauft
                    </th>
                    <th scope="col" className={TH}>
                      Beleg
                    </th>
                    <th scope="col" className={TH}>
                      Artikel
                    </th>
                    <th scope="col" className={`${TH} text-right`}>
                      Satz
                    </th>
                    <th scope="col" className={`${TH} text-right`}>
                      Betrag
                    </th>
                    <th scope="col" className={TH}>
                      Warum
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-200">
                  {data.lines.map((line) => (
                    <tr key={`${line.reason}-${line.id}`}>
                      <td className={TD}>{formatDateTime(line.soldAt)}</td>
                      <td className={TD}>
                        {line.receiptId}/{line.position}
                      </td>
                      <td className={TD}>{line.articleText}</td>
                      <td className={NUM}>{percent(line.vatRateBp)}</td>
                      <td className={NUM}>{formatEuro(line.differenceCents)}</td>
                      <td className={TD}>{line.label}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </>
      )}
    </section>
  );
}

function rates(entries: readonly VatByRate[] | undefined): string {
  if (!entries || entries.length === 0) return '–';
  return entries
    .map(
      (entry) =>
        `${percent(entry.vatRateBp)}: netto ${formatEuro(entry.netCents)}, USt ${formatEuro(entry.vatCents)}`,
    )
    .join('; ');
}

/** Umsatzsteuer je Satz: the shop's own output VAT and the producers' sales, per month. */
export function VatTable({ months }: { months: readonly RevenueMonth[] }) {
  return (
    <ScrollRegion label="Umsatzsteuer je Satz und Monat" className="mt-4">
      <table className="w-full min-w-[56rem] text-sm">
        <caption className="text-left font-semibold">Umsatzsteuer je Satz</caption>
        <thead className="border-b border-gray-300">
          <tr>
            <th scope="col" className={TH}>
              Monat
            </th>
            <th scope="col" className={TH}>
              Laden: Rechnungen und eigene Verkäufe (für die Voranmeldung)
            </th>
            <th scope="col" className={TH}>
              davon eigene Verkäufe an der Kasse
            </th>
            <th scope="col" className={TH}>
              Verkäufe der Direktvermarkter (in ihrem Namen)
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {[...months].reverse().map((month) => (
            <tr key={month.month}>
              <th scope="row" className={`${TD} font-semibold`}>
                {formatMonth(month.month)}
              </th>
              <td className={TD}>{rates(month.vat?.shop)}</td>
              <td className={TD}>{rates(month.vat?.ownSales)}</td>
              <td className={TD}>{rates(month.vat?.producers)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
