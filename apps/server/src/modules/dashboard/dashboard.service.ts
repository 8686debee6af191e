import type { AdminDashboard } from '@housnkuh/shared/schemas/admin';
import type { Database } from '../../db/client';
import { countPendingBookings } from '../bookings/public';
import { countNewContactRequests } from '../contact/public';
import { countContestEntries } from '../contest/public';
import { countSubscribers } from '../newsletter/public';
import { countVendors } from '../vendors/public';

/**
 * What needs doing now and a few figures (GET /api/admin/dashboard). A read
 * model: each figure is asked of the module that owns it (docs/decisions/0013);
 * it changes nothing.
 */
export async function dashboard(db: Database): Promise<Omit<AdminDashboard, 'success'>> {
  const [
    unreadContacts,
    pendingBookings,
    pendingSubscribers,
    contest,
    vendorCount,
    customers,
    vendorSubscribers,
  ] = await Promise.all([
    countNewContactRequests(db),
    countPendingBookings(db),
    countSubscribers(db, { status: 'pending' }),
    countContestEntries(db),
    countVendors(db),
    ...(['customer', 'vendor'] as const).map((type) =>
      countSubscribers(db, { status: 'confirmed', type }),
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
