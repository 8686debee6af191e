import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api';
import { useStoredVendorSession } from '../../../../lib/vendor-token';
import { useContracts } from '../../../../lib/vendor-area/contracts';
import { useRefreshProducts } from '../../../../lib/vendor-area/products';

const schemas = async () => {
  const [{ z }, { productSchema }, { stockMovementSchema }] = await Promise.all([
    import('@housnkuh/shared/schemas/zod'),
    import('@housnkuh/shared/schemas/products'),
    import('@housnkuh/shared/schemas/inventory'),
  ]);
  return z.object({
    success: z.literal(true),
    message: z.string().optional(),
    product: productSchema,
    movement: stockMovementSchema,
  });
};

/** POST /vendor-auth/products/{id}/stock: a delivery, a withdrawal or spoilage. */
export function useRecordStock() {
  const session = useStoredVendorSession();
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: async ({ productId, body }: { productId: string; body: unknown }) =>
      apiRequest(`/vendor-auth/products/${encodeURIComponent(productId)}/stock`, {
        method: 'POST',
        token: session?.token,
        body,
        schema: await schemas(),
      }),
    onSuccess: refresh,
  });
}

/** Contracts that run now or will (not ended, not cancelled). */
const LIVE = new Set(['scheduled', 'trial', 'term', 'monthly', 'notice']);

/**
 * What the stock pages need of the producer's contracts: whether it is in the Basismodell (a
 * running or coming contract, none in the Premium-Modell; without a contract nothing is said),
 * in the Premium-Modell (a running or coming one is), and whether it has the storage service.
 * Unknown while the contracts load (null).
 */
export function useStockModel(): { basic: boolean; premium: boolean; storage: boolean } | null {
  const contracts = useContracts();
  if (!contracts.data) return null;
  const live = contracts.data.contracts.filter((contract) => LIVE.has(contract.phase));
  const premium = live.some((contract) => contract.provisionType === 'premium');
  return {
    basic: live.length > 0 && !premium,
    premium,
    storage: live.some((contract) => contract.zusatzleistungen.lagerservice),
  };
}
