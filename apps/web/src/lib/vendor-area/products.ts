import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api';
import { useStoredVendorSession, vendorQueryKeys } from '../vendor-token';

const schemas = () => import('@housnkuh/shared/schemas/products');

const productsKey = (token: string) => [...vendorQueryKeys.all, token, 'products'] as const;

export interface ProductFilters {
  search: string;
  sort: string;
  page: number;
}

/** GET /vendor-auth/products: a page of the producer's products, its tax status and its rates. */
export function useProducts(filters: ProductFilters) {
  const session = useStoredVendorSession();
  const token = session?.token ?? '';
  return useQuery({
    queryKey: [...productsKey(token), filters],
    queryFn: async ({ signal }) => {
      const { productsResponseSchema } = await schemas();
      const query = new URLSearchParams({ page: String(filters.page), limit: '25' });
      if (filters.search) query.set('search', filters.search);
      if (filters.sort) query.set('sort', filters.sort);
      return apiRequest(`/vendor-auth/products?${query}`, {
        token,
        schema: productsResponseSchema,
        signal,
      });
    },
    enabled: Boolean(session?.checked),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Drops the lists, so they are read afresh (after a change, or the tax status given). */
export function useRefreshProducts() {
  const session = useStoredVendorSession();
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: productsKey(session?.token ?? '') });
}

/** POST /vendor-auth/products */
export function useCreateProduct() {
  const session = useStoredVendorSession();
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: async (body: unknown) => {
      const { productResponseSchema } = await schemas();
      return apiRequest('/vendor-auth/products', {
        method: 'POST',
        token: session?.token,
        body,
        schema: productResponseSchema,
      });
    },
    onSuccess: refresh,
  });
}

/** PATCH /vendor-auth/products/{id}: a change, or { isActive } to deactivate or activate. */
export function useUpdateProduct(id: string) {
  const session = useStoredVendorSession();
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: async (body: unknown) => {
      const { productResponseSchema } = await schemas();
      return apiRequest(`/vendor-auth/products/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        token: session?.token,
        body,
        schema: productResponseSchema,
      });
    },
    onSuccess: refresh,
  });
}
