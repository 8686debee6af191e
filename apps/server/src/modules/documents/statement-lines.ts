// The receipt lines a sales statement shows, however the month's figures carry them
// (`Settlement.sales.lines`, and any further list of lines in `sales`, e.g. late lines kept apart):
// a line sold before the settled month is a "Nachtrag" (listed with its sale day); a line carries
// its product's selling unit when the documents were issued ('kg': "0,109 kg").
import type { Settlement, SettlementSale } from '@housnkuh/shared/settlement';

export { formatQuantity } from '@housnkuh/shared/quantity';

/** A receipt line as a document stores it: the figures' line and its unit at issue time. */
export type DocumentSale = SettlementSale & { unit?: string | null };

function isSale(value: unknown): value is DocumentSale {
  return (
    Boolean(value) &&
    typeof value === 'object' &&
    typeof (value as DocumentSale).receiptId === 'string' &&
    typeof (value as DocumentSale).soldOn === 'string' &&
    typeof (value as DocumentSale).grossCents === 'number'
  );
}

/** The keys of `sales` that hold lists of receipt lines. */
function saleListKeys(sales: Record<string, unknown>): string[] {
  return Object.keys(sales).filter(
    (key) => Array.isArray(sales[key]) && (sales[key] as unknown[]).some(isSale),
  );
}

/** Every receipt line of the figures, once each (by id), in the figures' order. */
export function allSales(figures: Settlement): DocumentSale[] {
  const sales = (figures.sales ?? {}) as unknown as Record<string, unknown>;
  const seen = new Set<string>();
  const lines: DocumentSale[] = [];
  for (const key of saleListKeys(sales))
    for (const line of sales[key] as unknown[])
      if (isSale(line) && !seen.has(line.id)) {
        seen.add(line.id);
        lines.push(line);
      }
  return lines;
}

/** The month's own lines and the Nachträge (sold before the month), each by time of sale. */
export function statementSales(
  figures: Settlement,
  month: string,
): { current: DocumentSale[]; late: DocumentSale[] } {
  const first = `${month}-01`;
  const byTime = (a: DocumentSale, b: DocumentSale) =>
    a.soldAt.localeCompare(b.soldAt) ||
    a.receiptId.localeCompare(b.receiptId) ||
    a.position - b.position;
  const lines = allSales(figures);
  return {
    current: lines.filter((line) => line.soldOn >= first).sort(byTime),
    late: lines.filter((line) => line.soldOn < first).sort(byTime),
  };
}

/** The figures with each receipt line's unit (by line id; lines without one stay as they are). */
export function withUnits(figures: Settlement, units: ReadonlyMap<string, string>): Settlement {
  if (units.size === 0) return figures;
  const sales = (figures.sales ?? {}) as unknown as Record<string, unknown>;
  const copy: Record<string, unknown> = { ...sales };
  for (const key of saleListKeys(sales))
    copy[key] = (sales[key] as unknown[]).map((line) =>
      isSale(line) && units.has(line.id) ? { ...line, unit: units.get(line.id) } : line,
    );
  return { ...figures, sales: copy as unknown as Settlement['sales'] };
}
