import { formatEuro, formatEuroChange, formatPercent } from '@housnkuh/shared/format';
import type { PriceResult } from '@housnkuh/shared/pricing';

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 py-1 ${strong ? 'text-lg font-bold' : ''}`}>
      <dt>{label}</dt>
      <dd className="whitespace-nowrap tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * The price breakdown of spec §2: compartments' basic price, add-on options,
 * base total, extra services, subtotal, discount in percent, monthly total.
 */
export function PriceBreakdown({ price, months }: { price: PriceResult; months: number }) {
  return (
    <dl className="divide-y divide-sand">
      <Row label="Mietfächer (Grundpreis)" value={formatEuro(price.packageCosts)} />
      <Row label="Zusatzoptionen" value={formatEuro(price.addonCosts)} />
      <Row label="Grundsumme" value={formatEuro(price.packageCosts + price.addonCosts)} />
      <Row label="Zusatzleistungen" value={formatEuroChange(price.zusatzleistungenCosts)} />
      <Row label="Zwischensumme" value={formatEuro(price.subtotal)} />
      <Row
        label={`Rabatt (${formatPercent(price.discount)})`}
        value={price.discountAmount > 0 ? `-${formatEuro(price.discountAmount)}` : formatEuro(0)}
      />
      <Row label="Monatlich gesamt" value={`${formatEuro(price.monthlyTotal)} / Monat`} strong />
      <Row label={`Für ${months} Monate`} value={formatEuro(price.totalForDuration)} />
    </dl>
  );
}
