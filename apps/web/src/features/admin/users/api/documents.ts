import { adminDocumentsResponseSchema } from '@housnkuh/shared/schemas/documents';
import { useQuery } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

/** GET /admin/documents?vendorId=…: one producer's invoices, statements and cancellations. */
export function useVendorDocuments(vendorId: string) {
  const token = useAdminSession()?.token ?? '';
  return useQuery({
    queryKey: adminQueryKeys.of(token, 'documents', 'of-vendor', vendorId),
    queryFn: ({ signal }) =>
      adminRequest(`/admin/documents?${new URLSearchParams({ vendorId })}`, {
        schema: adminDocumentsResponseSchema,
        signal,
      }),
    staleTime: 0,
  });
}
