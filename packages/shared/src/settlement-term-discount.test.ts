import { describe, expect, it } from 'vitest';
import { calculatePrice } from './pricing';
import { periodEnd, undiscountedFrom } from './rental-terms';
import { settleMonth, type SettlementContract, type SettlementInput } from './settlement';
import { addDays } from './format';

// AGB § 4 Abs. 3 ("Der Rabatt gilt für die gebuchte Laufzeit"), docs/decisions/0043-discount-term-and-demo.md:
// a 6-month contract with the duration discount (5 %) that runs on month by month after its
// term gets a version at the undiscounted price from the day after the term (the daily contract
// job writes it); the settlement reads the versions per day, so the rent follows.
const price = (rentalDuration: number) =>
  calculatePrice({
    packageOptions: [{ id: 'block-b', name: 'B1', price: 1500 }],
    rentalDuration,
    provisionRate: 4,
  }).monthlyTotal;

function sixMonths(start: string, freeMonth: { start: string; end: string }) {
  const termEnd = periodEnd(
    addDays(freeMonth.end, 1) > start ? addDays(freeMonth.end, 1) : start,
    6,
  );
  const from = undiscountedFrom(termEnd, null);
  const contract: SettlementContract = {
    id: 'c1',
    number: 'V-2026-0001',
    startDate: start,
    endDate: null,
    cancelled: false,
    versions: [
      {
        validFrom: start,
        provisionType: 'basic',
        commissionRateBp: 400,
        monthlyPriceCents: price(6),
        label: 'Mietfach B1',
      },
      {
        validFrom: from,
        provisionType: 'basic',
        commissionRateBp: 400,
        monthlyPriceCents: price(1),
        label: 'Mietfach B1',
      },
    ],
  };
  return { termEnd, from, contract };
}

const month = (m: string, freeMonth: SettlementInput['freeMonth'], contract: SettlementContract) =>
  settleMonth({
    month: m,
    freeMonth,
    contracts: [contract],
    sales: [],
    manualLines: [],
    openItems: [],
    shopVatRateBp: 1900,
  });

describe('settleMonth: the duration discount ends with the booked term', () => {
  it('6 months from 31.08.2026 (the binding example’s start with a 6-month term): month 7 at the undiscounted price', () => {
    expect(price(6)).toBe(1425);
    expect(price(1)).toBe(1500);
    const freeMonth = { start: '2026-08-01', end: '2026-08-30' };
    const { termEnd, from, contract } = sixMonths('2026-08-01', freeMonth);
    expect(termEnd).toBe('2027-02-28');
    expect(from).toBe('2027-03-01');
    // the term's months at the discounted price, month 7 (March 2027) at the full price
    const table: [string, number][] = [
      ['2026-08', 46], // 31.08. only: round(1425 × 1 / 31)
      ['2026-09', 1425],
      ['2027-01', 1425],
      ['2027-02', 1425],
      ['2027-03', 1500],
      ['2027-04', 1500],
    ];
    for (const [m, rent] of table) {
      expect(month(m, freeMonth, contract).rentGrossCents, m).toBe(rent);
    }
  });

  it('a term ending in mid-month: two segments, each rounded once', () => {
    const freeMonth = { start: '2026-08-15', end: '2026-09-13' };
    const { termEnd, from, contract } = sixMonths('2026-08-15', freeMonth);
    expect(termEnd).toBe('2027-03-13');
    expect(from).toBe('2027-03-14');
    const march = month('2027-03', freeMonth, contract);
    // round(1425 × 13 / 31) + round(1500 × 18 / 31) = 598 + 871
    expect(march.rentGrossCents).toBe(1469);
    expect(march.invoice.lines.map((line) => [line.days, line.monthlyPriceCents])).toEqual([
      [13, 1425],
      [18, 1500],
    ]);
  });
});
