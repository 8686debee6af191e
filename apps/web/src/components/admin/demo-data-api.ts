import {
  demoDataRemovedSchema,
  demoDataResponseSchema,
} from '@housnkuh/shared/schemas/admin-users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../lib/admin-api';

function useToken() {
  return useAdminSession()?.token ?? '';
}

/** What "Demo-Daten entfernen" would remove now. */
export function useDemoData() {
  const token = useToken();
  return useQuery({
    queryKey: adminQueryKeys.of(token, 'demo-data'),
    queryFn: ({ signal }) =>
      adminRequest('/admin/demo-data', { schema: demoDataResponseSchema, signal }),
    staleTime: 0,
  });
}

/** Removes the demo producers; every page of the admin area reads afresh. */
export function useRemoveDemoData() {
  const client = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: () =>
      adminRequest('/admin/demo-data', { method: 'DELETE', schema: demoDataRemovedSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminQueryKeys.of(token) }),
  });
}
