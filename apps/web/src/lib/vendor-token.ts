/**
 * The vendor's session in local storage (spec §4): the token and the user
 * record (`vendorToken`, `vendorUser`), read, written and cleared here only,
 * with a subscription that also hears other tabs. The calls that start, check
 * and end a session are TanStack Query hooks in the vendor features; this
 * module is all the header needs, so the first page load carries no more.
 */
import type { VendorUser } from '@housnkuh/shared/schemas/vendor';
import { STORAGE_KEYS, readStorage } from './storage';
import { createSessionStore, type StoredSession } from './stored-session';

export type StoredVendorSession = StoredSession<VendorUser>;

/** Every vendor query's key starts with 'vendor' and the token, so one call drops them all. */
export const vendorQueryKeys = {
  all: ['vendor'] as const,
  session: (token: string) => ['vendor', token, 'session'] as const,
  bookings: (token: string) => ['vendor', token, 'bookings'] as const,
  trialStatus: (token: string) => ['vendor', token, 'trial-status'] as const,
};

const store = createSessionStore<VendorUser>({
  token: STORAGE_KEYS.vendorToken,
  user: STORAGE_KEYS.vendorUser,
});

/** The stored session, if its token and user record are valid (spec §3); the same object while nothing changed. */
export const readVendorSession = store.read;
/** After a login or a successful check: the token and the server's user record. */
export const saveVendorSession = store.save;
/** A check got no answer: the session stays, and is no longer loading. */
export const markVendorSessionChecked = store.markChecked;
/** Logout, or a check the server refused: token and user record go. */
export const clearVendorSession = store.clear;
/** Calls `listener` on every change, in this tab or (through the storage event) in another. */
export const subscribeVendorSession = store.subscribe;

/** A partial or broken record (spec §3) is removed, as at every start. */
export function dropBrokenVendorSession(): void {
  const stored =
    readStorage(STORAGE_KEYS.vendorToken) !== null || readStorage(STORAGE_KEYS.vendorUser) !== null;
  if (stored && readVendorSession() === null) clearVendorSession();
}

/**
 * The stored session; `undefined` while it is not known yet (the server's
 * render and hydration), `null` when signed out.
 */
export function useStoredVendorSession(): StoredVendorSession | null | undefined {
  return store.useStored();
}
