import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api';
import { useStoredVendorSession } from '../../../../lib/vendor-token';

const schemas = () => import('@housnkuh/shared/schemas/inventory');

/** GET /vendor-auth/inventory-counts: a page of the counts of the producer's goods, newest first. */
export function useVendorCounts(page: number) {
  const session = useStoredVendorSession();
  const token = session?.token ?? '';
  return useQuery({
    queryKey: ['vendor', token, 'inventory-counts', page],
    queryFn: async ({ signal }) => {
      const { vendorCountsResponseSchema } = await schemas();
      return apiRequest(`/vendor-auth/inventory-counts?page=${page}&limit=10`, {
        token,
        schema: vendorCountsResponseSchema,
        signal,
      });
    },
    enabled: Boolean(session?.checked),
    placeholderData: keepPreviousData,
  });
}

export const MOVEMENTS_PAGE = 10;

/**
 * GET /vendor-auth/products/{id}/movements: the product's movements, newest first, a page at a
 * time ("Ältere anzeigen" loads the next).
 */
export function useMovements(productId: string) {
  const session = useStoredVendorSession();
  const token = session?.token ?? '';
  return useInfiniteQuery({
    queryKey: ['vendor', token, 'products', 'movements', productId],
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const { vendorMovementsResponseSchema } = await schemas();
      return apiRequest(
        `/vendor-auth/products/${encodeURIComponent(productId)}/movements?page=${pageParam}&limit=${MOVEMENTS_PAGE}`,
        { token, schema: vendorMovementsResponseSchema, signal },
      );
    },
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined,
    enabled: Boolean(session?.checked),
  });
}
