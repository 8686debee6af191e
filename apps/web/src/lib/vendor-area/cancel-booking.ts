import { ERRORS } from '@housnkuh/shared/messages';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api';
import { RequestLimiter } from '../request-limiter';
import { readVendorSession, vendorQueryKeys } from '../vendor-token';

const limiter = new RequestLimiter(1000);

export interface CancelResult {
  success: boolean;
  message: string;
}

/**
 * POST /vendor-auth/cancel-trial-booking/{id}: at most once a second per
 * booking, duplicates share the call (spec §7); the bookings are loaded again
 * afterwards. Throws without a valid token, answers every other failure.
 */
export function cancelBooking(
  client: QueryClient,
  bookingId: string,
  reason?: string,
): Promise<CancelResult> {
  return limiter.run(`cancel:${bookingId}`, async () => {
    const token = readVendorSession()?.token;
    if (!token) throw new Error(ERRORS.noValidToken);
    try {
      const { messageResponseSchema } = await import('@housnkuh/shared/schemas/common');
      const response = await apiRequest(
        `/vendor-auth/cancel-trial-booking/${encodeURIComponent(bookingId)}`,
        {
          body: reason ? { reason } : {},
          token,
          schema: messageResponseSchema,
          timeoutMs: 10_000,
        },
      );
      await client.refetchQueries({ queryKey: vendorQueryKeys.bookings(token) });
      return { success: true, message: response.message };
    } catch (error) {
      const message =
        error instanceof ApiError && error.serverMessage ? error.serverMessage : ERRORS.cancelTrial;
      return { success: false, message };
    }
  });
}

export function useCancelBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, reason }: { bookingId: string; reason?: string }) =>
      cancelBooking(client, bookingId, reason),
  });
}
