/**
 * The admin's session in local storage (spec §3, §4): the token and the user
 * record (`adminToken`, `user`), read, written and cleared here only, with a
 * subscription that also hears other tabs. Independent of the vendor's session.
 */
import type { AdminUser } from '@housnkuh/shared/schemas/admin-auth';
import { STORAGE_KEYS } from './storage';
import { createSessionStore, type StoredSession } from './stored-session';

/** As stored; `isAdmin` is checked by the guard (a record without it is not an admin). */
export type StoredAdminSession = StoredSession<AdminUser>;

/** Every admin query's key starts with 'admin' and the token, so signing out drops them all. */
export const adminQueryKeys = {
  all: ['admin'] as const,
  session: (token: string) => ['admin', token, 'session'] as const,
  /** A page's data: ['admin', token, ...parts]. */
  of: (token: string, ...parts: readonly unknown[]) => ['admin', token, ...parts] as const,
};

const store = createSessionStore<AdminUser>({
  token: STORAGE_KEYS.adminToken,
  user: STORAGE_KEYS.adminUser,
});

export const readAdminSession = store.read;
/** Set when the server refused a stored session, read by the guard, gone with the next sign-in. */
const EXPIRED_KEY = 'adminSessionExpired';

function rememberExpired(expired: boolean) {
  try {
    if (expired) sessionStorage.setItem(EXPIRED_KEY, '1');
    else sessionStorage.removeItem(EXPIRED_KEY);
  } catch {
    // no session storage (private mode, the server's render): the login just says nothing
  }
}

/** Whether the last admin session ended because the server refused it ("Sitzung abgelaufen"). */
export function adminSessionExpired(): boolean {
  try {
    return sessionStorage.getItem(EXPIRED_KEY) === '1';
  } catch {
    return false;
  }
}

/** After a login, the setup or a successful check: the token and the server's user record. */
export const saveAdminSession: typeof store.save = (...args) => {
  rememberExpired(false);
  return store.save(...args);
};
/** A check got no answer: the session stays, and is no longer loading. */
export const markAdminSessionChecked = store.markChecked;
/** Logout: token and user record go. */
export const clearAdminSession: typeof store.clear = (...args) => {
  rememberExpired(false);
  return store.clear(...args);
};
/**
 * The server refused the stored token (it expired or was ended): the session goes, and the
 * login says "Sitzung abgelaufen" and leads back to the page the admin was on.
 */
export function expireAdminSession(): void {
  const had = readAdminSession() !== null;
  store.clear();
  if (had) rememberExpired(true);
}
export const subscribeAdminSession = store.subscribe;

/**
 * The stored admin session; `undefined` while it is not known yet (the
 * server's render and hydration), `null` when signed out.
 */
export function useAdminSession(): StoredAdminSession | null | undefined {
  return store.useStored();
}
