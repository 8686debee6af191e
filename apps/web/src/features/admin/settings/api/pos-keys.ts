import {
  posKeyCreatedSchema,
  posKeyRevokedSchema,
  posKeysResponseSchema,
} from '@housnkuh/shared/schemas/sales';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

function usePosKeysKey() {
  return adminQueryKeys.of(useAdminSession()?.token ?? '', 'pos-keys');
}

/** The till's keys (Einstellungen → Kasse). */
export function usePosKeys() {
  const key = usePosKeysKey();
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      adminRequest('/admin/pos-keys', { schema: posKeysResponseSchema, signal }),
    staleTime: 0,
  });
}

export function useCreatePosKey() {
  const client = useQueryClient();
  const key = usePosKeysKey();
  return useMutation({
    mutationFn: (input: { name: string }) =>
      adminRequest('/admin/pos-keys', { body: input, schema: posKeyCreatedSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useRevokePosKey() {
  const client = useQueryClient();
  const key = usePosKeysKey();
  return useMutation({
    mutationFn: (id: string) =>
      adminRequest(`/admin/pos-keys/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: posKeyRevokedSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
