import {
  vertragResponseSchema,
  zusatzleistungenResponseSchema,
} from '@housnkuh/shared/schemas/admin-rental';
import { stockMovementSchema, type AdminStockInput } from '@housnkuh/shared/schemas/inventory';
import {
  adminProductResponseSchema,
  adminProductsResponseSchema,
} from '@housnkuh/shared/schemas/products';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

function useToken() {
  return useAdminSession()?.token ?? '';
}

/** GET /admin/zusatzleistungen */
export function useZusatzleistungen() {
  return useQuery({
    queryKey: adminQueryKeys.of(useToken(), 'zusatzleistungen'),
    queryFn: ({ signal }) =>
      adminRequest('/admin/zusatzleistungen', { schema: zusatzleistungenResponseSchema, signal }),
    staleTime: 0,
  });
}

function useRefresh() {
  const client = useQueryClient();
  const token = useToken();
  return () => {
    for (const part of ['zusatzleistungen', 'vertraege']) {
      void client.invalidateQueries({ queryKey: adminQueryKeys.of(token, part) });
    }
  };
}

/** What a switch of services sends: a contract change of the services alone. */
export interface ServicesChange {
  validFrom: string;
  zusatzleistungen: { lagerservice: boolean; versandservice: boolean };
  reason: string;
}

/** The services of a contract from a day on: a contract change (POST /admin/vertraege/{id}/change). */
export function useSwitchServices(contractId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: ServicesChange) =>
      adminRequest(`/admin/vertraege/${encodeURIComponent(contractId)}/change`, {
        body: input,
        schema: vertragResponseSchema,
      }),
    onSuccess: refresh,
  });
}

/** Every active product of a producer (a first delivery switches its stock on). */
export function useVendorProducts(vendorId: string) {
  return useQuery({
    queryKey: adminQueryKeys.of(useToken(), 'zusatzleistungen', 'products', vendorId),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ vendorId, limit: '100', sort: 'name', active: 'true' });
      const answer = await adminRequest(`/admin/products?${query}`, {
        schema: adminProductsResponseSchema,
        signal,
      });
      return answer.products.filter((product) => product.vendorId === vendorId);
    },
    enabled: vendorId !== '',
    staleTime: 0,
  });
}

/** The storage service's goods-in: the shop's delivery into the store room (confirmed at once). */
export function useStoreRoomDelivery() {
  const client = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: ({ productId, input }: { productId: string; input: AdminStockInput }) =>
      adminRequest(`/admin/products/${encodeURIComponent(productId)}/stock`, {
        body: input,
        schema: adminProductResponseSchema.extend({ movement: stockMovementSchema }),
      }),
    onSuccess: () =>
      void client.invalidateQueries({ queryKey: adminQueryKeys.of(token, 'inventory') }),
  });
}
