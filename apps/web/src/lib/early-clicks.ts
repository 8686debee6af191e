/**
 * Clicks on buttons that arrive while the page is still the server's HTML – a
 * quick tap on a question, a filter, the next page – would do nothing: the
 * button's handler is not there yet. A small inline script in index.html
 * keeps such clicks (on `<button type="button">`; links and forms work without
 * script, and submit buttons stay disabled until then) in
 * `window.__earlyClicks` and keeps them from React, so a click is never handled
 * twice. Once React has taken the page over, `replayEarlyClicks` stops the
 * keeping and clicks each of those buttons again, in order, as the visitor did.
 * React keeps the server's elements when it hydrates, so they are the same.
 */
declare global {
  interface Window {
    __earlyClicks?: HTMLElement[] | null;
  }
}

export function replayEarlyClicks() {
  if (typeof window === 'undefined') return;
  const clicks = window.__earlyClicks ?? [];
  // from now on the inline script lets every click through
  window.__earlyClicks = null;
  for (const button of clicks) {
    if (button.isConnected && !(button as HTMLButtonElement).disabled) button.click();
  }
}
