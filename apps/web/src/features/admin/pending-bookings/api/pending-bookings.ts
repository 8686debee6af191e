import {
  approveBookingResponseSchema,
  mietfaecherResponseSchema,
  pendingBookingsResponseSchema,
  type ApproveBookingInput,
} from '@housnkuh/shared/schemas/admin-rental';
import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

function useToken() {
  return useAdminSession()?.token ?? '';
}

export function usePendingBookings() {
  return useQuery({
    queryKey: adminQueryKeys.of(useToken(), 'pending-bookings'),
    queryFn: ({ signal }) =>
      adminRequest('/admin/pending-bookings', { schema: pendingBookingsResponseSchema, signal }),
    staleTime: 0,
  });
}

/** The units free from the start date on (no contract holds them from then), to choose for an approval. */
export function useFreeUnits(enabled: boolean, freeFrom: string) {
  return useQuery({
    queryKey: adminQueryKeys.of(useToken(), 'mietfaecher', { optionId: '', freeFrom }),
    queryFn: ({ signal }) =>
      adminRequest(`/admin/mietfaecher?freeFrom=${encodeURIComponent(freeFrom)}`, {
        schema: mietfaecherResponseSchema,
        signal,
      }),
    enabled,
    staleTime: 0,
    // while another day's units load, the last ones stay (no flicker)
    placeholderData: (previous) => previous,
  });
}

function useDecision<T, R>(call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: call,
    // not awaited: the decided request leaves the list, and with it the form whose
    // own onSuccess (the notice) must still run
    onSuccess: () => {
      for (const part of ['pending-bookings', 'mietfaecher', 'dashboard']) {
        void client.invalidateQueries({ queryKey: adminQueryKeys.of(token, part) });
      }
    },
  });
}

export const useApproveBooking = (id: string) =>
  useDecision((input: ApproveBookingInput) =>
    adminRequest(`/admin/pending-bookings/${encodeURIComponent(id)}/approve`, {
      body: input,
      schema: approveBookingResponseSchema,
    }),
  );

export const useRejectBooking = (id: string) =>
  useDecision((reason: string) =>
    adminRequest(`/admin/pending-bookings/${encodeURIComponent(id)}/reject`, {
      body: { reason },
      schema: messageResponseSchema,
    }),
  );
