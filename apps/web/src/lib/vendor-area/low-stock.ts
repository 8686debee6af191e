import type { RestockMailMode } from '@housnkuh/shared/schemas/inventory';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api';
import { useStoredVendorSession } from '../vendor-token';

const lowStockKey = (token: string) => ['vendor', token, 'low-stock'] as const;

/**
 * GET /vendor-auth/products/low-stock: the producer's open restock notices (its dashboard) and
 * how it gets them by mail (`restockMail`, its stock page's setting).
 */
export function useLowStock() {
  const session = useStoredVendorSession();
  const token = session?.token ?? '';
  return useQuery({
    queryKey: lowStockKey(token),
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

/** PUT /vendor-auth/products/restock-mail: single mails or one summary a day. */
export function useSetRestockMail() {
  const session = useStoredVendorSession();
  const token = session?.token ?? '';
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { mode: RestockMailMode }) => {
      const { restockMailResponseSchema } = await import('@housnkuh/shared/schemas/inventory');
      return apiRequest('/vendor-auth/products/restock-mail', {
        method: 'PUT',
        token,
        body,
        schema: restockMailResponseSchema,
      });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: lowStockKey(token) }),
  });
}
