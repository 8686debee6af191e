import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api';
import type { LatLng } from '@housnkuh/shared/address';

/**
 * GET /api/geocode?address=…: the server looks the address up (through its
 * cache). null when nothing was found; throws when the service is unavailable
 * (503) or asked too often (429).
 */
async function geocodeAddress(address: string, signal?: AbortSignal): Promise<LatLng | null> {
  const { geocodeResponseSchema } = await import('@housnkuh/shared/schemas/directory');
  const response = await apiRequest(`/geocode?address=${encodeURIComponent(address)}`, {
    schema: geocodeResponseSchema,
    timeoutMs: 15_000,
    signal,
  });
  return response.result;
}

export function geocodeQueryKey(address: string) {
  return ['geocode', address] as const;
}

/** Failures are logged as warnings: the page shows a fallback instead. */
async function geocodeOrWarn(address: string, signal?: AbortSignal): Promise<LatLng | null> {
  try {
    return await geocodeAddress(address, signal);
  } catch (error) {
    if (!signal?.aborted) console.warn(`Geocoding failed for "${address}"`, error);
    throw error;
  }
}

const GEOCODE_OPTIONS = { retry: false, staleTime: Infinity, gcTime: 30 * 60_000 } as const;

/** Looks one address up, once (a result is kept for the session). null: nothing to look up. */
export function useGeocode(address: string | null) {
  return useQuery({
    queryKey: geocodeQueryKey(address ?? ''),
    queryFn: ({ signal }) => geocodeOrWarn(address!, signal),
    enabled: Boolean(address),
    ...GEOCODE_OPTIONS,
  });
}

/** The cached answer for an address, if it was asked before. */
export function cachedGeocode(client: QueryClient, address: string): LatLng | null | undefined {
  return client.getQueryData<LatLng | null>(geocodeQueryKey(address));
}

/** Looks an address up through the query cache (shared with the profile page). */
export function fetchGeocode(client: QueryClient, address: string): Promise<LatLng | null> {
  return client.fetchQuery({
    queryKey: geocodeQueryKey(address),
    queryFn: ({ signal }) => geocodeOrWarn(address, signal),
    ...GEOCODE_OPTIONS,
  });
}
