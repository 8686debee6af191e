import { ERRORS, SUCCESS } from '@housnkuh/shared/messages';
import { ApiError, apiRequest } from '../../../../lib/api';
import { useConfirmOnce } from '../../../../lib/confirm-once';

export async function confirmNewsletter(token: string) {
  const { messageResponseSchema } = await import('@housnkuh/shared/schemas/common');
  return apiRequest(`/newsletter/confirm/${encodeURIComponent(token)}`, {
    schema: messageResponseSchema,
    timeoutMs: 15_000,
  });
}

/** Confirms once per token; a confirmation is never retried or refetched. */
export function useConfirmNewsletter(token: string | null) {
  return useConfirmOnce('newsletter-confirm', token, confirmNewsletter);
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
