/**
 * GET /vendor-auth/check: is the stored vendor session still valid (spec §4)?
 * The answer lives in TanStack Query's cache, one entry per token:
 * - a check is skipped while the last successful one is younger than
 *   CHECK_SKIP_MS (the query's `staleTime`), unless forced; a forced check
 *   reuses an answer younger than CHECK_CACHE_MS;
 * - a failed check is retried once after CHECK_RETRY_MS (`retry`,
 *   `retryDelay`); a failed forced check is not retried; either ends the
 *   session when the server refuses the token;
 * - a check that gets no answer at all keeps the session (docs/decisions/0011).
 * Schemas load with the call, so no zod comes with the first page.
 */
import { ERRORS } from '@housnkuh/shared/messages';
import type { VendorUser } from '@housnkuh/shared/schemas/vendor';
import {
  queryOptions,
  useIsFetching,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, apiRequest } from '../../../../lib/api';
import {
  clearVendorSession,
  markVendorSessionChecked,
  readVendorSession,
  saveVendorSession,
  useStoredVendorSession,
  vendorQueryKeys,
} from '../../../../lib/vendor-token';

/** The check is skipped when the last successful one is younger than this, unless forced. */
export const CHECK_SKIP_MS = 30_000;
/** A failed check is retried once, forced, after this. */
export const CHECK_RETRY_MS = 500;
/** The result of the check is reused for this long per token, also by a forced check. */
export const CHECK_CACHE_MS = 5_000;

/** The server refused the token. */
export class SessionRefused extends Error {
  constructor() {
    super(ERRORS.checkFallback);
    this.name = 'SessionRefused';
  }
}

/** The check got no answer (offline, timeout, server restarting). */
export class CheckUnanswered extends Error {
  constructor() {
    super(ERRORS.checkFallback);
    this.name = 'CheckUnanswered';
  }
}

export async function fetchVendorUser(token: string): Promise<VendorUser> {
  try {
    const { vendorCheckResponseSchema } = await import('@housnkuh/shared/schemas/vendor');
    const response = await apiRequest('/vendor-auth/check', {
      token,
      schema: vendorCheckResponseSchema,
      timeoutMs: 10_000,
    });
    return response.user;
  } catch (error) {
    console.warn(ERRORS.checkFallback, error);
    throw error instanceof ApiError && error.kind === 'http'
      ? new SessionRefused()
      : new CheckUnanswered();
  }
}

export function vendorSessionQuery(token: string) {
  return queryOptions({
    queryKey: vendorQueryKeys.session(token),
    queryFn: () => fetchVendorUser(token),
    staleTime: CHECK_SKIP_MS,
    retry: false,
  });
}

/** Drops the stored session and everything cached for it. */
export function endVendorSession(client: QueryClient): void {
  clearVendorSession();
  client.removeQueries({ queryKey: vendorQueryKeys.all });
}

/**
 * Checks the stored session; answers whether the vendor is still signed in.
 * A successful check that went to the server refreshes the stored user record
 * and marks the vendor's bookings for reloading.
 */
export async function checkVendorSession(client: QueryClient, force = false): Promise<boolean> {
  const stored = readVendorSession();
  if (!stored) {
    endVendorSession(client);
    return false;
  }
  const { token } = stored;
  const query = vendorSessionQuery(token);
  const before = client.getQueryState(query.queryKey)?.dataUpdatedAt;
  try {
    const user = await client.fetchQuery({
      ...query,
      staleTime: force ? CHECK_CACHE_MS : CHECK_SKIP_MS,
      retry: force ? false : (failures, error) => failures < 1 && error instanceof SessionRefused,
      retryDelay: CHECK_RETRY_MS,
    });
    if (readVendorSession()?.token !== token) return readVendorSession() !== null;
    saveVendorSession(token, user);
    if (client.getQueryState(query.queryKey)?.dataUpdatedAt !== before) {
      void client.invalidateQueries({ queryKey: vendorQueryKeys.bookings(token) });
    }
    return true;
  } catch (error) {
    if (readVendorSession()?.token !== token) return readVendorSession() !== null;
    if (error instanceof CheckUnanswered) {
      markVendorSessionChecked(token);
      return true;
    }
    endVendorSession(client);
    return false;
  }
}

export interface VendorSessionState {
  isLoading: boolean;
  isAuthenticated: boolean;
  token: string | null;
  user: VendorUser | null;
}

/** What the server renders: not known yet. */
const UNKNOWN: VendorSessionState = {
  isLoading: true,
  isAuthenticated: false,
  token: null,
  user: null,
};
const SIGNED_OUT: VendorSessionState = { ...UNKNOWN, isLoading: false };

/** The vendor's session; loading until its first check in this page view and while checking. */
export function useVendorSession(): VendorSessionState {
  const stored = useStoredVendorSession();
  const checking =
    useIsFetching({ queryKey: vendorQueryKeys.session(stored?.token ?? '') }) > 0 &&
    Boolean(stored);
  if (stored === undefined) return UNKNOWN;
  if (stored === null) return SIGNED_OUT;
  return {
    isLoading: !stored.checked || checking,
    isAuthenticated: true,
    token: stored.token,
    user: stored.user,
  };
}

/**
 * Starts the session from storage and checks it again when the tab becomes
 * visible or the window gets focus (spec §4). Mounted once, by the app.
 * (TanStack Query's own refetch on focus listens to `visibilitychange` only.)
 */
export function useWatchVendorSession(): void {
  const client = useQueryClient();
  const stored = useStoredVendorSession();
  const token = stored?.token;
  const checked = stored?.checked;

  useEffect(() => {
    if (token && !checked) void checkVendorSession(client, true);
  }, [client, token, checked]);

  useEffect(() => {
    const recheck = () => {
      if (readVendorSession()) void checkVendorSession(client);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') recheck();
    };
    window.addEventListener('focus', recheck);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', recheck);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [client]);
}
