import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countFigures,
  PREMIUM_COMMISSION_RATE_BP,
  provisionTypeOn,
  stockOf,
  theftRefund,
  toThousandths,
  type StockMovement,
} from './inventory';
import type { SettlementContract } from './settlement';

describe('the theft refund (docs/product/money.md, AGB § 8 Abs. 3)', () => {
  it.each([
    // quantity (thousandths), price, rate → amount, commission, its VAT, refund
    // the binding example: honey 6,00 €, 2 jars missing → 12,00 − 0,84 − 0,16 = 11,00 €
    [2000, 600, 700, 1200, 84, 16, 1100],
    [1000, 600, 700, 600, 42, 8, 550],
    // weighed goods: 0,352 kg at 24,00 €/kg = 8,448 → 8,45 €; 0,59 €; 0,11 €
    [352, 2400, 700, 845, 59, 11, 775],
    // half a cent rounds up: 0,5 ct commission → 1 ct
    [1000, 7, 700, 7, 0, 0, 7],
    [1000, 8, 700, 8, 1, 0, 7],
  ])('%i thousandths at %i ct, %i bp', (q, price, rate, amount, commission, vat, refund) => {
    expect(theftRefund(q, price, rate)).toEqual({
      amountCents: amount,
      commissionCents: commission,
      commissionVatCents: vat,
      refundCents: refund,
    });
  });

  it('the Premium model deducts 7 %', () => {
    expect(PREMIUM_COMMISSION_RATE_BP).toBe(700);
  });

  const example = {
    expectedThousandths: 9000,
    unconfirmedThousandths: 0,
    countedThousandths: 7000,
    premium: true,
    causedByProducer: false,
    priceCents: 600,
    commissionRateBp: 700,
  };
  it.each([
    ['the binding example', example, 2000, 2000, 1100],
    ['Basismodell: shrinkage, no refund', { ...example, premium: false }, 2000, 0, 0],
    ['caused by the producer', { ...example, causedByProducer: true }, 2000, 0, 0],
    ['a count above expected', { ...example, countedThousandths: 10_000 }, -1000, 0, 0],
    ['all goods unconfirmed', { ...example, unconfirmedThousandths: 12_000 }, 2000, 0, 0],
    [
      'one jar unconfirmed: one jar refunded',
      { ...example, unconfirmedThousandths: 1000 },
      2000,
      1000,
      550,
    ],
  ])('%s', (_, input, shrinkage, refundable, refund) => {
    expect(countFigures(input)).toEqual({
      shrinkageThousandths: shrinkage,
      refundableThousandths: refundable,
      refundCents: refund,
    });
  });
});

describe('the model on the count day', () => {
  const contract = (
    id: string,
    startDate: string,
    endDate: string | null,
    versions: [string, 'basic' | 'premium'][],
  ): SettlementContract => ({
    id,
    number: id,
    startDate,
    endDate,
    cancelled: false,
    versions: versions.map(([validFrom, provisionType]) => ({
      validFrom,
      provisionType,
      commissionRateBp: provisionType === 'premium' ? 700 : 400,
      monthlyPriceCents: 1500,
      label: 'Mietfach A1',
      servicesMonthlyCents: 0,
    })),
  });
  it('is the version in force of the contract that started first; none running: none', () => {
    const a = contract('a', '2026-09-01', null, [
      ['2026-09-01', 'basic'],
      ['2026-10-10', 'premium'],
    ]);
    const b = contract('b', '2026-09-15', null, [['2026-09-15', 'premium']]);
    expect(provisionTypeOn([b, a], '2026-10-09')).toBe('basic');
    expect(provisionTypeOn([b, a], '2026-10-10')).toBe('premium');
    expect(provisionTypeOn([b], '2026-09-14')).toBeNull();
    expect(provisionTypeOn([{ ...a, cancelled: true }, b], '2026-10-01')).toBe('premium');
  });
});

describe('stock from movements', () => {
  it('is the last count plus the changes after it; a change at the count’s time came before it', () => {
    const m = (at: number, kind: StockMovement['kind'], q: number): StockMovement => ({
      at,
      kind,
      quantityThousandths: q,
    });
    expect(stockOf([])).toBe(0);
    expect(stockOf([m(1, 'delivery', 12_000), m(2, 'sale', -3000)])).toBe(9000);
    expect(
      stockOf([
        m(1, 'delivery', 12_000),
        m(3, 'count', 7000),
        m(3, 'sale', -1000),
        m(4, 'sale', -2000),
      ]),
    ).toBe(5000);
  });

  it('with no count is the sum of the changes in any order', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            at: fc.integer({ min: 0, max: 100 }),
            kind: fc.constantFrom('delivery', 'sale', 'return', 'spoilage', 'withdrawal', 'refill'),
            quantityThousandths: fc.integer({ min: -50_000, max: 50_000 }),
          }),
        ),
        (movements) => {
          const sum = movements.reduce((s, m) => s + m.quantityThousandths, 0);
          expect(stockOf(movements)).toBe(sum);
          expect(stockOf([...movements].reverse())).toBe(sum);
        },
      ),
    );
  });

  it('reads quantities to three decimals, never a float beyond', () => {
    expect(toThousandths(0.352)).toBe(352);
    expect(toThousandths(12)).toBe(12_000);
    expect(toThousandths(0.1 + 0.2)).toBe(300);
    expect(toThousandths(1.0001)).toBeNull();
    expect(toThousandths(Number.NaN)).toBeNull();
  });
});
