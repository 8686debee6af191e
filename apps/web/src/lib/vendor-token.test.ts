import { VENDOR_USER, VENDOR_TOKEN } from '../test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearVendorSession,
  dropBrokenVendorSession,
  readVendorSession,
  saveVendorSession,
  subscribeVendorSession,
} from './vendor-token';

const TOKEN = VENDOR_TOKEN;
const USER = VENDOR_USER;

afterEach(() => clearVendorSession());

describe('vendor session storage (spec §3, §4)', () => {
  it('starts signed out without a valid token and user record', () => {
    localStorage.setItem('vendorToken', '');
    localStorage.setItem('vendorUser', JSON.stringify({ name: 'ohne id' }));
    expect(readVendorSession()).toBeNull();
    dropBrokenVendorSession();
    expect(readVendorSession()).toBeNull();
    expect(localStorage.getItem('vendorToken')).toBeNull();
    expect(localStorage.getItem('vendorUser')).toBeNull();
  });

  it('stores token and user, counts them as checked, and forgets both on clear', () => {
    saveVendorSession(TOKEN, USER);
    expect(readVendorSession()).toEqual({ token: TOKEN, user: USER, checked: true });
    expect(readVendorSession()).toBe(readVendorSession());
    expect(localStorage.getItem('vendorToken')).toBe(TOKEN);
    clearVendorSession();
    expect(readVendorSession()).toBeNull();
    expect(localStorage.getItem('vendorUser')).toBeNull();
  });

  it('a session found in storage is not checked yet', () => {
    localStorage.setItem('vendorToken', TOKEN);
    localStorage.setItem('vendorUser', JSON.stringify(USER));
    expect(readVendorSession()).toMatchObject({ token: TOKEN, checked: false });
  });

  it('hears a sign-in or sign-out in another tab', () => {
    const listener = vi.fn();
    const stop = subscribeVendorSession(listener);
    localStorage.setItem('vendorToken', TOKEN);
    localStorage.setItem('vendorUser', JSON.stringify(USER));
    window.dispatchEvent(new StorageEvent('storage', { key: 'vendorToken' }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(readVendorSession()?.token).toBe(TOKEN);
    window.dispatchEvent(new StorageEvent('storage', { key: 'cookie-consent' }));
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: 'vendorToken' }));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
