import type { DirectoryResponse } from '@housnkuh/shared/schemas/directory';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api';

/**
 * GET /api/vendor-auth/public/profiles?<query>: one page of the directory.
 * The schema (and with it zod) loads with the first call.
 */
export async function fetchDirectory(
  query: string,
  signal?: AbortSignal,
): Promise<DirectoryResponse> {
  const { directoryResponseSchema } = await import('@housnkuh/shared/schemas/directory');
  return apiRequest(`/vendor-auth/public/profiles?${query}`, {
    schema: directoryResponseSchema,
    timeoutMs: 15_000,
    signal,
  });
}

/** The key of a directory query: the canonical query string (see apiQueryString). */
export function directoryQueryKey(query: string) {
  return ['directory', query] as const;
}

/** A page of the directory; while the next page loads, the previous one stays on screen. */
export function useDirectory(query: string) {
  return useQuery({
    queryKey: directoryQueryKey(query),
    queryFn: ({ signal }) => fetchDirectory(query, signal),
    placeholderData: keepPreviousData,
  });
}
