import { ERRORS, SUCCESS } from '@housnkuh/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api';

export async function confirmNewsletter(token: string) {
  const { messageResponseSchema } = await import('@housnkuh/shared/schemas/common');
  return apiRequest(`/newsletter/confirm/${encodeURIComponent(token)}`, {
    schema: messageResponseSchema,
    timeoutMs: 15_000,
  });
}

/** Confirms once per token; a confirmation is never retried or refetched. */
export function useConfirmNewsletter(token: string | null) {
  return useQuery({
    queryKey: ['newsletter-confirm', token],
    queryFn: () => confirmNewsletter(token!),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function confirmSuccessMessage(message: string | undefined): string {
  return message || SUCCESS.newsletterConfirmed;
}

/** The message for a failed confirmation (spec §8). */
export function confirmErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network' || error.kind === 'timeout') return ERRORS.confirmNoResponse;
    if (error.serverMessage) return error.serverMessage;
    return ERRORS.confirmNewsletter;
  }
  return ERRORS.confirmFallback;
}
