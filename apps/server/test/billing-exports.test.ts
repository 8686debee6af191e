import iconv from 'iconv-lite';
import { randomUUID } from 'node:crypto';
import { DEFAULT_BILLING_SETTINGS, type BillingSettings } from '@housnkuh/shared/schemas/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUCHUNGSSTAPEL_COLUMN_COUNT,
  datevBuchungsstapel,
  documentBookings,
  documentLinesCsv,
} from '../src/modules/billing/exports';
import type { BookedDocument } from '../src/modules/documents/public';
import type { Settlement } from '@housnkuh/shared/settlement';
import { debitorAccounts } from '../src/modules/billing/exports.service';
import { vendors } from '../src/modules/vendors/schema';
import { createTestApp, type TestApp } from './helpers';

const SETTINGS: BillingSettings = {
  ...DEFAULT_BILLING_SETTINGS,
  steuernummer: '218/123/45678',
  iban: 'DE89370400440532013000',
  datev: { ...DEFAULT_BILLING_SETTINGS.datev, beraternummer: 1234567, mandantennummer: 10001 },
};

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

/** Figures with only these invoice lines (and, optionally, manual lines with their kind). */
function withLines(
  lines: Settlement['invoice']['lines'],
  extra: Partial<Settlement> & { refunds?: unknown[]; refundsCents?: number } = {},
): Settlement {
  const gross = lines.reduce((sum, line) => sum + line.grossCents, 0);
  return {
    month: '2026-10',
    invoice: { lines, totals: [], netCents: 0, vatCents: 0, grossCents: gross },
    sales: { lines: [], byRate: [], grossCents: 0 },
    commission: { byRate: [], netCents: 0, vatCents: 0, grossCents: 0 },
    rentGrossCents: 0,
    servicesGrossCents: 0,
    manualCents: 0,
    openItems: [],
    openItemsCents: 0,
    payoutCents: -gross,
    ...extra,
  } as Settlement;
}

const RENT = {
  kind: 'rent' as const,
  text: 'Miete Mietfächer B1 (V-2026-0001), 01.10.–31.10.2026, 31 von 31 Tagen',
  netCents: 1261,
  vatRateBp: 1900,
  vatCents: 239,
  grossCents: 1500,
};
const COMMISSION = {
  kind: 'commission' as const,
  text: 'Provision 4 % auf Verkäufe von 25,50 €',
  netCents: 102,
  vatRateBp: 1900,
  vatCents: 19,
  grossCents: 121,
};
const CHARGE_7 = {
  kind: 'manual' as const,
  text: 'Verpackungsmaterial',
  netCents: 187,
  vatRateBp: 700,
  vatCents: 13,
  grossCents: 200,
};
/** An older document: a refund at 0 % as a negative invoice line. */
const OLD_REFUND = {
  kind: 'manual' as const,
  text: 'Erstattung fehlender Ware (AGB § 8)',
  netCents: -500,
  vatRateBp: 0,
  vatCents: 0,
  grossCents: -500,
};

const invoiceA = withLines([RENT, COMMISSION]);
const DOCS: BookedDocument[] = [
  {
    type: 'rechnung',
    number: 'RE-2026-00001',
    issuedOn: '2026-11-03',
    month: '2026-10',
    vendorId: A,
    vendorName: 'Imkerei Größer',
    content: invoiceA,
    refersTo: null,
  },
  {
    type: 'rechnung',
    number: 'RE-2026-00002',
    issuedOn: '2026-11-03',
    month: '2026-10',
    vendorId: B,
    vendorName: '=Hof "Sonne"',
    content: withLines([OLD_REFUND, CHARGE_7]),
    refersTo: null,
  },
  {
    // a statement with a refund that is no supply (on the statement only) and a positive payout
    type: 'verkaufsabrechnung',
    number: 'VA-2026-00002',
    issuedOn: '2026-11-03',
    month: '2026-10',
    vendorId: B,
    vendorName: '=Hof "Sonne"',
    content: withLines([OLD_REFUND, CHARGE_7], {
      payoutCents: 2000,
      // the core's refunds (statement only): booked as the shop's expense
      refunds: [{ id: 'r1', text: 'Fehlende Ware Oktober', grossCents: 800 }],
      refundsCents: 800,
    }),
    refersTo: null,
  },
  {
    type: 'storno',
    number: 'ST-2026-00001',
    issuedOn: '2026-11-20',
    month: '2026-10',
    vendorId: A,
    vendorName: 'Imkerei Größer',
    content: withLines([{ ...COMMISSION, netCents: -102, vatCents: -19, grossCents: -121 }]),
    refersTo: {
      type: 'rechnung',
      number: 'RE-2026-00001',
      content: withLines([COMMISSION]),
    },
  },
];

describe('documentLinesCsv', () => {
  it('lists every invoice line with date, number, service month, producer, text, net, rate, VAT, gross (UTF-8 with BOM)', () => {
    const csv = documentLinesCsv(DOCS);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = csv.slice(1).trimEnd().split('\n');
    expect(rows[0]).toBe(
      'Datum;Nummer;Leistungsmonat;Erzeuger;Text;Netto (EUR);USt-Satz (%);USt (EUR);Brutto (EUR)',
    );
    expect(rows[1]).toBe(
      '03.11.2026;RE-2026-00001;10/2026;Imkerei Größer;Miete Mietfächer B1 (V-2026-0001), 01.10.–31.10.2026, 31 von 31 Tagen;12,61;19;2,39;15,00',
    );
    expect(rows[2]).toBe(
      '03.11.2026;RE-2026-00001;10/2026;Imkerei Größer;Provision 4 % auf Verkäufe von 25,50 €;1,02;19;0,19;1,21',
    );
    // a name a spreadsheet would run as a formula stays text; quotes are CSV-escaped
    expect(rows[3]).toBe(
      `03.11.2026;RE-2026-00002;10/2026;"'=Hof ""Sonne""";Erstattung fehlender Ware (AGB § 8);-5,00;0;0,00;-5,00`,
    );
    expect(rows[5]).toBe(
      '20.11.2026;ST-2026-00001;10/2026;Imkerei Größer;Provision 4 % auf Verkäufe von 25,50 €;-1,02;19;-0,19;-1,21',
    );
    // the statements are no invoices of the shop
    expect(rows).toHaveLength(6);
  });
});

describe('datevBuchungsstapel (EXTF)', () => {
  const file = datevBuchungsstapel({
    settings: SETTINGS,
    from: '2026-11-01',
    to: '2026-11-30',
    documents: DOCS,
    debitors: { [A]: 10000, [B]: 10001 },
    createdAt: new Date('2026-12-02T08:15:30.123Z'),
  });
  const text = iconv.decode(file, 'win1252');
  const rows = text.split('\r\n');

  it('is Windows-1252 with CRLF line ends', () => {
    expect(file.includes(Buffer.from('Größer', 'latin1'))).toBe(false); // names are not in it
    expect(file.includes(Buffer.from([0xe4]))).toBe(true); // 'ä' of "Mietfächer" as one byte
    expect(file.includes(Buffer.from('ä', 'utf8'))).toBe(false);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('starts with the EXTF header: consultant, client, fiscal year, account length, period, label', () => {
    const header = rows[0]!.split(';');
    expect(header.slice(0, 5)).toEqual(['"EXTF"', '700', '21', '"Buchungsstapel"', '13']);
    expect(header[5]).toBe('20261202091530123'); // Kronach time
    expect(header.slice(10, 16)).toEqual([
      '1234567',
      '10001',
      '20260101',
      '4',
      '20261101',
      '20261130',
    ]);
    // the label (at most 30 characters) is never cut inside a date
    expect(header[16]).toBe('"Belege 01.11.2026-30.11.2026"');
    expect(header[21]).toBe('"EUR"');
    expect(header).toHaveLength(31);
  });

  it('names the 125 columns, then books each document', () => {
    const columns = rows[1]!.split(';');
    expect(columns).toHaveLength(BUCHUNGSSTAPEL_COLUMN_COUNT);
    expect(BUCHUNGSSTAPEL_COLUMN_COUNT).toBe(125);
    expect(columns.slice(0, 14)).toEqual([
      '"Umsatz (ohne Soll/Haben-Kz)"',
      '"Soll/Haben-Kennzeichen"',
      '"WKZ Umsatz"',
      '"Kurs"',
      '"Basis-Umsatz"',
      '"WKZ Basis-Umsatz"',
      '"Konto"',
      '"Gegenkonto (ohne BU-Schlüssel)"',
      '"BU-Schlüssel"',
      '"Belegdatum"',
      '"Belegfeld 1"',
      '"Belegfeld 2"',
      '"Skonto"',
      '"Buchungstext"',
    ]);
    const bookings = rows.slice(2, -1).map((row) => row.split(';'));
    for (const booking of bookings) expect(booking).toHaveLength(BUCHUNGSSTAPEL_COLUMN_COUNT);
    const essentials = bookings.map((b) => [
      b[0],
      b[1],
      b[6],
      b[7],
      b[8],
      b[9],
      b[10],
      b[114],
      b[115],
    ]);
    expect(essentials).toEqual([
      // rent at 19 % on 8400 (automatic account: no BU key); service date and VAT period: October
      ['15,00', '"S"', '10000', '8400', '""', '0311', '"RE-2026-00001"', '31102026', '31102026'],
      // commission at 19 % on 8519
      ['1,21', '"S"', '10000', '8519', '""', '0311', '"RE-2026-00001"', '31102026', '31102026'],
      // an older document's refund at 0 % as a credit line: on the clearing account
      ['5,00', '"H"', '10001', '1590', '""', '0311', '"RE-2026-00002"', '31102026', '31102026'],
      // a charge at 7 %: on the 7 % revenue account (automatic)
      ['2,00', '"S"', '10001', '8300', '""', '0311', '"RE-2026-00002"', '31102026', '31102026'],
      // the statement: the refund that is no supply, the shop's expense against the clearing account
      ['8,00', '"S"', '4900', '1590', '""', '0311', '"VA-2026-00002"', '31102026', ''],
      // and its invoice (−3,00 €: a credit) offset against the collected sales
      ['3,00', '"H"', '1590', '10001', '""', '0311', '"VA-2026-00002"', '31102026', ''],
      // the cancellation of a commission: a credit on 8519, in the period of its own date
      ['1,21', '"H"', '10000', '8519', '""', '2011', '"ST-2026-00001"', '31102026', ''],
    ]);
    // the booking text, cut to DATEV's 60 characters
    expect(bookings[0]![13]).toBe(`"${RENT.text.slice(0, 60)}"`);
    expect(bookings[4]![13]).toBe('"Erstattung (nicht steuerbar): Fehlende Ware Oktober"');
  });

  it('refuses a file without consultant and client number, or over two fiscal years', () => {
    const base = { documents: DOCS, debitors: { [A]: 10000, [B]: 10001 }, createdAt: new Date() };
    expect(() =>
      datevBuchungsstapel({
        ...base,
        settings: DEFAULT_BILLING_SETTINGS,
        from: '2026-11-01',
        to: '2026-11-30',
      }),
    ).toThrow();
    expect(() =>
      datevBuchungsstapel({ ...base, settings: SETTINGS, from: '2026-12-01', to: '2027-01-31' }),
    ).toThrow();
  });
});

describe('documentBookings', () => {
  it('reads refunds from manual lines with their kind; a line without kind is a charge', () => {
    const statement: BookedDocument = {
      ...DOCS[2]!,
      content: withLines([], {
        payoutCents: 500,
        manualLines: [
          { kind: 'refund', text: 'Fehlende Ware', grossCents: 500 },
          { text: 'Belastung ohne Art', grossCents: 100, vatRateBp: 1900 },
        ],
      } as Partial<Settlement>),
    };
    const bookings = documentBookings(statement, SETTINGS, 10001);
    expect(bookings.map((b) => [b.amountCents, b.side, b.account, b.contraAccount])).toEqual([
      [500, 'S', 4900, 1590],
    ]);
    // Ist: no tax period on the revenue; Soll: the service month's last day
    const invoice = DOCS[0]!;
    expect(documentBookings(invoice, SETTINGS, 10000)[0]!.taxPeriodDate).toBe('2026-10-31');
    expect(
      documentBookings(invoice, { ...SETTINGS, besteuerung: 'ist' }, 10000)[0]!.taxPeriodDate,
    ).toBeNull();
  });
});

describe('debitor accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives each producer the next free account once and keeps it', async () => {
    const ids: string[] = [];
    for (const name of ['Erste', 'Zweite', 'Dritte']) {
      const [row] = await t.database.db
        .insert(vendors)
        .values({ email: `${randomUUID()}@beispiel.de`, name })
        .returning();
      ids.push(row!.id);
    }
    const [first, second, third] = ids as [string, string, string];
    expect(await debitorAccounts(t.database.db, [second, first, second], 10000)).toEqual({
      [second]: 10000,
      [first]: 10001,
    });
    // in parallel: no account twice
    const [x, y] = await Promise.all([
      debitorAccounts(t.database.db, [third, first], 10000),
      debitorAccounts(t.database.db, [third], 10000),
    ]);
    expect(x).toEqual({ [third]: 10002, [first]: 10001 });
    expect(y).toEqual({ [third]: 10002 });
    // a higher start number applies to new producers only
    expect(await debitorAccounts(t.database.db, [first, second], 20000)).toEqual({
      [first]: 10001,
      [second]: 10000,
    });
  });
});
