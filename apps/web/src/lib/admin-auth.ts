/**
 * The admin's sign-in calls (spec §6, §7; docs/product/admin.md): setup of
 * the first admin, login, the check of a stored session and logout. The login
 * messages are the English ones of spec §8; everything else is German.
 */
import { ERRORS } from '@housnkuh/shared/messages';
import type { AdminSetupInput, AdminUser } from '@housnkuh/shared/schemas/admin-auth';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api';
import {
  adminQueryKeys,
  clearAdminSession,
  expireAdminSession,
  markAdminSessionChecked,
  readAdminSession,
  saveAdminSession,
} from './admin-session';

export interface AdminAuthResult {
  success: boolean;
  message: string;
  status?: number;
}

function refusal(error: unknown, fallback: string): AdminAuthResult {
  if (error instanceof ApiError && error.kind === 'http') {
    return {
      success: false,
      status: error.status,
      message: error.status === 401 ? ERRORS.invalidCredentials : (error.serverMessage ?? fallback),
    };
  }
  return { success: false, message: fallback };
}

/** Login and setup answer alike: the session's token and user, kept for the next visit. */
async function signIn(client: QueryClient, path: '/auth/login' | '/auth/setup', body: object) {
  const { adminLoginResponseSchema } = await import('@housnkuh/shared/schemas/admin-auth');
  const result = await apiRequest(path, {
    body,
    schema: adminLoginResponseSchema,
    timeoutMs: 15_000,
  });
  client.setQueryData(adminQueryKeys.session(result.token), result.user);
  saveAdminSession(result.token, result.user);
}

/** POST /auth/login → stores the token and user; every failure is an answer. */
export async function loginAdmin(
  client: QueryClient,
  credentials: { username: string; password: string },
): Promise<AdminAuthResult> {
  try {
    await signIn(client, '/auth/login', credentials);
    return { success: true, message: 'Angemeldet' };
  } catch (error) {
    return refusal(error, ERRORS.loginFallback);
  }
}

/** POST /auth/setup: the first admin; signs in like a login. */
export async function setupAdmin(
  client: QueryClient,
  input: AdminSetupInput,
): Promise<AdminAuthResult & { fieldErrors?: { field: string; message: string }[] }> {
  try {
    await signIn(client, '/auth/setup', input);
    return { success: true, message: 'Administrator angelegt' };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http') {
      return {
        success: false,
        status: error.status,
        message: error.serverMessage ?? 'Die Einrichtung ist fehlgeschlagen.',
        fieldErrors: error.fieldErrors,
      };
    }
    return {
      success: false,
      message: 'Der Server antwortet nicht. Bitte versuche es noch einmal.',
    };
  }
}

/** GET /auth/setup: whether the first admin can still be created. */
export function useSetupStatus() {
  return useQuery({
    queryKey: ['admin-setup-status'],
    queryFn: async () => {
      const { adminSetupStatusResponseSchema } =
        await import('@housnkuh/shared/schemas/admin-auth');
      return apiRequest('/auth/setup', {
        schema: adminSetupStatusResponseSchema,
        timeoutMs: 10_000,
      });
    },
    retry: 1,
  });
}

/** The server refused the token (401): the session is over. */
class SessionRefused extends Error {}

async function fetchAdminUser(token: string): Promise<AdminUser> {
  try {
    const { adminCheckResponseSchema } = await import('@housnkuh/shared/schemas/admin-auth');
    const response = await apiRequest('/auth/check', {
      token,
      legacyTokenHeader: true,
      schema: adminCheckResponseSchema,
      timeoutMs: 10_000,
    });
    return response.user;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http' && error.status === 401) {
      throw new SessionRefused(ERRORS.checkFallback);
    }
    throw error;
  }
}

/**
 * Checks the stored session once per page view (spec §4: the check at start
 * either authenticates or clears the admin auth). A refused token signs out;
 * a check without an answer keeps the session (as for vendors, decision 0011):
 * the pages' own calls then say what is wrong.
 */
export function useAdminSessionCheck(token: string | undefined, checked: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: adminQueryKeys.session(token ?? ''),
      queryFn: async () => {
        try {
          const user = await fetchAdminUser(token!);
          if (readAdminSession()?.token === token) saveAdminSession(token!, user);
          return user;
        } catch (error) {
          if (readAdminSession()?.token === token) {
            if (error instanceof SessionRefused) expireAdminSession();
            else markAdminSessionChecked(token!);
          }
          throw error;
        }
      },
    }),
    enabled: Boolean(token) && !checked,
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /auth/logout: the session ends in the browser either way. */
export async function logoutAdmin(client: QueryClient): Promise<AdminAuthResult> {
  const token = readAdminSession()?.token;
  try {
    if (token) {
      const { messageResponseSchema } = await import('@housnkuh/shared/schemas/common');
      await apiRequest('/auth/logout', {
        method: 'POST',
        body: {},
        token,
        legacyTokenHeader: true,
        schema: messageResponseSchema,
        timeoutMs: 10_000,
      });
    }
    return { success: true, message: 'Abgemeldet' };
  } catch {
    return { success: false, message: ERRORS.logoutFailed };
  } finally {
    clearAdminSession();
    client.removeQueries({ queryKey: adminQueryKeys.all });
  }
}

export function useAdminLogout() {
  const client = useQueryClient();
  return () => logoutAdmin(client);
}
