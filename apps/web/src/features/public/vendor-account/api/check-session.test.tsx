import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearVendorSession, readVendorSession } from '../../../../lib/vendor-token';
import { VENDOR_TOKEN, VENDOR_USER, jsonResponse, stubFetch } from '../../../../test-utils';
import { checkVendorSession, useVendorSession, useWatchVendorSession } from './check-session';

const TOKEN = VENDOR_TOKEN;
const USER = VENDOR_USER;

function signedIn() {
  localStorage.setItem('vendorToken', TOKEN);
  localStorage.setItem('vendorUser', JSON.stringify(USER));
}

function queryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** The session as the app sees it: started by the watcher (as in the layouts). */
function watch(client = queryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () => {
      useWatchVendorSession();
      return useVendorSession();
    },
    { wrapper },
  );
  return { client, state: () => hook.result.current, unmount: hook.unmount };
}

const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
});
afterEach(() => {
  clearVendorSession();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('vendor session check (spec §4)', () => {
  it('skips the check within 30 s of the last successful one unless forced', async () => {
    signedIn();
    const calls = stubFetch((url) =>
      url === '/api/vendor-auth/check'
        ? jsonResponse(200, { success: true, user: USER })
        : jsonResponse(200, { success: true, bookings: [] }),
    );
    const { client, state, unmount } = watch();
    await vi.waitFor(() => expect(state().isLoading).toBe(false));
    const checks = () => calls.filter((c) => c.url === '/api/vendor-auth/check').length;
    expect(checks()).toBe(1);

    later(20_000);
    expect(await checkVendorSession(client)).toBe(true);
    expect(checks()).toBe(1);
    // forced, but within the 5 s cache of this token? no: 20 s have passed
    expect(await checkVendorSession(client, true)).toBe(true);
    expect(checks()).toBe(2);
    // a forced check within 5 s reuses the cached answer
    later(1_000);
    expect(await checkVendorSession(client, true)).toBe(true);
    expect(checks()).toBe(2);
    later(31_000);
    expect(await checkVendorSession(client)).toBe(true);
    expect(checks()).toBe(3);
    unmount();
  });

  it('retries a failed check once after 500 ms, and a failed forced check signs out', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    signedIn();
    let answer: 'ok' | 'denied' = 'ok';
    const checkTimes: number[] = [];
    stubFetch((url) => {
      if (url === '/api/vendor-auth/check') {
        checkTimes.push(performance.now());
        return answer === 'ok'
          ? jsonResponse(200, { success: true, user: USER })
          : jsonResponse(401, {
              success: false,
              message: 'Keine gültige Authentifizierung gefunden',
            });
      }
      return jsonResponse(200, { success: true, bookings: [] });
    });
    const { client, state, unmount } = watch();
    await vi.waitFor(() => expect(state().isAuthenticated).toBe(true));
    await vi.waitFor(() => expect(state().isLoading).toBe(false));

    answer = 'denied';
    later(40_000);
    checkTimes.length = 0;
    expect(await checkVendorSession(client)).toBe(false);
    // one retry, 500 ms after the first failure
    expect(checkTimes).toHaveLength(2);
    expect(checkTimes[1]! - checkTimes[0]!).toBeGreaterThanOrEqual(490);
    await vi.waitFor(() =>
      expect(state()).toMatchObject({ isAuthenticated: false, token: null, user: null }),
    );
    expect(client.getQueryCache().findAll({ queryKey: ['vendor'] })).toHaveLength(0);
    expect(localStorage.getItem('vendorToken')).toBeNull();
    expect(localStorage.getItem('vendorUser')).toBeNull();
    // spec §8 check fallback
    expect(warn).toHaveBeenCalledWith('Authentication check failed', expect.anything());
    unmount();
  });

  it('signs out at once when the first (forced) check is refused', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    signedIn();
    const calls = stubFetch(() => jsonResponse(401, { success: false, message: 'nein' }));
    const { state, unmount } = watch();
    await vi.waitFor(() => expect(state()).toMatchObject({ isAuthenticated: false }));
    expect(calls.filter((c) => c.url === '/api/vendor-auth/check')).toHaveLength(1);
    unmount();
  });

  it('checks again when the tab becomes visible and when the window gets focus', async () => {
    signedIn();
    const calls = stubFetch((url) =>
      url === '/api/vendor-auth/check'
        ? jsonResponse(200, { success: true, user: USER })
        : jsonResponse(200, { success: true, bookings: [] }),
    );
    const checks = () => calls.filter((c) => c.url === '/api/vendor-auth/check').length;
    const { state, unmount } = watch();
    try {
      await vi.waitFor(() => expect(state().isLoading).toBe(false));
      expect(checks()).toBe(1);

      later(31_000);
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => 'visible',
      });
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.waitFor(() => expect(checks()).toBe(2));

      later(31_000);
      window.dispatchEvent(new Event('focus'));
      await vi.waitFor(() => expect(checks()).toBe(3));
      await vi.waitFor(() => expect(state().isLoading).toBe(false));
      expect(state()).toMatchObject({ isAuthenticated: true, token: TOKEN });
    } finally {
      unmount();
      delete (document as { visibilityState?: string }).visibilityState;
    }
  });

  it('keeps the session when the check gets no answer at all', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    signedIn();
    let online = true;
    stubFetch((url) => {
      if (!online) return Promise.reject(new TypeError('Failed to fetch'));
      return url === '/api/vendor-auth/check'
        ? jsonResponse(200, { success: true, user: USER })
        : jsonResponse(200, { success: true, bookings: [] });
    });
    const { client, state, unmount } = watch();
    await vi.waitFor(() => expect(state().isLoading).toBe(false));
    online = false;
    later(40_000);
    expect(await checkVendorSession(client, true)).toBe(true);
    await vi.waitFor(() =>
      expect(state()).toMatchObject({ isAuthenticated: true, token: TOKEN, isLoading: false }),
    );
    expect(readVendorSession()?.token).toBe(TOKEN);
    unmount();
  });
});
