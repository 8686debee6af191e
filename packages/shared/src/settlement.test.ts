import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commissionRateOn,
  netOfGross,
  percentOf,
  settleMonth,
  type ManualLine,
  type OpenItemIn,
  type SettlementContract,
  type SettlementInput,
  type SettlementSale,
  type SettlementVersion,
} from './settlement';
import { calculatePrice } from './pricing';

const basic = (monthlyPriceCents: number, validFrom: string, label = 'Mietfach B1') =>
  ({
    validFrom,
    provisionType: 'basic',
    commissionRateBp: 400,
    monthlyPriceCents,
    label,
  }) satisfies SettlementVersion;
const premium = (monthlyPriceCents: number, validFrom: string, label = 'Mietfach B1') =>
  ({
    validFrom,
    provisionType: 'premium',
    commissionRateBp: 700,
    monthlyPriceCents,
    label,
  }) satisfies SettlementVersion;

function contract(
  id: string,
  startDate: string,
  versions: SettlementVersion[],
  extra: Partial<SettlementContract> = {},
): SettlementContract {
  return {
    id,
    number: `V-2026-000${id}`,
    startDate,
    endDate: null,
    cancelled: false,
    versions,
    ...extra,
  };
}

let saleCounter = 0;
function sale(soldOn: string, grossCents: number, vatRateBp: number, quantity = 1): SettlementSale {
  saleCounter += 1;
  return {
    id: `s${saleCounter}`,
    receiptId: `R${saleCounter}`,
    position: 1,
    soldAt: `${soldOn}T10:00:00.000Z`,
    soldOn,
    articleText: 'Honig',
    quantityThousandths: quantity * 1000,
    unitPriceGrossCents: grossCents / quantity,
    vatRateBp,
    grossCents,
  };
}

function input(partial: Partial<SettlementInput> & { month: string }): SettlementInput {
  return {
    freeMonth: null,
    contracts: [],
    sales: [],
    manualLines: [],
    openItems: [],
    shopVatRateBp: 1900,
    ...partial,
  };
}

// docs/product/money.md, the binding example: opening 01.07.2026, Basismodell (4 %), one block-b at
// 15,00 € for 3 months, start 01.08.2026, free month 01.08.–30.08.2026.
const example = {
  freeMonth: { start: '2026-08-01', end: '2026-08-30' },
  contracts: [contract('1', '2026-08-01', [basic(1500, '2026-08-01', 'Mietfach B1')])],
};
const octoberSales = () => [
  sale('2026-10-05', 450, 700),
  sale('2026-10-06', 450, 700),
  sale('2026-10-07', 450, 700),
  sale('2026-10-08', 1200, 1900),
];

describe('settleMonth: the binding example (docs/product/money.md)', () => {
  it('August 2026: rent for 31.08. only, 0,48 €, payout −0,48 €', () => {
    const result = settleMonth(input({ month: '2026-08', ...example }));
    expect(result.rentGrossCents).toBe(48);
    expect(result.invoice.lines).toEqual([
      expect.objectContaining({
        kind: 'rent',
        text: 'Miete Mietfach B1 (V-2026-0001), 31.08.–31.08.2026, 1 von 31 Tagen',
        from: '2026-08-31',
        to: '2026-08-31',
        days: 1,
        daysInMonth: 31,
        grossCents: 48,
        netCents: 40,
        vatCents: 8,
        vatRateBp: 1900,
      }),
    ]);
    expect(result.sales.grossCents).toBe(0);
    expect(result.commission.grossCents).toBe(0);
    expect(result.payoutCents).toBe(-48);
  });

  it('October 2026: sales 25,50 €, commission 1,02 € + 0,19 € VAT, rent 15,00 €, payout 9,29 €', () => {
    const result = settleMonth(input({ month: '2026-10', ...example, sales: octoberSales() }));
    expect(result.sales.grossCents).toBe(2550);
    expect(result.sales.byRate).toEqual([
      { vatRateBp: 700, netCents: 1262, vatCents: 88, grossCents: 1350 },
      { vatRateBp: 1900, netCents: 1008, vatCents: 192, grossCents: 1200 },
    ]);
    expect(result.commission).toEqual({
      byRate: [
        {
          commissionRateBp: 400,
          salesGrossCents: 2550,
          netCents: 102,
          vatCents: 19,
          grossCents: 121,
        },
      ],
      netCents: 102,
      vatCents: 19,
      grossCents: 121,
    });
    expect(result.rentGrossCents).toBe(1500);
    expect(result.invoice.lines.map((line) => [line.text, line.grossCents])).toEqual([
      ['Miete Mietfach B1 (V-2026-0001), 01.10.–31.10.2026, 31 von 31 Tagen', 1500],
      ['Provision 4 % auf Verkäufe von 25,50 €', 121],
    ]);
    expect(result.invoice.totals).toEqual([
      { vatRateBp: 1900, netCents: 1261 + 102, vatCents: 239 + 19, grossCents: 1621 },
    ]);
    expect(result.payoutCents).toBe(929);
  });

  it('October 2026 with August still open: payout 8,81 €', () => {
    const august: OpenItemIn = {
      id: 'o1',
      month: '2026-08',
      documentNumber: 'VA-2026-00001',
      amountCents: 48,
    };
    const result = settleMonth(
      input({ month: '2026-10', ...example, sales: octoberSales(), openItems: [august] }),
    );
    expect(result.openItemsCents).toBe(48);
    expect(result.openItems).toEqual([august]);
    expect(result.payoutCents).toBe(881);
  });

  it('September 2026: the whole month is rent, no sales: payout −15,00 €', () => {
    const result = settleMonth(input({ month: '2026-09', ...example }));
    expect(result.rentGrossCents).toBe(1500);
    expect(result.payoutCents).toBe(-1500);
  });
});

describe('settleMonth: the cases of issue 26', () => {
  it('a version change in mid-month gives two rent segments and the new rate from its day', () => {
    const change = contract('2', '2026-08-01', [
      basic(1500, '2026-08-01', 'Mietfach B1'),
      premium(2500, '2026-10-16', 'Mietfächer B1, B2'),
    ]);
    const result = settleMonth(
      input({
        month: '2026-10',
        freeMonth: example.freeMonth,
        contracts: [change],
        sales: [sale('2026-10-15', 1000, 700), sale('2026-10-16', 1000, 700)],
      }),
    );
    expect(result.invoice.lines.map((line) => [line.kind, line.text, line.grossCents])).toEqual([
      ['rent', 'Miete Mietfach B1 (V-2026-0002), 01.10.–15.10.2026, 15 von 31 Tagen', 726], // 1500 × 15 / 31 = 725,8
      ['rent', 'Miete Mietfächer B1, B2 (V-2026-0002), 16.10.–31.10.2026, 16 von 31 Tagen', 1290], // 2500 × 16 / 31 = 1290,3
      ['commission', 'Provision 4 % auf Verkäufe von 10,00 €', 48], // 40 + 7,6 → 8
      ['commission', 'Provision 7 % auf Verkäufe von 10,00 €', 83], // 70 + 13,3 → 13
    ]);
    expect(result.payoutCents).toBe(2000 - 48 - 83 - 726 - 1290);
  });

  it('a duration discount: the version’s discounted monthly price is what is charged', () => {
    const monthly = calculatePrice({
      packageOptions: [{ id: 'block-b', name: 'B1', price: 1500 }],
      rentalDuration: 12,
      provisionRate: 4,
    }).monthlyTotal;
    expect(monthly).toBe(1350);
    const result = settleMonth(
      input({
        month: '2026-11',
        freeMonth: example.freeMonth,
        contracts: [contract('3', '2026-08-01', [basic(monthly, '2026-08-01')])],
      }),
    );
    expect(result.rentGrossCents).toBe(1350);
    expect(result.invoice.lines[0]).toMatchObject({
      monthlyPriceCents: 1350,
      days: 30,
      daysInMonth: 30,
    });
  });

  it('Lagerservice is part of the monthly price of a Premium version', () => {
    const monthly = calculatePrice({
      packageOptions: [{ id: 'block-b', name: 'B1', price: 1500 }],
      zusatzleistungen: { lagerservice: true, versandservice: false },
      rentalDuration: 3,
      provisionRate: 7,
    }).monthlyTotal;
    expect(monthly).toBe(3500);
    const result = settleMonth(
      input({
        month: '2026-10',
        freeMonth: example.freeMonth,
        contracts: [
          contract('4', '2026-08-01', [
            {
              ...premium(monthly, '2026-08-01', 'Mietfach B1 · Lagerservice'),
              servicesMonthlyCents: 2000,
            },
          ]),
        ],
        sales: [sale('2026-10-02', 10000, 700)],
      }),
    );
    // the services' part of the rent, for the revenue: Lagerservice 20,00 € of 35,00 €
    expect(result.rentGrossCents).toBe(3500);
    expect(result.servicesGrossCents).toBe(2000);
    expect(
      result.invoice.lines.map((line) => [
        line.text,
        line.netCents,
        line.vatCents,
        line.grossCents,
      ]),
    ).toEqual([
      [
        'Miete Mietfach B1 · Lagerservice (V-2026-0004), 01.10.–31.10.2026, 31 von 31 Tagen',
        2941,
        559,
        3500,
      ],
      ['Provision 7 % auf Verkäufe von 100,00 €', 700, 133, 833],
    ]);
    expect(result.payoutCents).toBe(10000 - 833 - 3500);
  });

  it('a contract ending in mid-month: rent to its end, later sales at its last rate', () => {
    const ending = contract(
      '5',
      '2026-08-01',
      [basic(1500, '2026-08-01'), premium(1500, '2026-09-01')],
      {
        endDate: '2026-10-15',
      },
    );
    const result = settleMonth(
      input({
        month: '2026-10',
        freeMonth: example.freeMonth,
        contracts: [ending],
        sales: [sale('2026-10-20', 1000, 1900)],
      }),
    );
    expect(result.invoice.lines[0]).toMatchObject({
      from: '2026-10-01',
      to: '2026-10-15',
      days: 15,
      grossCents: 726,
    });
    expect(result.commission.byRate).toEqual([
      { commissionRateBp: 700, salesGrossCents: 1000, netCents: 70, vatCents: 13, grossCents: 83 },
    ]);
  });

  it('two contracts with different rates: the one that started first counts while both run', () => {
    const first = contract('6', '2026-08-01', [basic(1500, '2026-08-01', 'Mietfach B1')], {
      endDate: '2026-10-20',
    });
    const second = contract('7', '2026-10-10', [premium(2000, '2026-10-10', 'Mietfach C1')]);
    const contracts = [second, first];
    expect(commissionRateOn(contracts, '2026-10-05')).toBe(400);
    expect(commissionRateOn(contracts, '2026-10-15')).toBe(400);
    expect(commissionRateOn(contracts, '2026-10-25')).toBe(700);
    const result = settleMonth(
      input({
        month: '2026-10',
        freeMonth: example.freeMonth,
        contracts,
        sales: [sale('2026-10-15', 2000, 700), sale('2026-10-25', 3000, 700)],
      }),
    );
    expect(result.invoice.lines.map((line) => [line.text, line.grossCents])).toEqual([
      ['Miete Mietfach B1 (V-2026-0006), 01.10.–20.10.2026, 20 von 31 Tagen', 968], // 1500 × 20 / 31 = 967,7
      ['Miete Mietfach C1 (V-2026-0007), 10.10.–31.10.2026, 22 von 31 Tagen', 1419], // 2000 × 22 / 31 = 1419,4
      ['Provision 4 % auf Verkäufe von 20,00 €', 95], // 80 + 15,2
      ['Provision 7 % auf Verkäufe von 30,00 €', 250], // 210 + 39,9
    ]);
  });

  it('before any contract started: the first contract’s first rate; a storniert contract counts for nothing', () => {
    const storniert = contract('8', '2026-09-01', [premium(9900, '2026-09-01')], {
      cancelled: true,
      endDate: '2026-08-31',
    });
    const later = contract('9', '2026-10-10', [
      basic(1500, '2026-10-10'),
      premium(1500, '2026-10-20'),
    ]);
    expect(commissionRateOn([storniert, later], '2026-10-01')).toBe(400);
    const result = settleMonth(
      input({
        month: '2026-10',
        freeMonth: { start: '2026-10-10', end: '2026-11-08' },
        contracts: [storniert, later],
      }),
    );
    expect(result.invoice.lines).toEqual([]);
    expect(result.rentGrossCents).toBe(0);
  });

  it('a return larger than the month’s sales: negative sales, a negative commission credited', () => {
    const result = settleMonth(
      input({
        month: '2026-10',
        ...example,
        sales: [sale('2026-10-03', 450, 700), { ...sale('2026-10-04', -900, 700, -2) }],
      }),
    );
    expect(result.sales.grossCents).toBe(-450);
    expect(result.sales.byRate).toEqual([
      { vatRateBp: 700, netCents: -421, vatCents: -29, grossCents: -450 },
    ]);
    // −450 × 4 % = −18; −18 × 19 % = −3,42 → −3 (half up, away from zero)
    expect(result.commission.byRate).toEqual([
      {
        commissionRateBp: 400,
        salesGrossCents: -450,
        netCents: -18,
        vatCents: -3,
        grossCents: -21,
      },
    ]);
    expect(result.payoutCents).toBe(-450 + 21 - 1500);
  });

  it('a Kleinunternehmer: sales at 0 %, the net is the gross', () => {
    const result = settleMonth(
      input({
        month: '2026-10',
        ...example,
        sales: [sale('2026-10-03', 1234, 0), sale('2026-10-04', 766, 0)],
      }),
    );
    expect(result.sales.byRate).toEqual([
      { vatRateBp: 0, netCents: 2000, vatCents: 0, grossCents: 2000 },
    ]);
    expect(result.commission.grossCents).toBe(80 + 15);
    expect(result.payoutCents).toBe(2000 - 95 - 1500);
  });

  it('a § 24 farmer: own goods at 7,8 %, bought-in goods at 19 %', () => {
    const result = settleMonth(
      input({
        month: '2026-10',
        ...example,
        sales: [sale('2026-10-03', 1078, 780), sale('2026-10-04', 1190, 1900)],
      }),
    );
    expect(result.sales.byRate).toEqual([
      { vatRateBp: 780, netCents: 1000, vatCents: 78, grossCents: 1078 },
      { vatRateBp: 1900, netCents: 1000, vatCents: 190, grossCents: 1190 },
    ]);
    expect(result.payoutCents).toBe(2268 - (91 + 17) - 1500); // 2268 × 4 % = 90,72 → 91; 91 × 19 % = 17,29
  });

  it('manual lines: a charge is an invoice line at its rate, a credit a negative one; a refund is on the statement only, no VAT', () => {
    const refund: ManualLine = {
      id: 'm1',
      kind: 'refund',
      text: 'Erstattung fehlende Ware (AGB § 8)',
      grossCents: 1100,
      vatRateBp: null,
    };
    const charge: ManualLine = {
      id: 'm2',
      kind: 'charge',
      text: 'Reinigung Kühlfach',
      grossCents: 1190,
      vatRateBp: 1900,
    };
    const credit: ManualLine = {
      id: 'm3',
      kind: 'charge',
      text: 'Minderung Kühlfach defekt',
      grossCents: -1070,
      vatRateBp: 700,
    };
    const result = settleMonth(
      input({ month: '2026-10', ...example, manualLines: [refund, charge, credit] }),
    );
    expect(result.invoice.lines.slice(1)).toEqual([
      {
        kind: 'manual',
        text: charge.text,
        netCents: 1000,
        vatRateBp: 1900,
        vatCents: 190,
        grossCents: 1190,
      },
      {
        kind: 'manual',
        text: credit.text,
        netCents: -1000,
        vatRateBp: 700,
        vatCents: -70,
        grossCents: -1070,
      },
    ]);
    expect(result.invoice.totals).toEqual([
      { vatRateBp: 700, netCents: -1000, vatCents: -70, grossCents: -1070 },
      { vatRateBp: 1900, netCents: 1261 + 1000, vatCents: 239 + 190, grossCents: 2690 },
    ]);
    // the refund: no invoice line, no VAT, added to the payout
    expect(result.refunds).toEqual([
      { id: 'm1', text: 'Erstattung fehlende Ware (AGB § 8)', grossCents: 1100 },
    ]);
    expect(result.refundsCents).toBe(1100);
    expect(result.manualCents).toBe(1100 - 1190 + 1070);
    expect(result.payoutCents).toBe(-1500 + 1100 - 1190 + 1070);
    expect(result.payoutCents).toBe(
      result.sales.grossCents - result.invoice.grossCents + result.refundsCents,
    );
  });

  it('the binding example stays exact with a refund: October 9,29 € + 11,00 €', () => {
    const result = settleMonth(
      input({
        month: '2026-10',
        ...example,
        sales: octoberSales(),
        manualLines: [
          {
            id: 'r',
            kind: 'refund',
            text: 'Erstattung Inventur',
            grossCents: 1100,
            vatRateBp: null,
          },
        ],
      }),
    );
    expect(result.invoice.grossCents).toBe(121 + 1500);
    expect(result.payoutCents).toBe(929 + 1100);
  });

  it('a month with Nachträge: late lines are flagged with their day and summed apart', () => {
    const result = settleMonth(
      input({
        month: '2026-10',
        ...example,
        sales: [...octoberSales(), sale('2026-09-30', 900, 700, 2)],
      }),
    );
    expect(result.sales.lines.map((line) => [line.soldOn, Boolean(line.late)])).toEqual([
      ['2026-09-30', true],
      ['2026-10-05', false],
      ['2026-10-06', false],
      ['2026-10-07', false],
      ['2026-10-08', false],
    ]);
    expect(result.sales.grossCents).toBe(2550 + 900);
    expect(result.sales.lateGrossCents).toBe(900);
    // 34,50 € × 4 % = 1,38 € + 0,26 € VAT
    expect(result.commission.grossCents).toBe(138 + 26);
    expect(result.payoutCents).toBe(3450 - 164 - 1500);
  });

  it('late lines of an earlier month count with the rate of their own day', () => {
    const change = contract('10', '2026-08-01', [
      basic(1500, '2026-08-01'),
      premium(1500, '2026-10-01'),
    ]);
    const result = settleMonth(
      input({
        month: '2026-10',
        freeMonth: example.freeMonth,
        contracts: [change],
        sales: [sale('2026-10-02', 1000, 700), sale('2026-09-29', 1000, 700)],
      }),
    );
    expect(result.sales.lines.map((line) => line.soldOn)).toEqual(['2026-09-29', '2026-10-02']);
    expect(result.commission.byRate.map((group) => group.commissionRateBp)).toEqual([400, 700]);
  });
});

// ---------------------------------------------------------------------------
// Properties

const isoDayIn = (month: string) =>
  fc.integer({ min: 1, max: 28 }).map((day) => `${month}-${String(day).padStart(2, '0')}`);
const rateBp = fc.constantFrom(0, 700, 780, 1900);
const saleArb = (month: string) =>
  fc
    .record({
      day: isoDayIn(month),
      gross: fc.integer({ min: -50_000, max: 200_000 }),
      rate: rateBp,
      id: fc.uuid(),
    })
    .map(({ day, gross, rate, id }) => ({
      id,
      receiptId: id,
      position: 1,
      soldAt: `${day}T09:00:00.000Z`,
      soldOn: day,
      articleText: 'Ware',
      quantityThousandths: 1000,
      unitPriceGrossCents: gross,
      vatRateBp: rate,
      grossCents: gross,
    }));
const versionArb = (month: string) =>
  fc
    .record({
      day: isoDayIn(month),
      price: fc.integer({ min: 0, max: 50_000 }),
      premium: fc.boolean(),
    })
    .map(({ day, price, premium: isPremium }) =>
      isPremium ? premium(price, day, 'Mietfach P') : basic(price, day, 'Mietfach B'),
    );
const contractArb = (month: string) =>
  fc
    .record({
      id: fc.uuid(),
      start: fc.constantFrom('2026-07-15', '2026-09-03', `${month}-05`, `${month}-20`),
      end: fc.option(fc.constantFrom(`${month}-10`, `${month}-28`, '2026-12-31'), { nil: null }),
      cancelled: fc.boolean(),
      versions: fc.array(versionArb(month), { minLength: 1, maxLength: 3 }),
    })
    .map(({ id, start, end, cancelled, versions }) => ({
      id,
      number: null,
      startDate: start,
      endDate: end !== null && end < start ? start : end,
      cancelled,
      versions: [...versions].sort((a, b) => a.validFrom.localeCompare(b.validFrom)),
    }));
const inputArb = fc.constantFrom('2026-10', '2026-11', '2027-02').chain((month) =>
  fc.record({
    month: fc.constant(month),
    freeMonth: fc.option(
      fc.constantFrom(
        { start: '2026-09-20', end: '2026-10-19' },
        { start: '2026-07-01', end: '2026-07-30' },
      ),
      { nil: null },
    ),
    contracts: fc.array(contractArb(month), { maxLength: 3 }),
    sales: fc.array(saleArb(month), { maxLength: 30 }),
    manualLines: fc.array(
      fc.oneof(
        fc.record({
          id: fc.uuid(),
          kind: fc.constant('charge' as const),
          text: fc.constant('Reinigung'),
          grossCents: fc.integer({ min: -20_000, max: 20_000 }).filter((cents) => cents !== 0),
          vatRateBp: fc.constantFrom(700, 1900),
        }),
        fc.record({
          id: fc.uuid(),
          kind: fc.constant('refund' as const),
          text: fc.constant('Erstattung'),
          grossCents: fc.integer({ min: 1, max: 20_000 }),
          vatRateBp: fc.constant(null),
        }),
      ),
      { maxLength: 3 },
    ),
    openItems: fc.array(
      fc.record({
        id: fc.uuid(),
        month: fc.constant('2026-08'),
        documentNumber: fc.constant(null),
        amountCents: fc.integer({ min: 1, max: 100_000 }),
      }),
      { maxLength: 2 },
    ),
    shopVatRateBp: fc.constant(1900),
  }),
);

describe('settleMonth: properties', () => {
  it('payout = sales − commission gross − rent gross + manual − open items, to the cent', () => {
    fc.assert(
      fc.property(inputArb, (settlementInput) => {
        const result = settleMonth(settlementInput);
        const salesGross = settlementInput.sales.reduce(
          (total, line) => total + line.grossCents,
          0,
        );
        expect(result.sales.grossCents).toBe(salesGross);
        expect(result.payoutCents).toBe(
          salesGross -
            result.commission.grossCents -
            result.rentGrossCents +
            result.manualCents -
            result.openItemsCents,
        );
        // the invoice is rent + commission + charges: the payout is sales − invoice + refunds − open items
        expect(result.payoutCents).toBe(
          salesGross - result.invoice.grossCents + result.refundsCents - result.openItemsCents,
        );
        for (const value of [
          result.payoutCents,
          result.invoice.grossCents,
          result.commission.netCents,
        ])
          expect(Number.isInteger(value)).toBe(true);
      }),
    );
  });

  it('the same input gives the same output, whatever the order of the sales lines', () => {
    fc.assert(
      fc.property(inputArb, (settlementInput) => {
        const once = settleMonth(settlementInput);
        const copy = JSON.parse(JSON.stringify(settlementInput)) as SettlementInput;
        expect(settleMonth(copy)).toEqual(once);
        expect(settleMonth({ ...copy, sales: [...copy.sales].reverse() })).toEqual(once);
      }),
    );
  });

  it('each figure is rounded once: lines from their own inputs, totals are sums', () => {
    fc.assert(
      fc.property(inputArb, (settlementInput) => {
        const result = settleMonth(settlementInput);
        for (const line of result.invoice.lines) {
          expect(line.netCents + line.vatCents).toBe(line.grossCents);
          if (line.kind === 'rent')
            expect(line.grossCents).toBe(
              Math.round((line.monthlyPriceCents! * line.days!) / line.daysInMonth!),
            );
          if (line.kind !== 'commission')
            expect(line.netCents).toBe(netOfGross(line.grossCents, line.vatRateBp));
        }
        for (const group of result.commission.byRate) {
          expect(group.netCents).toBe(percentOf(group.salesGrossCents, group.commissionRateBp));
          expect(group.vatCents).toBe(percentOf(group.netCents, 1900));
          expect(group.grossCents).toBe(group.netCents + group.vatCents);
        }
        for (const total of result.invoice.totals) {
          const lines = result.invoice.lines.filter((line) => line.vatRateBp === total.vatRateBp);
          expect(total.netCents).toBe(lines.reduce((s, line) => s + line.netCents, 0));
          expect(total.vatCents).toBe(lines.reduce((s, line) => s + line.vatCents, 0));
          expect(total.grossCents).toBe(lines.reduce((s, line) => s + line.grossCents, 0));
        }
        for (const total of result.sales.byRate)
          expect(total.netCents).toBe(netOfGross(total.grossCents, total.vatRateBp));
        expect(result.invoice.grossCents).toBe(
          result.rentGrossCents +
            result.commission.grossCents -
            result.manualCents +
            result.refundsCents,
        );
      }),
    );
  });

  it('rounding is half up, away from zero', () => {
    expect(percentOf(-450, 400)).toBe(-18);
    expect(percentOf(50, 1000)).toBe(5);
    expect(percentOf(-25, 2000)).toBe(-5);
    expect(percentOf(-5, 1000)).toBe(-1); // −0,5 → −1
    expect(percentOf(5, 1000)).toBe(1); // 0,5 → 1
    expect(netOfGross(-119, 1900)).toBe(-100);
  });
});
