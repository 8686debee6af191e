import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readStorage, writeStorage } from './storage';

/** The visitor's cookie choice: 'accepted', 'declined', or null while none is stored. */
export type ConsentChoice = 'accepted' | 'declined';

const EVENT = 'housnkuh:consent';

export function readConsent(): ConsentChoice | null {
  const value = readStorage(STORAGE_KEYS.cookieConsent);
  return value === 'accepted' || value === 'declined' ? value : null;
}

export function saveConsent(choice: ConsentChoice): void {
  writeStorage(STORAGE_KEYS.cookieConsent, choice);
  window.dispatchEvent(new Event(EVENT));
}

function subscribe(callback: () => void) {
  window.addEventListener(EVENT, callback);
  window.addEventListener('storage', callback);
  return () => {
    window.removeEventListener(EVENT, callback);
    window.removeEventListener('storage', callback);
  };
}

/**
 * The current choice; re-renders when it changes, also in other tabs.
 * `undefined` while not known (a page rendered ahead of time, before hydration).
 */
export function useConsent(): ConsentChoice | null | undefined {
  return useSyncExternalStore(subscribe, readConsent, () => undefined);
}

const OPEN_EVENT = 'housnkuh:open-cookie-settings';

/** Opens the cookie dialog again (footer link "Cookie-Einstellungen"). */
export function openCookieSettings(): void {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

export function onOpenCookieSettings(callback: () => void): () => void {
  window.addEventListener(OPEN_EVENT, callback);
  return () => window.removeEventListener(OPEN_EVENT, callback);
}
