// The shop's inventory pages (issue 33; docs/decisions/0059-inventory-and-theft-refund.md): the
// producers' unconfirmed deliveries, the units and their producers' tracked products, counts and
// the shop's own stock movements.
import { mietfaecherResponseSchema } from '@housnkuh/shared/schemas/admin-rental';
import {
  confirmDeliveriesResponseSchema,
  countCorrectionResponseSchema,
  countHistoryResponseSchema,
  deliveriesResponseSchema,
  inventoryCountResponseSchema,
  type AdminStockInput,
  type CountCorrectionInput,
  type InventoryCountInput,
} from '@housnkuh/shared/schemas/inventory';
import {
  adminProductResponseSchema,
  adminProductsResponseSchema,
} from '@housnkuh/shared/schemas/products';
import { stockMovementSchema } from '@housnkuh/shared/schemas/inventory';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

function useKey(...parts: unknown[]) {
  return adminQueryKeys.of(useAdminSession()?.token ?? '', 'inventory', ...parts);
}

/** The producers' deliveries the shop has not confirmed yet. */
export function useUnconfirmedDeliveries() {
  return useQuery({
    queryKey: useKey('deliveries'),
    queryFn: ({ signal }) =>
      adminRequest('/admin/inventory/deliveries?state=unconfirmed', {
        schema: deliveriesResponseSchema,
        signal,
      }),
    staleTime: 0,
  });
}

/** Confirms deliveries (one, or a day's): they then count for the theft refund. */
export function useConfirmDeliveries() {
  const client = useQueryClient();
  const key = useKey();
  return useMutation({
    mutationFn: (movementIds: string[]) =>
      adminRequest('/admin/inventory/deliveries/confirm', {
        body: { movementIds },
        schema: confirmDeliveriesResponseSchema,
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: key }),
  });
}

/** The active units held today, with the producer holding each. */
export function useOccupiedUnits() {
  return useQuery({
    queryKey: useKey('units'),
    queryFn: ({ signal }) =>
      adminRequest('/admin/mietfaecher?state=occupied', {
        schema: mietfaecherResponseSchema,
        signal,
      }),
    staleTime: 0,
  });
}

async function productsOf(vendorId: string, signal: AbortSignal) {
  const all = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({
      vendorId,
      page: String(page),
      limit: '100',
      sort: 'name',
      active: 'true',
    });
    const answer = await adminRequest(`/admin/products?${query}`, {
      schema: adminProductsResponseSchema,
      signal,
    });
    all.push(...answer.products);
    if (page >= answer.pagination.totalPages) break;
  }
  // only a product the shop keeps stock of (tracked: its stock is a number)
  return all.filter((product) => product.vendorId === vendorId && product.stock != null);
}

/** The tracked products of each producer (by id), one request per producer. */
export function useTrackedProducts(vendorIds: readonly string[]) {
  const key = useKey('products');
  return useQueries({
    queries: vendorIds.map((vendorId) => ({
      queryKey: [...key, vendorId],
      queryFn: ({ signal }: { signal: AbortSignal }) => productsOf(vendorId, signal),
      staleTime: 0,
    })),
  });
}

/** An inventory count: the levels found; the answer has each line's figures. */
export function useRecordCount() {
  const client = useQueryClient();
  const key = useKey();
  return useMutation({
    mutationFn: (input: InventoryCountInput) =>
      adminRequest('/admin/inventory-counts', {
        body: input,
        schema: inventoryCountResponseSchema,
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: key }),
  });
}

/** The counts so far, newest first, a page at a time, with each line's figures now. */
export function useCountHistory(page: number) {
  return useQuery({
    queryKey: useKey('counts', page),
    queryFn: ({ signal }) =>
      adminRequest(`/admin/inventory-counts?page=${page}&limit=10`, {
        schema: countHistoryResponseSchema,
        signal,
      }),
    staleTime: 0,
  });
}

/** A count line corrected: a new count of its product and place with a reason. */
export function useCorrectCount(lineId: string) {
  const client = useQueryClient();
  const key = useKey();
  return useMutation({
    mutationFn: (input: CountCorrectionInput) =>
      adminRequest(`/admin/inventory-counts/lines/${encodeURIComponent(lineId)}/correction`, {
        body: input,
        schema: countCorrectionResponseSchema,
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: key }),
  });
}

/** The shop's own movement: a delivery (confirmed at once), a refill or spoilage. */
export function useRecordStock(productId: string) {
  const client = useQueryClient();
  const key = useKey();
  return useMutation({
    mutationFn: (input: AdminStockInput) =>
      adminRequest(`/admin/products/${encodeURIComponent(productId)}/stock`, {
        body: input,
        schema: adminProductResponseSchema.extend({ movement: stockMovementSchema }),
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: key }),
  });
}
