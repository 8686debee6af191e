import {
  adminProductResponseSchema,
  adminProductsResponseSchema,
} from '@housnkuh/shared/schemas/products';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

function useKey(...parts: unknown[]) {
  return adminQueryKeys.of(useAdminSession()?.token ?? '', 'products', ...parts);
}

export function useAdminProducts(filters: {
  search: string;
  active: string;
  vendorId: string;
  page: number;
}) {
  const key = useKey('list', filters);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(filters.page), limit: '25', sort: 'name' });
      if (filters.search) query.set('search', filters.search);
      if (filters.active) query.set('active', filters.active);
      if (filters.vendorId) query.set('vendorId', filters.vendorId);
      return adminRequest(`/admin/products?${query}`, {
        schema: adminProductsResponseSchema,
        signal,
      });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** PATCH /admin/products/{id}: a correction or { isActive }, recorded in the Protokoll. */
export function useAdminUpdateProduct(id: string) {
  const client = useQueryClient();
  const all = useKey();
  return useMutation({
    mutationFn: (body: unknown) =>
      adminRequest(`/admin/products/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
        schema: adminProductResponseSchema,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...all, 'list'] }),
  });
}
