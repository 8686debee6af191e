import { clock } from '@housnkuh/shared/clock';
import { berlinInstant } from '@housnkuh/shared/format';
import { INVENTORY_MESSAGES } from '@housnkuh/shared/schemas/inventory';
import type { Settlement } from '@housnkuh/shared/settlement';
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { settlementItems } from '../src/modules/settlement/schema';
import { inventoryShop, type ShopProducer } from './inventory-fixtures';

// The counts' history and their corrections (issue 33; docs/decisions/0068): "A count can be
// corrected only by a new count with a reason", "the owner can mark a count's difference as
// caused by the producer, with a reason, which the statement then names", and a refund already
// settled is corrected in the next month, never twice. Honey 6,00 €: 12 delivered by the shop,
// 3 sold, 7 counted on 15.10.2026 → 2 jars, 11,00 € (docs/product/inventory.md's example).

clock.set(berlinInstant('2026-10-01', '09:00'));
afterAll(() => clock.reset());

const shop = inventoryShop({ eanStart: 5100 });
const { at, call } = shop;
/** A producer (its firm and bank account too) with a contract of this model and a honey jar. */
const producerWith = (model: 'basic' | 'premium', name: string) =>
  shop.producerWith(model, { name, firm: true });
type Producer = ShopProducer;

/** The shop delivers 12 jars (confirmed at once). */
async function twelve(p: Producer) {
  const delivered = await call(
    shop.adminToken,
    'POST',
    `/api/admin/products/${p.productId}/stock`,
    {
      kind: 'delivery',
      quantity: 12,
    },
  );
  expect(delivered.statusCode, delivered.body).toBe(200);
}

/** The till sells 3 on 12.10. */
async function threeSold(p: Producer) {
  const sold = await call(shop.till, 'POST', '/api/pos/sales', {
    receipts: [
      {
        id: `R-${p.ean}`,
        time: '2026-10-12T11:00:00+02:00',
        lines: [
          {
            position: 1,
            ean: p.ean,
            name: 'Waldhonig',
            quantity: 3,
            unitPriceGrossCents: 600,
            vatRate: 7,
          },
        ],
      },
    ],
  });
  expect(sold.json(), sold.body).toMatchObject({ success: true, imported: 1 });
}

const COUNTED_AT = '2026-10-15T18:00:00+02:00';

/** The count of 15.10. 18:00: the level found per producer's honey. */
async function countOf(found: [Producer, number][]) {
  const counted = await call(shop.adminToken, 'POST', '/api/admin/inventory-counts', {
    counts: found.map(([p, quantity]) => ({ productId: p.productId, quantity })),
    countedAt: COUNTED_AT,
  });
  expect(counted.statusCode, counted.body).toBe(200);
  return counted.json().count as { id: string; lines: { id: string; productId: string }[] };
}

const history = async () => {
  const answer = await call(shop.adminToken, 'GET', '/api/admin/inventory-counts');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as {
    counts: {
      id: string;
      countedAt: string;
      recordedBy: string;
      lines: Record<string, unknown>[];
    }[];
    pagination: { totalCount: number };
  };
};

const shelfStock = async (p: Producer) =>
  (await call(shop.adminToken, 'GET', `/api/admin/products/${p.productId}`)).json().product.stock;

/** What the database holds of the counts, movements and the Protokoll: to see nothing changed. */
async function rows() {
  const result = await shop.t.database.db.execute<{
    lines: number;
    movements: number;
    audit: number;
  }>(
    sql`select (select count(*) from inventory_count_lines)::int as lines,
      (select count(*) from stock_movements)::int as movements,
      (select count(*) from admin_audit)::int as audit`,
  );
  return (result as unknown as { rows: { lines: number; movements: number; audit: number }[] })
    .rows[0];
}

let premium: Producer;
let corrected: Producer;
let basic: Producer;
let premiumLine = '';

describe('the counts’ history and a correction', () => {
  it('lists each count with its lines: producer, product, place, expected, counted, shrinkage, refund', async () => {
    await at('2026-10-10');
    premium = await producerWith('premium', 'Imkerei Premium');
    corrected = await producerWith('premium', 'Imkerei Korrektur');
    basic = await producerWith('basic', 'Imkerei Basis');
    for (const p of [premium, corrected, basic]) await twelve(p);
    await at('2026-10-13');
    for (const p of [premium, corrected, basic]) await threeSold(p);
    await at('2026-10-16');
    const count = await countOf([
      [premium, 7],
      [corrected, 7],
      [basic, 7],
    ]);
    premiumLine = count.lines.find((line) => line.productId === premium.productId)!.id;

    const listed = await history();
    expect(listed.pagination.totalCount).toBe(1);
    expect(listed.counts[0]).toMatchObject({
      id: count.id,
      countedAt: new Date(COUNTED_AT).toISOString(),
      recordedBy: expect.any(String),
    });
    const byVendor = new Map(listed.counts[0]!.lines.map((line) => [line.vendorName, line]));
    const figures = {
      productName: 'Waldhonig 500 g',
      unit: 'Glas',
      place: 'shelf',
      expected: 9,
      counted: 7,
      shrinkage: 2,
      causedByProducer: null,
      correctsLineId: null,
      correctionReason: null,
      supersededBy: null,
    };
    expect(byVendor.get('Imkerei Premium')).toMatchObject({ ...figures, refundCents: 1100 });
    expect(byVendor.get('Imkerei Basis')).toMatchObject({ ...figures, refundCents: 0 });
  });

  it('a correction is a new count at the same time with a reason: it replaces the line and its refund', async () => {
    const line = (await history()).counts[0]!.lines.find(
      (l) => l.vendorName === 'Imkerei Korrektur',
    )!;
    const answer = await call(
      shop.adminToken,
      'POST',
      `/api/admin/inventory-counts/lines/${line.id as string}/correction`,
      { quantity: 8, reason: 'Ein Glas stand hinter dem Regal' },
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body.message).toBe(INVENTORY_MESSAGES.corrected);
    const correctionLine = body.correction.lines[0];
    expect(body.correction.countedAt).toBe(new Date(COUNTED_AT).toISOString());
    expect(correctionLine).toMatchObject({
      vendorName: 'Imkerei Korrektur',
      expected: 9,
      counted: 8,
      shrinkage: 1,
      refundCents: 550,
      correctsLineId: line.id,
      correctionReason: 'Ein Glas stand hinter dem Regal',
      supersededBy: null,
    });
    expect(body.corrected).toMatchObject({
      id: line.id,
      counted: 7,
      shrinkage: 2,
      refundCents: 0,
      supersededBy: correctionLine.id,
    });
    // the stock is the corrected level found
    expect(await shelfStock(corrected)).toBe(8);

    // the history: the correction right above the count it corrects, both there
    const listed = await history();
    expect(listed.counts.map((c) => c.id)).toEqual([body.correction.id, listed.counts[1]!.id]);
    expect(listed.counts[1]!.lines.find((l) => l.id === line.id)).toMatchObject({
      supersededBy: correctionLine.id,
      refundCents: 0,
    });

    // a line is corrected once: a further correction corrects the correction
    const before = await rows();
    const again = await call(
      shop.adminToken,
      'POST',
      `/api/admin/inventory-counts/lines/${line.id as string}/correction`,
      { quantity: 9, reason: 'Noch einmal' },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(INVENTORY_MESSAGES.alreadyCorrected);
    expect(await rows()).toEqual(before);

    // the Protokoll (Inventur): the count and the correction, before and after in German
    const audit = await call(shop.adminToken, 'GET', '/api/admin/audit?area=inventur');
    expect(audit.statusCode, audit.body).toBe(200);
    const entries = audit.json().entries as {
      summary: string;
      area: string;
      changes: { label: string; before: string | null; after: string | null }[];
    }[];
    expect(entries[0]).toMatchObject({
      area: 'Inventur',
      summary:
        'Inventur vom 15.10.2026 korrigiert: Waldhonig 500 g (Regal), gezählt 7 Glas → 8 Glas',
    });
    expect(entries[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'counted', label: 'Gezählt', before: '7', after: '8' },
        { field: 'refundCents', label: 'Erstattung', before: '11,00 €', after: '5,50 €' },
        {
          field: 'correctionReason',
          label: 'Grund der Korrektur',
          before: '–',
          after: 'Ein Glas stand hinter dem Regal',
        },
      ]),
    );
    expect(entries.map((e) => e.summary)).toContain('Inventur vom 15.10.2026: 3 Positionen');
  });

  it('only an admin: no session, a producer and the till get 401; the producer’s own count line too', async () => {
    const url = `/api/admin/inventory-counts/lines/${premiumLine}/correction`;
    const body = { quantity: 7, reason: 'x' };
    const before = await rows();
    for (const token of [null, shop.producers[0]!.token, shop.till]) {
      expect((await call(token, 'GET', '/api/admin/inventory-counts')).statusCode).toBe(401);
      const refused = await call(token, 'POST', url, body);
      expect(refused.statusCode).toBe(401);
      expect(refused.body).not.toContain('Waldhonig');
    }
    expect(await rows()).toEqual(before);
  });

  it('bad input is a German 400 (an unknown line 404) and changes nothing', async () => {
    const url = `/api/admin/inventory-counts/lines/${premiumLine}/correction`;
    const before = await rows();
    const cases: [unknown, string, string][] = [
      [{ quantity: 7 }, 'reason', INVENTORY_MESSAGES.correctionReason],
      [{ quantity: 7, reason: '   ' }, 'reason', INVENTORY_MESSAGES.correctionReason],
      [{ quantity: -1, reason: 'Zählfehler' }, 'quantity', INVENTORY_MESSAGES.quantityCount],
      [{ quantity: '7', reason: 'Zählfehler' }, 'quantity', INVENTORY_MESSAGES.quantityCount],
      [{ quantity: 7.5, reason: 'Zählfehler' }, 'quantity', INVENTORY_MESSAGES.wholePieces('Glas')],
    ];
    for (const [payload, field, message] of cases) {
      const answer = await call(shop.adminToken, 'POST', url, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().success).toBe(false);
      expect(answer.json().message).toMatch(/^(Bitte|Dieses)/);
      expect(answer.json().errors).toContainEqual({ field, message });
    }
    const extra = await call(shop.adminToken, 'POST', url, {
      quantity: 7,
      reason: 'Zählfehler',
      countedAt: '2026-10-20T10:00:00+02:00',
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toMatch(/[a-zäöüß]/);
    for (const id of [randomUUID(), 'keine-id']) {
      const unknown = await call(
        shop.adminToken,
        'POST',
        `/api/admin/inventory-counts/lines/${id}/correction`,
        { quantity: 7, reason: 'Zählfehler' },
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(INVENTORY_MESSAGES.unknownCountLine);
    }
    const badPage = await call(shop.adminToken, 'GET', '/api/admin/inventory-counts?page=0');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().success).toBe(false);
    expect(await rows()).toEqual(before);
  });
});

describe('a correction in the settlement', () => {
  const refundsOf = async (month: string, vendorId: string) => {
    const [item] = await shop.t.database.db
      .select()
      .from(settlementItems)
      .where(and(eq(settlementItems.month, month), eq(settlementItems.vendorId, vendorId)));
    return (item?.figures as Settlement | undefined)?.refunds ?? [];
  };
  const settle = async (month: string) => {
    const drafted = await call(shop.adminToken, 'POST', '/api/admin/abrechnungen', { month });
    expect(drafted.statusCode, drafted.body).toBe(200);
  };
  const finalize = async (month: string) => {
    const finalized = await call(
      shop.adminToken,
      'POST',
      `/api/admin/abrechnungen/${month}/finalize`,
    );
    expect(finalized.statusCode, finalized.body).toBe(200);
  };
  const correct = async (lineId: string, body: Record<string, unknown>) => {
    const answer = await call(
      shop.adminToken,
      'POST',
      `/api/admin/inventory-counts/lines/${lineId}/correction`,
      body,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().correction.lines[0].id as string;
  };

  it('a settled refund is taken back in the next month when the producer’s cause is marked, named once, never twice', async () => {
    await at('2026-11-02');
    await shop.readyToSettle();

    // October: the count's refund, and the count corrected before the month was settled refunds
    // what the correction found (1 jar), once
    await settle('2026-10');
    expect(await refundsOf('2026-10', premium.vendorId)).toEqual([
      {
        id: `inventory:${premiumLine}:2026-10`,
        text: 'Erstattung Fehlbestand (AGB § 8 Abs. 3): Waldhonig 500 g, 2 Glas zu 6,00 €, Inventur vom 15.10.2026',
        grossCents: 1100,
      },
    ]);
    expect(await refundsOf('2026-10', corrected.vendorId)).toEqual([
      {
        id: expect.stringMatching(/^inventory:/),
        text: 'Erstattung Fehlbestand (AGB § 8 Abs. 3): Waldhonig 500 g, 1 Glas zu 6,00 €, Inventur vom 15.10.2026',
        grossCents: 550,
      },
    ]);
    expect(await refundsOf('2026-10', basic.vendorId)).toEqual([]);
    await finalize('2026-10');

    // November: the owner learns the producer broke the jars itself and marks it on the count
    await at('2026-11-05');
    const caused = await correct(premiumLine, {
      quantity: 7,
      reason: 'Nachträglich geklärt',
      causedByProducer: 'Gläser beim Einräumen zerbrochen',
    });
    await at('2026-12-02');
    await settle('2026-11');
    expect(await refundsOf('2026-11', premium.vendorId)).toEqual([
      {
        id: `inventory:${premiumLine}:2026-11`,
        text: 'Korrektur der Erstattung Fehlbestand (AGB § 8 Abs. 3): Waldhonig 500 g, Inventur vom 15.10.2026 korrigiert am 05.11.2026 (Nachträglich geklärt)',
        grossCents: -1100,
      },
      {
        id: `inventory:${caused}:2026-11`,
        text: 'Fehlbestand ohne Erstattung, vom Direktvermarkter verursacht (Gläser beim Einräumen zerbrochen): Waldhonig 500 g, 2 Glas, Inventur vom 15.10.2026',
        grossCents: 0,
      },
    ]);
    expect(await refundsOf('2026-11', corrected.vendorId)).toEqual([]);
    // the month's list shows the statement's inventory lines (the revenue page lists them)
    const listed = await call(shop.adminToken, 'GET', '/api/admin/abrechnungen?month=2026-11');
    expect(listed.statusCode, listed.body).toBe(200);
    const items = listed.json().items as { vendorId: string; inventoryRefunds: unknown[] }[];
    expect(items.find((item) => item.vendorId === premium.vendorId)?.inventoryRefunds).toEqual(
      await refundsOf('2026-11', premium.vendorId),
    );
    expect(items.find((item) => item.vendorId === basic.vendorId)?.inventoryRefunds).toEqual([]);
    await finalize('2026-11');

    // December: the marking was wrong after all; the correction of the correction refunds again
    await at('2026-12-03');
    await correct(caused, { quantity: 7, reason: 'Doch Diebstahl' });
    await at('2027-01-04');
    await settle('2026-12');
    expect(await refundsOf('2026-12', premium.vendorId)).toEqual([
      {
        id: expect.stringMatching(/^inventory:/),
        text: 'Korrektur der Erstattung Fehlbestand (AGB § 8 Abs. 3): Waldhonig 500 g, 2 Glas zu 6,00 €, Inventur vom 15.10.2026',
        grossCents: 1100,
      },
    ]);
    await finalize('2026-12');

    // settled: January has nothing of it
    await at('2027-02-02');
    await settle('2027-01');
    expect(await refundsOf('2027-01', premium.vendorId)).toEqual([]);
    expect(await refundsOf('2027-01', corrected.vendorId)).toEqual([]);
  }, 120_000);
});
