import { describe, expect, it } from 'vitest';
import { ean13CheckDigit, inStoreEan, isValidEan13 } from './ean';
import {
  basePrice,
  contentInThousandths,
  formatQuantity,
  lineTotalCents,
  parseQuantity,
  roundHalfUp,
} from './products';
import {
  formatVatRate,
  percentToBasisPoints,
  taxStatusNote,
  vatRateOn,
  vatRatesFor,
  vatRatesInForce,
} from './vat';

describe('EAN-13', () => {
  it.each([
    ['400638133393', 1],
    ['590123412345', 7],
    ['978316148410', 0],
  ])('check digit of %s is %i', (first12, digit) => {
    expect(ean13CheckDigit(first12)).toBe(digit);
  });

  it('knows valid numbers and refuses a wrong check digit or length', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
    expect(isValidEan13('40063813339311')).toBe(false);
    expect(isValidEan13('400638133393a')).toBe(false);
  });

  it('in-store numbers start with 20, carry the counter and a valid check digit', () => {
    expect(inStoreEan(1)).toBe('2000000000015');
    expect(isValidEan13(inStoreEan(1))).toBe(true);
    expect(isValidEan13(inStoreEan(123456))).toBe(true);
    expect(inStoreEan(123456).slice(0, 12)).toBe('200000123456');
  });
});

describe('VAT rates', () => {
  it('the § 24 average rate follows its dates', () => {
    expect(vatRateOn('durchschnitt24', '2024-12-31')).toBe(840);
    expect(vatRateOn('durchschnitt24', '2025-01-01')).toBe(780);
    expect(vatRateOn('durchschnitt24', '2026-10-15')).toBe(780);
    expect(vatRateOn('standard', '2026-10-15')).toBe(1900);
  });

  it('a tax status offers its rates', () => {
    expect(vatRatesFor('regelbesteuert', '2026-10-01')).toEqual([700, 1900]);
    expect(vatRatesFor('kleinunternehmer', '2026-10-01')).toEqual([0]);
    expect(vatRatesFor('pauschaliert', '2026-10-01')).toEqual([780, 700, 1900]);
    expect(vatRatesInForce('2026-10-01')).toEqual([0, 700, 780, 1900]);
  });

  it('a tax status gives the till its note for the receipt', () => {
    expect(taxStatusNote('kleinunternehmer')).toBe(
      'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
    );
    expect(taxStatusNote('pauschaliert')).toBe('Durchschnittssatz nach § 24 UStG');
    expect(taxStatusNote('regelbesteuert')).toBe('');
    expect(taxStatusNote(null)).toBe('');
    expect(taxStatusNote('toString')).toBe('');
  });

  it('percent and basis points', () => {
    expect(percentToBasisPoints(7.8)).toBe(780);
    expect(percentToBasisPoints(19)).toBe(1900);
    expect(percentToBasisPoints(7.805)).toBeNull();
    expect(percentToBasisPoints(-1)).toBeNull();
    expect(formatVatRate(780)).toBe('7,8 %');
    expect(formatVatRate(1900)).toBe('19 %');
  });
});

describe('amounts', () => {
  it('rounds half up, away from zero', () => {
    expect(roundHalfUp(5, 10)).toBe(1);
    expect(roundHalfUp(4, 10)).toBe(0);
    expect(roundHalfUp(-5, 10)).toBe(-1);
    expect(roundHalfUp(-4, 10)).toBe(0);
    expect(roundHalfUp(1500, 31)).toBe(48);
  });

  it('line totals: decimal and negative quantities', () => {
    expect(lineTotalCents(352, 1299)).toBe(457); // 0,352 × 12,99 € = 4,57248
    expect(lineTotalCents(3000, 450)).toBe(1350);
    expect(lineTotalCents(-1000, 450)).toBe(-450);
    expect(lineTotalCents(125, 2)).toBe(0); // 0,25 ct
    expect(lineTotalCents(250, 2)).toBe(1); // 0,5 ct rounds up
    expect(lineTotalCents(-250, 2)).toBe(-1);
  });

  it('quantities as typed in German', () => {
    expect(parseQuantity('0,352')).toBe(352);
    expect(parseQuantity('3')).toBe(3000);
    expect(parseQuantity('-1')).toBe(-1000);
    expect(parseQuantity('1,5')).toBe(1500);
    expect(parseQuantity('1.5')).toBeNull();
    expect(parseQuantity('0,3521')).toBeNull();
    expect(parseQuantity('')).toBeNull();
    expect(formatQuantity(352)).toBe('0,352');
    expect(formatQuantity(-1000)).toBe('−1');
  });

  it('base price per 1 kg or 1 l', () => {
    expect(basePrice(450, contentInThousandths(250)!, 'g')).toEqual({ cents: 1800, per: '1 kg' });
    expect(basePrice(199, contentInThousandths(0.5)!, 'l')).toEqual({ cents: 398, per: '1 l' });
    expect(basePrice(333, contentInThousandths(330)!, 'ml')).toEqual({ cents: 1009, per: '1 l' });
    expect(basePrice(1000, contentInThousandths(1.5)!, 'kg')).toEqual({ cents: 667, per: '1 kg' });
    expect(contentInThousandths(0)).toBeNull();
    expect(contentInThousandths(0.0005)).toBeNull();
  });
});
