import { adminProductsResponseSchema } from '@housnkuh/shared/schemas/products';
import { useQuery } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

/** GET /admin/products?vendorId=…: the first products of one producer, for its page. */
export function useVendorProducts(vendorId: string) {
  const token = useAdminSession()?.token ?? '';
  return useQuery({
    queryKey: adminQueryKeys.of(token, 'products', 'of-vendor', vendorId),
    queryFn: ({ signal }) =>
      adminRequest(
        `/admin/products?${new URLSearchParams({ vendorId, limit: '10', sort: 'name' })}`,
        { schema: adminProductsResponseSchema, signal },
      ),
    staleTime: 0,
  });
}
