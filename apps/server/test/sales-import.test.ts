import { readFileSync } from 'node:fs';
import { inStoreEan } from '@housnkuh/shared/ean';
import { eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit } from '../src/modules/audit/schema';
import { closeMonth } from '../src/modules/closing/public';
import {
  salesLineAssignments,
  salesLines,
  salesLineVatClarifications,
} from '../src/modules/sales/schema';
import { salesForSettlement, salesOfVendor, salesToClarify } from '../src/modules/sales/public';
import { bearerSender, createTestApp, pinDay, signedInAdmin, type TestApp } from './helpers';
import { producer, product, SALES_CSV_HEADER as HEADER, uploadSalesCsv } from './sales-fixtures';

// a Friday in March 2026: sales of the days before, the § 24 rate is 7,8 %
pinDay('2026-03-20');

const HEADER_TOTAL = `${HEADER};betrag_brutto`;
const HONEY = inStoreEan(101);
const CHEESE = inStoreEan(102);
const UNKNOWN = inStoreEan(999);

let t: TestApp;
let token = '';
let hofId = '';
let honeyId = '';
let cheeseId = '';
beforeAll(async () => {
  t = await createTestApp();
  token = await signedInAdmin(t);
  hofId = await producer(t.database.db, { name: 'Anna Huber', unternehmen: 'Hof Huber' });
  honeyId = await product(t.database.db, hofId, {
    name: 'Blütenhonig 500 g',
    ean: HONEY,
    priceCents: 650,
  });
  cheeseId = await product(t.database.db, hofId, {
    name: 'Bergkäse',
    ean: CHEESE,
    priceCents: 2490,
    unit: 'kg',
  });
});
afterAll(async () => {
  await t?.close();
});

const upload = (csv: string | Buffer, contentType?: string) =>
  uploadSalesCsv(t.app, token, csv, contentType);

const admin = bearerSender(
  () => t,
  () => token,
);

const lineOf = async (receiptId: string, position: number) =>
  (await t.database.db.select().from(salesLines).where(eq(salesLines.receiptId, receiptId))).find(
    (line) => line.position === position,
  );

describe('POST /api/admin/sales/import', () => {
  it('imports good lines, assigns them by EAN, keeps the raw line and counts the unknown EAN', async () => {
    const csv = [
      `\uFEFF${HEADER_TOTAL}`,
      `A-1;1;19.03.2026 09:15;${HONEY};Blütenhonig;2;6,50;7;13,00`,
      `A-1;2;19.03.2026 09:15;${CHEESE};Bergkäse;0,352;24,90;7;8,76`,
      `A-1;3;19.03.2026 09:15;${UNKNOWN};Pfand Glas;1;0,15;19;`,
      `A-2;1;19.03.2026 11:40;${HONEY};Blütenhonig (Rückgabe);-1;6,50;7;-6,50`,
    ].join('\r\n');
    const response = await upload(csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      imported: 4,
      duplicates: 0,
      unassigned: 1,
      clarify: 0,
      late: null,
      errors: [],
      encoding: 'utf-8',
    });

    const cheese = await lineOf('A-1', 2);
    // a decimal quantity: 0,352 kg × 24,90 € = 8,7648 € → 8,76 €
    expect(cheese).toMatchObject({
      quantityThousandths: 352,
      unitPriceGrossCents: 2490,
      vatRateBp: 700,
      lineTotalGrossCents: 876,
      productId: cheeseId,
      vendorId: hofId,
      source: 'csv',
      raw: `A-1;2;19.03.2026 09:15;${CHEESE};Bergkäse;0,352;24,90;7;8,76`,
    });
    // 09:15 in Kronach in March is 08:15 UTC
    expect(cheese!.soldAt.toISOString()).toBe('2026-03-19T08:15:00.000Z');
    // a return: negative quantity and total, still the producer's
    expect(await lineOf('A-2', 1)).toMatchObject({
      quantityThousandths: -1000,
      lineTotalGrossCents: -650,
      productId: honeyId,
      vendorId: hofId,
    });
    expect(await lineOf('A-1', 3)).toMatchObject({ productId: null, vendorId: null, ean: UNKNOWN });
  });

  it('names each bad line with its number and a German reason, and stores nothing of it', async () => {
    const good = (receipt: string) => `${receipt};1;18.03.2026 10:00;${HONEY};Honig;1;6,50;7;6,50`;
    const csv = [
      HEADER_TOTAL,
      good('B-1'), // line 2: good
      `;1;18.03.2026 10:00;${HONEY};Honig;1;6,50;7;`, // 3: no receipt
      `B-3;x;18.03.2026 10:00;${HONEY};Honig;1;6,50;7;`, // 4: position
      `B-4;1;18.3.26 10:00;${HONEY};Honig;1;6,50;7;`, // 5: time format
      `B-5;1;31.02.2026 10:00;${HONEY};Honig;1;6,50;7;`, // 6: no such day
      `B-6;1;18.03.2026 10:00;;Honig;1;6,50;7;`, // 7: no EAN
      `B-7;1;18.03.2026 10:00;${HONEY};;1;6,50;7;`, // 8: no article text
      `B-8;1;18.03.2026 10:00;${HONEY};Honig;zwei;6,50;7;`, // 9: quantity
      `B-9;1;18.03.2026 10:00;${HONEY};Honig;0;6,50;7;`, // 10: zero quantity
      `B-10;1;18.03.2026 10:00;${HONEY};Honig;1;6.50€x;7;`, // 11: price
      `B-11;1;18.03.2026 10:00;${HONEY};Honig;1;6,50;16;`, // 12: rate not in force in 2026
      `B-12;1;18.03.2026 10:00;${HONEY};Honig;1;6,50;7;6,51`, // 13: printed total differs
      `B-13;1;18.03.2026 10:00;${HONEY};Honig;1;6,50`, // 14: columns
      `B-14;1;18.03.2026 10:00;${HONEY};"Honig;1;6,50;7;`, // 15: open quote
      `B-15;1;25.03.2026 10:00;${HONEY};Honig;1;6,50;7;`, // 16: in the future
      `B-16;1;18.03.2026 10:00;${HONEY};Honig;1;6,50;8,4;`, // 17: the 2024 average rate
      good('B-17'), // 18: good
      '', // an empty line is skipped
    ].join('\n');
    const response = await upload(csv);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ imported: 2, duplicates: 0, unassigned: 0 });
    expect(body.errors.map((error: { line: number }) => error.line)).toEqual([
      3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
    ]);
    const message = (line: number) =>
      body.errors.find((error: { line: number }) => error.line === line).message;
    expect(message(3)).toBe('Die Belegnummer (beleg) fehlt.');
    expect(message(4)).toBe('Die Position muss eine ganze Zahl ab 1 sein.');
    expect(message(5)).toBe('Der Zeitpunkt „18.3.26 10:00“ ist ungültig (TT.MM.JJJJ HH:MM).');
    expect(message(6)).toMatch(/Zeitpunkt „31.02.2026 10:00“ ist ungültig/);
    expect(message(7)).toBe('Die EAN fehlt.');
    expect(message(8)).toBe('Der Artikeltext fehlt.');
    expect(message(9)).toBe('Die Menge „zwei“ ist keine Zahl (z. B. 2 oder 0,352).');
    expect(message(10)).toBe('Die Menge darf nicht 0 sein.');
    expect(message(11)).toBe('Der Einzelpreis „6.50€x“ ist kein Betrag (z. B. 4,50).');
    expect(message(12)).toBe(
      'Den Steuersatz 16 % gab es am Verkaufstag nicht (erlaubt: 0 %, 7 %, 7,8 %, 19 %).',
    );
    expect(message(13)).toBe('Der Betrag 6,51 € passt nicht zu Menge × Einzelpreis (6,50 €).');
    expect(message(14)).toBe('Die Zeile hat 7 Spalten, erwartet sind 9.');
    expect(message(15)).toBe('Ein Anführungszeichen ist nicht geschlossen.');
    expect(message(16)).toBe('Der Zeitpunkt liegt in der Zukunft.');
    expect(message(17)).toMatch(/Steuersatz 8,4 % gab es am Verkaufstag nicht/);
    const stored = await t.database.db
      .select({ receiptId: salesLines.receiptId })
      .from(salesLines)
      .where(eq(salesLines.ean, HONEY));
    const receipts = stored.map((row) => row.receiptId);
    expect(receipts).toContain('B-1');
    expect(receipts).toContain('B-17');
    expect(receipts.filter((receipt) => /^B-([2-9]|1[0-6])$/.test(receipt))).toEqual([]);
  });

  it('counts the same line again as a duplicate, and the same key with other content as an error', async () => {
    const first = [
      HEADER,
      `C-1;1;17.03.2026 08:00;${HONEY};Honig;3;6,50;7`,
      `C-1;2;17.03.2026 08:00;${CHEESE};Bergkäse;1,5;24,90;7`,
    ].join('\n');
    expect((await upload(first)).json()).toMatchObject({ imported: 2, duplicates: 0 });
    const again = [
      HEADER_TOTAL,
      // the same content, written differently (the printed total added): a duplicate
      `C-1;1;17.03.2026 08:00;${HONEY};Honig;3;6,50;7;19,50`,
      // the same key, another quantity: an error, the stored line stays
      `C-1;2;17.03.2026 08:00;${CHEESE};Bergkäse;2;24,90;7;`,
      // a new line, twice in the file: once imported, once a duplicate
      `C-1;3;17.03.2026 08:00;${HONEY};Honig;1;6,50;7;`,
      `C-1;3;17.03.2026 08:00;${HONEY};Honig;1;6,50;7;`,
      // and once more with other content in the same file: an error
      `C-1;3;17.03.2026 08:00;${HONEY};Honig;2;6,50;7;`,
    ].join('\n');
    const response = await upload(again);
    expect(response.json()).toEqual({
      success: true,
      imported: 1,
      duplicates: 2,
      unassigned: 0,
      clarify: 0,
      late: null,
      encoding: 'utf-8',
      errors: [
        { line: 3, message: 'Beleg C-1, Position 2 ist schon mit anderem Inhalt erfasst.' },
        { line: 6, message: 'Beleg C-1, Position 3 ist schon mit anderem Inhalt erfasst.' },
      ],
    });
    expect(await lineOf('C-1', 2)).toMatchObject({ quantityThousandths: 1500 });
  });

  it('refuses a file without the header or without lines, in German', async () => {
    const wrong = await upload('belegnr;pos\n1;2');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^Die erste Zeile muss lauten: beleg;position;/);
    const empty = await upload('\n\n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Die Datei ist leer.');
    const onlyHeader = await upload(HEADER);
    expect(onlyHeader.json()).toMatchObject({ imported: 0, errors: [] });
  });

  it('imports 10,000 lines of one file at once, and again only as duplicates', async () => {
    const lines = [HEADER_TOTAL];
    for (let i = 0; i < 10_000; i += 1) {
      const receipt = `M-${Math.floor(i / 4)}`;
      const minute = String(i % 60).padStart(2, '0');
      lines.push(
        i % 4 === 3
          ? `${receipt};${(i % 4) + 1};16.03.2026 10:${minute};${CHEESE};Bergkäse;0,${String(100 + (i % 900))};24,90;7;`
          : `${receipt};${(i % 4) + 1};16.03.2026 10:${minute};${HONEY};Honig;1;6,50;7;6,50`,
      );
    }
    const csv = lines.join('\n');
    const response = await upload(csv);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.json()).toMatchObject({ imported: 10_000, duplicates: 0, errors: [] });
    const replay = await upload(csv);
    expect(replay.json()).toMatchObject({ imported: 0, duplicates: 10_000, errors: [] });
  });

  it('lists the unassigned lines, assigns one to a product and marks one as no producer’s sale', async () => {
    const csv = [
      HEADER,
      `D-1;1;15.03.2026 12:00;4000000000017;Ziegenkäse Hof Huber;1;5,20;7`,
      `D-1;2;15.03.2026 12:00;GUTSCHEIN-10;Gutschein;1;10,00;19`,
    ].join('\n');
    expect((await upload(csv)).json()).toMatchObject({ imported: 2, unassigned: 2 });

    const list = await admin('GET', '/api/admin/sales/unassigned?search=D-1');
    expect(list.statusCode, list.body).toBe(200);
    const waiting = list.json().lines as { id: string; ean: string; vatRate: number }[];
    expect(waiting.map((line) => line.ean)).toEqual(['4000000000017', 'GUTSCHEIN-10']);
    expect(list.json().pagination).toMatchObject({ page: 1, totalCount: 2 });
    const goat = waiting[0]!;
    const voucher = waiting[1]!;

    const found = await admin('GET', '/api/admin/sales/product-search?q=berg');
    expect(found.json().products).toEqual([
      expect.objectContaining({ id: cheeseId, name: 'Bergkäse', vendorName: 'Hof Huber' }),
    ]);

    const assigned = await admin('POST', `/api/admin/sales/unassigned/${goat.id}`, {
      productId: cheeseId,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().message).toBe('Verkauf dem Produkt „Bergkäse“ zugeordnet.');
    const marked = await admin('POST', `/api/admin/sales/unassigned/${voucher.id}`, {
      kind: 'no_vendor',
      noVendor: 'no_sale',
    });
    // what happened, not "zugeordnet"
    expect(marked.json().message).toBe(
      'Als „kein Verkauf“ erfasst: Die Zeile wird nicht abgerechnet.',
    );

    // the line itself stays as it came; the assignment is its own record
    expect(await lineOf('D-1', 1)).toMatchObject({ productId: null, vendorId: null });
    const [assignment] = await t.database.db
      .select()
      .from(salesLineAssignments)
      .where(eq(salesLineAssignments.salesLineId, goat.id));
    expect(assignment).toMatchObject({ kind: 'product', productId: cheeseId, vendorId: hofId });
    // the effective producer: the assigned line is Hof Huber's sale, the voucher nobody's
    const ofHof = await salesOfVendor(
      t.database.db,
      hofId,
      new Date('2026-03-15T00:00:00Z'),
      new Date('2026-03-16T00:00:00Z'),
    );
    expect(ofHof.map((line) => [line.ean, line.productId])).toEqual([['4000000000017', cheeseId]]);

    const after = await admin('GET', '/api/admin/sales/unassigned?search=D-1');
    expect(after.json().lines).toEqual([]);
    const twice = await admin('POST', `/api/admin/sales/unassigned/${goat.id}`, {
      kind: 'no_vendor',
      noVendor: 'no_sale',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Diese Verkaufszeile ist schon zugeordnet.');
    const audit = await t.database.db
      .select({ action: adminAudit.action, summary: adminAudit.summary })
      .from(adminAudit)
      .where(eq(adminAudit.entity, 'sales_line'));
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      'sales-line.assign',
      'sales-line.no-vendor',
    ]);
  });

  it('refuses a bad assignment in German: unknown line, unknown product, empty body', async () => {
    const unknownLine = await admin(
      'POST',
      '/api/admin/sales/unassigned/00000000-0000-0000-0000-000000000000',
      { kind: 'no_vendor', noVendor: 'no_sale' },
    );
    expect(unknownLine.statusCode).toBe(404);
    expect(unknownLine.json().message).toBe('Diese Verkaufszeile gibt es nicht.');
    await upload(`${HEADER}\nE-1;1;15.03.2026 12:00;PFAND-025;Pfand;1;0,25;19`);
    const [line] = (await admin('GET', '/api/admin/sales/unassigned?search=E-1')).json().lines as {
      id: string;
    }[];
    expect(line).toBeDefined();
    const noProduct = await admin('POST', `/api/admin/sales/unassigned/${line!.id}`, {
      productId: '00000000-0000-0000-0000-000000000000',
    });
    expect(noProduct.statusCode).toBe(400);
    expect(noProduct.json().message).toBe('Dieses Produkt gibt es nicht.');
    const empty = await admin('POST', `/api/admin/sales/unassigned/${line!.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(
      'Bitte wähle ein Produkt oder „kein Verkauf eines Direktvermarkters“.',
    );
  });
});

describe('money you can trust: the sales side (issue 30)', () => {
  it('reads a CSV that Excel saved in Windows-1252 with its umlauts and €, and says so (item 19)', async () => {
    const bytes = readFileSync(
      new URL('./fixtures/verkaeufe-excel-windows-1252.csv', import.meta.url),
    );
    // the file is no UTF-8: read as UTF-8 it would store replacement characters
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const response = await upload(bytes, 'text/csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      imported: 3,
      unassigned: 1,
      errors: [],
      encoding: 'windows-1252',
    });
    expect((await lineOf('W-1', 1))?.articleText).toBe('Blütenhonig „Frühling“');
    expect((await lineOf('W-1', 2))?.articleText).toBe('Bergkäse Größe M');
    const voucher = await lineOf('W-1', 3);
    expect(voucher?.articleText).toBe('Gutschein über 10 € – Weiß');
    expect(voucher?.raw).toBe(
      'W-1;3;18.03.2026 09:30;4000000000999;Gutschein über 10 € – Weiß;1;10,00;0',
    );
    // the same text as UTF-8 (with a byte order mark) is read as UTF-8: only duplicates
    const utf8 = await upload(`\uFEFF${iconv.decode(bytes, 'win1252')}`);
    expect(utf8.json()).toMatchObject({ imported: 0, duplicates: 3, encoding: 'utf-8' });
  });

  it('names a CSV line whose total is too big with its line number and stores the others (item 5)', async () => {
    const csv = [
      HEADER,
      `O-1;1;18.03.2026 10:00;${HONEY};Honig;1;6,50;7`,
      `O-1;2;18.03.2026 10:00;${HONEY};Honig;100000;10000,00;7`,
      `O-1;3;18.03.2026 10:00;${HONEY};Honig;2;6,50;7`,
    ].join('\n');
    const response = await upload(csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      imported: 2,
      errors: [
        {
          line: 3,
          message: 'Der Zeilenbetrag (Menge × Einzelpreis) ist zu hoch (höchstens 1.000.000,00 €).',
        },
      ],
    });
    expect(await lineOf('O-1', 3)).toMatchObject({ lineTotalGrossCents: 1300 });
  });

  it('keeps a line at a rate the producer may not use out of the settlement until the owner records the right one (item 6)', async () => {
    const klein = await producer(t.database.db, {
      name: 'Karla Klein',
      taxStatus: 'kleinunternehmer',
    });
    const ean = inStoreEan(141);
    await product(t.database.db, klein, { name: 'Apfelgelee', ean, priceCents: 400, vatRateBp: 0 });
    const csv = [
      HEADER,
      `Z-1;1;12.03.2026 10:00;${ean};Apfelgelee;1;4,00;0`,
      `Z-1;2;12.03.2026 10:00;${ean};Apfelgelee;2;4,00;19`,
    ].join('\n');
    const response = await upload(csv);
    expect(response.json()).toMatchObject({ imported: 2, clarify: 1, late: null, errors: [] });

    const settling = () =>
      salesForSettlement(t.database.db, new Date('2026-04-01T00:00:00+02:00'), [klein]);
    // waiting: the month is settled without it
    expect((await settling()).map((line) => [line.position, line.vatRateBp])).toEqual([[1, 0]]);
    const march = [
      new Date('2026-03-01T00:00:00+01:00'),
      new Date('2026-04-01T00:00:00+02:00'),
    ] as const;
    expect(
      (await salesToClarify(t.database.db, ...march))
        .filter((line) => line.receiptId === 'Z-1')
        .map((line) => [line.position, line.vatRateBp, line.lineTotalGrossCents, line.vendorId]),
    ).toEqual([[2, 1900, 800, klein]]);

    const list = await admin('GET', '/api/admin/sales/clarify?search=Z-1');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().pagination).toMatchObject({ totalCount: 1 });
    const [waiting] = list.json().lines as { id: string }[];
    expect(list.json().lines[0]).toMatchObject({
      receiptId: 'Z-1',
      position: 2,
      vatRate: 19,
      lineTotalGrossCents: 800,
      vendorId: klein,
      vendorName: 'Karla Klein',
      taxStatus: 'kleinunternehmer',
      allowedRates: [0],
    });

    // a rate the status does not allow either, a bad body, an unknown line: refused in German
    const wrong = await admin('POST', `/api/admin/sales/clarify/${waiting!.id}`, { vatRate: 7 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(
      'Der Steuersatz 7 % passt nicht zum Steuerstatus des Direktvermarkters am Verkaufstag (erlaubt: 0 %).',
    );
    const bad = await admin('POST', `/api/admin/sales/clarify/${waiting!.id}`, { vatRate: 'x' });
    expect(bad.statusCode).toBe(400);
    const unknown = await admin(
      'POST',
      '/api/admin/sales/clarify/00000000-0000-0000-0000-000000000000',
      { vatRate: 0 },
    );
    expect(unknown.statusCode).toBe(404);
    const [fitting] = (await settling()).filter((line) => line.position === 1);
    const notWaiting = await admin('POST', `/api/admin/sales/clarify/${fitting!.id}`, {
      vatRate: 0,
    });
    expect(notWaiting.statusCode).toBe(409);
    expect(notWaiting.json().message).toBe('Diese Verkaufszeile wartet auf keinen Steuersatz.');

    const clarified = await admin('POST', `/api/admin/sales/clarify/${waiting!.id}`, {
      vatRate: 0,
    });
    expect(clarified.statusCode, clarified.body).toBe(200);
    expect(clarified.json().message).toBe(
      'Steuersatz 0 % erfasst; die Zeile wird mit der nächsten offenen Abrechnung abgerechnet.',
    );
    // now settled at the owner's rate; the line itself is unchanged
    expect((await settling()).map((line) => [line.position, line.vatRateBp])).toEqual([
      [1, 0],
      [2, 0],
    ]);
    expect(await lineOf('Z-1', 2)).toMatchObject({ vatRateBp: 1900 });
    expect((await admin('GET', '/api/admin/sales/clarify?search=Z-1')).json().lines).toEqual([]);
    expect(
      (await salesToClarify(t.database.db, ...march)).filter((line) => line.receiptId === 'Z-1'),
    ).toEqual([]);
    const again = await admin('POST', `/api/admin/sales/clarify/${waiting!.id}`, { vatRate: 0 });
    expect(again.statusCode).toBe(409);
    const [audit] = await t.database.db
      .select({ summary: adminAudit.summary, before: adminAudit.before, after: adminAudit.after })
      .from(adminAudit)
      .where(eq(adminAudit.action, 'sales-line.vat-rate'));
    expect(audit).toMatchObject({
      before: { vatRate: '19 %' },
      after: { vatRate: '0 %', taxStatus: 'kleinunternehmer' },
    });
    expect(audit?.summary).toBe(
      'Steuersatz von Beleg Z-1, Position 2 (Apfelgelee) geklärt: 19 % der Kasse → 0 %',
    );
    // the record is answered once: the database refuses a change and a delete
    await expect(
      t.database.db
        .update(salesLineVatClarifications)
        .set({ vatRateBp: 700 })
        .where(eq(salesLineVatClarifications.salesLineId, waiting!.id)),
    ).rejects.toThrow();
    await expect(
      t.database.db
        .delete(salesLineVatClarifications)
        .where(eq(salesLineVatClarifications.salesLineId, waiting!.id)),
    ).rejects.toThrow();
  });

  it('checks the rate of an unknown EAN’s line when the admin assigns it to a product (item 6)', async () => {
    const klein = await producer(t.database.db, {
      name: 'Kurt Klein',
      taxStatus: 'kleinunternehmer',
    });
    const productId = await product(t.database.db, klein, {
      name: 'Quittengelee',
      ean: inStoreEan(142),
      priceCents: 500,
      vatRateBp: 0,
    });
    await upload(`${HEADER}\nZ-2;1;12.03.2026 10:00;4000000000888;Quittengelee;1;5,00;7`);
    const [line] = (await admin('GET', '/api/admin/sales/unassigned?search=Z-2')).json().lines as {
      id: string;
    }[];
    const assigned = await admin('POST', `/api/admin/sales/unassigned/${line!.id}`, { productId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().message).toBe(
      'Verkauf zugeordnet. Sein Steuersatz passt nicht zum Steuerstatus des Direktvermarkters: Die Zeile wartet unter „Zu klären“.',
    );
    expect(
      (await admin('GET', '/api/admin/sales/clarify?search=Z-2'))
        .json()
        .lines.map((waiting: { id: string }) => waiting.id),
    ).toEqual([line!.id]);
  });

  it('answers late lines of a final month as Nachträge of the month after it (item 6, late)', async () => {
    await t.database.db.transaction((tx) => closeMonth(tx, '2026-02'));
    const csv = [
      HEADER,
      `L-1;1;27.02.2026 10:00;${HONEY};Honig;1;6,50;7`,
      `L-1;2;27.02.2026 10:00;${CHEESE};Bergkäse;1;24,90;7`,
      `L-2;1;02.03.2026 10:00;${HONEY};Honig;1;6,50;7`,
      `L-3;1;27.02.2026 10:00;4000000000777;Unbekannt;1;1,00;7`,
    ].join('\n');
    const response = await upload(csv);
    expect(response.json()).toMatchObject({
      imported: 4,
      unassigned: 1,
      clarify: 0,
      late: { count: 2, month: '2026-03' },
    });
    // none late: null
    const current = await upload(`${HEADER}\nL-4;1;03.03.2026 10:00;${HONEY};Honig;1;6,50;7`);
    expect(current.json()).toMatchObject({ imported: 1, late: null });
  });
});
