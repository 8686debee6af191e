/**
 * The admin's session in local storage (spec §3, §4): the token and the user
 * record (`adminToken`, `user`), read, written and cleared here only, with a
 * subscription that also hears other tabs. Independent of the vendor's session.
 */
import type { AdminUser } from '@housnkuh/shared/schemas/admin-auth';
import { useSyncExternalStore } from 'react';
import {
  STORAGE_KEYS,
  isValidToken,
  isValidUserRecord,
  readStorage,
  removeStorage,
  writeStorage,
} from './storage';

export interface StoredAdminSession {
  token: string;
  /** As stored; `isAdmin` is checked by the guard (a record without it is not an admin). */
  user: AdminUser;
  /** The server accepted the token in this page view (a login or a check). */
  checked: boolean;
}

/** Every admin query's key starts with 'admin' and the token, so signing out drops them all. */
export const adminQueryKeys = {
  all: ['admin'] as const,
  session: (token: string) => ['admin', token, 'session'] as const,
  /** A page's data: ['admin', token, ...parts]. */
  of: (token: string, ...parts: readonly unknown[]) => ['admin', token, ...parts] as const,
};

const listeners = new Set<() => void>();
let checkedToken: string | null = null;
let snapshot: { key: string; value: StoredAdminSession | null } | null = null;

function notify() {
  for (const listener of listeners) listener();
}

/** The stored session, if its token and user record are valid; the same object while nothing changed. */
export function readAdminSession(): StoredAdminSession | null {
  const token = readStorage(STORAGE_KEYS.adminToken);
  const rawUser = readStorage(STORAGE_KEYS.adminUser);
  const checked = token !== null && token === checkedToken;
  const key = JSON.stringify([token, rawUser, checked]);
  if (snapshot?.key === key) return snapshot.value;
  let user: unknown = null;
  try {
    user = rawUser === null ? null : (JSON.parse(rawUser) as unknown);
  } catch {
    user = null;
  }
  const value =
    isValidToken(token) && isValidUserRecord(user)
      ? { token, user: user as AdminUser, checked }
      : null;
  snapshot = { key, value };
  return value;
}

/** After a login, the setup or a successful check: the token and the server's user record. */
export function saveAdminSession(token: string, user: AdminUser): void {
  writeStorage(STORAGE_KEYS.adminToken, token);
  writeStorage(STORAGE_KEYS.adminUser, JSON.stringify(user));
  checkedToken = token;
  notify();
}

/** A check got no answer: the session stays, and is no longer loading. */
export function markAdminSessionChecked(token: string): void {
  checkedToken = token;
  notify();
}

/** Logout, or a token the server refused: token and user record go. */
export function clearAdminSession(): void {
  removeStorage(STORAGE_KEYS.adminToken);
  removeStorage(STORAGE_KEYS.adminUser);
  checkedToken = null;
  notify();
}

export function subscribeAdminSession(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (
      event.key === null ||
      event.key === STORAGE_KEYS.adminToken ||
      event.key === STORAGE_KEYS.adminUser
    ) {
      listener();
    }
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The stored admin session; `undefined` while it is not known yet (the
 * server's render and hydration), `null` when signed out.
 */
export function useAdminSession(): StoredAdminSession | null | undefined {
  return useSyncExternalStore(subscribeAdminSession, readAdminSession, () => undefined);
}
