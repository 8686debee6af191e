import { ERRORS } from '@housnkuh/shared/messages';
import type { NewsletterSubscribeInput } from '@housnkuh/shared/schemas/newsletter';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../../lib/api';

/** The sign-up call gives up after 10 s (spec §9). */
export const NEWSLETTER_TIMEOUT_MS = 10_000;

export async function subscribeNewsletter(input: NewsletterSubscribeInput) {
  const { messageResponseSchema } = await import('@housnkuh/shared/schemas/common');
  return apiRequest('/newsletter/subscribe', {
    body: input,
    schema: messageResponseSchema,
    timeoutMs: NEWSLETTER_TIMEOUT_MS,
  });
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}

/** The message for a failed sign-up, as spec §8 lists them. */
export function newsletterErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.kind) {
      case 'http':
        return error.serverMessage ?? ERRORS.newsletterServerError(error.status ?? 0);
      case 'network':
      case 'timeout':
        return ERRORS.newsletterNoResponse;
      case 'setup':
        return ERRORS.newsletterRequestSetup;
      case 'invalid-response':
        return ERRORS.newsletterFallback;
    }
  }
  return ERRORS.newsletterUnknown;
}

/** Technical details for the expandable debug section. */
export function newsletterErrorDetails(error: unknown): string {
  if (error instanceof ApiError) {
    return [
      `Art: ${error.kind}`,
      error.status ? `HTTP-Status: ${error.status}` : null,
      error.detail ? `Details: ${error.detail}` : null,
      error.messages.length ? `Hinweise: ${error.messages.join('; ')}` : null,
    ]
      .filter(Boolean)
      .join('\n');
  }
  return error instanceof Error ? error.message : String(error);
}
