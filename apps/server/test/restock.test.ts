import { clock } from '@housnkuh/shared/clock';
import { berlinInstant } from '@housnkuh/shared/format';
import type { ReceivedMail } from '@housnkuh/test-support/smtp-catcher';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { wakeAfterCommit } from '../src/db/transaction';
import { runRestockMails } from '../src/modules/products/restock.service';
import { findVendor } from '../src/modules/vendors/public';
import { inventoryShop } from './inventory-fixtures';
import { product } from './sales-fixtures';

// Restock notices (docs/product/inventory.md, "Restock notices"; issue 33): one notice when a
// place's stock falls to its level, none again until restocked above it; the mail in the SMTP
// catcher, the producer's dashboard list, the daily summary.

clock.set(berlinInstant('2026-10-05', '09:00'));
afterAll(() => clock.reset());

const shop = inventoryShop({ eanStart: 4400, smtp: true });
const { call, smtp } = shop;

interface Producer {
  vendorId: string;
  token: string;
  email: string;
}

/** A Premium producer with the storage service, without products yet. */
async function newProducer(name: string): Promise<Producer> {
  const p = await shop.producerWith('storage', { name, product: false });
  const email = (await findVendor(shop.t.database.db, p.vendorId))!.email;
  return { vendorId: p.vendorId, token: p.token, email };
}

/** A tracked product of the producer: delivered to the shelf, with its restock level. */
async function trackedProduct(
  p: Producer,
  name: string,
  opts: {
    unit?: string;
    shelf: number;
    level: number;
    storeRoom?: number;
    storeRoomLevel?: number;
  },
) {
  const ean = shop.nextEan();
  const id = await product(shop.t.database.db, p.vendorId, {
    name,
    ean,
    priceCents: 450,
    unit: opts.unit ?? 'Stück',
  });
  const patched = await call(p.token, 'PATCH', `/api/vendor-auth/products/${id}`, {
    restockLevel: opts.level,
    ...(opts.storeRoomLevel === undefined ? {} : { storeRoomRestockLevel: opts.storeRoomLevel }),
  });
  expect(patched.statusCode).toBe(200);
  await deliver(p, id, opts.shelf);
  if (opts.storeRoom)
    expect(
      (
        await call(shop.adminToken, 'POST', `/api/admin/products/${id}/stock`, {
          kind: 'delivery',
          quantity: opts.storeRoom,
          place: 'storeroom',
        })
      ).statusCode,
    ).toBe(200);
  return { id, ean };
}

async function deliver(p: Producer, id: string, quantity: number) {
  const res = await call(p.token, 'POST', `/api/vendor-auth/products/${id}/stock`, {
    kind: 'delivery',
    quantity,
  });
  expect(res.statusCode).toBe(200);
}

let receiptNo = 0;
/** The till's delivery of receipts (each one line); answers the body for a replay. */
function receipts(lines: { ean: string; quantity: number }[]) {
  return {
    receipts: lines.map((line) => ({
      id: `R-${(receiptNo += 1)}`,
      time: clock.now().toISOString(),
      lines: [
        {
          position: 1,
          ean: line.ean,
          name: 'Ware',
          quantity: line.quantity,
          unitPriceGrossCents: 450,
          vatRate: 7,
        },
      ],
    })),
  };
}
async function tillDelivers(body: ReturnType<typeof receipts>) {
  const res = await call(shop.till, 'POST', '/api/pos/sales', body);
  expect(res.statusCode).toBe(200);
}

const lowStock = async (p: Producer) => {
  const res = await call(p.token, 'GET', '/api/vendor-auth/products/low-stock');
  expect(res.statusCode).toBe(200);
  return res.json() as {
    notices: { productId: string; place: string; stock: number; level: number; text: string }[];
    restockMail: string;
  };
};

/**
 * The mails to `p` once a later mail (a sentinel product of the same producer falling to its
 * level) has arrived: the outbox sends in order, so everything before it is there.
 */
async function mailsTo(p: Producer): Promise<ReceivedMail[]> {
  const sentinel = `Kontrolle ${randomUUID().slice(0, 6)}`;
  const s = await trackedProduct(p, sentinel, { shelf: 1, level: 0 });
  await call(p.token, 'POST', `/api/vendor-auth/products/${s.id}/stock`, {
    kind: 'withdrawal',
    quantity: 1,
  });
  await smtp.waitForMail(p.email, (m) => m.subject.startsWith(sentinel));
  return smtp.mails.filter((m) => m.to === p.email && !m.subject.startsWith('Kontrolle'));
}

describe('restock notices', () => {
  it('a fall to the level mails once; further sales none; a restock above it and a new fall one again', async () => {
    const p = await newProducer('Käserei Rauh');
    const kaese = await trackedProduct(p, 'Bergkäse 200 g', { shelf: 5, level: 2 });
    expect((await lowStock(p)).notices).toEqual([]);

    await tillDelivers(receipts([{ ean: kaese.ean, quantity: 2 }]));
    expect((await lowStock(p)).notices).toEqual([]); // 3 left, above 2
    const sale = receipts([{ ean: kaese.ean, quantity: 1 }]);
    await tillDelivers(sale);
    const mail = await smtp.waitForMail(p.email, (m) => m.subject.startsWith('Bergkäse'));
    expect(mail.subject).toBe('Bergkäse 200 g: noch 2 im Regal');
    expect(mail.text).toContain('Meldebestand: 2');
    expect(mail.text).not.toContain('Lagerservice');
    expect((await lowStock(p)).notices).toMatchObject([
      {
        productId: kaese.id,
        place: 'shelf',
        stock: 2,
        level: 2,
        text: 'Bergkäse 200 g: noch 2 im Regal',
      },
    ]);

    // further sales and a replayed delivery: no second notice
    await tillDelivers(receipts([{ ean: kaese.ean, quantity: 1 }]));
    await tillDelivers(sale);
    await call(p.token, 'POST', `/api/vendor-auth/products/${kaese.id}/stock`, {
      kind: 'spoilage',
      quantity: 1,
    });
    expect((await lowStock(p)).notices).toMatchObject([{ productId: kaese.id, stock: 0 }]);
    expect((await mailsTo(p)).filter((m) => m.subject.startsWith('Bergkäse'))).toHaveLength(1);

    // a delivery to 2 (still at the level) resolves nothing; to 4, above it, resolves
    await deliver(p, kaese.id, 2);
    expect((await lowStock(p)).notices.filter((n) => n.productId === kaese.id)).toHaveLength(1);
    await deliver(p, kaese.id, 2);
    expect((await lowStock(p)).notices.filter((n) => n.productId === kaese.id)).toEqual([]);

    // a new fall: a new notice and mail
    smtp.clear();
    await tillDelivers(receipts([{ ean: kaese.ean, quantity: 3 }]));
    const again = await smtp.waitForMail(p.email, (m) => m.subject.startsWith('Bergkäse'));
    expect(again.subject).toBe('Bergkäse 200 g: noch 1 im Regal');
    expect((await mailsTo(p)).filter((m) => m.subject.startsWith('Bergkäse'))).toHaveLength(1);
  });

  it('a replayed till delivery of many lines gives no second notice; weighed goods with their unit', async () => {
    const p = await newProducer('Metzgerei Graf');
    const wurst = await trackedProduct(p, 'Leberkäs', { unit: 'kg', shelf: 30, level: 1.5 });
    const lines = Array.from({ length: 200 }, () => ({ ean: wurst.ean, quantity: 0.144 }));
    const body = receipts(lines); // 28,8 kg sold: 1,2 kg left
    await tillDelivers(body);
    const mail = await smtp.waitForMail(p.email, (m) => m.subject.startsWith('Leberkäs'));
    expect(mail.subject).toBe('Leberkäs: noch 1,200 kg im Regal');
    await tillDelivers(body);
    const open = (await lowStock(p)).notices;
    expect(open).toMatchObject([{ productId: wurst.id, stock: 1.2, level: 1.5 }]);
    expect((await mailsTo(p)).filter((m) => m.subject.startsWith('Leberkäs'))).toHaveLength(1);
  });

  it('the storage service: a refill from the store room to its level gives the store room notice; a count above resolves it', async () => {
    const p = await newProducer('Imkerei Lagerservice');
    const honig = await trackedProduct(p, 'Waldhonig 500 g', {
      shelf: 1,
      level: 0,
      storeRoom: 8,
      storeRoomLevel: 3,
    });
    const refill = await call(shop.adminToken, 'POST', `/api/admin/products/${honig.id}/stock`, {
      kind: 'refill',
      quantity: 5,
    });
    expect(refill.statusCode).toBe(200);
    const mail = await smtp.waitForMail(p.email, (m) => m.subject.startsWith('Waldhonig'));
    expect(mail.subject).toBe('Waldhonig 500 g: noch 3 im Lager');
    expect(mail.text).toContain('Wir füllen dein Regal aus dem Lager nach');
    expect(mail.text).toContain('bitte bring uns Nachschub für das Lager');
    expect((await lowStock(p)).notices).toMatchObject([{ place: 'storeroom', stock: 3 }]);

    const counted = await call(shop.adminToken, 'POST', '/api/admin/inventory-counts', {
      counts: [{ productId: honig.id, place: 'storeroom', quantity: 6 }],
    });
    expect(counted.statusCode).toBe(200);
    expect((await lowStock(p)).notices).toEqual([]);
    // a count that finds less is a fall too
    const less = await call(shop.adminToken, 'POST', '/api/admin/inventory-counts', {
      counts: [{ productId: honig.id, place: 'storeroom', quantity: 2 }],
    });
    expect(less.statusCode).toBe(200);
    expect((await lowStock(p)).notices).toMatchObject([{ place: 'storeroom', stock: 2 }]);
  });

  it('the daily summary: no single mails; one mail the next day listing the notices; nothing to report, no mail', async () => {
    clock.set(berlinInstant('2026-10-06', '10:00'));
    const p = await newProducer('Hofladen Summe');
    const set = await call(p.token, 'PUT', '/api/vendor-auth/products/restock-mail', {
      mode: 'daily',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().message).toBe('Deine Einstellung zu den Nachfüll-Meldungen ist gespeichert.');
    const bad = await call(p.token, 'PUT', '/api/vendor-auth/products/restock-mail', {
      mode: 'weekly',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false });
    expect(bad.json()).toEqual({
      success: false,
      message: 'Bitte korrigiere die markierten Felder',
      errors: [
        {
          field: 'mode',
          message: 'Bitte wähle: einzelne E-Mails oder eine Zusammenfassung am Tag.',
        },
      ],
    });
    expect((await lowStock(p)).restockMail).toBe('daily');

    const eier = await trackedProduct(p, 'Eier 10 Stück', { shelf: 4, level: 2 });
    const milch = await trackedProduct(p, 'Milch 1 l', { shelf: 3, level: 1 });
    await tillDelivers(
      receipts([
        { ean: eier.ean, quantity: 2 },
        { ean: milch.ean, quantity: 2 },
      ]),
    );
    expect((await lowStock(p)).notices).toHaveLength(2);
    const settings = await shop.t.app.settings.get();
    const sameDay = await runRestockMails(shop.t.database.db, settings, 'https://housnkuh.test');
    expect(sameDay.summaries).toBe(0);

    // the next morning the app's restock job runs (as every 15 minutes; woken here): a direct
    // call could find the notices locked by the job's run of the day before on PostgreSQL
    // (SKIP LOCKED) and send nothing, while the job's own run already ended without them
    clock.set(berlinInstant('2026-10-07', '06:00'));
    wakeAfterCommit(shop.t.database.db, 'restock');
    const summary = await smtp.waitForMail(p.email, (m) => m.subject.startsWith('Nachfüllen'));
    expect(summary.subject).toBe('Nachfüllen: 2 Produkte bei housnkuh');
    expect(summary.text).toContain('Eier 10 Stück: noch 2 im Regal');
    expect(summary.text).toContain('Milch 1 l: noch 1 im Regal');
    expect(smtp.mails.filter((m) => m.to === p.email)).toHaveLength(1);

    clock.set(berlinInstant('2026-10-08', '06:00'));
    const nothing = await runRestockMails(shop.t.database.db, settings, 'https://housnkuh.test');
    expect(nothing).toEqual({ single: 0, summaries: 0 });
  });

  it('the low-stock list: the producer only, never another producer or the till', async () => {
    const owner = await newProducer('Gärtnerei Eigen');
    const other = await newProducer('Gärtnerei Fremd');
    const kraut = await trackedProduct(owner, 'Sauerkraut 500 g', { shelf: 2, level: 2 });
    expect((await lowStock(owner)).notices).toMatchObject([{ productId: kraut.id }]);
    expect((await lowStock(other)).notices).toEqual([]);
    const anonymous = await shop.t.app.inject({
      method: 'GET',
      url: '/api/vendor-auth/products/low-stock',
    });
    expect(anonymous.statusCode).toBe(401);
    const byTill = await call(shop.till, 'GET', '/api/vendor-auth/products/low-stock');
    expect([401, 403]).toContain(byTill.statusCode);
    const byAdmin = await call(shop.adminToken, 'GET', '/api/vendor-auth/products/low-stock');
    expect([401, 403]).toContain(byAdmin.statusCode);
    // the mail setting: the producer's own only, and nobody else changes it
    const withoutSession = await shop.t.app.inject({
      method: 'PUT',
      url: '/api/vendor-auth/products/restock-mail',
      payload: { mode: 'daily' },
    });
    expect(withoutSession.statusCode).toBe(401);
    for (const token of [shop.till, shop.adminToken]) {
      const refused = await call(token, 'PUT', '/api/vendor-auth/products/restock-mail', {
        mode: 'daily',
      });
      expect([401, 403]).toContain(refused.statusCode);
    }
    expect((await lowStock(owner)).restockMail).toBe('single');
  });
});
