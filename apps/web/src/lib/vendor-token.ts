/**
 * The vendor's session in local storage (spec §4): the token and the user
 * record (`vendorToken`, `vendorUser`), read, written and cleared here only,
 * with a subscription that also hears other tabs. The calls that start, check
 * and end a session are TanStack Query hooks in the vendor features; this
 * module is all the header needs, so the first page load carries no more.
 */
import type { VendorUser } from '@housnkuh/shared/schemas/vendor';
import { useSyncExternalStore } from 'react';
import {
  STORAGE_KEYS,
  isValidToken,
  isValidUserRecord,
  readStorage,
  removeStorage,
  writeStorage,
} from './storage';

export interface StoredVendorSession {
  token: string;
  user: VendorUser;
  /**
   * The session was settled in this page view: the server accepted the token
   * (a login or a check), or a check got no answer at all and the session is
   * kept (docs/decisions/0011). Until then the session is still loading.
   */
  checked: boolean;
}

/** Every vendor query's key starts with 'vendor' and the token, so one call drops them all. */
export const vendorQueryKeys = {
  all: ['vendor'] as const,
  session: (token: string) => ['vendor', token, 'session'] as const,
  bookings: (token: string) => ['vendor', token, 'bookings'] as const,
  trialStatus: (token: string) => ['vendor', token, 'trial-status'] as const,
};

const listeners = new Set<() => void>();
let checkedToken: string | null = null;
let snapshot: { key: string; value: StoredVendorSession | null } | null = null;

function notify() {
  for (const listener of listeners) listener();
}

/** The stored session, if its token and user record are valid (spec §3); the same object while nothing changed. */
export function readVendorSession(): StoredVendorSession | null {
  const token = readStorage(STORAGE_KEYS.vendorToken);
  const rawUser = readStorage(STORAGE_KEYS.vendorUser);
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
      ? { token, user: user as VendorUser, checked }
      : null;
  snapshot = { key, value };
  return value;
}

/** After a login or a successful check: the token and the server's user record. */
export function saveVendorSession(token: string, user: VendorUser): void {
  writeStorage(STORAGE_KEYS.vendorToken, token);
  writeStorage(STORAGE_KEYS.vendorUser, JSON.stringify(user));
  checkedToken = token;
  notify();
}

/** A check got no answer: the session stays, and is no longer loading. */
export function markVendorSessionChecked(token: string): void {
  checkedToken = token;
  notify();
}

/** Logout, or a check the server refused: token and user record go. */
export function clearVendorSession(): void {
  removeStorage(STORAGE_KEYS.vendorToken);
  removeStorage(STORAGE_KEYS.vendorUser);
  checkedToken = null;
  notify();
}

/** A partial or broken record (spec §3) is removed, as at every start. */
export function dropBrokenVendorSession(): void {
  const stored =
    readStorage(STORAGE_KEYS.vendorToken) !== null || readStorage(STORAGE_KEYS.vendorUser) !== null;
  if (stored && readVendorSession() === null) clearVendorSession();
}

/** Calls `listener` on every change, in this tab or (through the storage event) in another. */
export function subscribeVendorSession(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (
      event.key === null ||
      event.key === STORAGE_KEYS.vendorToken ||
      event.key === STORAGE_KEYS.vendorUser
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
 * The stored session; `undefined` while it is not known yet (the server's
 * render and hydration), `null` when signed out.
 */
export function useStoredVendorSession(): StoredVendorSession | null | undefined {
  return useSyncExternalStore(subscribeVendorSession, readVendorSession, () => undefined);
}
