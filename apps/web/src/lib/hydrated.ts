import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/**
 * False while the page is server HTML that React has not taken over yet, true
 * afterwards. Forms keep their submit buttons disabled until then, so a quick
 * click never sends the form the browser's own way (as a GET with the fields
 * in the address).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
