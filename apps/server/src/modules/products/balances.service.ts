// The stock balances (docs/decisions/0081): per product and place a running total of the
// changes, kept in the changes' own transaction, so that reading a stock (the till's restock
// decision, the product lists) costs one row whatever the history. The changes stay the record
// (stock_changes: the recorded movements and the till's sales lines, docs/decisions/0090):
// `stockFromMovements` is the definition, and the balance must always equal it.
//
// Concurrency: every writer first locks the balance rows it changes (`lockBalances`, in product
// order, creating missing rows), and only then reads `last_count_at`. A count that committed in
// between is therefore seen (READ COMMITTED: the lock's statement returns the row's latest
// version), and a count waiting for the lock recomputes after the till's movements committed.
import type { StockPlace } from '@housnkuh/shared/inventory';
import { isUuid } from '@housnkuh/shared/schemas/params';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { compareIds } from '../../lib/ids';

/** A change of the stock at a place, as inserted into stock_movements. */
export interface StockChange {
  productId: string;
  place: StockPlace;
  /** Signed, in thousandths of the product's unit (a count: not a change, see recompute). */
  quantityThousandths: number;
  occurredAt: Date;
  delivery: boolean;
}

type Key = { productId: string; place: string };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function distinctKeys(keys: readonly Key[]): Key[] {
  const seen = new Map<string, Key>();
  for (const key of keys) seen.set(`${key.productId}:${key.place}`, key);
  return [...seen.values()].sort((a, b) =>
    a.productId === b.productId
      ? compareIds(a.place, b.place)
      : compareIds(a.productId, b.productId),
  );
}

/**
 * Locks these balance rows (a missing one is created at 0) in product and place order, so two
 * writers never wait for each other crosswise, and answers each row's last count as it is now.
 */
export async function lockBalances(
  tx: Executor,
  keys: readonly Key[],
): Promise<Map<string, Date | null>> {
  const sorted = distinctKeys(keys);
  const locked = new Map<string, Date | null>();
  if (sorted.length === 0) return locked;
  const rows = rowsOf<{ product_id: string; place: string; last_count_at: string | Date | null }>(
    await tx.execute(sql`
      insert into stock_balances (product_id, place)
      select k.product_id, k.place
      from unnest(${sql.param(sorted.map((k) => k.productId))}::uuid[],
        ${sql.param(sorted.map((k) => k.place))}::text[]) with ordinality as k(product_id, place, n)
      order by k.n
      on conflict (product_id, place) do update
        set stock_thousandths = stock_balances.stock_thousandths
      returning product_id, place, last_count_at`),
  );
  for (const row of rows)
    locked.set(
      `${row.product_id}:${row.place}`,
      row.last_count_at === null ? null : new Date(row.last_count_at),
    );
  return locked;
}

/**
 * Adds movements just inserted (not counts) to the balances: a change dated at or before its
 * place's last count is already in that count's level and moves nothing (but may be the place's
 * first change).
 */
export async function addToBalances(tx: Executor, changes: readonly StockChange[]): Promise<void> {
  if (changes.length === 0) return;
  const lastCount = await lockBalances(tx, changes);
  const sums = new Map<string, { key: Key; add: number; delivered: Date | null; first: Date }>();
  for (const change of changes) {
    const id = `${change.productId}:${change.place}`;
    const own = sums.get(id) ?? {
      key: { productId: change.productId, place: change.place },
      add: 0,
      delivered: null,
      first: change.occurredAt,
    };
    if (change.occurredAt.getTime() < own.first.getTime()) own.first = change.occurredAt;
    const counted = lastCount.get(id) ?? null;
    if (counted === null || change.occurredAt.getTime() > counted.getTime())
      own.add += change.quantityThousandths;
    if (
      change.delivery &&
      (own.delivered === null || change.occurredAt.getTime() > own.delivered.getTime())
    )
      own.delivered = change.occurredAt;
    sums.set(id, own);
  }
  const list = [...sums.values()];
  await tx.execute(sql`
    update stock_balances b
    set stock_thousandths = b.stock_thousandths + c.add,
      last_delivery_at = greatest(b.last_delivery_at, c.delivered),
      first_change_at = least(b.first_change_at, c.first)
    from unnest(${sql.param(list.map((s) => s.key.productId))}::uuid[],
      ${sql.param(list.map((s) => s.key.place))}::text[],
      ${sql.param(list.map((s) => s.add))}::bigint[],
      ${sql.param(list.map((s) => s.delivered?.toISOString() ?? null))}::timestamptz[],
      ${sql.param(list.map((s) => s.first.toISOString()))}::timestamptz[])
      as c(product_id, place, add, delivered, first)
    where b.product_id = c.product_id and b.place = c.place`);
}

/**
 * The level of a product at a place from the changes (the definition the balances keep): its
 * last count's level (none: 0) plus every other change after it, a change at the count's own
 * time before it. `lastCount` is the lateral join (alias lc) that `stock` needs; the producer
 * is named so that the till's lines are read by their index (docs/decisions/0090).
 */
function levelFromChanges(product: SQL, vendor: SQL, place: SQL) {
  return {
    lastCount: sql`left join lateral (
        select c.occurred_at, c.quantity_thousandths from stock_movements c
        where c.product_id = ${product} and c.place = ${place} and c.kind = 'count'
        order by c.occurred_at desc, c.recorded_at desc, c.id desc
        limit 1
      ) lc on true`,
    stock: sql`coalesce(lc.quantity_thousandths, 0) + coalesce((
          select sum(m.quantity_thousandths) from stock_changes m
          where m.vendor_id = ${vendor} and m.product_id = ${product} and m.place = ${place}
            and m.kind <> 'count'
            and m.occurred_at > coalesce(lc.occurred_at, '-infinity'::timestamptz)), 0)`,
  };
}

/**
 * Recomputes these balances from the movements (after a count or a correction, which can change
 * which count is the last): the definition of `stockFromMovements`, for a few rows.
 */
export async function recomputeBalances(tx: Executor, keys: readonly Key[]): Promise<void> {
  const sorted = distinctKeys(keys);
  if (sorted.length === 0) return;
  await lockBalances(tx, sorted);
  const level = levelFromChanges(sql`k.product_id`, sql`k.vendor_id`, sql`k.place`);
  await tx.execute(sql`
    with k as (
      select k.product_id, k.place, p.vendor_id
      from unnest(${sql.param(sorted.map((key) => key.productId))}::uuid[],
        ${sql.param(sorted.map((key) => key.place))}::text[]) as k(product_id, place)
      join products p on p.id = k.product_id
    ), figures as (
      select k.product_id, k.place, lc.occurred_at as last_count_at,
        ${level.stock} as stock,
        (select max(d.occurred_at) from stock_movements d
          where d.product_id = k.product_id and d.place = k.place and d.kind = 'delivery')
          as last_delivery_at
      from k
      ${level.lastCount}
    )
    update stock_balances b
    set stock_thousandths = f.stock, last_count_at = f.last_count_at,
      last_delivery_at = f.last_delivery_at
    from figures f
    where b.product_id = f.product_id and b.place = f.place`);
}

/** The balance rows of these products: stock per place and the latest delivery at either. */
export async function balancesOf(
  db: Executor,
  productIds: readonly string[],
): Promise<Map<string, { shelf: number; storeroom: number; lastDeliveryAt: Date | null }>> {
  const ids = [...new Set(productIds)].filter(isUuid);
  const balances = new Map<
    string,
    { shelf: number; storeroom: number; lastDeliveryAt: Date | null }
  >();
  if (ids.length === 0) return balances;
  const rows = rowsOf<{
    product_id: string;
    place: string;
    stock_thousandths: string | number;
    last_delivery_at: string | Date | null;
  }>(
    await db.execute(sql`
      select product_id, place, stock_thousandths, last_delivery_at from stock_balances
      where product_id = any(${sql.param(ids)}::uuid[])`),
  );
  for (const row of rows) {
    const own = balances.get(row.product_id) ?? { shelf: 0, storeroom: 0, lastDeliveryAt: null };
    own[row.place as StockPlace] = Number(row.stock_thousandths);
    if (row.last_delivery_at !== null) {
      const at = new Date(row.last_delivery_at);
      if (own.lastDeliveryAt === null || at > own.lastDeliveryAt) own.lastDeliveryAt = at;
    }
    balances.set(row.product_id, own);
  }
  return balances;
}

/**
 * The stock of these products per place from the changes alone (the definition the balances
 * keep): the last count's level (none: 0) plus every other change after it (a change at the
 * count's own time came before it), the till's lines included. For tests and checks; reads the
 * whole history.
 */
export async function stockFromMovements(
  db: Executor,
  productIds: readonly string[],
): Promise<Map<string, { shelf: number; storeroom: number }>> {
  const ids = [...new Set(productIds)].filter(isUuid);
  const levels = new Map<string, { shelf: number; storeroom: number }>();
  if (ids.length === 0) return levels;
  const level = levelFromChanges(sql`p.id`, sql`p.vendor_id`, sql`pl.place`);
  const rows = rowsOf<{ product_id: string; place: string; stock: string | number }>(
    await db.execute(sql`
      select p.id as product_id, pl.place, ${level.stock} as stock
      from products p
      cross join (values ('shelf'), ('storeroom')) as pl(place)
      ${level.lastCount}
      where p.id = any(${sql.param(ids)}::uuid[])`),
  );
  for (const row of rows) {
    const own = levels.get(row.product_id) ?? { shelf: 0, storeroom: 0 };
    own[row.place as StockPlace] = Number(row.stock);
    levels.set(row.product_id, own);
  }
  return levels;
}
