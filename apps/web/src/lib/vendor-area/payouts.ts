import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api';
import { useStoredVendorSession } from '../vendor-token';

/** GET /vendor-auth/payouts: the producer's settled months and where each payout stands. */
export function useVendorPayouts() {
  const session = useStoredVendorSession();
  const token = session?.token ?? '';
  return useQuery({
    queryKey: ['vendor', token, 'payouts'],
    queryFn: async ({ signal }) => {
      const { vendorPayoutsResponseSchema } =
        await import('@housnkuh/shared/schemas/vendor-payouts');
      return apiRequest('/vendor-auth/payouts', {
        token,
        schema: vendorPayoutsResponseSchema,
        signal,
      });
    },
    enabled: Boolean(session?.checked),
    retry: false,
  });
}
