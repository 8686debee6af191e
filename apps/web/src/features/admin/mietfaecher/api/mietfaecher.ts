import {
  mietfachResponseSchema,
  mietfaecherResponseSchema,
  type CreateMietfachInput,
  type UpdateMietfachInput,
} from '@housnkuh/shared/schemas/admin-rental';
import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import { waitlistResponseSchema, type WaitlistOffer } from '@housnkuh/shared/schemas/waitlist';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

function useKey(...parts: unknown[]) {
  return adminQueryKeys.of(useAdminSession()?.token ?? '', 'mietfaecher', ...parts);
}

export function useMietfaecher(filters: { optionId: string; state: string }) {
  return useQuery({
    queryKey: useKey(filters),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams();
      if (filters.optionId) query.set('optionId', filters.optionId);
      if (filters.state) query.set('state', filters.state);
      return adminRequest(`/admin/mietfaecher?${query}`, {
        schema: mietfaecherResponseSchema,
        signal,
      });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * The units an offer of the waiting list holds (GET /api/admin/warteliste, the Warteliste page's
 * query): unit id → the offer. An approval onto such a unit is refused (docs/decisions/0074).
 */
export function useReservedUnits() {
  const token = useAdminSession()?.token ?? '';
  return useQuery({
    queryKey: adminQueryKeys.of(token, 'warteliste'),
    queryFn: ({ signal }) =>
      adminRequest('/admin/warteliste', { schema: waitlistResponseSchema, signal }),
    staleTime: 0,
    select: (data) =>
      new Map<string, WaitlistOffer>(
        data.offers.flatMap((offer) => offer.units.map((unit) => [unit.id, offer] as const)),
      ),
  });
}

function useChange<T, R>(call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  const key = useKey();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export const useCreateMietfach = () =>
  useChange((input: CreateMietfachInput) =>
    adminRequest('/admin/mietfaecher', { body: input, schema: mietfachResponseSchema }),
  );

export const useUpdateMietfach = (id: string) =>
  useChange((input: UpdateMietfachInput) =>
    adminRequest(`/admin/mietfaecher/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: input,
      schema: mietfachResponseSchema,
    }),
  );

export const useDeleteMietfach = (id: string) =>
  useChange(() =>
    adminRequest(`/admin/mietfaecher/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      schema: messageResponseSchema,
    }),
  );
