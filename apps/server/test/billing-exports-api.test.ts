import { DATEV_DEFAULTS } from '@housnkuh/shared/schemas/billing';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../src/db/transaction';
import { insertCancellation, insertSettlementDocuments } from '../src/modules/documents/public';
import { octoberDocuments, producer } from './documents-fixtures';
import { createTestApp, signedInAdmin, type TestApp } from './helpers';

// The accountant's exports (issue 26, docs/decisions/0035): GET /api/admin/exports/documents.csv
// and /api/admin/exports/datev over documents issued through the documents module.
let t: TestApp;
let adminToken = '';
let invoiceNumbers: string[] = [];

const BILLING = {
  steuernummer: '214/123/45678',
  ustIdNr: null,
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
  kontoinhaber: 'Eva Kraus',
  zahlungszielTage: 14,
  datev: {
    beraternummer: null,
    mandantennummer: null,
    ...DATEV_DEFAULTS,
  },
};

beforeAll(async () => {
  t = await createTestApp({ build: { startOutbox: false } });
  adminToken = await signedInAdmin(t);
  const db = t.database.db;
  const anna = await producer(db, 'Anna Müller');
  const bernd = await producer(db, 'Bernd Öztürk');
  const issued = await transaction(db, (tx) =>
    insertSettlementDocuments(tx, [octoberDocuments(anna), octoberDocuments(bernd)], '2026-11-03'),
  );
  const invoices = issued.filter((d) => d.type === 'rechnung');
  invoiceNumbers = invoices.map((d) => d.number);
  // Bernd's invoice is cancelled later in November
  await transaction(db, (tx) =>
    insertCancellation(tx, invoices[1]!.id, 'Falscher Mietzeitraum', '2026-11-20'),
  );
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${adminToken}` } });

describe('GET /api/admin/exports/documents.csv', () => {
  it('lists every line of the invoices and cancellations issued in the period, not the statements', async () => {
    expect(invoiceNumbers).toEqual(['RE-2026-00001', 'RE-2026-00002']);
    const response = await get(
      '/api/admin/exports/documents.csv?from=2026-11-01&to=2026-11-30&nach=belegdatum',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="belege-belegdatum-2026-11-01-bis-2026-11-30.csv"',
    );
    const text = response.body;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = text.slice(1).trimEnd().split('\n');
    expect(rows[0]).toBe(
      'Datum;Nummer;Leistungsmonat;Erzeuger;Text;Netto (EUR);USt-Satz (%);USt (EUR);Brutto (EUR)',
    );
    const anna = rows.filter((row) => row.includes('RE-2026-00001'));
    expect(anna).toHaveLength(3);
    expect(anna[0]).toMatch(
      /^03\.11\.2026;RE-2026-00001;10\/2026;Hof Müller;Miete Mietfach A10 \(V-2026-0001\), 01\.10\.–31\.10\.2026, 31 von 31 Tagen;12,61;19;2,39;15,00$/,
    );
    expect(anna[1]).toMatch(
      /^03\.11\.2026;RE-2026-00001;10\/2026;Hof Müller;Provision 4 %.*;1,36;19;0,26;1,62$/,
    );
    expect(anna[2]).toBe(
      '03.11.2026;RE-2026-00001;10/2026;Hof Müller;Erstattung fehlende Ware;-2,94;19;-0,56;-3,50',
    );
    // the cancellation: its own number and date, the figures negated
    const storno = rows.filter((row) => row.includes('ST-2026-00001'));
    expect(storno).toHaveLength(3);
    expect(storno[0]).toMatch(
      /^20\.11\.2026;ST-2026-00001;10\/2026;Hof Öztürk;Miete .*;-12,61;19;-2,39;-15,00$/,
    );
    expect(text).not.toContain('VA-2026-');
    expect(rows).toHaveLength(1 + 3 + 3 + 3);

    // a period without documents: the header only
    const empty = await get(
      '/api/admin/exports/documents.csv?from=2026-10-01&to=2026-10-31&nach=belegdatum',
    );
    expect(empty.statusCode).toBe(200);
    expect(empty.body.slice(1).trimEnd().split('\n')).toHaveLength(1);
  });

  it('selects by the settled month by default (Leistungsmonat, named in the file name)', async () => {
    const october = await get('/api/admin/exports/documents.csv?from=2026-10-01&to=2026-10-31');
    expect(october.statusCode, october.body).toBe(200);
    expect(october.headers['content-disposition']).toBe(
      'attachment; filename="belege-leistungsmonat-2026-10-01-bis-2026-10-31.csv"',
    );
    const rows = october.body.slice(1).trimEnd().split('\n');
    // both invoices and the cancellation (issued in November) belong to October's service
    expect(rows).toHaveLength(1 + 3 + 3 + 3);
    expect(rows.slice(1).every((row) => row.split(';')[2] === '10/2026')).toBe(true);
    const november = await get('/api/admin/exports/documents.csv?from=2026-11-01&to=2026-11-30');
    expect(november.body.slice(1).trimEnd().split('\n')).toHaveLength(1);
    const bad = await get('/api/admin/exports/documents.csv?from=2026-11-01&to=2026-11-30&nach=x');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Bitte wähle „leistungsmonat“ oder „belegdatum“');
  });

  it('refuses a bad period with a German message', async () => {
    for (const [query, message] of [
      [
        'from=2026-11-30&to=2026-11-01',
        'Das Ende des Zeitraums darf nicht vor seinem Beginn liegen',
      ],
      ['from=2026-11-01&to=2028-11-01', 'Der Zeitraum darf höchstens zwei Jahre umfassen'],
      ['from=2026-02-30&to=2026-03-01', 'Dieses Datum gibt es nicht'],
      ['from=2026-11-01', 'Bitte ein Datum angeben'],
    ] as const) {
      const response = await get(`/api/admin/exports/documents.csv?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().success).toBe(false);
      expect(JSON.stringify(response.json()), query).toContain(message);
    }
  });
});

describe('GET /api/admin/exports/datev', () => {
  it('needs the consultant and client number (Einstellungen → Abrechnung)', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/billing-settings',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: BILLING,
    });
    expect(put.statusCode, put.body).toBe(200);
    const response = await get('/api/admin/exports/datev?from=2026-11-01&to=2026-11-30');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      message:
        'Für den DATEV-Export fehlen die Berater- und die Mandantennummer (Einstellungen → Abrechnung).',
    });
  });

  it('answers the EXTF Buchungsstapel in Windows-1252 with a debitor per producer', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/billing-settings',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: {
        ...BILLING,
        datev: { ...BILLING.datev, beraternummer: 29098, mandantennummer: 55003 },
      },
    });
    const response = await get('/api/admin/exports/datev?from=2026-11-01&to=2026-11-30');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=windows-1252');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="EXTF_Buchungsstapel_20261101_20261130.csv"',
    );
    const text = iconv.decode(response.rawPayload, 'win1252');
    const rows = text.split('\r\n');
    expect(rows[0]).toMatch(
      /^"EXTF";700;21;"Buchungsstapel";13;\d{17};;"RE";"";"";29098;55003;20260101;4;20261101;20261130;/,
    );
    expect(rows[1]!.startsWith('"Umsatz (ohne Soll/Haben-Kz)";"Soll/Haben-Kennzeichen"')).toBe(
      true,
    );
    const bookings = rows.slice(2, -1).map((row) => row.split(';'));
    expect(bookings.map((b) => [b[0], b[1], b[6], b[7], b[9], b[10]])).toEqual([
      ['15,00', '"S"', '10000', '8400', '0311', '"RE-2026-00001"'],
      ['1,62', '"S"', '10000', '8519', '0311', '"RE-2026-00001"'],
      ['3,50', '"H"', '10000', '8400', '0311', '"RE-2026-00001"'],
      ['15,00', '"S"', '10001', '8400', '0311', '"RE-2026-00002"'],
      ['1,62', '"S"', '10001', '8519', '0311', '"RE-2026-00002"'],
      ['3,50', '"H"', '10001', '8400', '0311', '"RE-2026-00002"'],
      // the statements: each invoice (15,00 + 1,62 − 3,50) offset against the collected sales
      ['13,12', '"S"', '1590', '10000', '0311', '"VA-2026-00001"'],
      ['13,12', '"S"', '1590', '10001', '0311', '"VA-2026-00002"'],
      ['15,00', '"H"', '10001', '8400', '2011', '"ST-2026-00001"'],
      ['1,62', '"H"', '10001', '8519', '2011', '"ST-2026-00001"'],
      ['3,50', '"S"', '10001', '8400', '2011', '"ST-2026-00001"'],
    ]);
    // the same producers keep their debitors in the next export
    const again = iconv.decode(
      (await get('/api/admin/exports/datev?from=2026-11-20&to=2026-11-30')).rawPayload,
      'win1252',
    );
    expect(again.split('\r\n')[2]!.split(';')[6]).toBe('10001');
  });

  it('refuses a period over New Year: one fiscal year per file', async () => {
    const response = await get('/api/admin/exports/datev?from=2026-12-01&to=2027-01-31');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        field: 'to',
        message:
          'Ein DATEV-Export umfasst ein Wirtschaftsjahr: Beginn und Ende müssen im selben Kalenderjahr liegen',
      },
    ]);
  });
});
