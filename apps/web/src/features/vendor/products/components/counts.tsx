import { formatDateTime, formatEuro, formatEuroChange } from '@housnkuh/shared/format';
import { formatMonth } from '@housnkuh/shared/months';
import type { VendorCount, VendorCountLine } from '@housnkuh/shared/schemas/inventory';
import { quantityText } from './stock';

/** '2 Glas fehlen', '1 Glas fehlt', '1 Glas mehr gefunden', 'keiner'. */
export function shrinkageText(line: VendorCountLine): string {
  if (line.shrinkage === 0) return 'keiner';
  const amount = quantityText(Math.abs(line.shrinkage), line.unit);
  if (line.shrinkage < 0) return `keiner – ${amount} mehr gefunden`;
  return `${amount} ${line.shrinkage === 1 ? 'fehlt' : 'fehlen'}`;
}

const settlementOf = (month: string | null) =>
  month ? `der Abrechnung für ${formatMonth(month)}` : 'der nächsten Abrechnung';

/**
 * What the theft refund of a count line is and where it stands (AGB § 8 Abs. 3): paid with a
 * final statement, coming with a settlement, corrected later, or none and why.
 */
export function refundText(line: VendorCountLine): string {
  const settled = line.settledRefundCents;
  const months = line.settledMonths.map(formatMonth).join(' und ');
  if (line.refundCents === 0 && settled === 0) {
    if (line.shrinkage <= 0) return 'keine (kein Fehlbestand)';
    if (line.causedByProducer)
      return `keine – vom Direktvermarkter verursacht: ${line.causedByProducer}`;
    if (!line.premium) return 'keine – am Tag der Inventur galt nicht das Premium-Modell';
    if (line.corrected) return 'keine – durch eine spätere Zählung ersetzt';
    return 'keine – die fehlende Ware war nicht vom Laden bestätigt (nur bestätigte Lieferungen werden erstattet)';
  }
  const partly =
    line.premium && line.refundable > 0 && line.refundable < line.shrinkage
      ? ` (für ${quantityText(line.refundable, line.unit)}: nur vom Laden bestätigte Ware wird erstattet)`
      : '';
  if (line.beforeFirstMonth && settled === 0)
    return `${formatEuro(line.refundCents)}${partly} – nicht mit diesen Abrechnungen: die Inventur liegt vor ${formatMonth(line.beforeFirstMonth)}, dem ersten Monat, den sie abrechnen; frag dazu bitte im Laden nach`;
  if (settled === line.refundCents)
    return `${formatEuro(line.refundCents)}${partly} – erstattet mit ${months.includes(' und ') ? 'den Abrechnungen' : 'der Abrechnung'} für ${months}`;
  if (settled === 0)
    return `${formatEuro(line.refundCents)}${partly} – kommt mit ${settlementOf(line.plannedMonth)}`;
  return `${formatEuro(line.refundCents)}${partly} – erstattet wurden ${formatEuro(settled)} (${months}); die Korrektur von ${formatEuroChange(line.refundCents - settled)} kommt mit ${settlementOf(line.plannedMonth)}`;
}

const placeText = (place: VendorCountLine['place']) => (place === 'storeroom' ? 'Lager' : 'Regal');

/** One count: when, and per product and place what was expected, counted, missing, refunded. */
export function CountCard({ count }: { count: VendorCount }) {
  const headingId = `count-${count.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id={headingId} className="text-lg font-bold">
        Inventur vom {formatDateTime(count.countedAt)}
      </h2>
      <ul className="mt-2 divide-y divide-gray-200">
        {count.lines.map((line) => (
          <li
            key={line.id}
            aria-label={`${line.productName} (${placeText(line.place)})`}
            className="py-3"
          >
            <h3 className="font-semibold break-words">
              {line.productName} <span className="font-normal">({placeText(line.place)})</span>
            </h3>
            {line.corrected && (
              <p className="text-sm text-gray-800">
                Durch eine spätere Zählung korrigiert: maßgeblich ist die neuere Zählung.
              </p>
            )}
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="font-semibold">Erwartet</dt>
              <dd>{quantityText(line.expected, line.unit)}</dd>
              <dt className="font-semibold">Gezählt</dt>
              <dd>{quantityText(line.counted, line.unit)}</dd>
              <dt className="font-semibold">Fehlbestand</dt>
              <dd>{shrinkageText(line)}</dd>
              <dt className="font-semibold">Erstattung</dt>
              <dd className="break-words">{refundText(line)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
