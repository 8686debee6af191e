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

/** The units free today, to propose for an approval. */
export function useFreeUnits(enabled: boolean) {
  return useQuery({
    queryKey: adminQueryKeys.of(useToken(), 'mietfaecher', { optionId: '', state: 'free' }),
    queryFn: ({ signal }) =>
      adminRequest('/admin/mietfaecher?state=free', { schema: mietfaecherResponseSchema, signal }),
    enabled,
    staleTime: 0,
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
