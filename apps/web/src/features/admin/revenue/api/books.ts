import { reconcileResponseSchema } from '@housnkuh/shared/schemas/books';
import { useQuery } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

/** The month's reconciliation: the till against the settled sales, line by line. */
export function useReconcile(month: string) {
  const key = adminQueryKeys.of(useAdminSession()?.token ?? '', 'money');
  return useQuery({
    queryKey: [...key, 'abgleich', month],
    queryFn: ({ signal }) =>
      adminRequest(`/admin/abrechnungen/${encodeURIComponent(month)}/abgleich`, {
        schema: reconcileResponseSchema,
        signal,
      }),
    enabled: /^\d{4}-\d{2}$/.test(month),
  });
}
