import { inStoreEan } from '@housnkuh/shared/ean';
import { DEMO_DATA_MESSAGES } from '@housnkuh/shared/schemas/admin-users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit } from '../src/modules/audit/schema';
import { posKeys, salesLines } from '../src/modules/sales/schema';
import { vendors } from '../src/modules/vendors/schema';
import {
  appRoutes,
  bearerSender,
  createTestApp,
  pinDay,
  signedInAdmin,
  type TestApp,
} from './helpers';
import { producer, product } from './sales-fixtures';

pinDay('2026-03-20');

const HONEY = inStoreEan(201);
const CHEESE = inStoreEan(202);
const OLD = inStoreEan(203);

let t: TestApp;
let token = '';
let hofId = '';
beforeAll(async () => {
  // with the demo producers, for the demo removal check
  t = await createTestApp({ env: { DEMO_DATA: 'true' } });
  token = await signedInAdmin(t);
  hofId = await producer(t.database.db, {
    name: 'Anna Huber',
    unternehmen: 'Hof "Huber"; Kronach',
    // a § 24 farmer: 7,8 % for its cheese, 7 % for its (bought-in) honey
    taxStatus: 'pauschaliert',
  });
  await product(t.database.db, hofId, { name: 'Blütenhonig 500 g', ean: HONEY, priceCents: 650 });
  await product(t.database.db, hofId, {
    name: 'Bergkäse',
    ean: CHEESE,
    priceCents: 2490,
    unit: 'kg',
    vatRateBp: 780,
  });
  await product(t.database.db, hofId, {
    name: 'Alter Honig',
    ean: OLD,
    priceCents: 500,
    isActive: false,
  });
});
afterAll(async () => {
  await t?.close();
});

const admin = bearerSender(
  () => t,
  () => token,
);

const till = (method: 'GET' | 'POST', url: string, key: string | undefined, body?: object) =>
  t.app.inject({
    method,
    url,
    headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
    ...(body ? { payload: body } : {}),
  });

async function newKey(name: string): Promise<{ id: string; secret: string }> {
  const created = await admin('POST', '/api/admin/pos-keys', { name });
  expect(created.statusCode, created.body).toBe(200);
  return { id: created.json().key.id, secret: created.json().secret };
}

/** A till line of one honey at 6,50 € and 7 %, but for `changes` (what a test is about). */
const honeyLine = (position: number, changes: object = {}) => ({
  position,
  ean: HONEY,
  name: 'Honig',
  quantity: 1,
  unitPriceGrossCents: 650,
  vatRate: 7,
  ...changes,
});

const receipt = (id: string, lines: object[], time = '2026-03-19T10:15:00+01:00') => ({
  id,
  time,
  lines,
});

describe('till keys (Einstellungen → Kasse)', () => {
  it('creates a key shown once, stores only its hash, lists it and records it', async () => {
    const created = await admin('POST', '/api/admin/pos-keys', { name: 'Kasse Laden' });
    expect(created.statusCode, created.body).toBe(200);
    const { key, secret, message } = created.json();
    expect(key.name).toBe('Kasse Laden');
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(message).toBe('Kassenschlüssel „Kasse Laden“ angelegt.');
    const [row] = await t.database.db.select().from(posKeys).where(eq(posKeys.id, key.id));
    expect(row!.secretHash).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret);

    const list = await admin('GET', '/api/admin/pos-keys');
    expect(list.json().keys).toContainEqual(
      expect.objectContaining({
        id: key.id,
        name: 'Kasse Laden',
        lastUsedAt: null,
        revokedAt: null,
      }),
    );
    expect(list.body).not.toContain(secret);
    const audit = await t.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'pos-key.create'));
    expect(JSON.stringify(audit)).not.toContain(secret);
    expect(audit).toHaveLength(1);

    const noName = await admin('POST', '/api/admin/pos-keys', { name: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors[0].message).toBe('Bitte gib dem Schlüssel einen Namen.');
  });

  it('refuses a missing, wrong or revoked key with 401 and a German JSON message; notes the last use', async () => {
    const { id, secret } = await newKey('Kasse 2');
    for (const key of [undefined, 'x'.repeat(43), token]) {
      const response = await till('GET', '/api/pos/products', key);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        message: 'Kein gültiger Kassenschlüssel. Lege unter Einstellungen → Kasse einen an.',
      });
    }
    expect((await till('GET', '/api/pos/products', secret)).statusCode).toBe(200);
    const [used] = await t.database.db.select().from(posKeys).where(eq(posKeys.id, id));
    expect(used!.lastUsedAt).not.toBeNull();
    // a till key opens no admin route
    expect((await till('GET', '/api/admin/pos-keys', secret)).statusCode).toBe(401);

    const revoked = await admin('DELETE', `/api/admin/pos-keys/${id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().key.revokedAt).not.toBeNull();
    const after = await till('GET', '/api/pos/products', secret);
    expect(after.statusCode).toBe(401);
    expect(after.json().success).toBe(false);
    const sale = await till('POST', '/api/pos/sales', secret, { receipts: [] });
    expect(sale.statusCode).toBe(401);

    const again = await admin('DELETE', `/api/admin/pos-keys/${id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Der Kassenschlüssel „Kasse 2“ ist gesperrt.');
    expect((await admin('DELETE', '/api/admin/pos-keys/unbekannt')).statusCode).toBe(404);
  });

  it('opens the till routes to no session: neither an admin nor a producer', async () => {
    const routes = appRoutes(t.app).filter(({ path }) => path.startsWith('/api/pos/'));
    expect(routes.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      'GET /api/pos/products',
      'GET /api/pos/products.csv',
      'POST /api/pos/sales',
    ]);
    for (const { method, path } of routes) {
      for (const key of [undefined, token]) {
        const response = await till(method as 'GET', path, key, method === 'GET' ? undefined : {});
        expect(response.statusCode, `${method} ${path}`).toBe(401);
      }
    }
  });
});

describe('the product list of the till', () => {
  it('lists every active product with EAN, price, rate, unit and the producer as seller', async () => {
    const { secret } = await newKey('Kasse Liste');
    const response = await till('GET', '/api/pos/products', secret);
    expect(response.statusCode, response.body).toBe(200);
    const listed = response.json().products as { ean: string }[];
    expect(listed.find((p) => p.ean === CHEESE)).toEqual({
      ean: CHEESE,
      name: 'Bergkäse',
      priceCents: 2490,
      vatRate: 7.8,
      unit: 'kg',
      seller: { name: 'Hof "Huber"; Kronach', address: 'Dorfstraße 3, 96317 Kronach' },
      steuerhinweis: 'Durchschnittssatz nach § 24 UStG',
    });
    expect(listed.map((p) => p.ean)).toContain(HONEY);
    // a deactivated product is not on the till's list
    expect(listed.map((p) => p.ean)).not.toContain(OLD);
  });

  it('gives the same list as CSV: UTF-8 with BOM, semicolons, German decimals, quoted where needed', async () => {
    const { secret } = await newKey('Kasse CSV');
    const response = await till('GET', '/api/pos/products.csv', secret);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\n');
    expect(lines[0]).toBe(
      'ean;artikel;preis_brutto;mwst_satz;einheit;verkaeufer;verkaeufer_anschrift;steuerhinweis',
    );
    expect(lines).toContain(
      `${CHEESE};Bergkäse;24,90;7,8;kg;"Hof ""Huber""; Kronach";Dorfstraße 3, 96317 Kronach;Durchschnittssatz nach § 24 UStG`,
    );
    expect(lines).toContain(
      `${HONEY};Blütenhonig 500 g;6,50;7;Stück;"Hof ""Huber""; Kronach";Dorfstraße 3, 96317 Kronach;Durchschnittssatz nach § 24 UStG`,
    );
    // the admin downloads the same file
    const download = await admin('GET', '/api/admin/pos/products.csv');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('kasse-produkte.csv');
    expect(download.body).toBe(response.body);
  });
});

describe('one CSV writer (issue 30, item 15)', () => {
  it('writes a formula-like product name as text in the till’s CSV, for the till and the admin', async () => {
    const trick = await producer(t.database.db, { name: 'Trick' });
    await product(t.database.db, trick, {
      name: '=HYPERLINK("https://example.com","Klick")',
      ean: inStoreEan(211),
      priceCents: 100,
    });
    await product(t.database.db, trick, {
      name: '@SUMME(A1)',
      ean: inStoreEan(212),
      priceCents: 100,
    });
    await product(t.database.db, trick, {
      name: '-2+3 Eier',
      ean: inStoreEan(213),
      priceCents: 100,
    });
    const { secret } = await newKey('Kasse Formel');
    for (const response of [
      await till('GET', '/api/pos/products.csv', secret),
      await admin('GET', '/api/admin/pos/products.csv'),
    ]) {
      expect(response.statusCode).toBe(200);
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(lines.find((line) => line.startsWith(inStoreEan(211)))).toContain(
        `;"'=HYPERLINK(""https://example.com"",""Klick"")";`,
      );
      expect(lines.find((line) => line.startsWith(inStoreEan(212)))).toContain(`;'@SUMME(A1);`);
      expect(lines.find((line) => line.startsWith(inStoreEan(213)))).toContain(`;'-2+3 Eier;`);
      // no cell of the file starts a formula
      for (const line of lines)
        for (const cell of line.split(';')) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+@]/);
    }
  });
});

describe('POST /api/pos/sales', () => {
  it('takes the receipts, names bad lines, and is idempotent on a replay', async () => {
    const { secret } = await newKey('Kasse Verkauf');
    const body = {
      receipts: [
        receipt('K-1', [
          {
            position: 1,
            ean: HONEY,
            name: 'Blütenhonig',
            quantity: 2,
            unitPriceGrossCents: 650,
            vatRate: 7,
            lineTotalGrossCents: 1300,
          },
          {
            position: 2,
            ean: CHEESE,
            name: 'Bergkäse',
            quantity: 0.352,
            unitPriceGrossCents: 2490,
            vatRate: 7.8,
          },
          {
            position: 3,
            ean: '9999',
            name: 'Gutschein',
            quantity: 1,
            unitPriceGrossCents: 1000,
            vatRate: 0,
          },
        ]),
        receipt('K-2', [
          {
            position: 1,
            ean: HONEY,
            name: 'Rückgabe',
            quantity: -1,
            unitPriceGrossCents: 650,
            vatRate: 7,
            lineTotalGrossCents: -650,
          },
          honeyLine(2, { lineTotalGrossCents: 651 }),
          honeyLine(3, { quantity: 'eins' }),
          honeyLine(4, { unitPriceGrossCents: 6.5 }),
          honeyLine(5, { vatRate: 16 }),
        ]),
        receipt('K-3', [honeyLine(1)], '19.03.2026 10:15'),
      ],
    };
    const response = await till('POST', '/api/pos/sales', secret, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      imported: 4,
      duplicates: 0,
      unassigned: 1,
      clarify: 0,
      late: null,
      errors: [
        {
          line: 'receipts[1].lines[1]',
          message: 'Der Betrag 6,51 € passt nicht zu Menge × Einzelpreis (6,50 €).',
        },
        {
          line: 'receipts[1].lines[2]',
          message: 'Die Menge (quantity) muss eine Zahl mit höchstens drei Nachkommastellen sein.',
        },
        {
          line: 'receipts[1].lines[3]',
          message: 'Der Einzelpreis muss ein ganzzahliger Betrag in Cent ab 0 sein.',
        },
        {
          line: 'receipts[1].lines[4]',
          message:
            'Den Steuersatz 16 % gab es am Verkaufstag nicht (erlaubt: 0 %, 7 %, 7,8 %, 19 %).',
        },
        {
          line: 'receipts[2].lines[0]',
          message:
            'Die Zeit (time) muss ein Zeitpunkt mit Zeitzone sein, z. B. 2026-03-14T10:15:00+01:00.',
        },
      ],
    });
    const stored = await t.database.db
      .select()
      .from(salesLines)
      .where(eq(salesLines.source, 'pos'));
    expect(stored).toHaveLength(4);
    const cheese = stored.find((line) => line.ean === CHEESE)!;
    expect(cheese).toMatchObject({
      quantityThousandths: 352,
      lineTotalGrossCents: 876,
      vatRateBp: 780,
      vendorId: hofId,
    });
    expect(cheese.soldAt.toISOString()).toBe('2026-03-19T09:15:00.000Z');
    expect(JSON.parse(cheese.raw)).toEqual({
      receipt: { id: 'K-1', time: '2026-03-19T10:15:00+01:00' },
      line: body.receipts[0]!.lines[1],
    });

    // the till sends the same day again (a lost answer): only duplicates
    const replay = await till('POST', '/api/pos/sales', secret, body);
    expect(replay.json()).toMatchObject({ imported: 0, duplicates: 4, unassigned: 0 });
    expect(
      await t.database.db.select().from(salesLines).where(eq(salesLines.source, 'pos')),
    ).toHaveLength(4);

    // the same key with other content is an error, not a duplicate
    const changed = await till('POST', '/api/pos/sales', secret, {
      receipts: [
        receipt('K-1', [
          {
            position: 1,
            ean: HONEY,
            name: 'Blütenhonig',
            quantity: 3,
            unitPriceGrossCents: 650,
            vatRate: 7,
          },
        ]),
      ],
    });
    expect(changed.json()).toMatchObject({
      imported: 0,
      duplicates: 0,
      errors: [
        {
          line: 'receipts[0].lines[0]',
          message: 'Beleg K-1, Position 1 ist schon mit anderem Inhalt erfasst.',
        },
      ],
    });
  });

  it('names a line whose total is too big as its error and stores the other lines (issue 30, item 5)', async () => {
    const { secret } = await newKey('Kasse Überlauf');
    const response = await till('POST', '/api/pos/sales', secret, {
      receipts: [
        receipt('BIG-1', [
          honeyLine(1),
          // 100.000 × 10.000 € would be 1 billion euros: past a 32-bit integer of cents
          honeyLine(2, { quantity: 100000, unitPriceGrossCents: 1_000_000 }),
          // just past the bound of 1.000.000,00 €
          honeyLine(3, { quantity: 10001, unitPriceGrossCents: 10_000 }),
          // the bound itself is fine
          honeyLine(4, { quantity: -100, unitPriceGrossCents: 1_000_000 }),
        ]),
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const tooBig = 'Der Zeilenbetrag (Menge × Einzelpreis) ist zu hoch (höchstens 1.000.000,00 €).';
    expect(response.json()).toMatchObject({
      imported: 2,
      errors: [
        { line: 'receipts[0].lines[1]', message: tooBig },
        { line: 'receipts[0].lines[2]', message: tooBig },
      ],
    });
    const stored = await t.database.db
      .select()
      .from(salesLines)
      .where(eq(salesLines.receiptId, 'BIG-1'));
    expect(stored.map((line) => [line.position, line.lineTotalGrossCents]).sort()).toEqual([
      [1, 650],
      [4, -100_000_000],
    ]);
  });

  it('names a line dated before any VAT rate of the table as its error, never a 500', async () => {
    const { secret } = await newKey('Kasse Uralt');
    const line = honeyLine(1);
    const response = await till('POST', '/api/pos/sales', secret, {
      receipts: [
        receipt('OLD-1', [line], '1970-01-01T10:00:00+01:00'),
        receipt('OLD-2', [line], '0000-01-01T10:00:00Z'),
        receipt('OLD-3', [line]),
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const tooOld = 'Der Zeitpunkt liegt zu weit zurück (frühestens 01.01.2007).';
    expect(response.json()).toMatchObject({
      imported: 1,
      errors: [
        { line: 'receipts[0].lines[0]', message: tooOld },
        { line: 'receipts[1].lines[0]', message: tooOld },
      ],
    });
  });

  it('takes at most 10,000 lines in one request, 400 in German beyond (issue 30, item 18)', async () => {
    const { secret } = await newKey('Kasse Zeilen');
    // two receipts (far below the cap on receipts) with 10,001 lines in all
    const body = {
      receipts: [
        receipt(
          'MANY-1',
          Array.from({ length: 5000 }, (_, i) => honeyLine(i + 1)),
        ),
        receipt(
          'MANY-2',
          Array.from({ length: 5001 }, (_, i) => honeyLine(i + 1)),
        ),
      ],
    };
    const response = await till('POST', '/api/pos/sales', secret, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      message:
        'Höchstens 10.000 Zeilen auf einmal; bitte die Belege auf mehrere Sendungen verteilen.',
    });
    expect(
      await t.database.db.select().from(salesLines).where(eq(salesLines.receiptId, 'MANY-1')),
    ).toHaveLength(0);
  });

  it('refuses a body of the wrong shape with 400 in German', async () => {
    const { secret } = await newKey('Kasse Form');
    const response = await till('POST', '/api/pos/sales', secret, { belege: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });
});

describe('the till’s VAT against the producer’s tax status (issue 30, item 6)', () => {
  it('gives each product its producer’s tax note, in the JSON and as the CSV’s last column', async () => {
    const klein = await producer(t.database.db, {
      name: 'Karl Klein',
      taxStatus: 'kleinunternehmer',
    });
    const regel = await producer(t.database.db, { name: 'Rita Regel' });
    await product(t.database.db, klein, {
      name: 'Eier',
      ean: inStoreEan(221),
      priceCents: 300,
      vatRateBp: 0,
    });
    await product(t.database.db, regel, { name: 'Brot', ean: inStoreEan(222), priceCents: 400 });
    const { secret } = await newKey('Kasse Hinweis');
    const listed = (await till('GET', '/api/pos/products', secret)).json().products as {
      ean: string;
      steuerhinweis: string;
    }[];
    const note = (ean: string) => listed.find((p) => p.ean === ean)?.steuerhinweis;
    expect(note(inStoreEan(221))).toBe('Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.');
    expect(note(CHEESE)).toBe('Durchschnittssatz nach § 24 UStG');
    expect(note(inStoreEan(222))).toBe('');
    const csv = (await till('GET', '/api/pos/products.csv', secret)).body.split('\n');
    expect(csv.find((line) => line.startsWith(inStoreEan(221)))).toMatch(
      /;Gemäß § 19 UStG wird keine Umsatzsteuer berechnet\.$/,
    );
    expect(csv.find((line) => line.startsWith(inStoreEan(222)))).toMatch(/96317 Kronach;$/);
  });

  it('stores a line whose rate the status does not allow, counts it under clarify, never settles it unclarified', async () => {
    const klein = await producer(t.database.db, {
      name: 'Klara Klein',
      taxStatus: 'kleinunternehmer',
    });
    const ean = inStoreEan(231);
    await product(t.database.db, klein, { name: 'Marmelade', ean, priceCents: 450, vatRateBp: 0 });
    const { secret } = await newKey('Kasse Klären');
    const line = (position: number, vatRate: number) => ({
      position,
      ean,
      name: 'Marmelade',
      quantity: 1,
      unitPriceGrossCents: 450,
      vatRate,
    });
    const body = { receipts: [receipt('KU-1', [line(1, 0), line(2, 19), line(3, 7)])] };
    const response = await till('POST', '/api/pos/sales', secret, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      imported: 3,
      duplicates: 0,
      unassigned: 0,
      clarify: 2,
      late: null,
      errors: [],
    });
    // stored as they came, never changed
    const stored = await t.database.db
      .select()
      .from(salesLines)
      .where(eq(salesLines.receiptId, 'KU-1'));
    expect(stored.map((row) => [row.position, row.vatRateBp]).sort()).toEqual([
      [1, 0],
      [2, 1900],
      [3, 700],
    ]);
    // a replay: duplicates, nothing to clarify again
    const replay = await till('POST', '/api/pos/sales', secret, body);
    expect(replay.json()).toMatchObject({ imported: 0, duplicates: 3, clarify: 0 });
    // the owner's dashboard names them
    const dashboard = await admin('GET', '/api/admin/dashboard');
    expect(dashboard.json().todos.salesToClarify).toBeGreaterThanOrEqual(2);
    const waiting = await admin('GET', '/api/admin/sales/clarify?search=KU-1');
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json().lines).toHaveLength(2);
    expect(waiting.json().lines[0]).toMatchObject({
      receiptId: 'KU-1',
      vendorName: 'Klara Klein',
      taxStatus: 'kleinunternehmer',
      allowedRates: [0],
    });
  });
});

describe('demo data and sales', () => {
  it('keeps the demo producers once one of them has sales', async () => {
    const [demo] = await t.database.db
      .select({ id: vendors.id })
      .from(vendors)
      .where(eq(vendors.registrationKind, 'demo'));
    const ean = inStoreEan(301);
    await product(t.database.db, demo!.id, { name: 'Demo-Apfelsaft', ean, priceCents: 300 });
    const before = await admin('GET', '/api/admin/demo-data');
    expect(before.json().demoData.blockers).toEqual([]);
    const { secret } = await newKey('Kasse Demo');
    const sold = await till('POST', '/api/pos/sales', secret, {
      receipts: [
        receipt('DEMO-1', [
          {
            position: 1,
            ean,
            name: 'Apfelsaft',
            quantity: 1,
            unitPriceGrossCents: 300,
            vatRate: 7,
          },
        ]),
      ],
    });
    expect(sold.json()).toMatchObject({ imported: 1, unassigned: 0 });

    const summary = await admin('GET', '/api/admin/demo-data');
    expect(summary.json().demoData.blockers).toEqual([
      'Für einen Demo-Direktvermarkter sind Verkäufe erfasst.',
    ]);
    const removal = await admin('DELETE', '/api/admin/demo-data');
    expect(removal.statusCode).toBe(409);
    expect(removal.json().message).toBe(
      `${DEMO_DATA_MESSAGES.blocked} Für einen Demo-Direktvermarkter sind Verkäufe erfasst.`,
    );
    expect(
      (await t.database.db.select().from(vendors).where(eq(vendors.id, demo!.id))).length,
    ).toBe(1);
  });
});
