import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api';
import { useStoredVendorSession } from '../../../../lib/vendor-token';

/** GET /vendor-auth/products/low-stock: the producer's open restock notices. */
export function useLowStock() {
  const session = useStoredVendorSession();
  const token = session?.token ?? '';
  return useQuery({
    queryKey: ['vendor', token, 'low-stock'],
    queryFn: async ({ signal }) => {
      const { lowStockResponseSchema } = await import('@housnkuh/shared/schemas/inventory');
      return apiRequest('/vendor-auth/products/low-stock', {
        token,
        schema: lowStockResponseSchema,
        signal,
      });
    },
    enabled: Boolean(session?.checked),
    retry: false,
  });
}
