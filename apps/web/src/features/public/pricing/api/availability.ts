import type { UnitAvailability } from '@housnkuh/shared/availability';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api';

/** The key the server fills when it renders /pricing (app/server-data.ts). */
export const AVAILABILITY_QUERY_KEY = ['pricing', 'availability'] as const;

/**
 * GET /pricing/availability: free units per type. The server renders /pricing with it, so
 * "derzeit belegt" is in the page's HTML and nothing moves when the app takes over; on a
 * page reached inside the app it loads in the browser (the page's code stays free of zod).
 * Until then, and if it fails, no type is shown as "derzeit belegt" (the shop answers every
 * request anyway).
 */
export function useAvailability() {
  return useQuery({
    queryKey: AVAILABILITY_QUERY_KEY,
    queryFn: async (): Promise<UnitAvailability[]> => {
      const { availabilityResponseSchema } = await import('@housnkuh/shared/schemas/booking');
      const response = await apiRequest('/pricing/availability', {
        schema: availabilityResponseSchema,
        timeoutMs: 10_000,
      });
      return response.availability;
    },
    staleTime: 60_000,
    retry: false,
  });
}
