import { ERRORS } from '@housnkuh/shared/messages';
import type { Booking } from '@housnkuh/shared/schemas/vendor';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api';
import { useStoredVendorSession, vendorQueryKeys } from '../vendor-token';

/** GET /vendor-auth/bookings/{id}: every booking request of the vendor. */
export async function fetchBookings(token: string, userId: string): Promise<Booking[]> {
  try {
    const { bookingsResponseSchema } = await import('@housnkuh/shared/schemas/vendor');
    const response = await apiRequest(`/vendor-auth/bookings/${encodeURIComponent(userId)}`, {
      token,
      schema: bookingsResponseSchema,
      timeoutMs: 10_000,
    });
    return response.bookings;
  } catch (error) {
    console.warn(ERRORS.bookingsLoad, error);
    throw new Error(ERRORS.bookingsLoad);
  }
}

/**
 * Loaded once the session is settled (spec §4 "Bookings load once the vendor
 * is authenticated and known"), and again when a check or a change marks them
 * stale; a load running for the token is shared, a new one replaces it. A
 * failure keeps what was loaded and is not retried on its own: the dashboard
 * offers 'Neu laden'.
 */
export function bookingsQuery(token: string, userId: string) {
  return queryOptions({
    queryKey: vendorQueryKeys.bookings(token),
    queryFn: () => fetchBookings(token, userId),
    staleTime: Infinity,
    retry: false,
    retryOnMount: false,
  });
}

export function useBookings() {
  const session = useStoredVendorSession();
  return useQuery({
    ...bookingsQuery(session?.token ?? '', String(session?.user.id ?? '')),
    enabled: Boolean(session?.checked),
  });
}
