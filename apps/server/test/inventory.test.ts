import { clock } from '@housnkuh/shared/clock';
import { berlinInstant } from '@housnkuh/shared/format';
import { INVENTORY_MESSAGES } from '@housnkuh/shared/schemas/inventory';
import { PRODUCT_MESSAGES } from '@housnkuh/shared/schemas/products';
import type { Settlement } from '@housnkuh/shared/settlement';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { salesLines } from '../src/modules/sales/schema';
import { settlementItems } from '../src/modules/settlement/schema';
import { vendors } from '../src/modules/vendors/schema';
import { renderDocumentPdf } from '../src/modules/documents/pdf';
import {
  balancesOf,
  recomputeBalances,
  stockFromMovements,
} from '../src/modules/products/balances.service';
import { transaction } from '../src/db/transaction';
import { addTillSales } from '../src/modules/products/public';
import { producer as documentsProducer } from './documents-fixtures';
import { tempDir } from './helpers';
import { inventoryShop, type Model } from './inventory-fixtures';

// The automated inventory and the theft refund (issue 33, docs/product/inventory.md,
// docs/decisions/0059-inventory-and-theft-refund.md) through the API, with docs/product/money.md's
// binding example: honey 6,00 €, 12 delivered and confirmed, the till sells 3, the count finds 7.

clock.set(berlinInstant('2026-10-01', '09:00'));
afterAll(() => clock.reset());

/** A PDF's text as pdftotext reads it, whitespace runs made one space. */
function pdfText(pdf: Buffer): string {
  const file = path.join(tempDir(), 'abrechnung.pdf');
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  );
}

/** The binding example's and the Basismodell example's producers (the settlement reads them). */
let premiumExample: { vendorId: string; productId: string; ean: string } | undefined;
let basicExample: { vendorId: string; productId: string; ean: string } | undefined;
/** A Premium producer whose shrinkage the owner marked as its own cause (no refund). */
let causedExample: { vendorId: string } | undefined;

const shop = inventoryShop({ eanStart: 3300 });
const { at, call, sell } = shop;
/** A signed-in producer with a contract of this model running since 01.09.2026 and a honey jar. */
const producerWith = (model: Model, unit = 'Glas', priceCents = 600) =>
  shop.producerWith(model, { unit, priceCents });

describe('stock movements', () => {
  it('the binding example: 12 delivered and confirmed, 3 sold, 7 counted → shrinkage 2, refund 11,00 €', async () => {
    await at('2026-10-01', '09:00');
    const p = await producerWith('premium');
    premiumExample = p;
    const before = await call(p.token, 'GET', `/api/vendor-auth/products/${p.productId}`);
    expect(before.json().product).toMatchObject({
      stock: null,
      storeRoomStock: null,
      restockLevel: null,
      storeRoomRestockLevel: null,
    });
    const delivered = await call(
      p.token,
      'POST',
      `/api/vendor-auth/products/${p.productId}/stock`,
      {
        kind: 'delivery',
        quantity: 12,
      },
    );
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({
      success: true,
      product: { stock: 12, storeRoomStock: 0 },
      movement: { kind: 'delivery', place: 'shelf', quantity: 12, confirmedAt: null },
    });
    const movementId = delivered.json().movement.id as string;

    // the shop sees it unconfirmed and confirms it
    const open = await call(
      shop.adminToken,
      'GET',
      '/api/admin/inventory/deliveries?state=unconfirmed',
    );
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().deliveries.map((d: { id: string }) => d.id)).toContain(movementId);
    const confirmed = await call(
      shop.adminToken,
      'POST',
      '/api/admin/inventory/deliveries/confirm',
      {
        movementIds: [movementId],
      },
    );
    expect(confirmed.json()).toEqual({
      success: true,
      message: 'Die Lieferung ist bestätigt.',
      confirmed: 1,
    });
    const after = await call(
      shop.adminToken,
      'GET',
      '/api/admin/inventory/deliveries?state=unconfirmed',
    );
    expect(after.json().deliveries.map((d: { id: string }) => d.id)).not.toContain(movementId);

    // the till sells 3 (replayed: nothing changes)
    await at('2026-10-10', '12:00');
    for (let i = 0; i < 2; i += 1) {
      const sold = await sell(`INV-${p.ean}`, p.ean, 3, '2026-10-10T11:00:00+02:00');
      expect(sold.statusCode, sold.body).toBe(200);
    }
    const shown = await call(p.token, 'GET', `/api/vendor-auth/products/${p.productId}`);
    expect(shown.json().product.stock).toBe(9);

    await at('2026-10-15', '19:00');
    const counted = await call(shop.adminToken, 'POST', '/api/admin/inventory-counts', {
      counts: [{ productId: p.productId, quantity: 7 }],
    });
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json().count.lines).toEqual([
      expect.objectContaining({
        productId: p.productId,
        place: 'shelf',
        expected: 9,
        counted: 7,
        shrinkage: 2,
        refundCents: 1100,
        causedByProducer: null,
      }),
    ]);
    const listed = await call(shop.adminToken, 'GET', `/api/admin/products/${p.productId}`);
    expect(listed.json().product.stock).toBe(7);
  });

  it('a Basismodell producer sees the shrinkage and gets no refund', async () => {
    await at('2026-10-01', '09:00');
    const p = await producerWith('basic');
    basicExample = p;
    await call(shop.adminToken, 'POST', `/api/admin/products/${p.productId}/stock`, {
      kind: 'delivery',
      quantity: 12,
    });
    await at('2026-10-15', '19:00');
    const counted = await call(shop.adminToken, 'POST', '/api/admin/inventory-counts', {
      counts: [{ productId: p.productId, quantity: 10 }],
    });
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json().count.lines[0]).toMatchObject({ shrinkage: 2, refundCents: 0 });
  });

  it('unconfirmed goods count for the stock, not for the refund; a count above expected refunds nothing; the producer’s cause none', async () => {
    await at('2026-10-01', '09:00');
    const p = await producerWith('premium');
    await call(p.token, 'POST', `/api/vendor-auth/products/${p.productId}/stock`, {
      kind: 'delivery',
      quantity: 12,
    });
    await at('2026-10-15', '19:00');
    const unconfirmed = await call(shop.adminToken, 'POST', '/api/admin/inventory-counts', {
      counts: [{ productId: p.productId, quantity: 10 }],
    });
    expect(unconfirmed.json().count.lines[0]).toMatchObject({ shrinkage: 2, refundCents: 0 });

    const q = await producerWith('premium');
    await call(shop.adminToken, 'POST', `/api/admin/products/${q.productId}/stock`, {
      kind: 'delivery',
      quantity: 5,
    });
    const more = await call(shop.adminToken, 'POST', '/api/admin/inventory-counts', {
      counts: [{ productId: q.productId, quantity: 6 }],
    });
    expect(more.json().count.lines[0]).toMatchObject({
      expected: 5,
      shrinkage: -1,
      refundCents: 0,
    });

    const r = await producerWith('premium');
    causedExample = r;
    await call(shop.adminToken, 'POST', `/api/admin/products/${r.productId}/stock`, {
      kind: 'delivery',
      quantity: 5,
    });
    const caused = await call(shop.adminToken, 'POST', '/api/admin/inventory-counts', {
      counts: [
        {
          productId: r.productId,
          quantity: 3,
          causedByProducer: 'Gläser beim Einräumen zerbrochen',
        },
      ],
    });
    expect(caused.json().count.lines[0]).toMatchObject({
      shrinkage: 2,
      refundCents: 0,
      causedByProducer: 'Gläser beim Einräumen zerbrochen',
    });
  });

  it('spoilage and withdrawals up to the count are no shrinkage; refills move goods from the store room', async () => {
    await at('2026-10-01', '09:00');
    const p = await producerWith('storage');
    const url = `/api/admin/products/${p.productId}/stock`;
    expect(
      (
        await call(shop.adminToken, 'POST', url, {
          kind: 'delivery',
          quantity: 10,
          place: 'storeroom',
        })
      ).statusCode,
    ).toBe(200);
    const refill = await call(shop.adminToken, 'POST', url, { kind: 'refill', quantity: 6 });
    expect(refill.json().product).toMatchObject({ stock: 6, storeRoomStock: 4 });
    const tooMuch = await call(shop.adminToken, 'POST', url, { kind: 'refill', quantity: 5 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(INVENTORY_MESSAGES.notEnough('storeroom', '4 Glas'));
    await call(shop.adminToken, 'POST', url, {
      kind: 'spoilage',
      quantity: 1,
      note: 'Deckel offen',
    });
    await call(p.token, 'POST', `/api/vendor-auth/products/${p.productId}/stock`, {
      kind: 'withdrawal',
      quantity: 2,
    });
    await at('2026-10-15', '19:00');
    const counted = await call(shop.adminToken, 'POST', '/api/admin/inventory-counts', {
      counts: [
        { productId: p.productId, quantity: 3 },
        { productId: p.productId, quantity: 4, place: 'storeroom' },
      ],
    });
    expect(counted.json().count.lines).toEqual([
      expect.objectContaining({ place: 'shelf', expected: 3, shrinkage: 0, refundCents: 0 }),
      expect.objectContaining({ place: 'storeroom', expected: 4, shrinkage: 0, refundCents: 0 }),
    ]);
  });

  it('the producer’s list shows the last delivery and the till’s sales since it', async () => {
    await at('2026-10-20', '09:00');
    const p = await producerWith('basic');
    const stockUrl = `/api/vendor-auth/products/${p.productId}/stock`;
    const listed = async () =>
      (await call(p.token, 'GET', '/api/vendor-auth/products')).json().products[0];
    expect(await listed()).toMatchObject({
      stock: null,
      lastDeliveryAt: null,
      soldSinceLastDelivery: null,
    });
    await call(p.token, 'POST', stockUrl, { kind: 'delivery', quantity: 5 });
    expect(await listed()).toMatchObject({ stock: 5, soldSinceLastDelivery: 0 });
    await at('2026-10-21', '12:00');
    expect((await sell(`L1-${p.ean}`, p.ean, 2, '2026-10-21T11:00:00+02:00')).statusCode).toBe(200);
    await at('2026-10-22', '09:00');
    await call(p.token, 'POST', stockUrl, { kind: 'delivery', quantity: 3 });
    await call(p.token, 'POST', stockUrl, { kind: 'withdrawal', quantity: 1 });
    await at('2026-10-22', '13:00');
    expect((await sell(`L2-${p.ean}`, p.ean, 2, '2026-10-22T12:00:00+02:00')).statusCode).toBe(200);
    expect((await sell(`L3-${p.ean}`, p.ean, -1, '2026-10-22T12:30:00+02:00')).statusCode).toBe(
      200,
    );
    // 5 − 2 + 3 − 1 − 2 + 1; since the delivery of 22.10.: 2 sold, 1 returned, the withdrawal no sale
    expect(await listed()).toMatchObject({
      stock: 4,
      // the clock runs on from where the test set it
      lastDeliveryAt: expect.stringMatching(/^2026-10-22T07:00:0/),
      soldSinceLastDelivery: 1,
    });
  });

  it('weighed goods move by weight; a piece product takes whole numbers only', async () => {
    await at('2026-10-01', '09:00');
    const cheese = await producerWith('premium', 'kg', 2400);
    const url = `/api/admin/products/${cheese.productId}/stock`;
    const delivered = await call(shop.adminToken, 'POST', url, { kind: 'delivery', quantity: 2.5 });
    expect(delivered.json().product.stock).toBe(2.5);
    const sold = await sell(`W-${cheese.ean}`, cheese.ean, 0.352, '2026-10-01T08:30:00+02:00');
    expect(sold.statusCode, sold.body).toBe(200);
    const shown = await call(shop.adminToken, 'GET', `/api/admin/products/${cheese.productId}`);
    expect(shown.json().product.stock).toBe(2.148);

    const honey = await producerWith('premium');
    const half = await call(
      shop.adminToken,
      'POST',
      `/api/admin/products/${honey.productId}/stock`,
      {
        kind: 'delivery',
        quantity: 1.5,
      },
    );
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toBe(INVENTORY_MESSAGES.wholePieces('Glas'));
  });
});

describe('the stock is the sum of its distinct movements', () => {
  it('whatever the till delivers again or late, with counts and corrections in between (property, seeded)', async () => {
    await at('2026-10-20', '09:00');
    const base = clock.now().getTime();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            kind: fc.constantFrom(
              'sale',
              'return',
              'late',
              'delivery',
              'spoilage',
              'count',
              'correct',
            ),
            quantity: fc.integer({ min: 1, max: 5 }),
            replays: fc.integer({ min: 0, max: 2 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        async (ops) => {
          run += 1;
          const p = await producerWith('premium');
          const start = await call(
            shop.adminToken,
            'POST',
            `/api/admin/products/${p.productId}/stock`,
            {
              kind: 'delivery',
              quantity: 10,
            },
          );
          expect(start.statusCode, start.body).toBe(200);
          // the model: the last count's level plus the distinct changes after its time
          let level = 10;
          let since = 0;
          let lastCount: { lineId: string; at: number } | null = null;
          for (const [index, op] of ops.entries()) {
            // each step a minute later (the till's time is the step's)
            clock.set(new Date(base + (run * 10 + index + 1) * 60_000));
            const stockUrl = `/api/admin/products/${p.productId}/stock`;
            const expected = level + since;
            if (op.kind === 'sale' || op.kind === 'return' || op.kind === 'late') {
              const quantity = op.kind === 'return' ? -op.quantity : op.quantity;
              // a late line: sold a second before the last count, delivered after it
              const soldAt =
                op.kind === 'late' && lastCount
                  ? new Date(lastCount.at - 1000)
                  : new Date(clock.now().getTime() - (op.kind === 'late' ? 30_000 : 0));
              for (let i = 0; i <= op.replays; i += 1) {
                const sold = await sell(
                  `P${run}-${index}-${p.ean}`,
                  p.ean,
                  quantity,
                  soldAt.toISOString(),
                );
                expect(sold.statusCode, sold.body).toBe(200);
              }
              if (!lastCount || soldAt.getTime() > lastCount.at) since -= quantity;
            } else if (op.kind === 'count') {
              const counted = await call(shop.adminToken, 'POST', '/api/admin/inventory-counts', {
                counts: [{ productId: p.productId, quantity: op.quantity }],
              });
              expect(counted.statusCode, counted.body).toBe(200);
              expect(counted.json().count.lines[0].expected).toBe(expected);
              lastCount = { lineId: counted.json().count.lines[0].id, at: clock.now().getTime() };
              level = op.quantity;
              since = 0;
            } else if (op.kind === 'correct') {
              if (!lastCount) continue;
              const corrected = await call(
                shop.adminToken,
                'POST',
                `/api/admin/inventory-counts/lines/${lastCount.lineId}/correction`,
                { quantity: op.quantity, reason: 'Nachgezählt' },
              );
              expect(corrected.statusCode, corrected.body).toBe(200);
              lastCount = { lineId: corrected.json().correction.lines[0].id, at: lastCount.at };
              level = op.quantity;
            } else if (op.kind === 'spoilage' && op.quantity > expected) {
              const refused = await call(shop.adminToken, 'POST', stockUrl, {
                kind: 'spoilage',
                quantity: op.quantity,
              });
              expect(refused.statusCode).toBe(409);
            } else {
              const recorded = await call(shop.adminToken, 'POST', stockUrl, {
                kind: op.kind,
                quantity: op.quantity,
              });
              expect(recorded.statusCode, recorded.body).toBe(200);
              since += op.kind === 'delivery' ? op.quantity : -op.quantity;
            }
          }
          const shown = await call(shop.adminToken, 'GET', `/api/admin/products/${p.productId}`);
          expect(shown.json().product.stock).toBe(level + since);
          // the running balance is the movements' sum (docs/decisions/0081)
          const fromMovements = await stockFromMovements(shop.t.database.db, [p.productId]);
          const balances = await balancesOf(shop.t.database.db, [p.productId]);
          expect(balances.get(p.productId)).toMatchObject(fromMovements.get(p.productId)!);
        },
      ),
      {
        numRuns: 14,
        seed: 33,
        // besides the random runs, one that surely has late lines around a count and a correction
        examples: [
          [
            [
              { kind: 'sale', quantity: 2, replays: 0 },
              { kind: 'count', quantity: 5, replays: 0 },
              { kind: 'late', quantity: 1, replays: 1 },
              { kind: 'sale', quantity: 1, replays: 0 },
              { kind: 'correct', quantity: 4, replays: 0 },
              { kind: 'late', quantity: 2, replays: 0 },
              { kind: 'return', quantity: 1, replays: 1 },
            ],
          ],
        ],
      },
    );
  }, 120_000);
});

describe('the units’ holders and the storage service', () => {
  it('the units’ answer says which holder has the storage service today', async () => {
    await shop.at('2026-10-02');
    const storing = await producerWith('storage');
    const plain = await producerWith('premium');
    const answer = await call(shop.adminToken, 'GET', '/api/admin/mietfaecher?state=occupied');
    expect(answer.statusCode, answer.body).toBe(200);
    const holders = (
      answer.json().mietfaecher as { holder: { vendorId: string; storageService: boolean } }[]
    ).map((unit) => unit.holder);
    expect(holders).toContainEqual(
      expect.objectContaining({ vendorId: storing.vendorId, storageService: true }),
    );
    expect(holders).toContainEqual(
      expect.objectContaining({ vendorId: plain.vendorId, storageService: false }),
    );
  });
});

describe('the balance under concurrent writers', () => {
  it('a count and a till delivery of the same products never deadlock: both take them in id order', async () => {
    await at('2026-10-03', '12:00');
    const [first, second] = [await producerWith('premium'), await producerWith('basic')].sort(
      (a, b) => a.productId.localeCompare(b.productId),
    );
    for (const p of [first!, second!])
      expect(
        (
          await call(p.token, 'POST', `/api/vendor-auth/products/${p.productId}/stock`, {
            kind: 'delivery',
            quantity: 5,
          })
        ).statusCode,
      ).toBe(200);
    // a count's transaction, as a count locks its products (in id order): the first one now …
    let locked!: () => void;
    let goOn!: () => void;
    const tookFirst = new Promise<void>((resolve) => (locked = resolve));
    const next = new Promise<void>((resolve) => (goOn = resolve));
    const count = transaction(shop.t.database.db, async (tx) => {
      await tx.execute(sql`select id from products where id = ${first!.productId} for update`);
      locked();
      await next;
      // … and the second once the till delivery below is under way
      await tx.execute(sql`select id from products where id = ${second!.productId} for update`);
    });
    await tookFirst;
    // the till's receipt names the second product before the first
    const line = (position: number, ean: string) => ({
      position,
      ean,
      name: 'Waldhonig',
      quantity: 1,
      unitPriceGrossCents: 600,
      vatRate: 7,
    });
    const sold = call(shop.till, 'POST', '/api/pos/sales', {
      receipts: [
        {
          id: 'REIHENFOLGE-1',
          time: '2026-10-03T11:00:00+02:00',
          lines: [line(1, second!.ean), line(2, first!.ean)],
        },
      ],
    });
    setTimeout(goOn, 300);
    await count;
    const answer = await sold;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ imported: 2 });
  });

  it('a withdrawal during a till delivery waits for it and never takes what the till sold', async () => {
    await at('2026-10-03', '12:00');
    const p = await producerWith('premium');
    const stockUrl = `/api/vendor-auth/products/${p.productId}/stock`;
    expect(
      (await call(p.token, 'POST', stockUrl, { kind: 'delivery', quantity: 3 })).statusCode,
    ).toBe(200);
    // a till delivery selling 2 jars, held open after it took its locks
    let locked!: () => void;
    let release!: () => void;
    const tookLocks = new Promise<void>((resolve) => (locked = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const till = transaction(shop.t.database.db, async (tx) => {
      // what the import does: the line stored, marked as the jar's sale, then the balance
      const soldAt = clock.now();
      await tx.insert(salesLines).values({
        receiptId: 'HALTEN-1',
        position: 1,
        soldAt,
        ean: p.ean,
        articleText: 'Waldhonig',
        quantityThousandths: 2000,
        unitPriceGrossCents: 600,
        vatRateBp: 700,
        lineTotalGrossCents: 1200,
        productId: p.productId,
        vendorId: p.vendorId,
        movesStock: true,
        source: 'pos',
        raw: '{}',
      });
      await addTillSales(tx, [{ productId: p.productId, quantityThousandths: 2000, soldAt }]);
      locked();
      await released;
    });
    await tookLocks;
    // the producer takes 2 of the 3 it saw while the till's sale is not committed yet
    const withdrawal = call(p.token, 'POST', stockUrl, { kind: 'withdrawal', quantity: 2 });
    setTimeout(release, 300);
    await till;
    const answer = await withdrawal;
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json().message).toBe(INVENTORY_MESSAGES.notEnough('shelf', '1 Glas'));
    const shown = await call(p.token, 'GET', `/api/vendor-auth/products/${p.productId}`);
    expect(shown.json().product.stock).toBe(1);
  });

  it('till deliveries (late ones too), counts and deliveries at once: the balance is the movements’ sum', async () => {
    await at('2026-10-22', '09:00');
    const a = await producerWith('premium');
    const b = await producerWith('premium');
    for (const p of [a, b]) {
      const start = await call(
        shop.adminToken,
        'POST',
        `/api/admin/products/${p.productId}/stock`,
        {
          kind: 'delivery',
          quantity: 100,
        },
      );
      expect(start.statusCode, start.body).toBe(200);
    }
    await at('2026-10-22', '10:00');
    const now = clock.now().getTime();
    // on PostgreSQL these run on several connections at once; embedded, one after the other
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        const p = i % 2 === 0 ? a : b;
        if (i % 6 === 0)
          return call(shop.adminToken, 'POST', '/api/admin/inventory-counts', {
            counts: [{ productId: p.productId, quantity: 50 + i }],
            countedAt: new Date(now - 20 * 60_000 + i * 1000).toISOString(),
          });
        if (i % 6 === 3)
          return call(shop.adminToken, 'POST', `/api/admin/products/${p.productId}/stock`, {
            kind: 'delivery',
            quantity: 2,
          });
        // till lines dated before the counts' times (late ones) and after them
        const soldAt = i % 4 === 2 ? now - 30 * 60_000 + i * 1000 : now - 10 * 60_000 + i * 1000;
        return sell(`C${i}-${p.ean}`, p.ean, 1, new Date(soldAt).toISOString());
      }),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const ids = [a.productId, b.productId];
    const fromMovements = await stockFromMovements(shop.t.database.db, ids);
    const balances = await balancesOf(shop.t.database.db, ids);
    for (const id of ids) expect(balances.get(id)).toMatchObject(fromMovements.get(id)!);
  });
});

describe('which till lines are the product’s sales', () => {
  it('a deposit rung up after the jar moves no stock; a line the shop assigns to the jar does', async () => {
    await at('2026-10-03', '12:00');
    const p = await producerWith('premium');
    const depositEan = shop.nextEan();
    const withDeposit = await call(p.token, 'PATCH', `/api/vendor-auth/products/${p.productId}`, {
      deposit: { ean: depositEan, cents: 15 },
    });
    expect(withDeposit.statusCode, withDeposit.body).toBe(200);
    const stockUrl = `/api/vendor-auth/products/${p.productId}/stock`;
    const delivered = await call(p.token, 'POST', stockUrl, { kind: 'delivery', quantity: 10 });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const line = (position: number, ean: string, name: string, cents: number) => ({
      position,
      ean,
      name,
      quantity: 2,
      unitPriceGrossCents: cents,
      vatRate: 7,
    });
    // two jars and their two deposits on one receipt: the deposit is the producer's sale, no jar
    const sold = await call(shop.till, 'POST', '/api/pos/sales', {
      receipts: [
        {
          id: 'PFAND-1',
          time: '2026-10-03T10:00:00+02:00',
          lines: [line(1, p.ean, 'Waldhonig', 600), line(2, depositEan, 'Pfand', 15)],
        },
      ],
    });
    expect(sold.statusCode, sold.body).toBe(200);
    const stock = async () =>
      (await call(p.token, 'GET', `/api/vendor-auth/products/${p.productId}`)).json().product
        .stock as number;
    expect(sold.json()).toMatchObject({ imported: 2, unassigned: 0 });
    expect(await stock()).toBe(8);

    // a line the till could not name, assigned by the shop to the jar: one more jar sold
    const unknownEan = shop.nextEan();
    expect((await sell('UNBEKANNT-1', unknownEan, 1, '2026-10-03T11:00:00+02:00')).statusCode).toBe(
      200,
    );
    const waiting = (
      await call(shop.adminToken, 'GET', `/api/admin/sales/unassigned?search=${unknownEan}`)
    ).json().lines as { id: string }[];
    expect(waiting).toHaveLength(1);
    const assigned = await call(
      shop.adminToken,
      'POST',
      `/api/admin/sales/unassigned/${waiting[0]!.id}`,
      { productId: p.productId },
    );
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await stock()).toBe(7);

    // the producer's history: the day's till sales as one entry of two lines, the deposit not
    const history = (
      await call(p.token, 'GET', `/api/vendor-auth/products/${p.productId}/movements`)
    ).json().movements as { kind: string; quantity: number; lines: number; recordedBy: string }[];
    expect(history.filter((m) => m.recordedBy === 'till')).toEqual([
      expect.objectContaining({ kind: 'sale', quantity: -3, lines: 2 }),
    ]);
    const fromChanges = await stockFromMovements(shop.t.database.db, [p.productId]);
    expect(fromChanges.get(p.productId)).toEqual({ shelf: 7000, storeroom: 0 });
  });
});

describe('who may record what', () => {
  it('a producer never records for another producer’s product, nor the shop’s kinds', async () => {
    await at('2026-10-01', '09:00');
    const anna = await producerWith('premium');
    const bert = await producerWith('premium');
    const foreign = await call(
      anna.token,
      'POST',
      `/api/vendor-auth/products/${bert.productId}/stock`,
      {
        kind: 'delivery',
        quantity: 1,
      },
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(PRODUCT_MESSAGES.notFound);
    const refill = await call(
      anna.token,
      'POST',
      `/api/vendor-auth/products/${anna.productId}/stock`,
      {
        kind: 'refill',
        quantity: 1,
      },
    );
    expect(refill.statusCode).toBe(400);
    expect(refill.json().errors).toEqual([
      { field: 'kind', message: INVENTORY_MESSAGES.kindVendor },
    ]);
    const confirm = await call(anna.token, 'POST', '/api/admin/inventory/deliveries/confirm', {
      movementIds: [randomUUID()],
    });
    expect([401, 403]).toContain(confirm.statusCode);
    const count = await call(anna.token, 'POST', '/api/admin/inventory-counts', {
      counts: [{ productId: anna.productId, quantity: 0 }],
    });
    expect([401, 403]).toContain(count.statusCode);
    const shown = await call(bert.token, 'GET', `/api/vendor-auth/products/${bert.productId}`);
    expect(shown.json().product.stock).toBeNull();
  });

  it('a till key records sales only', async () => {
    const p = await producerWith('premium');
    for (const [url, body] of [
      [`/api/admin/products/${p.productId}/stock`, { kind: 'delivery', quantity: 1 }],
      [`/api/vendor-auth/products/${p.productId}/stock`, { kind: 'delivery', quantity: 1 }],
      ['/api/admin/inventory-counts', { counts: [{ productId: p.productId, quantity: 0 }] }],
    ] as const) {
      const response = await call(shop.till, 'POST', url, body);
      expect([401, 403], url).toContain(response.statusCode);
    }
  });

  it('bad input is a German 400 and changes nothing', async () => {
    const p = await producerWith('premium');
    const url = `/api/admin/products/${p.productId}/stock`;
    for (const body of [
      { kind: 'delivery', quantity: 0 },
      { kind: 'delivery', quantity: -1 },
      { kind: 'delivery', quantity: 1.0001 },
      { kind: 'delivery', quantity: '3' },
      { kind: 'theft', quantity: 1 },
      { kind: 'delivery', quantity: 1, place: 'keller' },
    ]) {
      const response = await call(shop.adminToken, 'POST', url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(/[a-zäöüß]/);
    }
    const shown = await call(shop.adminToken, 'GET', `/api/admin/products/${p.productId}`);
    expect(shown.json().product.stock).toBeNull();
    const untracked = await call(shop.adminToken, 'POST', '/api/admin/inventory-counts', {
      counts: [{ productId: p.productId, quantity: 1 }],
    });
    expect(untracked.statusCode).toBe(409);
    const future = await call(shop.adminToken, 'POST', '/api/admin/inventory-counts', {
      counts: [{ productId: p.productId, quantity: 1 }],
      countedAt: '2099-01-01T10:00:00+01:00',
    });
    expect(future.statusCode).toBe(400);
    const unknown = await call(shop.adminToken, 'POST', '/api/admin/inventory/deliveries/confirm', {
      movementIds: [randomUUID()],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(INVENTORY_MESSAGES.unknownDeliveries);
  });

  it('the store room takes goods only of producers with the storage service, from them and from the shop', async () => {
    await at('2026-10-02', '09:00');
    const refused = {
      success: false,
      message: INVENTORY_MESSAGES.storeroomService,
      errors: [{ field: 'place', message: INVENTORY_MESSAGES.storeroomService }],
    };
    for (const model of ['basic', 'premium'] as const) {
      const p = await producerWith(model);
      for (const [token, url] of [
        [p.token, `/api/vendor-auth/products/${p.productId}/stock`],
        [shop.adminToken, `/api/admin/products/${p.productId}/stock`],
      ] as const) {
        const response = await call(token, 'POST', url, {
          kind: 'delivery',
          quantity: 5,
          place: 'storeroom',
        });
        expect(response.statusCode, `${model} ${url}`).toBe(400);
        expect(response.json()).toEqual(refused);
      }
      // nothing recorded; the shelf takes the delivery
      const shown = await call(shop.adminToken, 'GET', `/api/admin/products/${p.productId}`);
      expect(shown.json().product.stock).toBeNull();
      const shelf = await call(p.token, 'POST', `/api/vendor-auth/products/${p.productId}/stock`, {
        kind: 'delivery',
        quantity: 5,
      });
      expect(shelf.statusCode).toBe(200);
    }
    const storing = await producerWith('storage');
    for (const [token, url] of [
      [storing.token, `/api/vendor-auth/products/${storing.productId}/stock`],
      [shop.adminToken, `/api/admin/products/${storing.productId}/stock`],
    ] as const) {
      const response = await call(token, 'POST', url, {
        kind: 'delivery',
        quantity: 5,
        place: 'storeroom',
      });
      expect(response.statusCode, url).toBe(200);
    }
  });
});

describe('the theft refund in the settlement', () => {
  const refundsOf = async (month: string, vendorId: string) => {
    const [item] = await shop.t.database.db
      .select()
      .from(settlementItems)
      .where(and(eq(settlementItems.month, month), eq(settlementItems.vendorId, vendorId)));
    return item
      ? {
          status: item.status,
          refunds: (item.figures as Settlement).refunds,
          payoutCents: (item.figures as Settlement).payoutCents,
        }
      : undefined;
  };

  it('the month of the count refunds 11,00 € on the statement (no VAT); later corrections go into the next month, never twice', async () => {
    const premium = premiumExample!;
    const basic = basicExample!;
    // the producers can be paid (no blocker): their bank account
    for (const vendorId of [premium.vendorId, basic.vendorId])
      await shop.t.database.db
        .update(vendors)
        .set({ iban: 'DE02120300000000202051', kontoinhaber: 'Imkerei Test' })
        .where(eq(vendors.id, vendorId));
    await at('2026-11-02');
    await shop.readyToSettle();

    const drafted = await call(shop.adminToken, 'POST', '/api/admin/abrechnungen', {
      month: '2026-10',
    });
    expect(drafted.statusCode, drafted.body).toBe(200);
    const october = await refundsOf('2026-10', premium.vendorId);
    expect(october?.refunds).toEqual([
      {
        id: expect.stringMatching(/^inventory:/),
        text: 'Erstattung Fehlbestand (AGB § 8 Abs. 3): Waldhonig 500 g, 2 Glas zu 6,00 €, Inventur vom 15.10.2026',
        grossCents: 1100,
      },
    ]);
    // the Basismodell producer: shrinkage, no refund
    expect((await refundsOf('2026-10', basic.vendorId))?.refunds ?? []).toEqual([]);
    // the producer's own cause: no refund, and the statement names it with the reason
    const caused = await refundsOf('2026-10', causedExample!.vendorId);
    const causedText =
      'Fehlbestand ohne Erstattung, vom Direktvermarkter verursacht (Gläser beim Einräumen zerbrochen): Waldhonig 500 g, 2 Glas, Inventur vom 15.10.2026';
    expect(caused?.refunds).toEqual([
      { id: expect.stringMatching(/^inventory:/), text: causedText, grossCents: 0 },
    ]);
    const [causedItem] = await shop.t.database.db
      .select()
      .from(settlementItems)
      .where(
        and(
          eq(settlementItems.month, '2026-10'),
          eq(settlementItems.vendorId, causedExample!.vendorId),
        ),
      );
    const parties = (await documentsProducer(shop.t.database.db, 'Imkerei Ursache')).parties;
    const statement = pdfText(
      await renderDocumentPdf({
        type: 'verkaufsabrechnung',
        number: 'VA-2026-00077',
        month: '2026-10',
        issuedOn: '2026-11-02',
        content: causedItem!.figures as Settlement,
        parties,
        reason: null,
        createdAt: new Date('2026-11-02T09:00:00Z'),
        partnerNumber: 'RE-2026-00077',
        original: null,
      }),
    );
    // named (the layout wraps the reason), without an amount, and no refund to explain
    expect(statement).toContain(
      'Fehlbestand ohne Erstattung, vom Direktvermarkter verursacht (Gläser beim Einräumen',
    );
    expect(statement).toMatch(
      /zerbrochen\): Waldhonig 500 g, 2 Glas, Inventur vom 15\.10\.2026 Offener Betrag/,
    );
    expect(statement).not.toContain('nicht steuerbar');

    const finalized = await call(
      shop.adminToken,
      'POST',
      '/api/admin/abrechnungen/2026-10/finalize',
    );
    expect(finalized.statusCode, finalized.body).toBe(200);
    expect((await refundsOf('2026-10', premium.vendorId))?.status).toBe('final');

    // a sale of 14.10. (before the count) arrives late: expected 8, counted 7 → 1 jar, 5,50 €
    await at('2026-11-05');
    const late = await sell(`LATE-${premium.ean}`, premium.ean, 1, '2026-10-14T16:00:00+02:00');
    expect(late.statusCode, late.body).toBe(200);

    await at('2026-12-02');
    const november = await call(shop.adminToken, 'POST', '/api/admin/abrechnungen', {
      month: '2026-11',
    });
    expect(november.statusCode, november.body).toBe(200);
    const correction = await refundsOf('2026-11', premium.vendorId);
    expect(correction?.refunds).toEqual([
      {
        id: expect.stringMatching(/^inventory:/),
        text: 'Korrektur der Erstattung Fehlbestand (AGB § 8 Abs. 3): Waldhonig 500 g, 1 Glas zu 6,00 €, Inventur vom 15.10.2026',
        grossCents: -550,
      },
    ]);
    const finalNovember = await call(
      shop.adminToken,
      'POST',
      '/api/admin/abrechnungen/2026-11/finalize',
    );
    expect(finalNovember.statusCode, finalNovember.body).toBe(200);

    // settled: December has nothing of it
    await at('2027-01-04');
    const december = await call(shop.adminToken, 'POST', '/api/admin/abrechnungen', {
      month: '2026-12',
    });
    expect(december.statusCode, december.body).toBe(200);
    expect((await refundsOf('2026-12', premium.vendorId))?.refunds ?? []).toEqual([]);
  }, 60_000);
});

describe('the balances kept so far', () => {
  it('equal the stock the changes define, and a recompute from them, for every product above', async () => {
    const db = shop.t.database.db;
    const read = async () =>
      (
        (await db.execute(
          sql`select product_id, place, stock_thousandths::text, last_count_at, last_delivery_at
            from stock_balances order by product_id, place`,
        )) as unknown as {
          rows: { product_id: string; place: 'shelf' | 'storeroom'; stock_thousandths: string }[];
        }
      ).rows;
    const kept = await read();
    expect(kept.length).toBeGreaterThan(20);
    // the till's lines took part: some stock is their sales (docs/decisions/0090)
    const tillLines = (
      (await db.execute(sql`select count(*)::int as n from till_stock_changes`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;
    expect(tillLines).toBeGreaterThan(20);
    const defined = await stockFromMovements(db, [...new Set(kept.map((row) => row.product_id))]);
    for (const row of kept)
      expect(
        { product: row.product_id, place: row.place, stock: Number(row.stock_thousandths) },
        'the balance is the changes’ sum',
      ).toEqual({
        product: row.product_id,
        place: row.place,
        stock: defined.get(row.product_id)?.[row.place] ?? 0,
      });
    // where a first count starts: each place's earliest change other than a count
    const firsts = (
      (await db.execute(sql`
        select b.product_id, b.place, b.first_change_at as kept, (
          select min(m.occurred_at) from stock_changes m
          where m.product_id = b.product_id and m.place = b.place and m.kind <> 'count'
        ) as earliest
        from stock_balances b`)) as unknown as { rows: { kept: unknown; earliest: unknown }[] }
    ).rows;
    for (const row of firsts) expect(row.kept, JSON.stringify(row)).toEqual(row.earliest);
    await transaction(db, (tx) =>
      recomputeBalances(
        tx,
        kept.map((row) => ({ productId: row.product_id, place: row.place })),
      ),
    );
    expect(await read()).toEqual(kept);
  });
});
