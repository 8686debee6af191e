import type { UnitAvailability } from '@housnkuh/shared/availability';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api';

/**
 * GET /pricing/availability: free units per type. Loaded in the browser after
 * the page (the page's code stays free of zod); until then, and if it fails,
 * no type is shown as "derzeit belegt" (the shop answers every request anyway).
 */
export function useAvailability() {
  return useQuery({
    queryKey: ['pricing', 'availability'],
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
