import iconv from 'iconv-lite';
import { randomUUID } from 'node:crypto';
import { DEFAULT_BILLING_SETTINGS, type BillingSettings } from '@housnkuh/shared/schemas/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUCHUNGSSTAPEL_COLUMN_COUNT,
  datevBuchungsstapel,
  documentLinesCsv,
} from '../src/modules/billing/exports';
import type { DocumentLine } from '../src/modules/documents/public';
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

/** The binding example's October invoice (PRODUCT.md "Money"), a manual line and a cancellation. */
const LINES: DocumentLine[] = [
  {
    issuedOn: '2026-11-03',
    number: 'RE-2026-00001',
    type: 'rechnung',
    vendorId: A,
    vendorName: 'Imkerei Größer',
    text: 'Miete Mietfächer B1 (V-2026-0001), 01.10.–31.10.2026, 31 von 31 Tagen',
    netCents: 1261,
    vatRateBp: 1900,
    vatCents: 239,
    grossCents: 1500,
    kind: 'rent',
  },
  {
    issuedOn: '2026-11-03',
    number: 'RE-2026-00001',
    type: 'rechnung',
    vendorId: A,
    vendorName: 'Imkerei Größer',
    text: 'Provision 4 % auf Verkäufe von 25,50 €',
    netCents: 102,
    vatRateBp: 1900,
    vatCents: 19,
    grossCents: 121,
    kind: 'commission',
  },
  {
    issuedOn: '2026-11-03',
    number: 'RE-2026-00002',
    type: 'rechnung',
    vendorId: B,
    vendorName: '=Hof "Sonne"',
    text: 'Erstattung fehlender Ware (AGB § 8)',
    netCents: -500,
    vatRateBp: 0,
    vatCents: 0,
    grossCents: -500,
    kind: 'manual',
  },
  {
    issuedOn: '2026-11-20',
    number: 'ST-2026-00001',
    type: 'storno',
    vendorId: A,
    vendorName: 'Imkerei Größer',
    text: 'Provision 4 % auf Verkäufe von 25,50 €',
    netCents: -102,
    vatRateBp: 1900,
    vatCents: -19,
    grossCents: -121,
    kind: 'commission',
  },
];

describe('documentLinesCsv', () => {
  it('lists every line with date, number, producer, text, net, rate, VAT, gross (UTF-8 with BOM)', () => {
    const csv = documentLinesCsv(LINES);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = csv.slice(1).trimEnd().split('\n');
    expect(rows[0]).toBe(
      'Datum;Nummer;Erzeuger;Text;Netto (EUR);USt-Satz (%);USt (EUR);Brutto (EUR)',
    );
    expect(rows[1]).toBe(
      '03.11.2026;RE-2026-00001;Imkerei Größer;Miete Mietfächer B1 (V-2026-0001), 01.10.–31.10.2026, 31 von 31 Tagen;12,61;19;2,39;15,00',
    );
    expect(rows[2]).toBe(
      '03.11.2026;RE-2026-00001;Imkerei Größer;Provision 4 % auf Verkäufe von 25,50 €;1,02;19;0,19;1,21',
    );
    // a name a spreadsheet would run as a formula stays text; quotes are CSV-escaped
    expect(rows[3]).toBe(
      `03.11.2026;RE-2026-00002;"'=Hof ""Sonne""";Erstattung fehlender Ware (AGB § 8);-5,00;0;0,00;-5,00`,
    );
    expect(rows[4]).toBe(
      '20.11.2026;ST-2026-00001;Imkerei Größer;Provision 4 % auf Verkäufe von 25,50 €;-1,02;19;-0,19;-1,21',
    );
  });
});

describe('datevBuchungsstapel (EXTF)', () => {
  const file = datevBuchungsstapel({
    settings: SETTINGS,
    from: '2026-11-01',
    to: '2026-11-30',
    lines: LINES,
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

  it('starts with the EXTF header: consultant, client, fiscal year, account length, period', () => {
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
    expect(header[21]).toBe('"EUR"');
    expect(header).toHaveLength(31);
  });

  it('names the columns, then books each line: debitor against the revenue account', () => {
    const columns = rows[1]!.split(';');
    expect(columns).toHaveLength(BUCHUNGSSTAPEL_COLUMN_COUNT);
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
    expect(bookings).toHaveLength(4);
    for (const booking of bookings) expect(booking).toHaveLength(BUCHUNGSSTAPEL_COLUMN_COUNT);
    const essentials = bookings.map((b) => [b[0], b[1], b[6], b[7], b[8], b[9], b[10]]);
    expect(essentials).toEqual([
      // rent at 19 % on 8400 (automatic account: no BU key)
      ['15,00', '"S"', '10000', '8400', '""', '0311', '"RE-2026-00001"'],
      // commission at 19 % on 8519
      ['1,21', '"S"', '10000', '8519', '""', '0311', '"RE-2026-00001"'],
      // a refund at 0 % to the producer: a credit on the clearing account
      ['5,00', '"H"', '10001', '1590', '""', '0311', '"RE-2026-00002"'],
      // the cancellation of a commission: a credit on 8519
      ['1,21', '"H"', '10000', '8519', '""', '2011', '"ST-2026-00001"'],
    ]);
    // the booking text, cut to DATEV's 60 characters
    expect(bookings[0]![13]).toBe(`"${LINES[0]!.text.slice(0, 60)}"`);
  });

  it('refuses a file without consultant and client number, or over two fiscal years', () => {
    const base = { lines: LINES, debitors: { [A]: 10000, [B]: 10001 }, createdAt: new Date() };
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
