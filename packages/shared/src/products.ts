// Products of the producers (docs/product/money.md): selling units, content and the base price
// (PAngV), and the arithmetic of a till's sales line. Money in integer cents, quantities in
// thousandths (0,352 kg = 352), rounding commercial (half up, away from zero) once per figure.

/** The units a product is sold in, as the label and the till show them. */
export const SELLING_UNITS = [
  'Stück',
  'Glas',
  'Flasche',
  'Dose',
  'Bund',
  'Schale',
  'Packung',
  'Beutel',
  'Becher',
  'Kiste',
  'Netz',
  'Portion',
  'kg',
  '100 g',
  'l',
] as const;
export type SellingUnit = (typeof SELLING_UNITS)[number];

/** The measures of a product's content; the base price is per 1 kg (g, kg) or 1 l (ml, l). */
export const CONTENT_MEASURES = ['g', 'kg', 'ml', 'l'] as const;
export type ContentMeasure = (typeof CONTENT_MEASURES)[number];

/** Commercial rounding of a fraction to an integer: half up, away from zero. */
export function roundHalfUp(numerator: number, denominator: number): number {
  if (denominator <= 0 || !Number.isInteger(numerator) || !Number.isInteger(denominator))
    throw new Error('roundHalfUp needs integers and a positive denominator');
  const rounded = Math.floor((2 * Math.abs(numerator) + denominator) / (2 * denominator));
  return numerator < 0 && rounded !== 0 ? -rounded : rounded;
}

/** A content amount in thousandths of its measure: 250 g = 250000, 0,5 l = 500. */
export function contentInThousandths(amount: number): number | null {
  if (!Number.isFinite(amount) || amount <= 0) return null;
  const thousandths = Math.round(amount * 1000);
  return Math.abs(thousandths - amount * 1000) < 1e-6 && thousandths > 0 ? thousandths : null;
}

/**
 * The base price (PAngV § 5): the price per 1 kg or 1 l, in cents, rounded once.
 * content is in thousandths of its measure (contentInThousandths).
 */
export function basePrice(
  priceCents: number,
  contentThousandths: number,
  measure: ContentMeasure,
): { cents: number; per: '1 kg' | '1 l' } {
  const per = measure === 'g' || measure === 'kg' ? '1 kg' : '1 l';
  // the content in thousandths of a gram or millilitre
  const inSmallThousandths =
    measure === 'kg' || measure === 'l' ? contentThousandths * 1000 : contentThousandths;
  // price per 1000 g = price × 1000 g / content
  return { cents: roundHalfUp(priceCents * 1_000_000, inSmallThousandths), per };
}

/** '250 g', '0,5 l' */
export function formatContent(contentThousandths: number, measure: ContentMeasure): string {
  return `${String(contentThousandths / 1000).replace('.', ',')} ${measure}`;
}

/**
 * The total of a till's line: quantity (thousandths, negative for a return) × gross unit price,
 * rounded half up once (docs/product/money.md).
 */
export function lineTotalCents(quantityThousandths: number, unitPriceCents: number): number {
  return roundHalfUp(quantityThousandths * unitPriceCents, 1000);
}

/** '0,352' or '3' or '-1' (a German decimal, at most three decimals) → thousandths; null if not. */
export function parseQuantity(text: string): number | null {
  const match = /^(-?)(\d{1,6})(?:,(\d{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  const value = Number(match[2]) * 1000 + Number((match[3] ?? '').padEnd(3, '0'));
  return match[1] === '-' ? -value : value;
}

/** 352 → '0,352', -1000 → '−1', 2500 → '2,5' */
export function formatQuantity(thousandths: number): string {
  const text = String(Math.abs(thousandths) / 1000).replace('.', ',');
  return thousandths < 0 ? `−${text}` : text;
}
