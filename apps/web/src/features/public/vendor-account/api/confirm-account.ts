import { ERRORS, SUCCESS } from '@housnkuh/shared/messages';
import { ApiError, apiRequest } from '../../../../lib/api';
import { useConfirmOnce } from '../../../../lib/confirm-once';

/** GET /api/vendor-auth/confirm/{token}: confirms the e-mail address, answers with the booked package. */
export async function confirmAccount(token: string) {
  const { vendorConfirmResponseSchema } = await import('@housnkuh/shared/schemas/vendor');
  return apiRequest(`/vendor-auth/confirm/${encodeURIComponent(token)}`, {
    schema: vendorConfirmResponseSchema,
    timeoutMs: 15_000,
  });
}

/** Confirms once per token; a confirmation is never retried or refetched. */
export function useConfirmAccount(token: string | null) {
  return useConfirmOnce('vendor-confirm', token, confirmAccount);
}

export function confirmAccountSuccessMessage(message: string | undefined): string {
  return message || SUCCESS.accountConfirmed;
}

/** The message for a failed account confirmation (spec §8). */
export function confirmAccountErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network' || error.kind === 'timeout') return ERRORS.confirmNoResponse;
    if (error.kind === 'http') return error.serverMessage || ERRORS.confirmAccount;
  }
  return ERRORS.confirmFallback;
}

/** HTTP 410: the link is older than 24 hours. */
export function isExpiredLink(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && error.status === 410;
}
