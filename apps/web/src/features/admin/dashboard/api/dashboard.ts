import { adminDashboardResponseSchema } from '@housnkuh/shared/schemas/admin';
import { adminVendorsResponseSchema } from '@housnkuh/shared/schemas/admin-users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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

/** The quick producer search: the first producers whose name, company, e-mail or place match (from 2 characters). */
export function useProducerSearch(search: string) {
  const token = useAdminSession()?.token ?? '';
  const term = search.trim();
  return useQuery({
    queryKey: adminQueryKeys.of(token, 'users', 'vendors', { quick: term }),
    queryFn: ({ signal }) =>
      adminRequest(
        `/admin/users/vendors?${new URLSearchParams({ search: term, limit: '8', sort: 'name' })}`,
        { schema: adminVendorsResponseSchema, signal },
      ),
    enabled: term.length >= 2,
    placeholderData: keepPreviousData,
  });
}
