/**
 * The admin pages' calls: apiRequest with the stored admin token (sent as
 * Bearer; the server also takes the legacy x-auth-token). A 401 means the
 * session is over (expired, logged out elsewhere, deactivated): it is cleared,
 * and the admin guard shows the login.
 */
import { ApiError, apiRequest, type RequestOptions } from './api';
import { clearAdminSession, readAdminSession } from './admin-session';

export { adminQueryKeys, useAdminSession } from './admin-session';

export type AdminRequestOptions<T> = Omit<RequestOptions<T>, 'token'>;

export async function adminRequest<T>(path: string, options: AdminRequestOptions<T>): Promise<T> {
  const token = readAdminSession()?.token;
  try {
    return await apiRequest(path, {
      timeoutMs: 30_000,
      ...options,
      token,
      legacyTokenHeader: true,
    });
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http' && error.status === 401) {
      if (readAdminSession()?.token === token) clearAdminSession();
    }
    throw error;
  }
}

/** The German message for a failed admin call: the server's, else what went wrong. */
export function adminErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.kind === 'network' || error.kind === 'timeout') {
      return 'Der Server antwortet nicht. Bitte prüfe die Verbindung und versuche es noch einmal.';
    }
    if (error.status === 403) return 'Dafür fehlen dir die Rechte.';
  }
  return 'Das hat nicht geklappt. Bitte versuche es noch einmal.';
}
