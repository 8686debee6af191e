/**
 * A session kept in local storage (spec §3, §4): a token and a user record
 * under two keys, read, written and cleared through one store, with a
 * subscription that also hears other tabs. The vendor's (vendor-token.ts) and
 * the admin's (admin-session.ts) are two independent stores of this kind.
 */
import { useSyncExternalStore } from 'react';
import {
  isValidToken,
  isValidUserRecord,
  readStorage,
  removeStorage,
  writeStorage,
} from './storage';

export interface StoredSession<U> {
  token: string;
  user: U;
  /**
   * The session was settled in this page view: the server accepted the token
   * (a login or a check), or a check got no answer at all and the session is
   * kept (docs/decisions/0011). Until then the session is still loading.
   */
  checked: boolean;
}

export function createSessionStore<U>(keys: { token: string; user: string }) {
  const listeners = new Set<() => void>();
  let checkedToken: string | null = null;
  let snapshot: { key: string; value: StoredSession<U> | null } | null = null;
  const notify = () => {
    for (const listener of listeners) listener();
  };

  /** The stored session, if its token and user record are valid; the same object while nothing changed. */
  const read = (): StoredSession<U> | null => {
    const token = readStorage(keys.token);
    const rawUser = readStorage(keys.user);
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
      isValidToken(token) && isValidUserRecord(user) ? { token, user: user as U, checked } : null;
    snapshot = { key, value };
    return value;
  };

  /** Calls `listener` on every change, in this tab or (through the storage event) in another. */
  const subscribe = (listener: () => void): (() => void) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === keys.token || event.key === keys.user) listener();
    };
    listeners.add(listener);
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };

  return {
    read,
    subscribe,
    /** After a login or a successful check: the token and the server's user record. */
    save(token: string, user: U): void {
      writeStorage(keys.token, token);
      writeStorage(keys.user, JSON.stringify(user));
      checkedToken = token;
      notify();
    },
    /** A check got no answer: the session stays, and is no longer loading. */
    markChecked(token: string): void {
      checkedToken = token;
      notify();
    },
    /** Logout, or a token the server refused: token and user record go. */
    clear(): void {
      removeStorage(keys.token);
      removeStorage(keys.user);
      checkedToken = null;
      notify();
    },
    /** `undefined` while not known yet (the server's render and hydration), `null` when signed out. */
    useStored(): StoredSession<U> | null | undefined {
      return useSyncExternalStore(subscribe, read, () => undefined);
    },
  };
}
