import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import { retentionOverviewSchema } from '@housnkuh/shared/schemas/deletion';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

function useToken() {
  return useAdminSession()?.token ?? '';
}

/** GET /admin/retention: the deleted producers kept, and the removals so far. */
export function useRetention() {
  const token = useToken();
  return useQuery({
    queryKey: adminQueryKeys.of(token, 'users', 'retention'),
    queryFn: ({ signal }) =>
      adminRequest('/admin/retention', { schema: retentionOverviewSchema, signal }),
  });
}

/** POST /admin/retention/:id/remove, after the retention's last day. */
export function useRemoveRetained() {
  const client = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: (id: string) =>
      adminRequest(`/admin/retention/${encodeURIComponent(id)}/remove`, {
        method: 'POST',
        body: {},
        schema: messageResponseSchema,
      }),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: adminQueryKeys.of(token, 'users', 'retention') }),
  });
}
