import { DATEV_DEFAULTS } from '@housnkuh/shared/schemas/billing';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { settleMonth, type Settlement } from '@housnkuh/shared/settlement';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { transaction } from '../src/db/transaction';
import { documents } from '../src/modules/documents/schema';
import { BUCHUNGSSTAPEL_COLUMNS } from '../src/modules/billing/exports';
import { insertCancellation, insertSettlementDocuments } from '../src/modules/documents/public';
import { bindingContract, producer, sale, type Producer } from './documents-fixtures';
import { createTestApp, signedInAdmin, type TestApp } from './helpers';

// The books (issue 30, docs/decisions/0041): the DATEV file read as the accountant reads
// it (Windows-1252, semicolons, 125 columns), with the binding example of docs/product/money.md
// booked through: opening 01.07.2026, one producer, block-b at 15,00 € from 01.08.2026 (free
// month 01.08.–30.08.), August −0,48 €, September −15,00 €, October sales 25,50 €.

const CONTRACT = bindingContract('Verkaufsblock Lage B');

function figures(month: string, openItems: Settlement['openItems'] = []): Settlement {
  return settleMonth({
    month,
    freeMonth: { start: '2026-08-01', end: '2026-08-30' },
    contracts: [CONTRACT],
    sales:
      month === '2026-10'
        ? [
            sale('2026-10-05', 450),
            sale('2026-10-12', 450),
            sale('2026-10-20', 450),
            sale('2026-10-24', 1200, 1900),
          ]
        : [],
    manualLines: [],
    openItems,
    shopVatRateBp: 1900,
  });
}

const BILLING = {
  steuernummer: '214/123/45678',
  ustIdNr: null,
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
  kontoinhaber: 'Eva Kraus',
  zahlungszielTage: 14,
  datev: {
    beraternummer: 29098,
    mandantennummer: 55003,
    ...DATEV_DEFAULTS,
  },
};

let t: TestApp;
let adminToken = '';

beforeAll(async () => {
  t = await createTestApp({ build: { startOutbox: false } });
  adminToken = await signedInAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${adminToken}` } });
const put = (url: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: { authorization: `Bearer ${adminToken}` },
    payload,
  });

/** Issues a producer's month (invoice and statement) on `issuedOn`. */
async function issue(who: Producer, month: string, settlement: Settlement, issuedOn: string) {
  return transaction(t.database.db, (tx) =>
    insertSettlementDocuments(
      tx,
      [{ vendorId: who.id, month, settlement, parties: who.parties }],
      issuedOn,
    ),
  );
}

interface Row {
  amount: number;
  side: 'S' | 'H';
  account: number;
  contra: number;
  row: string[];
}

/** The DATEV file as the accountant's tools read it: header, column names, bookings. */
async function datevFile(from: string, to: string) {
  const response = await get(`/api/admin/exports/datev?from=${from}&to=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  const text = iconv.decode(response.rawPayload, 'win1252');
  const records = parse(text, {
    delimiter: ';',
    relax_column_count: true,
    record_delimiter: '\r\n',
  }) as string[][];
  const [header, columns, ...bookings] = records;
  const rows: Row[] = bookings.map((row) => ({
    amount: Math.round(Number(row[0]!.replace(',', '.')) * 100),
    side: row[1] as 'S' | 'H',
    account: Number(row[6]),
    contra: Number(row[7]),
    row,
  }));
  return { header: header!, columns: columns!, rows, text };
}

/** The balance of each account (debit positive), over the file's bookings and `more`. */
function balances(rows: readonly Pick<Row, 'amount' | 'side' | 'account' | 'contra'>[]) {
  const sums = new Map<number, number>();
  const add = (account: number, cents: number) =>
    sums.set(account, (sums.get(account) ?? 0) + cents);
  for (const row of rows) {
    const debit = row.side === 'S' ? row.amount : -row.amount;
    add(row.account, debit);
    add(row.contra, -debit);
  }
  return sums;
}

const BANK = 1200;
const KASSE = 1000;
/** A booking from the bank statement or the cash book (not in the file). */
const external = (amount: number, account: number, contra: number) => ({
  amount,
  side: 'S' as const,
  account,
  contra,
});

describe('the DATEV file, format version 13', () => {
  it('has the 125 columns of the format in the header row and in every booking', async () => {
    expect(BUCHUNGSSTAPEL_COLUMNS).toHaveLength(125);
    expect(new Set(BUCHUNGSSTAPEL_COLUMNS).size).toBe(125);
    expect(BUCHUNGSSTAPEL_COLUMNS.slice(113)).toEqual([
      'Festschreibung',
      'Leistungsdatum',
      'Datum Zuord. Steuerperiode',
      'Fälligkeit',
      'Generalumkehr (GU)',
      'Steuersatz',
      'Land',
      'Abrechnungsreferenz',
      'BVV-Position',
      'EU-Mitgliedstaat u. UStID (Ursprung)',
      'EU-Steuersatz (Ursprung)',
      'Abw. Skontokonto',
    ]);
    expect(BUCHUNGSSTAPEL_COLUMNS[113]).toBe('Festschreibung');
    expect(BUCHUNGSSTAPEL_COLUMNS[114]).toBe('Leistungsdatum');
    expect(BUCHUNGSSTAPEL_COLUMNS[115]).toBe('Datum Zuord. Steuerperiode');
  });
});

describe('the binding example booked through', () => {
  let paid: Producer;
  let owing: Producer;

  it('books every month with its service date, and the settings take Soll/Ist and the expense account', async () => {
    // defaults of the new billing fields
    const before = await get('/api/admin/billing-settings');
    expect(before.json().settings).toMatchObject({
      besteuerung: 'soll',
      abrechnungAb: null,
      datev: { aufwandskontoErstattung: 4900, erloeskontoErmaessigt: 8300 },
    });
    const saved = await put('/api/admin/billing-settings', BILLING);
    expect(saved.statusCode, saved.body).toBe(200);

    const db = t.database.db;
    // the producer that paid August and September by transfer: October pays out 9,29 €
    paid = await producer(db, 'Anna Zahlt');
    // the producer whose August and September are offset: October is −6,19 €
    owing = await producer(db, 'Bernd Schuldet');

    const august = figures('2026-08');
    expect(august.payoutCents).toBe(-48);
    const september = figures('2026-09');
    expect(september.payoutCents).toBe(-1500);
    await issue(paid, '2026-08', august, '2026-09-01');
    await issue(owing, '2026-08', august, '2026-09-01');
    await issue(paid, '2026-09', september, '2026-10-01');
    // Bernd's September offsets August's open 0,48 €
    const septemberOwing = figures('2026-09', [
      { id: 'o-aug', month: '2026-08', documentNumber: 'VA-2026-00002', amountCents: 48 },
    ]);
    expect(septemberOwing.payoutCents).toBe(-1548);
    await issue(owing, '2026-09', septemberOwing, '2026-10-01');
    const october = figures('2026-10');
    expect(october.payoutCents).toBe(929);
    expect(october.invoice.grossCents).toBe(1621);
    await issue(paid, '2026-10', october, '2026-11-02');
    const octoberOwing = figures('2026-10', [
      { id: 'o-sep', month: '2026-09', documentNumber: 'VA-2026-00004', amountCents: 1548 },
    ]);
    expect(octoberOwing.payoutCents).toBe(-619);
    await issue(owing, '2026-10', octoberOwing, '2026-11-02');

    const { header, columns, rows } = await datevFile('2026-09-01', '2026-11-30');
    // the header's label is not cut inside a date
    expect(header[16]).toBe('Belege 01.09.2026-30.11.2026');
    expect(header[16]!.length).toBeLessThanOrEqual(30);
    expect(columns).toEqual([...BUCHUNGSSTAPEL_COLUMNS]);
    for (const { row } of rows) expect(row).toHaveLength(125);

    const leistungsdatum = BUCHUNGSSTAPEL_COLUMNS.indexOf('Leistungsdatum');
    const steuerperiode = BUCHUNGSSTAPEL_COLUMNS.indexOf('Datum Zuord. Steuerperiode');
    const annaAccount = 10000;
    const berndAccount = 10001;
    const essentials = rows.map(({ row }) => [
      row[0],
      row[1],
      row[6],
      row[7],
      row[9],
      row[10],
      row[leistungsdatum],
      row[steuerperiode],
    ]);
    expect(rows.find(({ row }) => row[10] === 'VA-2026-00005')!.row[13]).toBe(
      'Verrechnung RE-2026-00005 mit Verkäufen Oktober 2026',
    );
    expect(rows.filter(({ row }) => row[10] === 'VA-2026-00006').map(({ row }) => row[13])).toEqual(
      [
        'Verrechnung offener Betrag September 2026 (VA-2026-00004)',
        'Verrechnung RE-2026-00006 mit Verkäufen Oktober 2026',
      ],
    );
    expect(essentials).toEqual([
      // August, issued 01.09.: the rent for 31.08. (service date 31.08., VAT in August: Soll)
      ['0,48', 'S', `${annaAccount}`, '8400', '0109', 'RE-2026-00001', '31082026', '31082026'],
      ['0,48', 'S', `${berndAccount}`, '8400', '0109', 'RE-2026-00002', '31082026', '31082026'],
      // no sales: nothing offset, the 0,48 € stay owed on the debitor
      // September
      ['15,00', 'S', `${annaAccount}`, '8400', '0110', 'RE-2026-00003', '30092026', '30092026'],
      ['15,00', 'S', `${berndAccount}`, '8400', '0110', 'RE-2026-00004', '30092026', '30092026'],
      // October: Anna's invoice, then its offset against the collected sales
      ['15,00', 'S', `${annaAccount}`, '8400', '0211', 'RE-2026-00005', '31102026', '31102026'],
      ['1,21', 'S', `${annaAccount}`, '8519', '0211', 'RE-2026-00005', '31102026', '31102026'],
      ['15,00', 'S', `${berndAccount}`, '8400', '0211', 'RE-2026-00006', '31102026', '31102026'],
      ['1,21', 'S', `${berndAccount}`, '8519', '0211', 'RE-2026-00006', '31102026', '31102026'],
      ['16,21', 'S', '1590', `${annaAccount}`, '0211', 'VA-2026-00005', '31102026', ''],
      // Bernd: September's open 15,48 € offset in full, then of the invoice what the sales cover
      ['15,48', 'S', '1590', `${berndAccount}`, '0211', 'VA-2026-00006', '31102026', ''],
      ['10,02', 'S', '1590', `${berndAccount}`, '0211', 'VA-2026-00006', '31102026', ''],
    ]);

    // Anna paid August and September by transfer; the till collected 25,50 € for each;
    // Anna's payout of 9,29 € and Bernd's transfer of the 6,19 € he owes: the bank statement
    const sums = balances([
      ...rows,
      external(48, BANK, annaAccount),
      external(1500, BANK, annaAccount),
      external(2550, KASSE, 1590),
      external(2550, KASSE, 1590),
      external(929, 1590, BANK),
      external(619, BANK, berndAccount),
    ]);
    expect(sums.get(annaAccount)).toBe(0);
    expect(sums.get(berndAccount)).toBe(0);
    expect(sums.get(1590)).toBe(0);
    // the shop's revenue: 3 × rent (0,48 + 15,00 + 15,00 each), 2 × commission 1,21
    expect(sums.get(8400)).toBe(-2 * (48 + 1500 + 1500));
    expect(sums.get(8519)).toBe(-2 * 121);
  });

  it('reverses a cancelled statement offset, sides swapped, with the storno number and date', async () => {
    const { rows: before } = await datevFile('2026-11-01', '2026-11-30');
    expect(before.some((row) => row.row[10] === 'VA-2026-00005')).toBe(true);
    const [statement] = await t.database.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.number, 'VA-2026-00005'));
    const id = statement!.id;
    await transaction(t.database.db, (tx) =>
      insertCancellation(tx, id, 'Falsche Verkäufe', '2026-11-20'),
    );
    const { rows } = await datevFile('2026-11-20', '2026-11-30');
    expect(rows.map(({ row }) => [row[0], row[1], row[6], row[7], row[10], row[13]])).toEqual([
      [
        '16,21',
        'H',
        '1590',
        '10000',
        'ST-2026-00001',
        // DATEV's 60 characters
        'Storno VA-2026-00005: Verrechnung Rechnung mit Verkäufen Oktober 2026'.slice(0, 60),
      ],
    ]);
  });

  it('Ist taxation (§ 20 UStG): no tax period of the service month on the revenue', async () => {
    const saved = await put('/api/admin/billing-settings', { ...BILLING, besteuerung: 'ist' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.besteuerung).toBe('ist');
    const { rows } = await datevFile('2026-11-01', '2026-11-10');
    const steuerperiode = BUCHUNGSSTAPEL_COLUMNS.indexOf('Datum Zuord. Steuerperiode');
    const leistungsdatum = BUCHUNGSSTAPEL_COLUMNS.indexOf('Leistungsdatum');
    expect(rows.length).toBeGreaterThan(0);
    for (const { row } of rows) {
      expect(row[leistungsdatum]).toBe('31102026');
      expect(row[steuerperiode]).toBe('');
    }
    await put('/api/admin/billing-settings', BILLING);
    expect(owing.id).not.toBe(paid.id);
  });
});
