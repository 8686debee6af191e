import { clock } from '@housnkuh/shared/clock';
import { berlinInstant } from '@housnkuh/shared/format';
import { PRODUCER_STOCK_MESSAGES } from '@housnkuh/shared/schemas/inventory';
import { PRODUCT_MESSAGES } from '@housnkuh/shared/schemas/products';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { vendors } from '../src/modules/vendors/schema';
import { inventoryShop, type Model, type ShopProducer } from './inventory-fixtures';

// The producer's side of the inventory (issue 33, docs/decisions/0069): its count lines with the
// shrinkage and the theft refund as settled or planned, and the movements of its own products.
// Only its own: another producer's lines and products are not there for it.

clock.set(berlinInstant('2026-10-01', '09:00'));
afterAll(() => clock.reset());

const shop = inventoryShop({ eanStart: 5500 });
const { at, call, sell } = shop;
type Producer = ShopProducer;
const producerWith = (model: Model) => shop.producerWith(model);

async function ok(response: Awaited<ReturnType<typeof call>>) {
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const countsOf = async (p: Producer, query = '') =>
  ok(await call(p.token, 'GET', `/api/vendor-auth/inventory-counts${query}`));

describe('the producer’s counts', () => {
  let premium: Producer;
  let basic: Producer;
  /** When the counts of the first two tests were made (the clock runs on from where it is set). */
  const countTimes: string[] = [];

  it('show its own lines only, with the shrinkage; Premium with the refund, Basismodell without', async () => {
    await at('2026-10-01', '09:00');
    premium = await producerWith('premium');
    basic = await producerWith('basic');
    const stranger = await producerWith('premium');
    // the binding example: 12 delivered and confirmed, the till sells 3, the count finds 7
    const delivered = await ok(
      await call(premium.token, 'POST', `/api/vendor-auth/products/${premium.productId}/stock`, {
        kind: 'delivery',
        quantity: 12,
      }),
    );
    await ok(
      await call(shop.adminToken, 'POST', '/api/admin/inventory/deliveries/confirm', {
        movementIds: [delivered.movement.id],
      }),
    );
    for (const p of [basic, stranger])
      await ok(
        await call(shop.adminToken, 'POST', `/api/admin/products/${p.productId}/stock`, {
          kind: 'delivery',
          quantity: 12,
        }),
      );
    // nothing counted yet
    expect(await countsOf(premium)).toEqual({
      success: true,
      counts: [],
      pagination: { page: 1, limit: 10, totalCount: 0, totalPages: 1 },
    });

    await at('2026-10-10', '12:00');
    await ok(await sell(`PS-${premium.ean}`, premium.ean, 3, '2026-10-10T11:00:00+02:00'));
    await at('2026-10-15', '19:00');
    // one count of three producers' goods
    const counted = await ok(
      await call(shop.adminToken, 'POST', '/api/admin/inventory-counts', {
        counts: [
          { productId: premium.productId, quantity: 7 },
          { productId: basic.productId, quantity: 10 },
          { productId: stranger.productId, quantity: 11 },
        ],
        note: 'Regal A1 bis A3',
      }),
    );

    countTimes.push(counted.count.countedAt);
    expect(counted.count.countedAt.slice(0, 16)).toBe('2026-10-15T17:00');
    const own = await countsOf(premium);
    expect(own.counts).toEqual([
      {
        id: counted.count.id,
        countedAt: counted.count.countedAt,
        lines: [
          {
            id: expect.any(String),
            productId: premium.productId,
            productName: 'Waldhonig 500 g',
            unit: 'Glas',
            place: 'shelf',
            expected: 9,
            counted: 7,
            shrinkage: 2,
            refundable: 2,
            refundCents: 1100,
            settledRefundCents: 0,
            settledMonths: [],
            plannedMonth: '2026-10',
            beforeFirstMonth: null,
            premium: true,
            causedByProducer: null,
            corrected: false,
          },
        ],
      },
    ]);
    // neither the others' goods nor the shop's note on the count
    const body = JSON.stringify(own);
    for (const other of [basic.productId, stranger.productId, 'Regal A1', 'Eva Muster'])
      expect(body).not.toContain(other);

    const shown = (await countsOf(basic)).counts;
    expect(shown).toHaveLength(1);
    expect(shown[0].lines).toEqual([
      expect.objectContaining({
        productId: basic.productId,
        expected: 12,
        counted: 10,
        shrinkage: 2,
        refundable: 0,
        refundCents: 0,
        plannedMonth: null,
        premium: false,
      }),
    ]);
  });

  it('a count before the first month settled here ("Abrechnung ab") is planned for no settlement, and says why', async () => {
    const billing = (await call(shop.adminToken, 'GET', '/api/admin/billing-settings')).json()
      .settings;
    const enter = async (abrechnungAb: string | null) =>
      ok(
        await call(shop.adminToken, 'PUT', '/api/admin/billing-settings', {
          ...billing,
          abrechnungAb,
          steuernummer: '218/123/45678',
          iban: 'DE89370400440532013000',
          kontoinhaber: 'housnkuh Eva Muster',
        }),
      );
    const october = async () =>
      (await countsOf(premium)).counts
        .flatMap((count: { countedAt: string; lines: unknown[] }) =>
          count.countedAt === countTimes[0] ? count.lines : [],
        )
        .find((line: { productId: string }) => line.productId === premium.productId);
    expect(await october()).toMatchObject({ plannedMonth: '2026-10', beforeFirstMonth: null });
    // the system settles from November on: October's count is no part of its settlements
    await enter('2026-11');
    expect(await october()).toMatchObject({
      refundCents: 1100,
      settledRefundCents: 0,
      plannedMonth: null,
      beforeFirstMonth: '2026-11',
    });
    await enter('2026-10');
    expect(await october()).toMatchObject({ plannedMonth: '2026-10', beforeFirstMonth: null });
    await enter(billing.abrechnungAb ?? null);
  });

  it('name the producer’s cause with its reason, and a count corrected by a later one of the same time', async () => {
    await at('2026-10-20', '18:00');
    const caused = await ok(
      await call(shop.adminToken, 'POST', '/api/admin/inventory-counts', {
        counts: [
          {
            productId: premium.productId,
            quantity: 6,
            causedByProducer: 'Glas beim Einräumen zerbrochen',
          },
        ],
      }),
    );
    const corrected = await producerWith('premium');
    await ok(
      await call(shop.adminToken, 'POST', `/api/admin/products/${corrected.productId}/stock`, {
        kind: 'delivery',
        quantity: 5,
      }),
    );
    await at('2026-10-20', '18:30');
    const first = await ok(
      await call(shop.adminToken, 'POST', '/api/admin/inventory-counts', {
        counts: [{ productId: corrected.productId, quantity: 3 }],
      }),
    );
    const countedAt = first.count.countedAt as string;
    await at('2026-10-20', '19:00');
    // counted again for the same instant (the shop miscounted)
    await ok(
      await call(shop.adminToken, 'POST', '/api/admin/inventory-counts', {
        counts: [{ productId: corrected.productId, quantity: 5 }],
        countedAt,
      }),
    );

    const premiumCounts = await countsOf(premium);
    expect(premiumCounts.pagination).toEqual({ page: 1, limit: 10, totalCount: 2, totalPages: 1 });
    expect(premiumCounts.counts.map((c: { countedAt: string }) => c.countedAt)).toEqual([
      caused.count.countedAt,
      countTimes[0],
    ]);
    expect(premiumCounts.counts[0].lines).toEqual([
      expect.objectContaining({
        expected: 7,
        counted: 6,
        shrinkage: 1,
        refundCents: 0,
        premium: true,
        causedByProducer: 'Glas beim Einräumen zerbrochen',
      }),
    ]);
    // one count a page: the newer first
    const second = await countsOf(premium, '?page=2&limit=1');
    expect(second.pagination).toEqual({ page: 2, limit: 1, totalCount: 2, totalPages: 2 });
    expect(second.counts[0].countedAt).toBe(countTimes[0]);
    expect((await countsOf(premium, '?page=3&limit=1')).counts).toEqual([]);

    const lines = (await countsOf(corrected)).counts.map(
      (c: { lines: { counted: number; corrected: boolean }[] }) => c.lines[0],
    );
    // both at the same instant: the one entered later first
    expect(
      lines.map((l: { counted: number; corrected: boolean }) => [l.counted, l.corrected]),
    ).toEqual([
      [5, false],
      [3, true],
    ]);
  });

  it('tell what the settlement paid and where a later change goes', async () => {
    await shop.t.database.db
      .update(vendors)
      .set({ iban: 'DE02120300000000202051', kontoinhaber: 'Imkerei Test' })
      .where(eq(vendors.id, premium.vendorId));
    await at('2026-11-02');
    await shop.readyToSettle();
    await ok(await call(shop.adminToken, 'POST', '/api/admin/abrechnungen', { month: '2026-10' }));
    // a draft is no settlement yet
    expect((await countsOf(premium)).counts[1].lines[0]).toMatchObject({
      refundCents: 1100,
      settledRefundCents: 0,
      plannedMonth: '2026-10',
    });
    await ok(await call(shop.adminToken, 'POST', '/api/admin/abrechnungen/2026-10/finalize'));
    expect((await countsOf(premium)).counts[1].lines[0]).toMatchObject({
      refundCents: 1100,
      settledRefundCents: 1100,
      settledMonths: ['2026-10'],
      plannedMonth: null,
    });

    // a sale of 14.10. (before the count) arrives late: 1 jar missing now, 5,50 €
    await at('2026-11-05');
    await ok(await sell(`LATE-${premium.ean}`, premium.ean, 1, '2026-10-14T16:00:00+02:00'));
    expect((await countsOf(premium)).counts[1].lines[0]).toMatchObject({
      expected: 8,
      shrinkage: 1,
      refundCents: 550,
      settledRefundCents: 1100,
      settledMonths: ['2026-10'],
      // October is final: the correction goes with the next settlement
      plannedMonth: null,
    });
    await at('2026-12-02');
    await ok(await call(shop.adminToken, 'POST', '/api/admin/abrechnungen', { month: '2026-11' }));
    await ok(await call(shop.adminToken, 'POST', '/api/admin/abrechnungen/2026-11/finalize'));
    expect((await countsOf(premium)).counts[1].lines[0]).toMatchObject({
      refundCents: 550,
      settledRefundCents: 550,
      settledMonths: ['2026-10', '2026-11'],
      plannedMonth: null,
    });
  }, 60_000);
});

describe('the movements of a product', () => {
  it('newest first, the till’s per Berlin day, who recorded it without names; a page at a time', async () => {
    await at('2026-10-01', '09:00');
    const p = await producerWith('storage');
    const own = `/api/vendor-auth/products/${p.productId}/stock`;
    const shopUrl = `/api/admin/products/${p.productId}/stock`;
    await ok(await call(p.token, 'POST', own, { kind: 'delivery', quantity: 10, note: 'Frisch' }));
    clock.set(berlinInstant('2026-10-01', '09:05'));
    await ok(
      await call(shop.adminToken, 'POST', shopUrl, {
        kind: 'delivery',
        quantity: 5,
        place: 'storeroom',
      }),
    );
    clock.set(berlinInstant('2026-10-01', '09:10'));
    await ok(await call(shop.adminToken, 'POST', shopUrl, { kind: 'refill', quantity: 2 }));
    clock.set(berlinInstant('2026-10-01', '09:15'));
    await ok(await call(p.token, 'POST', own, { kind: 'withdrawal', quantity: 1 }));
    clock.set(berlinInstant('2026-10-01', '09:20'));
    await ok(
      await call(shop.adminToken, 'POST', shopUrl, {
        kind: 'spoilage',
        quantity: 1,
        note: 'Deckel offen',
      }),
    );
    await at('2026-10-11', '13:00');
    await ok(await sell(`M1-${p.ean}`, p.ean, 1, '2026-10-10T11:00:00+02:00'));
    await ok(await sell(`M2-${p.ean}`, p.ean, 1, '2026-10-10T12:00:00+02:00'));
    // replayed: nothing changes
    await ok(await sell(`M2-${p.ean}`, p.ean, 1, '2026-10-10T12:00:00+02:00'));
    // 00:30 in Kronach is still the 10th in UTC: it belongs to the 11th
    await ok(await sell(`M3-${p.ean}`, p.ean, 1, '2026-10-11T00:30:00+02:00'));
    await ok(await sell(`M4-${p.ean}`, p.ean, -1, '2026-10-11T12:00:00+02:00'));
    await at('2026-10-15', '19:00');
    await ok(
      await call(shop.adminToken, 'POST', '/api/admin/inventory-counts', {
        counts: [{ productId: p.productId, quantity: 9 }],
      }),
    );

    const url = `/api/vendor-auth/products/${p.productId}/movements`;
    const answer = await ok(await call(p.token, 'GET', url));
    expect(answer.product).toEqual({ id: p.productId, name: 'Waldhonig 500 g', unit: 'Glas' });
    expect(answer.pagination).toEqual({ page: 1, limit: 20, totalCount: 9, totalPages: 1 });
    const seen = answer.movements.map(
      (m: Record<string, unknown>) =>
        `${String(m.kind)} ${String(m.place)} ${String(m.quantity)} ${String(m.day)} ${String(m.lines)} ${String(m.recordedBy)} ${String(m.note)} ${String(m.confirmed)}`,
    );
    expect(seen).toEqual([
      'count shelf 9 null 1 shop null null',
      'return shelf 1 2026-10-11 1 till null null',
      'sale shelf -1 2026-10-11 1 till null null',
      'sale shelf -2 2026-10-10 2 till null null',
      'spoilage shelf -1 null 1 shop Deckel offen null',
      'withdrawal shelf -1 null 1 vendor null null',
      // a refill once: what came into the shelf
      'refill shelf 2 null 1 shop null null',
      'delivery storeroom 5 null 1 shop null true',
      'delivery shelf 10 null 1 vendor Frisch false',
    ]);
    expect(answer.movements[3].occurredAt).toBe('2026-10-10T10:00:00.000Z');
    // the shop's people are "der Laden", never named
    expect(JSON.stringify(answer)).not.toContain('Eva Muster');

    const page = await ok(await call(p.token, 'GET', `${url}?page=2&limit=3`));
    expect(page.pagination).toEqual({ page: 2, limit: 3, totalCount: 9, totalPages: 3 });
    expect(page.movements.map((m: { kind: string }) => m.kind)).toEqual([
      'sale',
      'spoilage',
      'withdrawal',
    ]);
    const past = await ok(await call(p.token, 'GET', `${url}?page=5&limit=3`));
    expect(past.movements).toEqual([]);
    expect(past.pagination.totalCount).toBe(9);

    // a product nothing happened to yet
    const untouched = await producerWith('basic');
    const none = await ok(
      await call(
        untouched.token,
        'GET',
        `/api/vendor-auth/products/${untouched.productId}/movements`,
      ),
    );
    expect(none.movements).toEqual([]);
    expect(none.pagination.totalCount).toBe(0);
  });
});

describe('who may read them', () => {
  it('another producer’s product is not found like an unknown one; no session, the till and an admin are refused', async () => {
    await at('2026-10-01', '09:00');
    const anna = await producerWith('premium');
    const bert = await producerWith('premium');
    for (const id of [bert.productId, randomUUID(), 'abc', '1; drop table products']) {
      const response = await call(
        anna.token,
        'GET',
        `/api/vendor-auth/products/${encodeURIComponent(id)}/movements`,
      );
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ success: false, message: PRODUCT_MESSAGES.notFound });
    }
    for (const url of [
      '/api/vendor-auth/inventory-counts',
      `/api/vendor-auth/products/${anna.productId}/movements`,
    ]) {
      expect((await call(null, 'GET', url)).statusCode, url).toBe(401);
      for (const token of [shop.till, shop.adminToken]) {
        const refused = await call(token, 'GET', url);
        expect([401, 403], url).toContain(refused.statusCode);
        expect(refused.json().success).toBe(false);
        expect(refused.json().message).toMatch(/[a-zäöüß]/);
      }
    }
  });

  it('a bad page or page size is a German 400 naming the field, never a 500', async () => {
    const p = await producerWith('basic');
    for (const url of [
      '/api/vendor-auth/inventory-counts',
      `/api/vendor-auth/products/${p.productId}/movements`,
    ]) {
      for (const [query, field, message] of [
        ['page=0', 'page', PRODUCER_STOCK_MESSAGES.page],
        ['page=abc', 'page', PRODUCER_STOCK_MESSAGES.page],
        ['page=1.5', 'page', PRODUCER_STOCK_MESSAGES.page],
        ['limit=101', 'limit', PRODUCER_STOCK_MESSAGES.limit],
        ['limit=0', 'limit', PRODUCER_STOCK_MESSAGES.limit],
        ['limit=-3', 'limit', PRODUCER_STOCK_MESSAGES.limit],
      ] as const) {
        const response = await call(p.token, 'GET', `${url}?${query}`);
        expect(response.statusCode, `${url}?${query}`).toBe(400);
        expect(response.json()).toMatchObject({
          success: false,
          errors: [{ field, message }],
        });
      }
    }
  });
});
