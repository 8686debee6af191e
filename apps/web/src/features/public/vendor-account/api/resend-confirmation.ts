import { ERRORS } from '@housnkuh/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../../lib/api';

/** POST /api/vendor-auth/resend-confirmation: a new confirmation link (same answer for every address). */
export async function resendConfirmation(email: string) {
  const { messageResponseSchema } = await import('@housnkuh/shared/schemas/common');
  return apiRequest('/vendor-auth/resend-confirmation', {
    body: { email },
    schema: messageResponseSchema,
    timeoutMs: 15_000,
  });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}

/**
 * The server's message (e.g. too many requests), else `noResponse` when no
 * answer came, else `fallback`.
 */
export function requestErrorMessage(
  error: unknown,
  { noResponse, fallback }: { noResponse: string; fallback: string },
): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network' || error.kind === 'timeout') return noResponse;
    if (error.serverMessage) return error.serverMessage;
  }
  return fallback;
}

/** Why a link (a new confirmation link, a password reset link) could not be asked for. */
export function linkRequestErrorMessage(error: unknown): string {
  return requestErrorMessage(error, {
    noResponse: ERRORS.noResponse,
    fallback: 'Der Link konnte nicht angefordert werden. Bitte versuche es später erneut.',
  });
}
