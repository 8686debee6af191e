/**
 * The vendor's session in the browser (spec §4): token and user record in
 * local storage, the check against the server, the bookings. Vendor and admin
 * sessions are independent. Schemas load with the calls, so this module adds
 * no zod to the first page load.
 */
import { ERRORS } from '@housnkuh/shared/messages';
import type { PackageDataInput } from '@housnkuh/shared/schemas/booking';
import type { Booking, TrialStatus, VendorUser } from '@housnkuh/shared/schemas/vendor';
import { useSyncExternalStore } from 'react';
import { ApiError, apiRequest } from './api';
import { RequestLimiter } from './request-limiter';
import {
  STORAGE_KEYS,
  isValidToken,
  isValidUserRecord,
  readJson,
  readStorage,
  removeStorage,
  writeStorage,
} from './storage';

export interface VendorSessionState {
  isLoading: boolean;
  isAuthenticated: boolean;
  token: string | null;
  user: VendorUser | null;
  bookings: Booking[] | null;
  /** Why the bookings could not be loaded; null while they load or once they did. */
  bookingsError: string | null;
}

export interface ActionResult {
  success: boolean;
  message: string;
  status?: number;
  /** No valid token in this browser: spec §8 only logs it. */
  notAuthenticated?: boolean;
}

/** The check is skipped when the last successful one is younger than this, unless forced. */
export const CHECK_SKIP_MS = 30_000;
/** A failed check is retried once, forced, after this. */
export const CHECK_RETRY_MS = 500;
/** The result of the check is reused for this long per token. */
export const CHECK_CACHE_MS = 5_000;

const SIGNED_OUT: VendorSessionState = {
  isLoading: false,
  isAuthenticated: false,
  token: null,
  user: null,
  bookings: null,
  bookingsError: null,
};
/** What the server renders: not known yet. */
const SERVER_STATE: VendorSessionState = { ...SIGNED_OUT, isLoading: true };

const schemas = () => import('@housnkuh/shared/schemas/vendor');
const commonSchemas = () => import('@housnkuh/shared/schemas/common');

export class VendorSession {
  private state: VendorSessionState = SERVER_STATE;
  private readonly listeners = new Set<() => void>();
  private lastSuccessfulCheck = 0;
  private checkCache: { token: string; at: number; result: Promise<VendorUser | null> } | null =
    null;
  private bookingsLoad: { token: string; result: Promise<Booking[] | null> } | null = null;
  private bookingsSeq = 0;
  private readonly limiter: RequestLimiter;
  private started = false;

  constructor(
    private readonly now: () => number = () => Date.now(),
    private readonly wait: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    this.limiter = new RequestLimiter(1000, now);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  private set(next: Partial<VendorSessionState>) {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  /** Reads the stored session once and checks it with the server. */
  start(): void {
    if (this.started) return;
    this.started = true;
    const token = readStorage(STORAGE_KEYS.vendorToken);
    const user = readJson(STORAGE_KEYS.vendorUser);
    if (isValidToken(token) && isValidUserRecord(user)) {
      this.set({ isLoading: true, isAuthenticated: true, token, user: user as VendorUser });
      void this.checkAuth(true);
    } else {
      this.clear();
    }
  }

  private clear() {
    removeStorage(STORAGE_KEYS.vendorToken);
    removeStorage(STORAGE_KEYS.vendorUser);
    this.lastSuccessfulCheck = 0;
    this.checkCache = null;
    this.bookingsLoad = null;
    this.bookingsSeq++;
    this.set(SIGNED_OUT);
  }

  private requireToken(): string {
    const token = this.state.token;
    if (!isValidToken(token)) throw new Error(ERRORS.noValidToken);
    return token;
  }

  private authenticate(token: string, user: VendorUser) {
    writeStorage(STORAGE_KEYS.vendorToken, token);
    writeStorage(STORAGE_KEYS.vendorUser, JSON.stringify(user));
    this.lastSuccessfulCheck = this.now();
    this.set({ isLoading: false, isAuthenticated: true, token, user });
    void this.loadBookings();
  }

  async login(email: string, password: string): Promise<ActionResult> {
    this.set({ isLoading: true });
    try {
      const { vendorLoginResponseSchema } = await schemas();
      const result = await apiRequest('/vendor-auth/login', {
        body: { email, password },
        schema: vendorLoginResponseSchema,
        timeoutMs: 15_000,
      });
      if (!result.success || !isValidToken(result.token) || !isValidUserRecord(result.user)) {
        this.set({ isLoading: false });
        return { success: false, message: ERRORS.invalidCredentials };
      }
      this.authenticate(result.token, result.user);
      return { success: true, message: 'Angemeldet' };
    } catch (error) {
      this.set({ isLoading: false });
      if (error instanceof ApiError && error.kind === 'http') {
        return {
          success: false,
          status: error.status,
          message:
            error.status === 401
              ? ERRORS.invalidCredentials
              : (error.serverMessage ?? ERRORS.loginFallback),
        };
      }
      return { success: false, message: ERRORS.loginFallback };
    }
  }

  async logout(): Promise<ActionResult> {
    const token = this.state.token;
    try {
      if (isValidToken(token)) {
        const { messageResponseSchema } = await commonSchemas();
        await apiRequest('/vendor-auth/logout', {
          method: 'POST',
          body: {},
          token,
          schema: messageResponseSchema,
          timeoutMs: 10_000,
        });
      }
      return { success: true, message: 'Abgemeldet' };
    } catch (error) {
      // the session ends here either way; the server's expires in time
      return {
        success: !(error instanceof ApiError && error.kind !== 'http'),
        message: ERRORS.logoutFailed,
      };
    } finally {
      this.clear();
    }
  }

  /**
   * Spec §4: skipped within 30 s of the last successful check unless forced; a
   * failed check is retried once, forced, after 500 ms; a failed forced check
   * ends the session. A check that gets no answer at all keeps the session
   * (docs/decisions/0011).
   */
  async checkAuth(force = false): Promise<boolean> {
    const token = this.state.token;
    if (!isValidToken(token)) {
      this.clear();
      return false;
    }
    if (!force && this.now() - this.lastSuccessfulCheck < CHECK_SKIP_MS) return true;
    this.set({ isLoading: true });
    const outcome = await this.fetchUser(token);
    if (outcome.user) {
      this.authenticate(token, outcome.user);
      return true;
    }
    if (outcome.noAnswer) {
      this.set({ isLoading: false });
      return this.state.isAuthenticated;
    }
    if (!force) {
      await this.wait(CHECK_RETRY_MS);
      return this.checkAuth(true);
    }
    this.clear();
    return false;
  }

  /** GET /vendor-auth/check, the result shared for 5 s per token. */
  private async fetchUser(token: string): Promise<{ user: VendorUser | null; noAnswer: boolean }> {
    const cached = this.checkCache;
    if (cached && cached.token === token && this.now() - cached.at < CHECK_CACHE_MS) {
      return { user: await cached.result, noAnswer: false };
    }
    let noAnswer = false;
    const result = (async () => {
      try {
        const { vendorCheckResponseSchema } = await schemas();
        const response = await apiRequest('/vendor-auth/check', {
          token,
          schema: vendorCheckResponseSchema,
          timeoutMs: 10_000,
        });
        if (!response.success) console.warn(ERRORS.checkFallback);
        return response.success ? response.user : null;
      } catch (error) {
        noAnswer = !(error instanceof ApiError && error.kind === 'http');
        console.warn(ERRORS.checkFallback, error);
        return null;
      }
    })();
    this.checkCache = { token, at: this.now(), result };
    const user = await result;
    if (!user) this.checkCache = null;
    return { user, noAnswer };
  }

  /**
   * GET /vendor-auth/bookings/{id}. A load already running for this token is
   * shared, unless `fresh` (after a booking changed); only the latest load
   * counts. A failure keeps the bookings shown so far and sets `bookingsError`
   * (the dashboard offers to load them again).
   */
  loadBookings(fresh = false): Promise<Booking[] | null> {
    const { token, user } = this.state;
    if (!isValidToken(token) || !user) return Promise.resolve(null);
    const running = this.bookingsLoad;
    if (!fresh && running && running.token === token) return running.result;
    const seq = ++this.bookingsSeq;
    if (this.state.bookingsError) this.set({ bookingsError: null });
    const current = () => seq === this.bookingsSeq && this.state.token === token;
    const result = (async () => {
      try {
        const { bookingsResponseSchema } = await schemas();
        const response = await apiRequest(`/vendor-auth/bookings/${encodeURIComponent(user.id)}`, {
          token,
          schema: bookingsResponseSchema,
          timeoutMs: 10_000,
        });
        if (!current()) return this.state.bookings;
        this.set({ bookings: response.bookings, bookingsError: null });
        return response.bookings;
      } catch (error) {
        if (!current()) return this.state.bookings;
        console.warn(ERRORS.bookingsLoad, error);
        this.set({ bookingsError: ERRORS.bookingsLoad });
        return this.state.bookings;
      } finally {
        if (seq === this.bookingsSeq) this.bookingsLoad = null;
      }
    })();
    this.bookingsLoad = { token, result };
    return result;
  }

  /** At most once a second; duplicates share the call. */
  trialStatus(): Promise<{ data: TrialStatus; message: string }> {
    return this.limiter.run('trial-status', async () => {
      const token = this.requireToken();
      try {
        const { trialStatusResponseSchema } = await schemas();
        const response = await apiRequest('/vendor-auth/trial-status', {
          token,
          schema: trialStatusResponseSchema,
          timeoutMs: 10_000,
        });
        return { data: response.data, message: response.message };
      } catch {
        throw new Error(ERRORS.trialStatus);
      }
    });
  }

  /** At most once a second per booking; the bookings are reloaded afterwards. */
  cancelTrialBooking(bookingId: string, reason?: string): Promise<ActionResult> {
    return this.limiter.run(`cancel:${bookingId}`, async () => {
      const token = this.requireToken();
      try {
        const { messageResponseSchema } = await commonSchemas();
        const response = await apiRequest(
          `/vendor-auth/cancel-trial-booking/${encodeURIComponent(bookingId)}`,
          {
            body: reason ? { reason } : {},
            token,
            schema: messageResponseSchema,
            timeoutMs: 10_000,
          },
        );
        await this.loadBookings(true);
        return { success: true, message: response.message };
      } catch (error) {
        const message =
          error instanceof ApiError && error.serverMessage
            ? error.serverMessage
            : ERRORS.cancelTrial;
        return { success: false, message };
      }
    });
  }

  /** POST /vendor-auth/additional-booking; spec §8 messages for 403, 404 and the rest. */
  async additionalBooking(packageData: PackageDataInput): Promise<ActionResult> {
    const token = this.state.token;
    if (!isValidToken(token)) {
      return { success: false, notAuthenticated: true, message: ERRORS.noValidToken };
    }
    try {
      const { messageResponseSchema } = await commonSchemas();
      const response = await apiRequest('/vendor-auth/additional-booking', {
        body: { userId: this.state.user?.id, packageData },
        token,
        schema: messageResponseSchema.loose(),
        timeoutMs: 15_000,
      });
      if (!response.success)
        return { success: false, message: response.message || ERRORS.bookingFailed };
      void this.loadBookings(true);
      return { success: true, message: response.message };
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'http') {
        if (error.status === 401 || error.status === 403) {
          return { success: false, status: error.status, message: ERRORS.booking403 };
        }
        if (error.status === 404)
          return { success: false, status: 404, message: ERRORS.booking404 };
        return {
          success: false,
          status: error.status,
          message: error.serverMessage ?? ERRORS.bookingOther,
        };
      }
      return { success: false, message: ERRORS.bookingOther };
    }
  }
}

export const vendorSession = new VendorSession();

export function useVendorSession(): VendorSessionState {
  return useSyncExternalStore(vendorSession.subscribe, vendorSession.getState, () => SERVER_STATE);
}

/**
 * Starts the session from storage and checks it again when the tab becomes
 * visible or the window gets focus (spec §4). Used once, in the layouts.
 */
export function watchVendorSession(session: VendorSession = vendorSession): () => void {
  session.start();
  const recheck = () => {
    if (session.getState().token) void session.checkAuth();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') recheck();
  };
  window.addEventListener('focus', recheck);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('focus', recheck);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
