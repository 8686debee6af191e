import { ERRORS } from '@housnkuh/shared/messages';
import type { VendorLoginInput } from '@housnkuh/shared/schemas/auth';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api';
import { saveVendorSession, vendorQueryKeys } from './vendor-token';
import { isValidToken, isValidUserRecord } from './storage';

export interface LoginResult {
  success: boolean;
  message: string;
  /** The HTTP status of a refusal (401 wrong credentials, 403 not confirmed, 429 too many). */
  status?: number;
}

/**
 * POST /vendor-auth/login, the one call the login page and the registration
 * modal's 'Ich habe ein Konto' tab both use (each feature wraps it in its own
 * mutation hook). Only a successful answer with a valid token and
 * user record signs in: both are stored, and the answer counts as the
 * session's latest check. Every failure is an answer, never an exception.
 */
export async function loginVendor(
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
        message:
          error.status === 401
            ? ERRORS.invalidCredentials
            : (error.serverMessage ?? ERRORS.loginFallback),
      };
    }
    return { success: false, message: ERRORS.loginFallback };
  }
}
