import { auditResponseSchema } from '@housnkuh/shared/schemas/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

/** GET /admin/audit: a page of the log, of one area (Verträge, …) or of all. */
export function useAudit(page: number, area: string) {
  const token = useAdminSession()?.token ?? '';
  return useQuery({
    queryKey: adminQueryKeys.of(token, 'audit', page, area),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page), limit: '25' });
      if (area) query.set('area', area);
      return adminRequest(`/admin/audit?${query}`, { schema: auditResponseSchema, signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
