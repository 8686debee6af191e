import { ERRORS } from '@housnkuh/shared/messages';
import type { TrialStatus } from '@housnkuh/shared/schemas/vendor';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api';
import { RequestLimiter } from '../request-limiter';
import { readVendorSession, useStoredVendorSession, vendorQueryKeys } from '../vendor-token';

const limiter = new RequestLimiter(1000);

/** GET /vendor-auth/trial-status: at most once a second, duplicates share the call (spec §7). */
export function fetchTrialStatus(): Promise<{ data: TrialStatus; message: string }> {
  return limiter.run('trial-status', async () => {
    const token = readVendorSession()?.token;
    if (!token) throw new Error(ERRORS.noValidToken);
    try {
      const { trialStatusResponseSchema } = await import('@housnkuh/shared/schemas/vendor');
      const response = await apiRequest('/vendor-auth/trial-status', {
        token,
        schema: trialStatusResponseSchema,
        timeoutMs: 10_000,
      });
      return { data: response.data, message: response.message };
    } catch {
      throw new Error(ERRORS.trialStatus);
    }
  });
}

export function useTrialStatus() {
  const session = useStoredVendorSession();
  return useQuery({
    queryKey: vendorQueryKeys.trialStatus(session?.token ?? ''),
    queryFn: fetchTrialStatus,
    enabled: Boolean(session),
    retry: false,
    staleTime: 30_000,
  });
}
