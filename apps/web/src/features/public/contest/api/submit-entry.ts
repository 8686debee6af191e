import { ERRORS } from '@housnkuh/shared/messages';
import type { ContestEntryInput } from '@housnkuh/shared/schemas/contest';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../../lib/api';

export async function submitContestEntry(input: ContestEntryInput) {
  const { messageResponseSchema } = await import('@housnkuh/shared/schemas/common');
  return apiRequest('/vendor-contest/submit', {
    body: input,
    schema: messageResponseSchema,
    timeoutMs: 15_000,
  });
}

export function useSubmitContestEntry() {
  return useMutation({ mutationFn: submitContestEntry });
}

/** Spec §8: the server's message; without one 'Ein unbekannter Fehler …'; no answer at all: 'Bei der Übermittlung …'. */
export function contestErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'http') return error.serverMessage ?? ERRORS.contestUnknown;
    if (error.kind === 'invalid-response') return ERRORS.contestUnknown;
  }
  return ERRORS.contestSubmit;
}
