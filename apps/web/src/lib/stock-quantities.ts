// Quantities as the shop types and reads them: pieces whole, kg and l with a comma (the API
// speaks the unit, e.g. 12 or 0.352; docs/decisions/0059-inventory-and-theft-refund.md).
import { formatQuantity } from '@housnkuh/shared/quantity';

/** '7' → 7, '0,352' → 0.352; anything else (empty too) → NaN, which the schema refuses. */
export function parseQuantity(text: string): number {
  const value = text.trim();
  if (!/^\d{1,6}([.,]\d+)?$/.test(value)) return Number.NaN;
  return Number(value.replace(',', '.'));
}

/** 9 and 'Glas' → '9 Glas'; 0.352 and 'kg' → '0,352 kg'. */
export function quantityText(value: number, unit: string): string {
  return formatQuantity(Math.round(value * 1000), unit);
}
