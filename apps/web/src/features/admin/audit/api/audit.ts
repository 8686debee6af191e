import { auditResponseSchema } from '@housnkuh/shared/schemas/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

export function useAudit(page: number, entity: string) {
  const token = useAdminSession()?.token ?? '';
  return useQuery({
    queryKey: adminQueryKeys.of(token, 'audit', page, entity),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page), limit: '25' });
      if (entity) query.set('entity', entity);
      return adminRequest(`/admin/audit?${query}`, { schema: auditResponseSchema, signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
