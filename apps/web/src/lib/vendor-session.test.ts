import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../test-utils';
import { RequestLimiter } from './request-limiter';
import { VendorSession, watchVendorSession } from './vendor-session';

const TOKEN = 'T'.repeat(43);
const USER = {
  id: '3f2a0c4e-0000-4000-8000-000000000001',
  name: 'Anna Huber',
  email: 'anna@beispiel.de',
  unternehmen: null,
  telefon: null,
  profilBild: null,
  isVendor: true,
  accountStatus: 'Vor-registriert',
  registrationDate: '2026-11-01T10:00:00.000Z',
};

let clock = 1_000_000;
const now = () => clock;
const waits: number[] = [];
const wait = async (ms: number) => {
  waits.push(ms);
  clock += ms;
};

function session() {
  return new VendorSession(now, wait);
}

function signedIn() {
  localStorage.setItem('vendorToken', TOKEN);
  localStorage.setItem('vendorUser', JSON.stringify(USER));
}

beforeEach(() => {
  clock = 1_000_000;
  waits.length = 0;
});
afterEach(() => vi.restoreAllMocks());

describe('vendor session (spec §4)', () => {
  it('starts signed out without a valid token and user record', () => {
    localStorage.setItem('vendorToken', '');
    localStorage.setItem('vendorUser', JSON.stringify({ name: 'ohne id' }));
    const s = session();
    s.start();
    expect(s.getState()).toMatchObject({ isAuthenticated: false, isLoading: false, token: null });
    expect(localStorage.getItem('vendorToken')).toBeNull();
  });

  it('logs in only with a successful answer and a valid token, then loads the bookings', async () => {
    const calls = stubFetch((url) => {
      if (url === '/api/vendor-auth/login')
        return jsonResponse(200, { success: true, token: TOKEN, user: USER });
      if (url.startsWith('/api/vendor-auth/bookings/'))
        return jsonResponse(200, { success: true, bookings: [] });
      return jsonResponse(404, {});
    });
    const s = session();
    const result = await s.login('anna@beispiel.de', 'Sicher1!');
    expect(result.success).toBe(true);
    expect(s.getState()).toMatchObject({ isAuthenticated: true, isLoading: false, token: TOKEN });
    expect(localStorage.getItem('vendorToken')).toBe(TOKEN);
    await vi.waitFor(() => expect(s.getState().bookings).toEqual([]));
    expect(calls.map((c) => c.url)).toContain(`/api/vendor-auth/bookings/${USER.id}`);
  });

  it('reports wrong credentials with the spec message', async () => {
    stubFetch(() =>
      jsonResponse(401, {
        success: false,
        message: 'Invalid credentials or authentication failed',
      }),
    );
    const result = await session().login('anna@beispiel.de', 'falsch');
    expect(result).toEqual({
      success: false,
      status: 401,
      message: 'Invalid credentials or authentication failed',
    });
  });

  it('skips the check within 30 s of the last successful one unless forced', async () => {
    signedIn();
    const calls = stubFetch((url) =>
      url === '/api/vendor-auth/check'
        ? jsonResponse(200, { success: true, user: USER })
        : jsonResponse(200, { success: true, bookings: [] }),
    );
    const s = session();
    s.start();
    await vi.waitFor(() => expect(s.getState().isLoading).toBe(false));
    const checks = () => calls.filter((c) => c.url === '/api/vendor-auth/check').length;
    expect(checks()).toBe(1);

    clock += 20_000;
    expect(await s.checkAuth()).toBe(true);
    expect(checks()).toBe(1);
    // forced, but within the 5 s cache of this token? no: 20 s have passed
    expect(await s.checkAuth(true)).toBe(true);
    expect(checks()).toBe(2);
    // a forced check within 5 s reuses the cached answer
    clock += 1_000;
    expect(await s.checkAuth(true)).toBe(true);
    expect(checks()).toBe(2);
    clock += 31_000;
    expect(await s.checkAuth()).toBe(true);
    expect(checks()).toBe(3);
  });

  it('retries a failed check once after 500 ms, and a failed forced check signs out', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    signedIn();
    let answer: 'ok' | 'denied' = 'ok';
    stubFetch((url) => {
      if (url === '/api/vendor-auth/check') {
        return answer === 'ok'
          ? jsonResponse(200, { success: true, user: USER })
          : jsonResponse(401, {
              success: false,
              message: 'Keine gültige Authentifizierung gefunden',
            });
      }
      return jsonResponse(200, { success: true, bookings: [] });
    });
    const s = session();
    s.start();
    await vi.waitFor(() => expect(s.getState().isAuthenticated).toBe(true));
    await vi.waitFor(() => expect(s.getState().isLoading).toBe(false));

    answer = 'denied';
    clock += 40_000;
    expect(await s.checkAuth()).toBe(false);
    expect(waits).toEqual([500]);
    expect(s.getState()).toMatchObject({
      isAuthenticated: false,
      token: null,
      user: null,
      bookings: null,
    });
    expect(localStorage.getItem('vendorToken')).toBeNull();
    expect(localStorage.getItem('vendorUser')).toBeNull();
    // spec §8 check fallback
    expect(warn).toHaveBeenCalledWith('Authentication check failed', expect.anything());
  });

  it('checks again when the tab becomes visible and when the window gets focus', async () => {
    signedIn();
    const calls = stubFetch((url) =>
      url === '/api/vendor-auth/check'
        ? jsonResponse(200, { success: true, user: USER })
        : jsonResponse(200, { success: true, bookings: [] }),
    );
    const checks = () => calls.filter((c) => c.url === '/api/vendor-auth/check').length;
    const s = session();
    const stop = watchVendorSession(s);
    try {
      await vi.waitFor(() => expect(s.getState().isLoading).toBe(false));
      expect(checks()).toBe(1);

      clock += 31_000;
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => 'visible',
      });
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.waitFor(() => expect(checks()).toBe(2));

      clock += 31_000;
      window.dispatchEvent(new Event('focus'));
      await vi.waitFor(() => expect(checks()).toBe(3));
      await vi.waitFor(() => expect(s.getState().isLoading).toBe(false));
      expect(s.getState()).toMatchObject({ isAuthenticated: true, token: TOKEN });
    } finally {
      stop();
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
    const s = session();
    s.start();
    await vi.waitFor(() => expect(s.getState().isLoading).toBe(false));
    online = false;
    clock += 40_000;
    expect(await s.checkAuth(true)).toBe(true);
    expect(s.getState()).toMatchObject({ isAuthenticated: true, token: TOKEN, isLoading: false });
  });

  it('refuses vendor calls without a valid token', async () => {
    const calls = stubFetch(() => jsonResponse(200, { success: true, message: 'ok' }));
    const s = session();
    s.start();
    await expect(s.trialStatus()).rejects.toThrow('Keine gültige Authentifizierung gefunden');
    // the booking answers instead of throwing, so its dialog can close (spec §8: only logged)
    expect(
      await s.additionalBooking({ packageCounts: { 'block-a': 1 }, rentalDuration: 3 }),
    ).toEqual({
      success: false,
      notAuthenticated: true,
      message: 'Keine gültige Authentifizierung gefunden',
    });
    expect(calls).toHaveLength(0);
  });

  it('maps the booking errors of spec §8', async () => {
    signedIn();
    let status = 403;
    stubFetch((url) => {
      if (url === '/api/vendor-auth/check') return jsonResponse(200, { success: true, user: USER });
      if (url === '/api/vendor-auth/additional-booking')
        return jsonResponse(status, { success: false, message: 'Serverseitig' });
      return jsonResponse(200, { success: true, bookings: [] });
    });
    const s = session();
    s.start();
    await vi.waitFor(() => expect(s.getState().isLoading).toBe(false));
    const pkg = { packageCounts: { 'block-a': 1 }, rentalDuration: 3 };
    expect((await s.additionalBooking(pkg)).message).toBe(
      'Authentifizierung fehlgeschlagen. Bitte logge dich erneut ein.',
    );
    status = 404;
    expect((await s.additionalBooking(pkg)).message).toBe(
      'Vendor-Account nicht gefunden. Bitte kontaktiere den Support.',
    );
    status = 500;
    expect((await s.additionalBooking(pkg)).message).toBe('Serverseitig');
  });
});

describe('request limiter (spec §7)', () => {
  it('runs a key at most once a second and shares a call that is still running', async () => {
    let t = 0;
    const limiter = new RequestLimiter(1000, () => t);
    let calls = 0;
    let release: (value: string) => void = () => {};
    const call = () =>
      new Promise<string>((resolve) => {
        calls++;
        release = resolve;
      });
    const first = limiter.run('trial', call);
    const duplicate = limiter.run('trial', call);
    expect(calls).toBe(1);
    release('ok');
    expect(await first).toBe('ok');
    expect(await duplicate).toBe('ok');

    t = 500;
    await expect(limiter.run('trial', call)).rejects.toThrow(
      'Zu viele Anfragen. Bitte warten Sie einen Moment.',
    );
    // another key is not affected
    const other = limiter.run('cancel:1', call);
    release('other');
    expect(await other).toBe('other');
    t = 1000;
    const later = limiter.run('trial', call);
    release('later');
    expect(await later).toBe('later');
  });
});
