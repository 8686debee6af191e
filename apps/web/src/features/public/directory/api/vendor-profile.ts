import type { PublicVendor } from '@housnkuh/shared/schemas/directory';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../../lib/api';

/** GET /api/vendor-auth/public/profile/{id}: one producer's public profile. */
async function fetchVendorProfile(id: string, signal?: AbortSignal): Promise<PublicVendor> {
  const { publicProfileResponseSchema } = await import('@housnkuh/shared/schemas/directory');
  const response = await apiRequest(`/vendor-auth/public/profile/${encodeURIComponent(id)}`, {
    schema: publicProfileResponseSchema,
    timeoutMs: 15_000,
    signal,
  });
  return response.vendor;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The key the profile is kept under (also filled by the server's rendering). */
export function vendorProfileQueryKey(id: string | undefined) {
  return ['vendor-profile', id] as const;
}

/** The profile; a 404 is an answer, not a hiccup, and is not retried. */
export function useVendorProfile(id: string | undefined) {
  return useQuery({
    queryKey: vendorProfileQueryKey(id),
    queryFn: ({ signal }) => fetchVendorProfile(id!, signal),
    enabled: Boolean(id),
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });
}
