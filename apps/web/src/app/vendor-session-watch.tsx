import { useWatchVendorSession } from '../features/public/vendor-account/api/check-session';
import { useBookings } from '../lib/vendor-area/bookings';

/**
 * The signed-in vendor's session on every page (spec §4): checked at the
 * start and again on focus and when the tab becomes visible; the bookings
 * load once it is settled. Loaded only when a session is stored.
 */
export function VendorSessionWatch() {
  useWatchVendorSession();
  useBookings();
  return null;
}
