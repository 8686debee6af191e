// The producer's view of its stock (docs/decisions/0069; issue 33): its count lines with their
// figures now, and the movements of one of its products. Only ever its own: every query is
// bounded by the session's producer.
import { fromThousandths, type StockKind, type StockPlace } from '@housnkuh/shared/inventory';
import type { VendorMovement } from '@housnkuh/shared/schemas/inventory';
import { PRODUCT_MESSAGES } from '@housnkuh/shared/schemas/products';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { NotFoundError } from '../../lib/domain-errors';
import { figuresWhere, type CountLineFigures } from './counts.service';
import { productOfVendor } from './products.service';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A count line of the producer, and whether a later count of the same instant corrected it. */
export type VendorCountLineFigures = CountLineFigures & { corrected: boolean };

export interface VendorCountFigures {
  id: string;
  countedAt: Date;
  lines: VendorCountLineFigures[];
}

/**
 * The counts that hold lines of this producer, newest first (by the time counted, then entered),
 * a page of them with only the producer's own lines. A line is "corrected" when a count entered
 * later holds the same product and place at the same instant: a count is corrected only by a
 * new count with a reason (docs/product/inventory.md), at the corrected count's time.
 */
export async function vendorCountPage(
  db: Executor,
  vendorId: string,
  page: number,
  limit: number,
): Promise<{ counts: VendorCountFigures[]; totalCount: number }> {
  type CountRow = { id: string | null; counted_at: string | Date | null; total: string | number };
  // one row at least: the total, even for a page past the end
  const rows = rowsOf<CountRow>(
    await db.execute(sql`
      with own as (
        select c.id, c.counted_at, c.created_at
        from inventory_counts c
        where c.id in (
          select count_id from inventory_count_lines where vendor_id = ${vendorId}::uuid)
      ),
      total as (select count(*) as n from own)
      select paged.id, paged.counted_at, total.n as total
      from total left join lateral (
        select * from own
        order by own.counted_at desc, own.created_at desc, own.id desc
        limit ${limit} offset ${(page - 1) * limit}
      ) paged on true`),
  );
  const totalCount = Number(rows[0]?.total ?? 0);
  const counts = rows.filter((row): row is CountRow & { id: string; counted_at: string | Date } =>
    Boolean(row.id),
  );
  if (counts.length === 0) return { counts: [], totalCount };
  const ids = counts.map((count) => count.id);
  const figures = await figuresWhere(
    db,
    sql`l.vendor_id = ${vendorId}::uuid and l.count_id = any(${sql.param(ids)}::uuid[])`,
  );
  const corrected = new Set(
    rowsOf<{ id: string }>(
      await db.execute(sql`
        select l.id
        from inventory_count_lines l
        join inventory_counts c on c.id = l.count_id
        where l.vendor_id = ${vendorId}::uuid and l.count_id = any(${sql.param(ids)}::uuid[])
          and exists (
            select 1 from inventory_count_lines x
            join inventory_counts xc on xc.id = x.count_id
            where x.product_id = l.product_id and x.place = l.place
              and x.counted_at = l.counted_at and x.id <> l.id
              and (xc.created_at, xc.id) > (c.created_at, c.id)
          )`),
    ).map((row) => row.id),
  );
  const linesOf = new Map<string, VendorCountLineFigures[]>();
  for (const line of figures) {
    const list = linesOf.get(line.countId) ?? [];
    list.push({ ...line, corrected: corrected.has(line.id) });
    linesOf.set(line.countId, list);
  }
  return {
    counts: counts.map((count) => ({
      id: count.id,
      countedAt: new Date(count.counted_at),
      lines: linesOf.get(count.id) ?? [],
    })),
    totalCount,
  };
}

const RECORDED_BY: Record<string, VendorMovement['recordedBy']> = {
  vendor: 'vendor',
  admin: 'shop',
  till: 'till',
};

/**
 * GET /api/vendor-auth/products/:id/movements: the movements of the producer's own product
 * (another's is "not found" like an unknown one), newest first, a page of them. The till's sales
 * and returns are summed per Berlin day (a day can have hundreds); a refill shows once, as what
 * came into the shelf. Who recorded it is told as the producer, the shop or the till, never an
 * admin's name.
 */
export async function vendorMovements(
  db: Executor,
  vendorId: string,
  productId: string,
  page: number,
  limit: number,
) {
  const product = await productOfVendor(db, vendorId, productId);
  if (!product) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
  type Row = {
    id: string | null;
    kind: string;
    place: string;
    quantity: string | number;
    occurred_at: string | Date;
    day: string | null;
    lines: string | number;
    recorded_by_kind: string;
    note: string | null;
    confirmed: boolean | null;
    total: string | number;
  };
  // one row at least: the total, even for a page past the end
  const result = rowsOf<Row>(
    await db.execute(sql`
      with listed as (
        select m.id::text as id, m.kind, m.place, m.quantity_thousandths::bigint as quantity,
          m.occurred_at, m.recorded_at, null::text as day, 1::bigint as lines,
          m.recorded_by_kind, m.note,
          case when m.kind = 'delivery' then m.confirmed_at is not null end as confirmed
        from stock_movements m
        where m.product_id = ${product.id}::uuid
          and not (m.kind = 'refill' and m.place = 'storeroom')
        union all
        select 'till:' || d.day || ':' || d.kind, d.kind, 'shelf', sum(d.quantity_thousandths),
          max(d.occurred_at), max(d.recorded_at), d.day, count(*), 'till', null, null
        from (
          select case when quantity_thousandths > 0 then 'return' else 'sale' end as kind,
            quantity_thousandths, occurred_at, recorded_at,
            to_char(occurred_at at time zone 'Europe/Berlin', 'YYYY-MM-DD') as day
          from till_stock_changes
          where vendor_id = ${vendorId}::uuid and product_id = ${product.id}::uuid
        ) d
        group by d.day, d.kind
      ),
      total as (select count(*) as n from listed)
      select paged.*, total.n as total
      from total left join lateral (
        select * from listed
        order by listed.occurred_at desc, listed.recorded_at desc, listed.id desc
        limit ${limit} offset ${(page - 1) * limit}
      ) paged on true`),
  );
  const totalCount = Number(result[0]?.total ?? 0);
  const rows = result.filter((row): row is Row & { id: string } => row.id !== null);
  const movements: VendorMovement[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind as StockKind,
    place: row.place as StockPlace,
    quantity: fromThousandths(Number(row.quantity)),
    occurredAt: new Date(row.occurred_at).toISOString(),
    day: row.day,
    lines: Number(row.lines),
    recordedBy: RECORDED_BY[row.recorded_by_kind] ?? 'shop',
    note: row.note,
    confirmed: row.confirmed,
  }));
  return {
    product: { id: product.id, name: product.name, unit: product.unit },
    movements,
    pagination: {
      page,
      limit,
      totalCount,
      totalPages: Math.max(1, Math.ceil(totalCount / limit)),
    },
  };
}
