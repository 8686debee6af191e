// A receipt line's quantity with its selling unit, as documents and pages show it
// (docs/product/money.md: weighed goods with their unit). Pure.

/** Selling units measured by weight or volume: the quantity with three decimals. */
const MEASURED = new Set(['kg', 'l']);

/** '0,109 kg', '2 Glas', '2,5 × 100 g', '-1 Stück'; without a unit the number alone. */
export function formatQuantity(quantityThousandths: number, unit?: string | null): string {
  const sign = quantityThousandths < 0 ? '-' : '';
  const abs = Math.abs(quantityThousandths);
  const whole = Math.floor(abs / 1000);
  const fraction = String(abs % 1000).padStart(3, '0');
  const measured = unit ? MEASURED.has(unit) : false;
  const digits = measured ? fraction : fraction.replace(/0+$/, '');
  const number = `${sign}${whole}${digits ? `,${digits}` : ''}`;
  if (!unit) return number;
  if (measured) return `${number} ${unit}`;
  if (/^\d/.test(unit)) return `${number} × ${unit}`;
  return `${number} ${unit}`;
}
