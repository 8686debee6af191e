import type { AdminDashboard } from '@housnkuh/shared/schemas/admin';
import { and, count, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactRequests } from '../../db/schema/contact';
import { contestEntries } from '../../db/schema/contest';
import { newsletterSubscribers } from '../../db/schema/newsletter';
import { bookingRequests, vendors } from '../../db/schema/vendors';

/**
 * What needs doing now and a few figures (GET /api/admin/dashboard). A read
 * model over other modules' tables (docs/decisions/0013): it changes nothing.
 */
export async function dashboard(db: Database): Promise<Omit<AdminDashboard, 'success'>> {
  const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  const [
    unreadContacts,
    pendingBookings,
    pendingSubscribers,
    contest,
    vendorCount,
    customers,
    vendorSubscribers,
  ] = await Promise.all([
    countOf(
      db.select({ n: count() }).from(contactRequests).where(eq(contactRequests.status, 'new')),
    ),
    countOf(
      db.select({ n: count() }).from(bookingRequests).where(eq(bookingRequests.status, 'pending')),
    ),
    countOf(
      db
        .select({ n: count() })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.status, 'pending')),
    ),
    countOf(db.select({ n: count() }).from(contestEntries)),
    countOf(db.select({ n: count() }).from(vendors).where(ne(vendors.registrationKind, 'demo'))),
    ...(['customer', 'vendor'] as const).map((type) =>
      countOf(
        db
          .select({ n: count() })
          .from(newsletterSubscribers)
          .where(
            and(
              eq(newsletterSubscribers.status, 'confirmed'),
              eq(newsletterSubscribers.type, type),
            ),
          ),
      ),
    ),
  ]);
  return {
    todos: { unreadContacts, pendingBookings, pendingSubscribers, contestEntries: contest },
    figures: {
      vendors: vendorCount,
      confirmedSubscribers: { customer: customers!, vendor: vendorSubscribers! },
    },
  };
}
