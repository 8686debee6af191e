// The newsletter's part of a producer's deletion (docs/decisions/0092).
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deleteWhere } from '../../db/delete-where';
import { newsletterSubscribers } from './schema';

/** A subscription of this address, with its consent record and unsubscribe links. */
export async function removeSubscription(tx: Executor, email: string): Promise<number> {
  return deleteWhere(tx, newsletterSubscribers, eq(newsletterSubscribers.email, email));
}
