// VAT rates (docs/product/money.md): one dated table for every rate a product, a sale or a document
// names. A rate is kept in basis points (7 % = 700, 7,8 % = 780) so that figures stay integers.
import { formatPercent } from './format';
import type { TaxStatus } from './schemas/vendor-profile';

/** The kinds of rate: the standard and the reduced rate, none, and the § 24 average rate. */
export type VatRateKind = 'standard' | 'reduced' | 'none' | 'durchschnitt24';

/** Every rate with the first day it applies (ISO day); a kind's rate runs until its next entry. */
export const VAT_RATE_TABLE: readonly {
  kind: VatRateKind;
  validFrom: string;
  basisPoints: number;
}[] = [
  { kind: 'standard', validFrom: '2007-01-01', basisPoints: 1900 },
  { kind: 'reduced', validFrom: '1983-07-01', basisPoints: 700 },
  { kind: 'none', validFrom: '1980-01-01', basisPoints: 0 },
  // § 24 Abs. 1 Nr. 3 UStG, the average rate for goods of the own farm
  { kind: 'durchschnitt24', validFrom: '2007-01-01', basisPoints: 1070 },
  { kind: 'durchschnitt24', validFrom: '2022-01-01', basisPoints: 950 },
  { kind: 'durchschnitt24', validFrom: '2023-01-01', basisPoints: 900 },
  { kind: 'durchschnitt24', validFrom: '2024-01-01', basisPoints: 840 },
  { kind: 'durchschnitt24', validFrom: '2025-01-01', basisPoints: 780 },
];

/** The rate of a kind on a day (ISO day, Berlin): the entry of the kind that began last by then. */
export function vatRateOn(kind: VatRateKind, isoDay: string): number {
  let found: { validFrom: string; basisPoints: number } | undefined;
  for (const entry of VAT_RATE_TABLE)
    if (
      entry.kind === kind &&
      entry.validFrom <= isoDay &&
      (!found || entry.validFrom > found.validFrom)
    )
      found = entry;
  if (!found) throw new Error(`no VAT rate ${kind} on ${isoDay}`);
  return found.basisPoints;
}

/** The kinds of rate a producer of a tax status may give its products (docs/product/money.md). */
export const VAT_KINDS_BY_TAX_STATUS: Record<TaxStatus, readonly VatRateKind[]> = {
  regelbesteuert: ['reduced', 'standard'],
  kleinunternehmer: ['none'],
  // the average rate for the own farm's goods; bought-in goods at 7 % or 19 %
  pauschaliert: ['durchschnitt24', 'reduced', 'standard'],
};

/** The rates (basis points) a producer of a tax status may choose on a day, first the usual one. */
export function vatRatesFor(taxStatus: TaxStatus, isoDay: string): number[] {
  return [...new Set(VAT_KINDS_BY_TAX_STATUS[taxStatus].map((kind) => vatRateOn(kind, isoDay)))];
}

/**
 * The producer's tax note the till prints on the receipt (docs/product/money.md; the documents say
 * the same): a Kleinunternehmer's and a § 24 farmer's, else none.
 */
export const TAX_STATUS_NOTES: Record<TaxStatus, string> = {
  kleinunternehmer: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
  pauschaliert: 'Durchschnittssatz nach § 24 UStG',
  regelbesteuert: '',
};

/** The tax note of a status ('' for a regularly taxed producer or an unknown status). */
export function taxStatusNote(taxStatus: string | null | undefined): string {
  return Object.hasOwn(TAX_STATUS_NOTES, taxStatus ?? '')
    ? TAX_STATUS_NOTES[taxStatus as TaxStatus]
    : '';
}

/** Every rate (basis points) in force on a day, of any kind (a sale's rate is checked against these). */
export function vatRatesInForce(isoDay: string): number[] {
  const kinds: VatRateKind[] = ['none', 'reduced', 'durchschnitt24', 'standard'];
  return [...new Set(kinds.map((kind) => vatRateOn(kind, isoDay)))].sort((a, b) => a - b);
}

/** 780 → 7.8 (the percent as a number, for the API and the till). */
export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/** 7.8 → 780; null when the percent has more than two decimals or is out of range. */
export function percentToBasisPoints(percent: number): number | null {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) return null;
  const basisPoints = Math.round(percent * 100);
  return Math.abs(basisPoints - percent * 100) < 1e-6 ? basisPoints : null;
}

/** 780 → '7,8 %', 1900 → '19 %' */
export function formatVatRate(basisPoints: number): string {
  return formatPercent(basisPoints / 100);
}

/** The label of a rate for a producer's choice: '7 %', '7,8 % (Durchschnittssatz § 24 UStG)'. */
export function vatRateLabel(basisPoints: number, isoDay: string): string {
  if (basisPoints === vatRateOn('durchschnitt24', isoDay))
    return `${formatVatRate(basisPoints)} (Durchschnittssatz § 24 UStG)`;
  if (basisPoints === 0) return '0 % (Kleinunternehmer, § 19 UStG)';
  return formatVatRate(basisPoints);
}
