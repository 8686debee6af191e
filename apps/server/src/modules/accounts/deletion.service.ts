// The accounts' part of a producer's deletion (docs/decisions/0092).
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accountTokens } from './schema';
import { revokeAllSessions } from './sessions.service';

/** Ends the producer's sessions and drops its confirmation and reset links. */
export async function removeVendorAccess(tx: Executor, vendorId: string): Promise<void> {
  await revokeAllSessions(tx, 'vendor', vendorId);
  await tx.delete(accountTokens).where(eq(accountTokens.vendorId, vendorId));
}
