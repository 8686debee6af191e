import { adminDashboardResponseSchema } from '@housnkuh/shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

/** GET /admin/dashboard: the to-dos and figures, fresh whenever the page is opened. */
export function useAdminDashboard() {
  const token = useAdminSession()?.token ?? '';
  return useQuery({
    queryKey: adminQueryKeys.of(token, 'dashboard'),
    queryFn: ({ signal }) =>
      adminRequest('/admin/dashboard', { schema: adminDashboardResponseSchema, signal }),
    staleTime: 0,
  });
}
