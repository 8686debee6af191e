import { ERRORS } from '@housnkuh/shared/messages';
import type { ContactInput } from '@housnkuh/shared/schemas/contact';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../../lib/api';

export async function sendContact(input: ContactInput) {
  const { messageResponseSchema } = await import('@housnkuh/shared/schemas/common');
  return apiRequest('/contact', { body: input, schema: messageResponseSchema, timeoutMs: 15_000 });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}

/** Spec §8: the server's message replaces the default; a list of errors is joined with '. '. */
export function contactErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.messages.length) return error.messages.join('. ');
    if (error.serverMessage) return error.serverMessage;
  }
  return ERRORS.contact;
}
