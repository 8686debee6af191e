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
/** After a login, the setup or a successful check: the token and the server's user record. */
export const saveAdminSession = store.save;
/** A check got no answer: the session stays, and is no longer loading. */
export const markAdminSessionChecked = store.markChecked;
/** Logout, or a token the server refused: token and user record go. */
export const clearAdminSession = store.clear;
export const subscribeAdminSession = store.subscribe;

/**
 * The stored admin session; `undefined` while it is not known yet (the
 * server's render and hydration), `null` when signed out.
 */
export function useAdminSession(): StoredAdminSession | null | undefined {
  return store.useStored();
}
