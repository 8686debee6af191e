import { ean13CheckDigit, inStoreEan, isValidEan13 } from '@housnkuh/shared/ean';
import { PRODUCT_MESSAGES } from '@housnkuh/shared/schemas/products';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/modules/accounts/sessions.service';
import { adminAudit } from '../src/modules/audit/schema';
import { productsByEans, productsOfVendorByIds } from '../src/modules/products/public';
import { vendors } from '../src/modules/vendors/schema';
import { createTestApp, pinDay, signedInAdmin, type TestApp } from './helpers';

// 2026: 7,8 % is the § 24 average rate
pinDay('2026-05-04');
let t: TestApp;
let adminToken = '';
beforeAll(async () => {
  t = await createTestApp({
    config: { rateLimits: { global: 10_000, forms: 1000, login: 1000, sensitive: 1000 } },
  });
  adminToken = await signedInAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (token: string, method: Method, url: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });

/** A signed-in producer of this tax status (null: none given yet). */
async function producer(taxStatus: string | null, name = 'Vera Verkauf') {
  const [vendor] = await t.database.db
    .insert(vendors)
    .values({ email: `v-${randomUUID()}@beispiel.de`, name, taxStatus })
    .returning();
  const { token } = await createSession(t.database.db, 'vendor', vendor!.id);
  return { id: vendor!.id, token };
}

/** A valid EAN-13 of these first 12 digits. */
const ean = (first12: string) => first12 + String(ean13CheckDigit(first12));

const honey = {
  name: 'Blütenhonig',
  priceCents: 650,
  unit: 'Glas',
  vatRate: 7,
  inhalt: 500,
  inhaltEinheit: 'g',
};

describe('products of a producer (/api/vendor-auth/products)', () => {
  it('creates a product with its own GTIN and the base price; checks the check digit and uniqueness', async () => {
    const vera = await producer('regelbesteuert');
    const own = ean('400638133393');
    const created = await call(vera.token, 'POST', '/api/vendor-auth/products', {
      ...honey,
      ean: `${own.slice(0, 1)} ${own.slice(1, 7)} ${own.slice(7)}`,
      beschreibung: 'Vom Frankenwald',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().product).toMatchObject({
      name: 'Blütenhonig',
      priceCents: 650,
      unit: 'Glas',
      vatRate: 7,
      ean: own,
      eanInStore: false,
      isActive: true,
      beschreibung: 'Vom Frankenwald',
      inhalt: 500,
      inhaltEinheit: 'g',
      // 6,50 € for 500 g: 13,00 € per kg
      basePrice: { cents: 1300, per: '1 kg' },
    });

    // a wrong last digit: the message names the right one
    const wrongDigit = (Number(own[12]) + 1) % 10;
    const wrong = await call(vera.token, 'POST', '/api/vendor-auth/products', {
      ...honey,
      ean: own.slice(0, 12) + String(wrongDigit),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toContainEqual({
      field: 'ean',
      message: PRODUCT_MESSAGES.eanCheckDigit(Number(own[12])),
    });

    // the same EAN again, also by another producer: refused
    const again = await call(vera.token, 'POST', '/api/vendor-auth/products', {
      ...honey,
      ean: own,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PRODUCT_MESSAGES.eanTaken);
    const otto = await producer('regelbesteuert', 'Otto Obst');
    const other = await call(otto.token, 'POST', '/api/vendor-auth/products', {
      ...honey,
      ean: own,
    });
    expect(other.statusCode).toBe(409);

    // the shop's prefix 20 is not for a producer's own number
    const inStore = await call(vera.token, 'POST', '/api/vendor-auth/products', {
      ...honey,
      ean: ean('200000099999'),
    });
    expect(inStore.statusCode).toBe(400);
    expect(inStore.json().errors).toContainEqual({
      field: 'ean',
      message: PRODUCT_MESSAGES.eanInStorePrefix,
    });
    const short = await call(vera.token, 'POST', '/api/vendor-auth/products', {
      ...honey,
      ean: '12345',
    });
    expect(short.json().errors).toContainEqual({
      field: 'ean',
      message: PRODUCT_MESSAGES.eanFormat,
    });
  });

  it('assigns in-store numbers one after the other, valid, never twice', async () => {
    const vera = await producer('regelbesteuert');
    const eans: string[] = [];
    for (const name of ['Eier', 'Kartoffeln', 'Apfelsaft']) {
      const response = await call(vera.token, 'POST', '/api/vendor-auth/products', {
        name,
        priceCents: 300,
        unit: 'Stück',
        vatRate: 7,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().product).toMatchObject({
        eanInStore: true,
        basePrice: null,
        inhalt: null,
      });
      eans.push(response.json().product.ean);
    }
    for (const code of eans) {
      expect(isValidEan13(code)).toBe(true);
      expect(code.startsWith('20')).toBe(true);
    }
    const counters = eans.map((code) => Number(code.slice(2, 12)));
    expect(counters[1]).toBe(counters[0]! + 1);
    expect(counters[2]).toBe(counters[0]! + 2);
    expect(eans[0]).toBe(inStoreEan(counters[0]!));
    // a refused product takes no number
    const refused = await call(vera.token, 'POST', '/api/vendor-auth/products', {
      name: 'Zu teuer',
      priceCents: 300,
      unit: 'Stück',
      vatRate: 19.5,
    });
    expect(refused.statusCode).toBe(400);
    const next = await call(vera.token, 'POST', '/api/vendor-auth/products', {
      name: 'Butter',
      priceCents: 300,
      unit: 'Stück',
      vatRate: 7,
    });
    expect(next.json().product.ean).toBe(inStoreEan(counters[2]! + 1));
    // at the same time: each its own number, none skipped
    const together = await Promise.all(
      ['Quark', 'Sahne', 'Joghurt', 'Milch'].map((name) =>
        call(vera.token, 'POST', '/api/vendor-auth/products', {
          name,
          priceCents: 150,
          unit: 'Becher',
          vatRate: 7,
        }),
      ),
    );
    const numbers = together.map((response) => Number(response.json().product.ean.slice(2, 12)));
    expect(numbers.sort((a, b) => a - b)).toEqual([1, 2, 3, 4].map((n) => counters[2]! + 1 + n));
  });

  it('offers and accepts the rates of the tax status only; without one it asks for it first', async () => {
    const none = await producer(null);
    const asked = await call(none.token, 'POST', '/api/vendor-auth/products', honey);
    expect(asked.statusCode).toBe(400);
    expect(asked.json().message).toBe(PRODUCT_MESSAGES.taxStatusMissing);
    const noneList = await call(none.token, 'GET', '/api/vendor-auth/products');
    expect(noneList.json()).toMatchObject({ taxStatus: null, vatRates: [] });

    const klein = await producer('kleinunternehmer');
    const kleinList = await call(klein.token, 'GET', '/api/vendor-auth/products');
    expect(kleinList.json().vatRates).toEqual([
      { vatRate: 0, label: '0 % (Kleinunternehmer, § 19 UStG)' },
    ]);
    const kleinSeven = await call(klein.token, 'POST', '/api/vendor-auth/products', honey);
    expect(kleinSeven.statusCode).toBe(400);
    expect(kleinSeven.json().errors).toContainEqual({
      field: 'vatRate',
      message: PRODUCT_MESSAGES.vatRateNotYours('0 %'),
    });
    const kleinZero = await call(klein.token, 'POST', '/api/vendor-auth/products', {
      ...honey,
      vatRate: 0,
    });
    expect(kleinZero.json().product.vatRate).toBe(0);

    const farmer = await producer('pauschaliert');
    const farmerList = await call(farmer.token, 'GET', '/api/vendor-auth/products');
    expect(farmerList.json().vatRates.map((rate: { vatRate: number }) => rate.vatRate)).toEqual([
      7.8, 7, 19,
    ]);
    const average = await call(farmer.token, 'POST', '/api/vendor-auth/products', {
      ...honey,
      vatRate: 7.8,
    });
    expect(average.statusCode, average.body).toBe(200);
    expect(average.json().product.vatRate).toBe(7.8);
    const bought = await call(farmer.token, 'POST', '/api/vendor-auth/products', {
      ...honey,
      vatRate: '19',
    });
    expect(bought.json().product.vatRate).toBe(19);
    const zero = await call(farmer.token, 'POST', '/api/vendor-auth/products', {
      ...honey,
      vatRate: 0,
    });
    expect(zero.statusCode).toBe(400);

    const regular = await producer('regelbesteuert');
    const averageRegular = await call(regular.token, 'POST', '/api/vendor-auth/products', {
      ...honey,
      vatRate: 7.8,
    });
    expect(averageRegular.statusCode).toBe(400);
  });

  it('shows, changes and deactivates only its own products; the EAN stays', async () => {
    const vera = await producer('regelbesteuert');
    const otto = await producer('regelbesteuert', 'Otto Obst');
    const created = (await call(vera.token, 'POST', '/api/vendor-auth/products', honey)).json()
      .product;
    const url = `/api/vendor-auth/products/${created.id}`;
    expect((await call(vera.token, 'GET', url)).json().product.id).toBe(created.id);
    // another producer's id, an unknown and a malformed one: not found
    expect((await call(otto.token, 'GET', url)).statusCode).toBe(404);
    expect((await call(otto.token, 'PATCH', url, { name: 'Meins' })).statusCode).toBe(404);
    expect(
      (await call(vera.token, 'GET', `/api/vendor-auth/products/${randomUUID()}`)).statusCode,
    ).toBe(404);
    expect((await call(vera.token, 'GET', '/api/vendor-auth/products/abc')).statusCode).toBe(404);

    const changed = await call(vera.token, 'PATCH', url, {
      priceCents: 700,
      inhalt: '0,25',
      inhaltEinheit: 'kg',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().product).toMatchObject({
      priceCents: 700,
      inhalt: 0.25,
      inhaltEinheit: 'kg',
      basePrice: { cents: 2800, per: '1 kg' },
      name: 'Blütenhonig',
    });
    const eanChange = await call(vera.token, 'PATCH', url, { ean: ean('400638133394') });
    expect(eanChange.statusCode).toBe(400);
    expect(eanChange.json().errors).toContainEqual({
      field: 'ean',
      message: PRODUCT_MESSAGES.eanFixed,
    });

    const off = await call(vera.token, 'PATCH', url, { isActive: false });
    expect(off.json()).toMatchObject({
      message: PRODUCT_MESSAGES.deactivated,
      product: { isActive: false, ean: created.ean },
    });
    const active = await call(vera.token, 'GET', '/api/vendor-auth/products?active=true');
    expect(active.json().products).toHaveLength(0);
    const on = await call(vera.token, 'PATCH', url, { isActive: true });
    expect(on.json().message).toBe(PRODUCT_MESSAGES.activated);
    // the other producer's list does not show it
    expect((await call(otto.token, 'GET', '/api/vendor-auth/products')).json().products).toEqual(
      [],
    );
    // no delete
    const remove = await t.app.inject({
      method: 'DELETE',
      url,
      headers: { authorization: `Bearer ${vera.token}` },
    });
    expect(remove.statusCode).toBe(404);
  });

  it('searches in name and EAN, sorts and pages', async () => {
    const vera = await producer('regelbesteuert');
    const names = ['Zwetschgenmus', 'Apfelsaft', 'Möhren', 'Bärlauchpesto', 'Käse'];
    const made: { name: string; ean: string }[] = [];
    for (const [index, name] of names.entries()) {
      const response = await call(vera.token, 'POST', '/api/vendor-auth/products', {
        name,
        priceCents: 100 * (index + 1),
        unit: 'Stück',
        vatRate: 7,
      });
      made.push(response.json().product);
    }
    const list = (query: string) =>
      call(vera.token, 'GET', `/api/vendor-auth/products?${query}`).then((r) => r.json());
    const first = await list('sort=name&limit=2');
    expect(first.products.map((p: { name: string }) => p.name)).toEqual([
      'Apfelsaft',
      'Bärlauchpesto',
    ]);
    expect(first.pagination).toEqual({ page: 1, limit: 2, totalCount: 5, totalPages: 3 });
    const third = await list('sort=name&limit=2&page=3');
    expect(third.products.map((p: { name: string }) => p.name)).toEqual(['Zwetschgenmus']);
    const byPrice = await list('sort=price');
    expect(byPrice.products[0].name).toBe('Zwetschgenmus');
    const newest = await list('sort=newest');
    expect(newest.products[0].name).toBe('Käse');
    // umlauts folded, and the EAN
    expect((await list('search=mohren')).products.map((p: { name: string }) => p.name)).toEqual([
      'Möhren',
    ]);
    expect(
      (await list(`q=${made[1]!.ean.slice(4)}`)).products.map((p: { name: string }) => p.name),
    ).toEqual(['Apfelsaft']);
    const bad = await call(vera.token, 'GET', '/api/vendor-auth/products?sort=wild');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ field: 'sort', message: 'Unbekannte Sortierung' });
  });

  it('refuses bad input with German messages', async () => {
    const vera = await producer('regelbesteuert');
    const post = (body: Record<string, unknown>) =>
      call(vera.token, 'POST', '/api/vendor-auth/products', body);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...honey, name: '  ' }, 'name', PRODUCT_MESSAGES.name],
      [{ ...honey, priceCents: 0 }, 'priceCents', PRODUCT_MESSAGES.priceRange],
      [{ ...honey, priceCents: 4.5 }, 'priceCents', PRODUCT_MESSAGES.price],
      [{ ...honey, unit: 'Sack' }, 'unit', PRODUCT_MESSAGES.unit],
      [{ ...honey, vatRate: 'viel' }, 'vatRate', PRODUCT_MESSAGES.vatRate],
      [{ ...honey, inhaltEinheit: undefined }, 'inhaltEinheit', PRODUCT_MESSAGES.contentPair],
      [{ ...honey, inhalt: 'zwei' }, 'inhalt', PRODUCT_MESSAGES.inhalt],
      [{ ...honey, inhalt: 0.0001 }, 'inhalt', PRODUCT_MESSAGES.inhaltRange],
      [{ ...honey, inhaltEinheit: 'Pfund' }, 'inhaltEinheit', PRODUCT_MESSAGES.inhaltEinheit],
      [{ ...honey, deposit: { ean: 'PFAND' } }, 'deposit.cents', PRODUCT_MESSAGES.depositCents],
      [{ ...honey, deposit: { ean: '', cents: 15 } }, 'deposit.ean', PRODUCT_MESSAGES.depositEan],
    ];
    for (const [body, field, message] of cases) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().success).toBe(false);
      expect(response.json().errors, JSON.stringify(body)).toContainEqual({ field, message });
    }
    const extra = await post({ ...honey, vendorId: randomUUID() });
    expect(extra.statusCode).toBe(400);
  });

  it('creates a product with its deposit (Pfand), which the list shows', async () => {
    const vera = await producer('regelbesteuert');
    const created = await call(vera.token, 'POST', '/api/vendor-auth/products', {
      ...honey,
      name: 'Apfelsaft',
      deposit: { ean: 'PFAND-MEHRWEG', cents: 15 },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().product.deposit).toEqual({ ean: 'PFAND-MEHRWEG', cents: 15 });
    const listed = await call(vera.token, 'GET', '/api/vendor-auth/products?search=Apfelsaft');
    expect(listed.json().products[0].deposit).toEqual({ ean: 'PFAND-MEHRWEG', cents: 15 });
  });

  it('gives other modules the products by EAN and by ids of one producer', async () => {
    const vera = await producer('regelbesteuert');
    const otto = await producer('regelbesteuert', 'Otto Obst');
    const mine = (await call(vera.token, 'POST', '/api/vendor-auth/products', honey)).json()
      .product;
    const his = (await call(otto.token, 'POST', '/api/vendor-auth/products', honey)).json().product;
    const byEan = await productsByEans(t.database.db, [mine.ean, his.ean, '4000000000000']);
    expect(byEan.get(mine.ean)).toEqual({
      productId: mine.id,
      vendorId: vera.id,
      stockTracked: false,
    });
    expect(byEan.get(his.ean)).toEqual({
      productId: his.id,
      vendorId: otto.id,
      stockTracked: false,
    });
    expect(byEan.has('4000000000000')).toBe(false);
    const byIds = await productsOfVendorByIds(t.database.db, vera.id, [mine.id, his.id, 'x']);
    expect(byIds.map((row) => row.id)).toEqual([mine.id]);
  });
});

describe('products of every producer (/api/admin/products)', () => {
  it('lists, searches by producer and EAN, filters, corrects and deactivates, recorded in the Protokoll', async () => {
    const hof = await producer('pauschaliert', 'Hofladen Sonnenschein');
    const created = (
      await call(hof.token, 'POST', '/api/vendor-auth/products', {
        ...honey,
        vatRate: 7.8,
      })
    ).json().product;
    const list = (query: string) =>
      call(adminToken, 'GET', `/api/admin/products?${query}`).then((r) => r.json());
    const bySearch = await list('search=sonnenschein');
    expect(bySearch.products).toHaveLength(1);
    expect(bySearch.products[0]).toMatchObject({
      id: created.id,
      vendorId: hof.id,
      vendorName: 'Hofladen Sonnenschein',
    });
    expect((await list(`search=${created.ean}`)).products.map((p: { id: string }) => p.id)).toEqual(
      [created.id],
    );
    expect((await list(`vendorId=${hof.id}`)).pagination.totalCount).toBe(1);
    expect((await list('vendorId=kein')).products).toEqual([]);
    expect((await list('limit=1')).products).toHaveLength(1);
    // a control character in the search is refused, never sent to the database (a NUL: 500 on
    // PostgreSQL before, found by the API fuzz)
    const nul = await call(adminToken, 'GET', '/api/admin/products?search=%00');
    expect(nul.statusCode).toBe(400);
    expect(JSON.stringify(nul.json())).toContain('unzulässige Steuerzeichen');

    const url = `/api/admin/products/${created.id}`;
    const fixed = await call(adminToken, 'PATCH', url, {
      name: 'Waldhonig',
      priceCents: 720,
      vatRate: 19,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().product).toMatchObject({ name: 'Waldhonig', priceCents: 720, vatRate: 19 });
    const notARate = await call(adminToken, 'PATCH', url, { vatRate: 16 });
    expect(notARate.statusCode).toBe(400);
    expect(notARate.json().errors[0].field).toBe('vatRate');

    const off = await call(adminToken, 'PATCH', url, { isActive: false });
    expect(off.json().product.isActive).toBe(false);
    expect((await list(`vendorId=${hof.id}&active=true`)).pagination.totalCount).toBe(0);
    // the producer sees the correction
    const own = (await call(hof.token, 'GET', `/api/vendor-auth/products/${created.id}`)).json();
    expect(own.product).toMatchObject({ name: 'Waldhonig', isActive: false });

    const entries = await t.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.entityId, created.id));
    expect(entries.map((entry) => entry.summary).sort()).toEqual(
      [
        `Produkt „Blütenhonig“ (EAN ${created.ean}) von Hofladen Sonnenschein korrigiert`,
        `Produkt „Waldhonig“ (EAN ${created.ean}) von Hofladen Sonnenschein deaktiviert`,
      ].sort(),
    );
    const correction = entries.find((entry) => entry.summary.endsWith('korrigiert'))!;
    expect(correction.before).toEqual({ name: 'Blütenhonig', priceCents: 650, vatRate: '7,8 %' });
    expect(correction.after).toEqual({ name: 'Waldhonig', priceCents: 720, vatRate: '19 %' });
    const log = (await call(adminToken, 'GET', '/api/admin/audit?area=produkte')).json();
    expect(log.entries.length).toBeGreaterThanOrEqual(2);

    expect(
      (await call(adminToken, 'PATCH', `/api/admin/products/${randomUUID()}`, { isActive: false }))
        .statusCode,
    ).toBe(404);
  });
});
