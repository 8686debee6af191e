import { formatEuro, formatEuroChange, formatPercent } from '@housnkuh/shared/format';
import {
  PRICE_ON_REQUEST_LABEL,
  onRequestNote,
  onlyPricedOnRequest,
  type PriceResult,
} from '@housnkuh/shared/pricing';

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 py-1 ${strong ? 'text-lg font-bold' : ''}`}>
      <dt>{label}</dt>
      <dd className="whitespace-nowrap tabular-nums">{value}</dd>
    </div>
  );
}

/** The chosen areas, as far as the breakdown needs them. */
export interface BreakdownItem {
  id: string;
  count: number;
  priceDisplay?: string | undefined;
}

/**
 * The price breakdown of spec §2: compartments' basic price, add-on options,
 * base total, extra services, subtotal, discount in percent, monthly total.
 * Sums that hold nothing but areas priced on request read 'Preis auf Anfrage'
 * instead of 0,00 €; areas on request beside priced ones get a note.
 */
export function PriceBreakdown({
  price,
  months,
  items = [],
}: {
  price: PriceResult;
  months: number;
  items?: readonly BreakdownItem[];
}) {
  const onRequest = onlyPricedOnRequest(items);
  const money = (cents: number, unit = '') =>
    onRequest && cents === 0 ? PRICE_ON_REQUEST_LABEL : `${formatEuro(cents)}${unit}`;
  const note = onRequest ? undefined : onRequestNote(items);
  return (
    <>
      <dl className="divide-y divide-sand">
        <Row label="Mietfächer (Grundpreis)" value={money(price.packageCosts)} />
        {/* the catalog has no add-on options today: no row that is always 0,00 € */}
        {price.addonCosts !== 0 && (
          <Row label="Zusatzoptionen" value={formatEuro(price.addonCosts)} />
        )}
        <Row label="Grundsumme" value={money(price.packageCosts + price.addonCosts)} />
        <Row label="Zusatzleistungen" value={formatEuroChange(price.zusatzleistungenCosts)} />
        <Row label="Zwischensumme" value={money(price.subtotal)} />
        <Row
          label={`Rabatt (${formatPercent(price.discount)})`}
          value={formatEuro(-price.discountAmount)}
        />
        <Row label="Monatlich gesamt" value={money(price.monthlyTotal, ' / Monat')} strong />
        <Row label={`Für ${months} Monate`} value={money(price.totalForDuration)} />
      </dl>
      {note && <p className="mt-1 text-sm text-gray-700">{note}</p>}
    </>
  );
}
