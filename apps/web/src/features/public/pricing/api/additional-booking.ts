import { ERRORS } from '@housnkuh/shared/messages';
import type { PackageDataInput } from '@housnkuh/shared/schemas/booking';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../../lib/api';
import { readVendorSession, vendorQueryKeys } from '../../../../lib/vendor-token';

export interface AdditionalBookingResult {
  success: boolean;
  message: string;
  status?: number;
  /** No valid token in this browser: spec §8 only logs it. */
  notAuthenticated?: boolean;
}

/**
 * POST /vendor-auth/additional-booking: a signed-in vendor books more space.
 * Answers every failure with spec §8's message for 401/403, 404 and the rest,
 * never throws; afterwards the vendor's bookings load again.
 */
export async function requestAdditionalBooking(
  client: QueryClient,
  packageData: PackageDataInput,
): Promise<AdditionalBookingResult> {
  const session = readVendorSession();
  if (!session) {
    return { success: false, notAuthenticated: true, message: ERRORS.noValidToken };
  }
  try {
    const { messageResponseSchema } = await import('@housnkuh/shared/schemas/common');
    const response = await apiRequest('/vendor-auth/additional-booking', {
      body: { userId: session.user.id, packageData },
      token: session.token,
      schema: messageResponseSchema.loose(),
      timeoutMs: 15_000,
    });
    if (!response.success)
      return { success: false, message: response.message || ERRORS.bookingFailed };
    void client.invalidateQueries({ queryKey: vendorQueryKeys.bookings(session.token) });
    return { success: true, message: response.message };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http') {
      if (error.status === 401 || error.status === 403) {
        return { success: false, status: error.status, message: ERRORS.booking403 };
      }
      if (error.status === 404) return { success: false, status: 404, message: ERRORS.booking404 };
      return {
        success: false,
        status: error.status,
        message: error.serverMessage ?? ERRORS.bookingOther,
      };
    }
    return { success: false, message: ERRORS.bookingOther };
  }
}

export function useAdditionalBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (packageData: PackageDataInput) => requestAdditionalBooking(client, packageData),
  });
}
