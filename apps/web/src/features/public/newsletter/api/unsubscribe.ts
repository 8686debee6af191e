import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../../lib/api';

/** POST /newsletter/unsubscribe with the token of the mail's link. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: async (token: string) => {
      const { messageResponseSchema } = await import('@housnkuh/shared/schemas/common');
      return apiRequest('/newsletter/unsubscribe', {
        body: { token },
        schema: messageResponseSchema,
        timeoutMs: 15_000,
      });
    },
  });
}

export function unsubscribeErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http' && error.status === 400) {
    return 'Dieser Abmeldelink ist ungültig. Bitte nutze den Link aus deiner letzten Newsletter-E-Mail.';
  }
  return 'Die Abmeldung hat nicht geklappt. Bitte versuche es gleich noch einmal oder schreib uns.';
}
