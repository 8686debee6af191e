// The demo removal's check of the settlement.
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { settlementItems } from './schema';

/**
 * The demo removal's check (DEMO_REMOVAL_CHECKS of the users module): demo producers with a final
 * settlement, a payout or an open item stay; they are the shop's records.
 */
export async function demoRemovalSettlementCheck(
  db: Executor,
  vendorIds: readonly string[],
): Promise<string[]> {
  if (vendorIds.length === 0) return [];
  const ids = [...vendorIds];
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${settlementItems.vendorId})::int` })
    .from(settlementItems)
    .where(
      // payouts and open items come only from final items
      and(inArray(settlementItems.vendorId, ids), eq(settlementItems.status, 'final')),
    );
  const n = row?.n ?? 0;
  return n > 0 ? [SETTLEMENT_MESSAGES.demoBlocked(n)] : [];
}
