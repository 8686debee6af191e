/**
 * The admin pages' calls: apiRequest with the stored admin token (sent as
 * Bearer; the server also takes the legacy x-auth-token). A 401 means the
 * session is over (expired, logged out elsewhere, deactivated): it is cleared,
 * and the admin guard shows the login.
 */
import { VALIDATION } from '@housnkuh/shared/messages';
import type { FieldError } from '@housnkuh/shared/schemas/common';
import { ApiError, apiRequest, type RequestOptions } from './api';
import { expireAdminSession, readAdminSession } from './admin-session';

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
      if (readAdminSession()?.token === token) expireAdminSession();
    }
    throw error;
  }
}

/**
 * The German message for a failed admin call: the server's reasons, else what
 * went wrong. A form passes the field errors it shows beside its fields
 * (useSchemaForm's errorMessage), which the message then does not repeat.
 */
export function adminErrorMessage(error: unknown, onFields: readonly FieldError[] = []): string {
  if (error instanceof ApiError) {
    const shown = new Set(onFields.map((fieldError) => fieldError.message));
    // a form without fields of its own (a button, a list): the server's reasons themselves
    const reasons = [...new Set(error.messages)].filter((reason) => !shown.has(reason));
    if (reasons.length > 0) return reasons.join(' ');
    if (shown.size > 0) {
      return error.serverMessage && !shown.has(error.serverMessage)
        ? error.serverMessage
        : VALIDATION.fixMarkedFields;
    }
    if (error.serverMessage) return error.serverMessage;
    if (error.kind === 'network' || error.kind === 'timeout') {
      return 'Der Server antwortet nicht. Bitte prüfe die Verbindung und versuche es noch einmal.';
    }
    if (error.status === 403) return 'Dafür fehlen dir die Rechte.';
  }
  return 'Das hat nicht geklappt. Bitte versuche es noch einmal.';
}

/**
 * Downloads a file an admin route answers (a CSV export): fetched with the
 * token, then handed to the browser as a download under `filename`.
 */
export async function adminDownload(path: string, filename: string): Promise<void> {
  const token = readAdminSession()?.token;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      headers: token ? { authorization: `Bearer ${token}`, 'x-auth-token': token } : {},
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new ApiError('network', undefined, undefined, [], [], String(error));
  }
  if (!response.ok) {
    if (response.status === 401) expireAdminSession();
    // the server's German reason (e.g. "Keine offenen Auszahlungen"), when it sent one
    const body = (await response.json().catch(() => undefined)) as
      { message?: unknown; errors?: unknown } | undefined;
    const message = typeof body?.message === 'string' ? body.message : undefined;
    // each missing piece (the DATEV numbers) as its own reason
    const reasons = Array.isArray(body?.errors)
      ? body.errors.flatMap((entry: unknown) =>
          typeof entry === 'string'
            ? [entry]
            : typeof (entry as { message?: unknown })?.message === 'string'
              ? [(entry as { message: string }).message]
              : [],
        )
      : [];
    throw new ApiError('http', message, response.status, [], reasons);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
