import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PACKAGE_OPTIONS, formatOptionCount, type AddonOption } from './catalog';
import {
  PRICE_ERRORS,
  PriceCalculationError,
  calculatePrice,
  commissionOnSales,
  onRequestNote,
  onlyPricedOnRequest,
  priceSelection,
  priceWithRequestNote,
  type PriceInput,
} from './pricing';

const blockA = { id: 'block-a', name: 'Verkaufsblock Lage A', price: 3500, count: 1 };
const blockB = { id: 'block-b', name: 'Verkaufsblock Lage B', price: 1500, count: 2 };

function input(overrides: Partial<PriceInput> = {}): PriceInput {
  return { packageOptions: [blockA], rentalDuration: 3, provisionRate: 7, ...overrides };
}

describe('calculatePrice', () => {
  it('sums packages times count and fills every result field', () => {
    const result = calculatePrice(input({ packageOptions: [blockA, blockB] }));
    expect(result).toEqual({
      packageCosts: 6500,
      addonCosts: 0,
      zusatzleistungenCosts: 0,
      subtotal: 6500,
      discount: 0,
      discountAmount: 0,
      monthlyTotal: 6500,
      totalForDuration: 19500,
      provision: { rate: 7, monthlyAmount: 455, totalAmount: 1365 },
    });
  });

  it('leaves out options priced on request and options with count 0', () => {
    const result = calculatePrice(
      input({
        packageOptions: [
          blockA,
          {
            id: 'block-other',
            name: 'Flexibler Bereich',
            price: 9999,
            priceDisplay: 'auf Anfrage',
          },
          { id: 'block-b', name: 'Verkaufsblock Lage B', price: 1500, count: 0 },
        ],
      }),
    );
    expect(result.packageCosts).toBe(3500);
  });

  it('counts weekly add-ons four times a month, monthly ones once', () => {
    const catalog: AddonOption[] = [
      { id: 'spotlight', name: 'Spotlight', price: 2000, isWeekly: true, description: '' },
      { id: 'flyer', name: 'Flyer', price: 500, isWeekly: false, description: '' },
    ];
    const result = calculatePrice(
      input({
        addonOptions: [
          { id: 'spotlight', name: 'Spotlight', price: 2000, isWeekly: true },
          { id: 'flyer', name: 'Flyer', price: 500 },
        ],
      }),
      catalog,
    );
    expect(result.addonCosts).toBe(8500);
    expect(result.subtotal).toBe(12000);
  });

  it('rejects an unknown add-on', () => {
    expect(() =>
      calculatePrice(input({ addonOptions: [{ id: 'nope', name: 'Nope', price: 100 }] })),
    ).toThrow(PRICE_ERRORS.addonNotFound);
    expect(PRICE_ERRORS.addonNotFound).toBe('Addon option not found');
  });

  it('charges extra services only with the premium rate', () => {
    const services = { lagerservice: true, versandservice: true };
    expect(calculatePrice(input({ zusatzleistungen: services })).zusatzleistungenCosts).toBe(2500);
    expect(
      calculatePrice(input({ zusatzleistungen: services, provisionRate: 4 })).zusatzleistungenCosts,
    ).toBe(0);
    expect(
      calculatePrice(input({ zusatzleistungen: { lagerservice: false, versandservice: true } }))
        .zusatzleistungenCosts,
    ).toBe(500);
  });

  it('applies the duration tiers: 0 % below 6, 5 % from 6, 10 % from 12 months', () => {
    const at = (months: number) => calculatePrice(input({ rentalDuration: months }));
    expect(at(5).discount).toBe(0);
    expect(at(6).discount).toBe(5);
    expect(at(6).discountAmount).toBe(175);
    expect(at(6).monthlyTotal).toBe(3325);
    expect(at(11).discount).toBe(5);
    expect(at(12).discount).toBe(10);
    expect(at(12).monthlyTotal).toBe(3150);
    expect(at(12).totalForDuration).toBe(37800);
    expect(at(24).discount).toBe(10);
  });

  it('lets an explicit discount override the tiers, also a zero discount', () => {
    expect(calculatePrice(input({ rentalDuration: 12, discount: 0 })).discount).toBe(0);
    const result = calculatePrice(input({ rentalDuration: 3, discount: 0.2 }));
    expect(result.discount).toBe(20);
    expect(result.discountAmount).toBe(700);
    expect(result.monthlyTotal).toBe(2800);
  });

  it('computes the example commission on the monthly total after discount', () => {
    const result = calculatePrice(input({ rentalDuration: 12, provisionRate: 4 }));
    expect(result.provision).toEqual({ rate: 4, monthlyAmount: 126, totalAmount: 1512 });
  });

  it('rejects with the exact messages of the spec', () => {
    const cases: [Partial<PriceInput>, string][] = [
      [{ packageOptions: [] }, 'At least one package option is required'],
      [{ rentalDuration: 0 }, 'Rental duration must be between 1 and 24 months'],
      [{ rentalDuration: 25 }, 'Rental duration must be between 1 and 24 months'],
      [{ rentalDuration: 2.5 }, 'Rental duration must be between 1 and 24 months'],
      [{ provisionRate: 5 }, 'Provision rate must be either 4% (Basic) or 7% (Premium)'],
    ];
    for (const [overrides, message] of cases) {
      expect(() => calculatePrice(input(overrides))).toThrow(new PriceCalculationError(message));
    }
  });

  it('accepts the bounds 1 and 24 months', () => {
    expect(calculatePrice(input({ rentalDuration: 1 })).totalForDuration).toBe(3500);
    expect(calculatePrice(input({ rentalDuration: 24 })).totalForDuration).toBe(3150 * 24);
  });
});

describe('priceSelection', () => {
  it('prices a selection from the catalog, ignoring options with count 0', () => {
    const priced = priceSelection({
      provisionType: 'premium',
      packageCounts: { 'block-cold': 2, 'block-a': 1, 'window-large': 0 },
      rentalDuration: 6,
      zusatzleistungen: { lagerservice: true, versandservice: false },
    });
    expect(priced.items.map((item) => [item.id, item.count])).toEqual([
      ['block-a', 1],
      ['block-cold', 2],
    ]);
    // (35 + 2 × 50 + 20) € = 155 €, 5 % off = 147,25 €
    expect(priced.price.subtotal).toBe(15500);
    expect(priced.price.monthlyTotal).toBe(14725);
    expect(priced.provisionRate).toBe(7);
  });

  it('switches extra services off for the basic model', () => {
    const priced = priceSelection({
      provisionType: 'basic',
      packageCounts: { 'block-b': 1 },
      rentalDuration: 3,
      zusatzleistungen: { lagerservice: true, versandservice: true },
    });
    expect(priced.zusatzleistungen).toEqual({ lagerservice: false, versandservice: false });
    expect(priced.price.monthlyTotal).toBe(1500);
  });

  it('keeps a flexible area priced on request at 0 €', () => {
    const priced = priceSelection({
      provisionType: 'premium',
      packageCounts: { 'block-other': 1 },
      rentalDuration: 3,
      zusatzleistungen: { lagerservice: false, versandservice: false },
    });
    expect(priced.items[0]?.priceDisplay).toBe('auf Anfrage');
    expect(priced.price.monthlyTotal).toBe(0);
  });

  it('rejects unknown package ids and empty selections', () => {
    const base = {
      provisionType: 'premium' as const,
      rentalDuration: 3,
      zusatzleistungen: { lagerservice: false, versandservice: false },
    };
    expect(() => priceSelection({ ...base, packageCounts: { 'block-x': 1 } })).toThrow(
      PRICE_ERRORS.packageNotFound,
    );
    expect(() => priceSelection({ ...base, packageCounts: { 'block-a': 0 } })).toThrow(
      PRICE_ERRORS.noPackage,
    );
  });
});

describe('calculatePrice properties', () => {
  const pricedIds = PACKAGE_OPTIONS.map((option) => option.id);
  const countsArb = fc.dictionary(fc.constantFrom(...pricedIds), fc.integer({ min: 0, max: 20 }), {
    minKeys: 1,
  });
  const durationArb = fc.integer({ min: 1, max: 24 });
  const rateArb = fc.constantFrom<4 | 7>(4, 7);
  const servicesArb = fc.record({ lagerservice: fc.boolean(), versandservice: fc.boolean() });

  function options(counts: Record<string, number>) {
    return Object.entries(counts).map(([id, count]) => {
      const option = PACKAGE_OPTIONS.find((o) => o.id === id)!;
      return { ...option, count };
    });
  }

  it('is never negative', () => {
    fc.assert(
      fc.property(
        countsArb,
        durationArb,
        rateArb,
        servicesArb,
        fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
        (counts, duration, rate, services, discount) => {
          const r = calculatePrice({
            packageOptions: options(counts),
            rentalDuration: duration,
            provisionRate: rate,
            zusatzleistungen: services,
            discount,
          });
          for (const value of [
            r.packageCosts,
            r.subtotal,
            r.discountAmount,
            r.monthlyTotal,
            r.totalForDuration,
            r.provision.monthlyAmount,
            r.provision.totalAmount,
          ]) {
            expect(value).toBeGreaterThanOrEqual(0);
            expect(Number.isInteger(value)).toBe(true);
          }
          expect(r.monthlyTotal).toBeLessThanOrEqual(r.subtotal);
        },
      ),
    );
  });

  it('never decreases when a count grows', () => {
    fc.assert(
      fc.property(
        countsArb,
        fc.constantFrom(...pricedIds),
        fc.integer({ min: 1, max: 5 }),
        durationArb,
        rateArb,
        (counts, grownId, extra, duration, rate) => {
          const before = calculatePrice({
            packageOptions: options(counts),
            rentalDuration: duration,
            provisionRate: rate,
          });
          const grown = { ...counts, [grownId]: (counts[grownId] ?? 0) + extra };
          const after = calculatePrice({
            packageOptions: options(grown),
            rentalDuration: duration,
            provisionRate: rate,
          });
          expect(after.monthlyTotal).toBeGreaterThanOrEqual(before.monthlyTotal);
          expect(after.totalForDuration).toBeGreaterThanOrEqual(before.totalForDuration);
        },
      ),
    );
  });

  it('gives the tier discount at 6 and 12 months and none below', () => {
    fc.assert(
      fc.property(countsArb, durationArb, rateArb, (counts, duration, rate) => {
        const r = calculatePrice({
          packageOptions: options(counts),
          rentalDuration: duration,
          provisionRate: rate,
        });
        const expected = duration >= 12 ? 10 : duration >= 6 ? 5 : 0;
        expect(r.discount).toBe(expected);
        expect(r.discountAmount).toBe(Math.round((r.subtotal * expected) / 100));
      }),
    );
  });

  it('lets an explicit discount win over the tiers', () => {
    fc.assert(
      fc.property(
        countsArb,
        durationArb,
        fc.integer({ min: 0, max: 100 }),
        (counts, duration, percent) => {
          const r = calculatePrice({
            packageOptions: options(counts),
            rentalDuration: duration,
            provisionRate: 7,
            discount: percent / 100,
          });
          expect(r.discount).toBe(percent);
          expect(r.discountAmount).toBe(Math.round((r.subtotal * percent) / 100));
        },
      ),
    );
  });
});

describe('commission on sales', () => {
  it('is the rate of the sales plus 19 % VAT on it, each rounded once (docs/product/money.md)', () => {
    // the binding example: 25,50 € sales at 4 % → 1,02 € + 0,19 € = 1,21 €
    expect(commissionOnSales(2550, 4)).toEqual({ net: 102, vat: 19, gross: 121 });
    expect(commissionOnSales(50000, 7)).toEqual({ net: 3500, vat: 665, gross: 4165 });
    expect(commissionOnSales(0, 7)).toEqual({ net: 0, vat: 0, gross: 0 });
  });
});

describe('prices on request', () => {
  const flexible = { id: 'block-other', count: 1, priceDisplay: 'auf Anfrage' };
  const window = { id: 'window-small', count: 2 };

  it("reads 'Preis auf Anfrage' while nothing chosen has a price", () => {
    expect(onlyPricedOnRequest([flexible])).toBe(true);
    expect(priceWithRequestNote([flexible], 0)).toBe('Preis auf Anfrage');
    expect(priceWithRequestNote([flexible], 0, ' / Monat')).toBe('Preis auf Anfrage');
    // an extra service has a price, the area still has none
    expect(priceWithRequestNote([flexible], 2000)).toBe(
      '20,00 € zzgl. Flexibler Bereich (Preis auf Anfrage)',
    );
  });

  it('notes areas on request beside priced ones, and nothing when there are none', () => {
    expect(onlyPricedOnRequest([flexible, window])).toBe(false);
    expect(priceWithRequestNote([flexible, window], 6000, ' / Monat')).toBe(
      '60,00 € / Monat zzgl. Flexibler Bereich (Preis auf Anfrage)',
    );
    expect(onRequestNote([{ ...flexible, count: 2 }])).toBe(
      'zzgl. Flexible Bereiche (Preis auf Anfrage)',
    );
    expect(priceWithRequestNote([window], 6000)).toBe('60,00 €');
    expect(onRequestNote([])).toBeUndefined();
  });
});

describe('display names', () => {
  it('keeps the spec name for the API and names counts in singular and plural', () => {
    expect(PACKAGE_OPTIONS.find((o) => o.id === 'block-cold')?.name).toBe('gekühlt');
    expect(formatOptionCount('block-cold', 1)).toBe('1 × Kühlfach');
    expect(formatOptionCount('block-cold', 2)).toBe('2 × Kühlfächer');
    expect(formatOptionCount('block-table', 1)).toBe('1 × Verkaufstisch');
    expect(formatOptionCount('block-table', 3)).toBe('3 × Verkaufstische');
    expect(formatOptionCount('block-frozen', 1)).toBe('1 × Tiefkühlfach');
    // an id the catalog no longer has keeps its stored name
    expect(formatOptionCount('block-old', 1, 'Altes Fach')).toBe('1 × Altes Fach');
    for (const option of PACKAGE_OPTIONS) {
      // a name, not an adjective: capitalised
      expect(option.displayName[0], option.id).toBe(option.displayName[0]!.toUpperCase());
      expect(option.displayNamePlural[0], option.id).toBe(
        option.displayNamePlural[0]!.toUpperCase(),
      );
    }
  });
});
