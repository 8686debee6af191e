import { ERRORS } from '@housnkuh/shared/messages';
import type { VendorLoginInput } from '@housnkuh/shared/schemas/auth';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api';
import { isValidToken, isValidUserRecord } from '../../../lib/storage';
import { saveVendorSession, vendorQueryKeys } from '../../../lib/vendor-token';

export interface LoginResult {
  success: boolean;
  message: string;
  status?: number;
}

/**
 * POST /vendor-auth/login from the registration modal's 'Ich habe ein Konto'
 * tab: a vendor signs in to book more space. The same call as the login
 * page's (features/vendor-account), kept here because features do not import
 * each other; both store the session through lib/vendor-token.
 */
export async function loginToBook(
  client: QueryClient,
  { email, password }: VendorLoginInput,
): Promise<LoginResult> {
  try {
    const { vendorLoginResponseSchema } = await import('@housnkuh/shared/schemas/vendor');
    const result = await apiRequest('/vendor-auth/login', {
      body: { email, password },
      schema: vendorLoginResponseSchema,
      timeoutMs: 15_000,
    });
    if (!isValidToken(result.token) || !isValidUserRecord(result.user)) {
      return { success: false, message: ERRORS.invalidCredentials };
    }
    client.setQueryData(vendorQueryKeys.session(result.token), result.user);
    saveVendorSession(result.token, result.user);
    return { success: true, message: 'Angemeldet' };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http') {
      return {
        success: false,
        status: error.status,
        message: error.serverMessage ?? ERRORS.loginFallback,
      };
    }
    return { success: false, message: ERRORS.loginFallback };
  }
}

export function useLoginToBook() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (input: VendorLoginInput) => loginToBook(client, input) });
}
