// Restock notices (docs/product/inventory.md, "Restock notices"; issue 33): when a tracked
// product's stock at a place falls to or below its restock level the producer gets one notice,
// none again until the stock was above the level. Decided in SQL per batch for the products a
// change touched, in the change's own transaction; mailed by the restock job (single mails, or
// one summary a day, the producer's setting).
import { clock } from '@housnkuh/shared/clock';
import { berlinInstant, formatDateTime, isoDayInBerlin } from '@housnkuh/shared/format';
import { MEASURED_UNITS, type StockPlace } from '@housnkuh/shared/inventory';
import { formatQuantity } from '@housnkuh/shared/quantity';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { isUuid } from '@housnkuh/shared/schemas/params';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { onWake, transaction, wakeAfterCommit } from '../../db/transaction';
import { PollingJob } from '../../lib/poller';
import { enqueueMail } from '../mail/public';
import { restockRecipients } from '../vendors/public';
import { restockNoticeMail, restockSummaryMail } from './mails';
import { products, restockNotices } from './schema';

/** How often the restock job looks without being woken (the daily summary's day change). */
export const RESTOCK_EVERY_MS = 15 * 60_000;

/**
 * Opens a notice for each of `places` (those the change touched: a delivery to the shelf says
 * nothing about the store room) of these products whose stock is at or below its level and has
 * none open, and resolves the open ones whose stock is above the level again (or that have no
 * level any more). One statement for the whole batch, whatever the number of lines; the
 * partial unique index keeps one open notice per product and place even across instances.
 */
export async function updateRestockNotices(
  tx: Executor,
  productIds: readonly string[],
  places: readonly StockPlace[] = ['shelf', 'storeroom'],
  /** Products whose stock this change only lowered: with an open notice, nothing can change. */
  falling: readonly string[] = [],
): Promise<number> {
  const ids = [...new Set(productIds)].filter(isUuid);
  if (ids.length === 0) return 0;
  const fallingIds = [...new Set(falling)].filter(isUuid);
  const now = clock.now().toISOString();
  // only products with a level or an open notice need their stock; one statement for all
  const opened = await tx.execute(sql`
    with candidates as (
      select id from products
      where id = any(${sql.param(ids)}::uuid[]) and stock_tracked
        and (restock_level_thousandths is not null
          or store_room_restock_level_thousandths is not null)
        and not (id = any(${sql.param(fallingIds)}::uuid[]) and exists (
          select 1 from restock_notices o
          where o.product_id = products.id and o.resolved_at is null
            and o.place = any(${sql.param([...places])}::text[])))
      union
      select product_id from restock_notices
      where resolved_at is null and product_id = any(${sql.param(ids)}::uuid[])
        and not product_id = any(${sql.param(fallingIds)}::uuid[])
    ), current as (
      select p.id as product_id, p.vendor_id, pl.place,
        case pl.place when 'shelf' then p.restock_level_thousandths
          else p.store_room_restock_level_thousandths end as level,
        coalesce(s.stock_thousandths, 0)::integer as stock, p.stock_tracked as tracked
      from products p
      cross join (values ('shelf'), ('storeroom')) as pl(place)
      left join stock_balances s on s.product_id = p.id and s.place = pl.place
      where p.id in (select id from candidates)
    ), resolved as (
      -- restocked above the level, the level removed, tracking off: the open notice ends
      update restock_notices n set resolved_at = ${now}::timestamptz
      from current c
      where n.resolved_at is null and n.product_id = c.product_id and n.place = c.place
        and (c.level is null or not c.tracked or c.stock > c.level)
      returning n.id
    )
    -- at or below the level at a place the change touched: a notice, unless one is open (the
    -- resolved ones above are never these: their stock is above the level)
    insert into restock_notices (product_id, vendor_id, place, level_thousandths,
      stock_thousandths, created_at)
    select c.product_id, c.vendor_id, c.place, c.level, c.stock, ${now}::timestamptz
    from current c
    where c.tracked and c.level is not null and c.stock <= c.level
      and c.place = any(${sql.param([...places])}::text[])
    on conflict (product_id, place) where resolved_at is null do nothing`);
  const count =
    (opened as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
    (opened as unknown as { affectedRows?: number }).affectedRows ??
    0;
  if (count > 0) wakeAfterCommit(tx, 'restock');
  return count;
}

/** "noch 2 im Regal", "noch 1,250 kg im Lager": pieces by number, weighed goods with the unit. */
export function stockText(unit: string, place: StockPlace, stockThousandths: number): string {
  const amount = MEASURED_UNITS.has(unit)
    ? formatQuantity(Math.max(0, stockThousandths), unit)
    : formatQuantity(Math.max(0, stockThousandths));
  return `noch ${amount} im ${place === 'storeroom' ? 'Lager' : 'Regal'}`;
}

/** "Bergkäse 200 g: noch 2 im Regal" */
export function restockLine(
  name: string,
  unit: string,
  place: StockPlace,
  stockThousandths: number,
): string {
  return `${name}: ${stockText(unit, place, stockThousandths)}`;
}

export interface RestockMailResult {
  single: number;
  summaries: number;
}

/**
 * The restock job: each notice not yet mailed of a producer with single mails becomes its mail
 * (a notice already resolved before it went out is only marked); a producer with the daily
 * summary gets, on the first run of a day, one mail listing its notices of the days before
 * (nothing to report: no mail). Rows taken with SKIP LOCKED, marked in the mail's transaction.
 */
export async function runRestockMails(
  db: Database,
  settings: SiteSettings,
  publicUrl: string,
  now = clock.now(),
): Promise<RestockMailResult> {
  const result: RestockMailResult = { single: 0, summaries: 0 };
  const startOfToday = berlinInstant(isoDayInBerlin(now), '00:00');
  await transaction(db, async (tx) => {
    const rows = await tx
      .select({ notice: restockNotices, name: products.name, unit: products.unit })
      .from(restockNotices)
      .innerJoin(products, eq(products.id, restockNotices.productId))
      .where(isNull(restockNotices.mailedAt))
      .orderBy(asc(restockNotices.createdAt), asc(products.name))
      .limit(500)
      .for('update', { of: restockNotices, skipLocked: true });
    if (rows.length === 0) return;
    const recipients = new Map(
      (await restockRecipients(tx, [...new Set(rows.map((r) => r.notice.vendorId))])).map((v) => [
        v.id,
        v,
      ]),
    );
    const link = `${publicUrl}/vendor/products`;
    const mailed: string[] = [];
    const daily = new Map<string, typeof rows>();
    for (const row of rows) {
      const vendor = recipients.get(row.notice.vendorId);
      if (!vendor) {
        mailed.push(row.notice.id);
        continue;
      }
      if (vendor.restockMail === 'daily') {
        if (row.notice.createdAt.getTime() >= startOfToday.getTime()) continue;
        daily.set(vendor.id, [...(daily.get(vendor.id) ?? []), row]);
        continue;
      }
      mailed.push(row.notice.id);
      if (row.notice.resolvedAt) continue;
      const place = row.notice.place as StockPlace;
      await enqueueMail(tx, {
        to: vendor.email,
        replyTo: settings.email,
        kind: 'restock-notice',
        ...restockNoticeMail(settings, {
          name: vendor.name,
          line: restockLine(row.name, row.unit, place, row.notice.stockThousandths),
          level: formatQuantity(row.notice.levelThousandths, row.unit),
          storeroom: place === 'storeroom',
          link,
        }),
      });
      result.single += 1;
    }
    for (const [vendorId, own] of daily) {
      const vendor = recipients.get(vendorId)!;
      mailed.push(...own.map((r) => r.notice.id));
      const lines = own.map((r) => {
        const text = restockLine(
          r.name,
          r.unit,
          r.notice.place as StockPlace,
          r.notice.stockThousandths,
        );
        const when = formatDateTime(r.notice.createdAt);
        return `- ${text} (seit ${when}${r.notice.resolvedAt ? ', inzwischen nachgefüllt' : ''})`;
      });
      await enqueueMail(tx, {
        to: vendor.email,
        replyTo: settings.email,
        kind: 'restock-summary',
        ...restockSummaryMail(settings, {
          name: vendor.name,
          count: own.length,
          lines: lines.join('\n'),
          storeroom: own.some((r) => r.notice.place === 'storeroom'),
          link,
        }),
      });
      result.summaries += 1;
    }
    if (mailed.length > 0)
      await tx
        .update(restockNotices)
        .set({ mailedAt: now })
        .where(and(inArray(restockNotices.id, mailed), isNull(restockNotices.mailedAt)));
  });
  return result;
}

/** Runs the restock mails when a notice opens (woken after its commit) and every 15 minutes. */
export class RestockMailWorker extends PollingJob {
  constructor(
    db: Database,
    settings: () => Promise<SiteSettings>,
    publicUrl: string,
    log: FastifyBaseLogger,
    pollMs = RESTOCK_EVERY_MS,
  ) {
    super(
      async () => {
        const result = await runRestockMails(db, await settings(), publicUrl);
        if (result.single + result.summaries > 0) log.info(result, 'restock notices mailed');
      },
      pollMs,
      log,
      'restock notices failed',
    );
    onWake(db, 'restock', () => this.kick());
  }
}
