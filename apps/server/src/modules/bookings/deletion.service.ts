// The bookings' part of a producer's deletion (docs/decisions/0092).
import { and, eq, ne } from 'drizzle-orm';
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
