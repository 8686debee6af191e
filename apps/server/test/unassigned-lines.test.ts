// Issue 31, item 14: the unassigned lines say what happened, take one answer for several lines
// (never "kein Verkauf" for a deposit) and suggest the product an unknown EAN or text probably is.
import { inStoreEan } from '@housnkuh/shared/ean';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit } from '../src/modules/audit/schema';
import { products } from '../src/modules/products/schema';
import { salesLineAssignments, salesLines } from '../src/modules/sales/schema';
import { bearerSender, createTestApp, pinDay, signedInAdmin, type TestApp } from './helpers';
import { producer, product, SALES_CSV_HEADER as HEADER, uploadSalesCsv } from './sales-fixtures';

pinDay('2026-03-20');

const JUICE = inStoreEan(301);
const EGGS = inStoreEan(302);

let t: TestApp;
let token = '';
let hofId = '';
let juiceId = '';
let eggsId = '';
beforeAll(async () => {
  t = await createTestApp();
  token = await signedInAdmin(t);
  hofId = await producer(t.database.db, { name: 'Anna Huber', unternehmen: 'Hof Huber' });
  juiceId = await product(t.database.db, hofId, {
    name: 'Apfelsaft 1 l',
    ean: JUICE,
    priceCents: 350,
  });
  eggsId = await product(t.database.db, hofId, { name: 'Eier lose', ean: EGGS, priceCents: 40 });
});
afterAll(async () => {
  await t?.close();
});

const upload = (csv: string) => uploadSalesCsv(t.app, token, csv);

const admin = bearerSender(
  () => t,
  () => token,
);

type Waiting = {
  id: string;
  ean: string;
  articleText: string;
  deposit: boolean;
  suggestion: { productId: string; reason: string; reasonText: string; vendorName: string } | null;
};
const waitingOf = async (search: string) =>
  (await admin('GET', `/api/admin/sales/unassigned?search=${search}`)).json().lines as Waiting[];

// one digit off the juice's EAN, and the juice's EAN with a wrong check digit
const oneOff = `${JUICE.slice(0, 5)}${(Number(JUICE[5]) + 1) % 10}${JUICE.slice(6)}`;
const badCheck = `${JUICE.slice(0, 12)}${(Number(JUICE[12]) + 1) % 10}`;

describe('suggestions for unassigned lines', () => {
  it('suggests the product for an EAN one digit off, a failed check digit and a matching text, and the product before a deposit', async () => {
    const csv = [
      HEADER,
      `S-1;1;15.03.2026 12:00;${oneOff};Saft;1;3,50;7`,
      `S-2;1;15.03.2026 12:05;${badCheck};Saft;1;3,50;7`,
      `S-3;1;15.03.2026 12:10;999;eier lose;10;0,40;7`,
      `S-4;1;15.03.2026 12:15;${JUICE};Apfelsaft 1 l;1;3,50;7`,
      `S-4;2;15.03.2026 12:15;PFAND-025;Pfand Flasche;1;0,25;7`,
      `S-5;1;15.03.2026 12:20;GUTSCHEIN;Gutschein;1;10,00;19`,
    ].join('\n');
    expect((await upload(csv)).json()).toMatchObject({ imported: 6, unassigned: 5 });
    const lines = await waitingOf('S-');
    const by = (ean: string) => lines.find((line) => line.ean === ean)!;
    expect(by(oneOff).suggestion).toMatchObject({
      productId: juiceId,
      reason: 'one_digit',
      reasonText: 'Die EAN weicht in einer Ziffer ab.',
      vendorName: 'Anna Huber',
    });
    expect(by(badCheck).suggestion).toMatchObject({ productId: juiceId, reason: 'check_digit' });
    expect(by('999').suggestion).toMatchObject({ productId: eggsId, reason: 'article_text' });
    expect(by('PFAND-025')).toMatchObject({
      deposit: true,
      suggestion: {
        productId: juiceId,
        reason: 'deposit',
        reasonText: 'Pfand direkt nach diesem Produkt auf demselben Beleg.',
      },
    });
    expect(by('GUTSCHEIN')).toMatchObject({ deposit: false, suggestion: null });
  });
});

describe('POST /api/admin/sales/unassigned: one answer for several lines', () => {
  it('assigns several lines to one product in one step, with an audit record each', async () => {
    await upload(
      [
        HEADER,
        `B-1;1;16.03.2026 09:00;EI-ALT;Eier;6;0,40;7`,
        `B-2;1;16.03.2026 10:00;EI-ALT;Eier;10;0,40;7`,
        `B-3;1;16.03.2026 11:00;EI-ALT;Eier;4;0,40;7`,
      ].join('\n'),
    );
    const lines = await waitingOf('B-');
    expect(lines).toHaveLength(3);
    const ids = lines.map((line) => line.id);
    const answer = await admin('POST', '/api/admin/sales/unassigned', {
      lineIds: ids,
      productId: eggsId,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      count: 3,
      message: '3 Verkäufe dem Produkt „Eier lose“ zugeordnet.',
    });
    const rows = await t.database.db
      .select()
      .from(salesLineAssignments)
      .where(inArray(salesLineAssignments.salesLineId, ids));
    expect(rows.map((row) => [row.kind, row.productId, row.vendorId])).toEqual(
      ids.map(() => ['product', eggsId, hofId]),
    );
    const audit = await t.database.db
      .select()
      .from(adminAudit)
      .where(inArray(adminAudit.entityId, ids));
    expect(audit).toHaveLength(3);
    expect(await waitingOf('B-')).toEqual([]);

    // once answered, none of them takes a second answer: all or nothing
    await upload(`${HEADER}\nB-4;1;16.03.2026 12:00;EI-ALT;Eier;2;0,40;7`);
    const [fresh] = await waitingOf('B-4');
    const again = await admin('POST', '/api/admin/sales/unassigned', {
      lineIds: [fresh!.id, ids[0]],
      productId: eggsId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Eine der gewählten Zeilen wartet nicht mehr auf eine Zuordnung; bitte lade die Liste neu.',
    );
    expect(await waitingOf('B-4')).toHaveLength(1);
  });

  it('marks several lines as no sale and says what happened, but never a deposit', async () => {
    await upload(
      [
        HEADER,
        `G-1;1;17.03.2026 09:00;GUTSCHEIN-5;Gutschein 5 €;1;5,00;19`,
        `G-2;1;17.03.2026 10:00;GUTSCHEIN-5;Gutschein 5 €;1;5,00;19`,
        `G-3;1;17.03.2026 11:00;PFAND-015;Pfand Glas;1;0,15;19`,
      ].join('\n'),
    );
    const lines = await waitingOf('G-');
    const vouchers = lines.filter((line) => !line.deposit).map((line) => line.id);
    const deposit = lines.find((line) => line.deposit)!;
    expect(vouchers).toHaveLength(2);

    const withDeposit = await admin('POST', '/api/admin/sales/unassigned', {
      lineIds: [...vouchers, deposit.id],
      kind: 'no_vendor',
      noVendor: 'no_sale',
    });
    expect(withDeposit.statusCode).toBe(400);
    expect(withDeposit.json().message).toBe(
      'Pfand ist kein „kein Verkauf“: Es gehört zum Verkauf des Direktvermarkters, dem die Flasche oder das Glas gehört. Bitte ordne es dem Produkt zu.',
    );
    const single = await admin('POST', `/api/admin/sales/unassigned/${deposit.id}`, {
      kind: 'no_vendor',
      noVendor: 'no_sale',
    });
    expect(single.statusCode).toBe(400);
    expect(await waitingOf('G-')).toHaveLength(3);

    const marked = await admin('POST', '/api/admin/sales/unassigned', {
      lineIds: vouchers,
      kind: 'no_vendor',
      noVendor: 'no_sale',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().message).toBe(
      '2 Zeilen als „kein Verkauf“ erfasst: Sie werden nicht abgerechnet.',
    );
    const own = await admin('POST', `/api/admin/sales/unassigned/${deposit.id}`, {
      kind: 'no_vendor',
      noVendor: 'own_sale',
      vatRateBp: 1900,
    });
    expect(own.json().message).toBe('Als eigener Verkauf des Ladens (19 %) erfasst.');
  });

  it('refuses a bad body in German: no lines, too many, no answer, unknown line', async () => {
    const none = await admin('POST', '/api/admin/sales/unassigned', {
      lineIds: [],
      productId: eggsId,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toContainEqual({
      field: 'lineIds',
      message: 'Bitte wähle 1 bis 100 Zeilen.',
    });
    const many = await admin('POST', '/api/admin/sales/unassigned', {
      lineIds: Array.from({ length: 101 }, () => '00000000-0000-0000-0000-000000000000'),
      productId: eggsId,
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().errors).toContainEqual({
      field: 'lineIds',
      message: 'Bitte wähle 1 bis 100 Zeilen.',
    });
    const noAnswer = await admin('POST', '/api/admin/sales/unassigned', {
      lineIds: ['00000000-0000-0000-0000-000000000000'],
    });
    expect(noAnswer.statusCode).toBe(400);
    expect(noAnswer.json().message).toBe(
      'Bitte wähle ein Produkt oder „kein Verkauf eines Direktvermarkters“.',
    );
    const unknown = await admin('POST', '/api/admin/sales/unassigned', {
      lineIds: ['00000000-0000-0000-0000-000000000000', 'kaputt'],
      productId: eggsId,
    });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().message).toMatch(/2 der gewählten Zeilen warten nicht mehr/);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sales/unassigned',
      payload: { lineIds: ['00000000-0000-0000-0000-000000000000'], productId: eggsId },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a product carries its deposit (EAN and amount)', () => {
  it('assigns the deposit line after the product at import, and suggests the product otherwise', async () => {
    const bottleId = await product(t.database.db, hofId, {
      name: 'Birnensaft 0,7 l',
      ean: inStoreEan(303),
      priceCents: 320,
    });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${bottleId}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { deposit: { ean: 'Pfand 0,15', cents: 0 } },
    });
    expect(bad.statusCode).toBe(400);
    const carried = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${bottleId}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { deposit: { ean: 'PFAND-MEHRWEG', cents: 15 } },
    });
    expect(carried.statusCode, carried.body).toBe(200);
    expect(carried.json().product.deposit).toEqual({ ean: 'PFAND-MEHRWEG', cents: 15 });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, bottleId));
    expect(row).toMatchObject({ depositEan: 'PFAND-MEHRWEG', depositCents: 15 });
    const result = await upload(
      [
        HEADER,
        `P-1;1;18.03.2026 09:00;${inStoreEan(303)};Birnensaft;2;3,20;19`,
        `P-1;2;18.03.2026 09:00;PFAND-MEHRWEG;Mehrweg;2;0,15;19`,
        // the deposit after another product: not assigned, but offered and never "kein Verkauf"
        `P-2;1;18.03.2026 09:10;${EGGS};Eier lose;6;0,40;7`,
        `P-2;2;18.03.2026 09:10;PFAND-MEHRWEG;Mehrweg;1;0,15;19`,
      ].join('\n'),
    );
    expect(result.json()).toMatchObject({ imported: 4, unassigned: 1 });
    const [assigned] = await t.database.db
      .select()
      .from(salesLines)
      .where(and(eq(salesLines.receiptId, 'P-1'), eq(salesLines.position, 2)));
    expect(assigned).toMatchObject({ productId: bottleId, vendorId: hofId });

    const [waiting] = await waitingOf('P-2');
    expect(waiting).toMatchObject({
      deposit: true,
      suggestion: { productId: eggsId, reason: 'deposit' },
    });
    const noSale = await admin('POST', `/api/admin/sales/unassigned/${waiting!.id}`, {
      kind: 'no_vendor',
      noVendor: 'no_sale',
    });
    expect(noSale.statusCode).toBe(400);
  });
});
