import { useContext, useEffect, useLayoutEffect } from 'react';
import { UNSAFE_DataRouterStateContext, useLocation, useNavigationType } from 'react-router';

/** Where each visited entry of the history was left, by its location key. */
const positions = new Map<string, number>();
/** The entry the window shows; null until the app has first rendered. */
let shownKey: string | null = null;

/**
 * Scrolls as a browser does between pages: a new page starts at its top (or
 * at its #anchor), back and forward return to where the page was left, a
 * navigation marked `preventScrollReset` (the directory's filters) keeps the
 * place. Unlike React Router's ScrollRestoration it does nothing when the app
 * takes over the server's page: a visitor who scrolled before the script ran
 * (seconds on a slow phone) is not thrown back to the top
 * (docs/decisions/0071).
 */
export function PageScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const preventScrollReset = useContext(UNSAFE_DataRouterStateContext)?.preventScrollReset === true;

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      if (shownKey !== null) positions.set(shownKey, window.scrollY);
    };
    // a reload or a page of another site: the browser restores the place itself
    const leave = () => (window.history.scrollRestoration = 'auto');
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', leave);
    };
  }, []);

  useLayoutEffect(() => {
    if (shownKey === location.key) return;
    const first = shownKey === null;
    shownKey = location.key;
    if (first) {
      positions.set(location.key, window.scrollY); // scrolled before the script ran
      return;
    }
    const saved = positions.get(location.key);
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash && scrollToAnchor(location.hash.slice(1))) return;
    if (!preventScrollReset) window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType, preventScrollReset]);

  return null;
}

function scrollToAnchor(id: string): boolean {
  let element: HTMLElement | null = null;
  try {
    element = document.getElementById(decodeURIComponent(id));
  } catch {
    return false; // not a decodable id: the page starts at its top
  }
  element?.scrollIntoView();
  return element !== null;
}
