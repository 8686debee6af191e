// The contracts' part of a producer's deletion (docs/decisions/0092).
import { DELETION_MESSAGES } from '@housnkuh/shared/schemas/deletion';
import { and, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deleteWhere } from '../../db/delete-where';
import { contracts, goodsIn } from './schema';

/**
 * Why the producer cannot be deleted yet, as far as its contracts go: one that runs on `today`
 * or later, or one still to start. A contract ended, cancelled before its start or ended in its
 * trial before today keeps nothing open.
 */
export async function contractsKeepingAccount(
  db: Executor,
  vendorId: string,
  today: string,
): Promise<string[]> {
  const rows = await db
    .select({
      number: contracts.number,
      status: contracts.status,
      startDate: contracts.startDate,
      endDate: contracts.endDate,
    })
    .from(contracts)
    .where(
      and(
        eq(contracts.vendorId, vendorId),
        inArray(contracts.status, ['scheduled', 'active', 'terminated']),
        or(isNull(contracts.endDate), sql`${contracts.endDate} >= ${today}`),
      ),
    )
    .orderBy(contracts.startDate);
  return rows.map((row) =>
    row.status === 'scheduled' && row.startDate > today
      ? DELETION_MESSAGES.contractScheduled(row.number ?? '', row.startDate)
      : DELETION_MESSAGES.contractRunning(row.number ?? '', row.endDate),
  );
}

/** The month ('YYYY-MM') of the producer's last contract day, for the settlement's check. */
export async function lastContractMonth(db: Executor, vendorId: string): Promise<string | null> {
  const [row] = await db
    .select({ month: sql<string | null>`to_char(max(${contracts.endDate}), 'YYYY-MM')` })
    .from(contracts)
    .where(and(eq(contracts.vendorId, vendorId), sql`${contracts.status} <> 'cancelled'`));
  return row?.month ?? null;
}

/** The storage service's goods-in log of the producer (no document rests on it). */
export async function removeGoodsIn(tx: Executor, vendorId: string): Promise<number> {
  return deleteWhere(tx, goodsIn, eq(goodsIn.vendorId, vendorId));
}

/** How many contracts the producer has (they go with its row after the retention). */
export async function countContractsOf(db: Executor, vendorId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contracts)
    .where(eq(contracts.vendorId, vendorId));
  return row?.n ?? 0;
}
