import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api';
import { useStoredVendorSession } from '../vendor-token';

const schemas = () => import('@housnkuh/shared/schemas/deletion');
const deletionKey = (token: string) => ['vendor', token, 'deletion'] as const;

/** GET /vendor-auth/deletion: whether a deletion is asked for, and what it waits for. */
export function useDeletionStatus() {
  const session = useStoredVendorSession();
  const token = session?.token ?? '';
  return useQuery({
    queryKey: deletionKey(token),
    queryFn: async ({ signal }) => {
      const { deletionStatusSchema } = await schemas();
      return apiRequest('/vendor-auth/deletion', { token, schema: deletionStatusSchema, signal });
    },
    enabled: Boolean(session?.checked),
    retry: false,
  });
}

/** POST /vendor-auth/deletion: carried out at once, or waiting (the answer says which). */
export function useRequestDeletion() {
  const session = useStoredVendorSession();
  const client = useQueryClient();
  const token = session?.token ?? '';
  return useMutation({
    mutationFn: async (body: { password: string }) => {
      const { deletionAnswerSchema } = await schemas();
      return apiRequest('/vendor-auth/deletion', {
        method: 'POST',
        token,
        body,
        schema: deletionAnswerSchema,
      });
    },
    onSuccess: (answer) => {
      if (!answer.carriedOut) void client.invalidateQueries({ queryKey: deletionKey(token) });
    },
  });
}

/** DELETE /vendor-auth/deletion: the waiting request is withdrawn. */
export function useWithdrawDeletion() {
  const session = useStoredVendorSession();
  const client = useQueryClient();
  const token = session?.token ?? '';
  return useMutation({
    mutationFn: async () => {
      const { messageResponseSchema } = await import('@housnkuh/shared/schemas/common');
      return apiRequest('/vendor-auth/deletion', {
        method: 'DELETE',
        token,
        schema: messageResponseSchema,
      });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: deletionKey(token) }),
  });
}
