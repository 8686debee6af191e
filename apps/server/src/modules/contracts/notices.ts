// The daily contract job's record of its mails and steps (contract_notices): each once per
// contract and kind, sent or skipped (lifecycle.service.ts, term-end.service.ts).
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contractNotices } from './schema';

/**
 * Records a lifecycle mail or step once per contract and kind (sent, or skipped);
 * answers whether it was recorded now.
 */
export async function once(
  tx: Executor,
  contractId: string,
  kind: string,
  skipped = false,
): Promise<boolean> {
  const inserted = await tx
    .insert(contractNotices)
    .values({ contractId, kind, skipped })
    .onConflictDoNothing()
    .returning({ kind: contractNotices.kind });
  return inserted.length > 0;
}

/** What is recorded for these contracts: the contract and the kind. */
export function noticesOf(tx: Executor, contractIds: string[]) {
  return tx
    .select({ contractId: contractNotices.contractId, kind: contractNotices.kind })
    .from(contractNotices)
    .where(inArray(contractNotices.contractId, contractIds));
}
