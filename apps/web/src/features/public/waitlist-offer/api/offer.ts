import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../../lib/api';

/** GET /warteliste/angebot/:token: the offer the mail's link points to. */
export function useOffer(token: string | null) {
  return useQuery({
    queryKey: ['waitlist-offer', token],
    queryFn: async ({ signal }) => {
      const { offerViewSchema } = await import('@housnkuh/shared/schemas/waitlist');
      return apiRequest(`/warteliste/angebot/${encodeURIComponent(token!)}`, {
        schema: offerViewSchema,
        signal,
        timeoutMs: 15_000,
      });
    },
    enabled: token !== null && token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /warteliste/angebot/annehmen or /ablehnen with the link's token. */
export function useDecideOffer(decision: 'annehmen' | 'ablehnen') {
  return useMutation({
    mutationFn: async (token: string) => {
      const { messageResponseSchema } = await import('@housnkuh/shared/schemas/common');
      return apiRequest(`/warteliste/angebot/${decision}`, {
        body: { token },
        schema: messageResponseSchema,
        timeoutMs: 15_000,
      });
    },
  });
}

/** The server's reason (not found, lapsed, decided), else what went wrong. */
export function offerErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network' || error.kind === 'timeout') {
      return 'Verbindungsfehler. Bitte versuche es später erneut.';
    }
    if (error.serverMessage) return error.serverMessage;
  }
  return 'Das Angebot konnte nicht geladen werden. Bitte versuche es gleich noch einmal oder schreib uns.';
}
