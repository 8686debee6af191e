import {
  COMMISSION_VAT_RATE,
  EXTRA_SERVICES,
  commissionModel,
  formatOptionCount,
} from '@housnkuh/shared/catalog';
import { formatEuro, formatPercent } from '@housnkuh/shared/format';
import { packageDataBreakdown, packageDataItems } from '@housnkuh/shared/package-data';
import { PRICE_ON_REQUEST_LABEL, priceWithRequestNote } from '@housnkuh/shared/pricing';
import type { PackageDataAnswer } from '@housnkuh/shared/schemas/booking';
import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';

function months(count: number): string {
  return count === 1 ? '1 Monat' : `${count} Monate`;
}

function PriceRow({ label, value, strong }: { label: ReactNode; value: string; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-4 py-1.5 ${strong ? 'border-t border-gray-300 pt-3 text-lg font-bold' : ''}`}
    >
      <dt>{label}</dt>
      <dd className="text-right whitespace-nowrap tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * A booked package as the server answered it (spec §3 "Package data", money
 * in euros): the sales areas, the extra services, commission model and
 * duration, and the price breakdown (spec §2 "Confirmation pages", §3 "Price
 * result") of the server's unit prices and discount.
 */
export function PackageSummary({
  pkg,
  headingId = 'package-summary-title',
}: {
  pkg: PackageDataAnswer;
  headingId?: string;
}) {
  const model = commissionModel(pkg.selectedProvisionType);
  const price = packageDataBreakdown(pkg);
  const items = packageDataItems(pkg);
  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-white p-6 text-left shadow-sm">
      <h2 id={headingId} className="mb-4 text-2xl font-bold">
        Dein gewähltes Paket
      </h2>

      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">Gebuchte Verkaufsflächen</caption>
          <thead>
            <tr className="border-b border-gray-300 text-sm text-gray-700">
              <th scope="col" className="py-2 pr-3 font-semibold">
                Verkaufsfläche
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                Preis je Einheit
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Summe im Monat
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id} className="border-b border-gray-200 last:border-b-0">
                <th scope="row" className="py-2 pr-3 font-medium">
                  {formatOptionCount(item.id, item.count, item.name)}
                </th>
                {item.priceDisplay ? (
                  <td colSpan={2} className="py-2 text-right">
                    {PRICE_ON_REQUEST_LABEL}
                  </td>
                ) : (
                  <>
                    <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">
                      {formatEuro(item.price)}
                    </td>
                    <td className="py-2 text-right whitespace-nowrap tabular-nums">
                      {formatEuro(item.price * item.count)}
                    </td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <div>
          <h3 className="mb-2 text-lg font-bold">Zusatzleistungen</h3>
          <ul className="space-y-1.5">
            {EXTRA_SERVICES.map((service) => {
              const active = pkg.zusatzleistungen[service.id];
              return (
                <li key={service.id} className="flex items-start gap-2">
                  {active ? (
                    <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-moss" />
                  ) : (
                    <X aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-gray-700" />
                  )}
                  <span>
                    <span className="font-medium">{service.name}</span>
                    {active ? ' – gebucht' : ' – nicht gebucht'}
                    <span className="block text-sm text-gray-700">
                      {formatEuro(service.price)} im Monat
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
        <div>
          <h3 className="mb-2 text-lg font-bold">Vertrag</h3>
          <dl className="space-y-1.5">
            <div>
              <dt className="text-sm text-gray-700">Provisionsmodell</dt>
              <dd className="font-medium">
                {model.name} ({formatPercent(pkg.totalCost.provision)} Provision auf den Umsatz)
              </dd>
            </div>
            <div>
              <dt className="text-sm text-gray-700">Mietdauer</dt>
              <dd className="font-medium">{months(pkg.rentalDuration)}</dd>
            </div>
          </dl>
        </div>
      </div>

      <h3 className="mt-6 mb-2 text-lg font-bold">Preisübersicht</h3>
      <dl className="rounded-lg bg-cream px-4 py-2">
        <PriceRow label="Mietfächer-Grundpreis" value={formatEuro(price.packageCosts)} />
        {price.addonCosts !== 0 && (
          <PriceRow label="Zusatzoptionen" value={formatEuro(price.addonCosts)} />
        )}
        <PriceRow label="Zusatzleistungen" value={formatEuro(price.zusatzleistungenCosts)} />
        <PriceRow label="Zwischensumme" value={formatEuro(price.subtotal)} />
        {price.discount > 0 && (
          <PriceRow
            label={`Rabatt (${formatPercent(price.discount)})`}
            value={formatEuro(-price.discountAmount)}
          />
        )}
        <PriceRow
          label="Monatlich"
          value={priceWithRequestNote(items, Math.round(pkg.totalCost.monthly * 100))}
          strong
        />
      </dl>
      <p className="mt-3 text-sm text-gray-700">
        Alle Mietpreise verstehen sich pro Monat inklusive MwSt. Die Provision berechnen wir auf
        deinen Umsatz, zuzüglich {COMMISSION_VAT_RATE} % MwSt.
      </p>
    </section>
  );
}
