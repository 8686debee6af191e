/**
 * The product's one clock. Every "now" and every "today" (a calendar day in
 * Europe/Berlin) of the server and the app is read here, so a test can set
 * the time: `clock.set(at)` makes `clock.now()` answer `at` at once, and the
 * clock runs on from there at the real pace (timers, waits and timeouts keep
 * the real time). The server sets it from CLOCK_START (tests only); in a
 * browser the page's own Date is the clock (an end-to-end test sets it with
 * Playwright's page.clock).
 */

let offsetMs = 0;

export const clock = {
  /** The current instant. */
  now(): Date {
    return new Date(Date.now() + offsetMs);
  },
  /** The current instant in milliseconds since 1970. */
  nowMs(): number {
    return Date.now() + offsetMs;
  },
  /** From now on the clock answers `at`, and runs on from there. */
  set(at: Date | string | number): void {
    const time = new Date(at).getTime();
    if (!Number.isFinite(time)) throw new Error(`not a time: ${String(at)}`);
    offsetMs = time - Date.now();
  },
  /** Back to the real time. */
  reset(): void {
    offsetMs = 0;
  },
  /** How far the clock is from the real time, in milliseconds (0 unless set). */
  offsetMs(): number {
    return offsetMs;
  },
};
