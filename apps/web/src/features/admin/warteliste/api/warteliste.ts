import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import { waitlistResponseSchema } from '@housnkuh/shared/schemas/waitlist';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

function useToken() {
  return useAdminSession()?.token ?? '';
}

/** GET /api/admin/warteliste: the list per type and the offers holding units. */
export function useWaitlist() {
  return useQuery({
    queryKey: adminQueryKeys.of(useToken(), 'warteliste'),
    queryFn: ({ signal }) =>
      adminRequest('/admin/warteliste', { schema: waitlistResponseSchema, signal }),
    staleTime: 0,
  });
}

function useChange<T>(call: (input: T) => Promise<{ message: string }>) {
  const client = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      for (const part of ['warteliste', 'pending-bookings']) {
        void client.invalidateQueries({ queryKey: adminQueryKeys.of(token, part) });
      }
    },
  });
}

/** One place up or down on a type's list. */
export const useMoveEntry = () =>
  useChange((input: { id: string; optionId: string; direction: 'up' | 'down' }) =>
    adminRequest(`/admin/warteliste/${encodeURIComponent(input.id)}/move`, {
      body: { optionId: input.optionId, direction: input.direction },
      schema: messageResponseSchema,
    }),
  );

/** Off the list, with a reason. */
export const useRemoveEntry = (id: string) =>
  useChange((reason: string) =>
    adminRequest(`/admin/warteliste/${encodeURIComponent(id)}/remove`, {
      body: { reason },
      schema: messageResponseSchema,
    }),
  );
