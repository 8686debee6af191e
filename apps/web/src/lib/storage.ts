/**
 * Everything the app keeps in the browser's local storage (spec §9), in one
 * place. Every access is guarded: storage may be full, blocked or absent.
 */
export const STORAGE_KEYS = {
  cookieConsent: 'cookie-consent',
  contestBannerDismissed: 'contestBannerDismissed',
  adminAutoRedirect: 'adminAutoRedirect',
  adminToken: 'adminToken',
  vendorToken: 'vendorToken',
  adminUser: 'user',
  vendorUser: 'vendorUser',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // storage unavailable: the choice holds for this page view only
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // nothing to do
  }
}

/** A token is valid if it is a non-empty string (spec §3). */
export function isValidToken(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

/** A stored user record is valid only if it is an object with an id (spec §3). */
export function isValidUserRecord(value: unknown): value is { id: string | number } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    (typeof value.id === 'string' || typeof value.id === 'number') &&
    String(value.id).length > 0
  );
}

export function readJson(key: string): unknown {
  const raw = readStorage(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** The stored admin session, if both its token and user record are valid and the user is an admin. */
export function storedAdmin(): { token: string; user: { id: string | number } } | null {
  const token = readStorage(STORAGE_KEYS.adminToken);
  const user = readJson(STORAGE_KEYS.adminUser);
  if (!isValidToken(token) || !isValidUserRecord(user)) return null;
  if ((user as { isAdmin?: unknown }).isAdmin !== true) return null;
  return { token, user };
}

/** Spec §2: with adminAutoRedirect = 'true', an admin on the home page goes straight to /admin. */
export function shouldRedirectAdminHome(): boolean {
  return readStorage(STORAGE_KEYS.adminAutoRedirect) === 'true' && storedAdmin() !== null;
}
