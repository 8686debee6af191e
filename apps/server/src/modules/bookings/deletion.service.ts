// The bookings' part of a producer's deletion (docs/decisions/0092).
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deleteWhere } from '../../db/delete-where';
import { bookingRequests } from './schema';

/**
 * The producer's requests that led to no contract (open, rejected, withdrawn), with their places
 * on the waiting list and their offers (an offer's reserved units are free again for the next).
 */
export async function removeOpenRequests(tx: Executor, vendorId: string): Promise<number> {
  return deleteWhere(
    tx,
    bookingRequests,
    and(eq(bookingRequests.vendorId, vendorId), ne(bookingRequests.status, 'approved')),
  );
}

/**
 * Locks the producer's requests that led to no contract, in id order, before the deletion locks
 * the producer: an approval locks its request first and then the producer, so both take the
 * locks in the same order.
 */
export async function lockOpenRequests(tx: Executor, vendorId: string): Promise<void> {
  await tx
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .where(and(eq(bookingRequests.vendorId, vendorId), ne(bookingRequests.status, 'approved')))
    .orderBy(asc(bookingRequests.id))
    .for('update');
}
