import { describe, expect, it } from 'vitest';
import { isValidToken, isValidUserRecord, shouldRedirectAdminHome } from './storage';

describe('stored auth records', () => {
  it('accepts a token only as a non-empty string', () => {
    expect(isValidToken('abc')).toBe(true);
    expect(isValidToken('')).toBe(false);
    expect(isValidToken('   ')).toBe(false);
    expect(isValidToken(null)).toBe(false);
    expect(isValidToken(42)).toBe(false);
  });

  it('accepts a user record only as an object with an id', () => {
    expect(isValidUserRecord({ id: 'u1' })).toBe(true);
    expect(isValidUserRecord({ id: 7 })).toBe(true);
    expect(isValidUserRecord({ name: 'x' })).toBe(false);
    expect(isValidUserRecord({ id: '' })).toBe(false);
    expect(isValidUserRecord('u1')).toBe(false);
    expect(isValidUserRecord(null)).toBe(false);
  });

  it('sends an admin home page to /admin only with the flag and a valid admin session', () => {
    expect(shouldRedirectAdminHome()).toBe(false);
    localStorage.setItem('adminAutoRedirect', 'true');
    expect(shouldRedirectAdminHome()).toBe(false);
    localStorage.setItem('adminToken', 'token');
    localStorage.setItem('user', JSON.stringify({ id: 'a1', isAdmin: false }));
    expect(shouldRedirectAdminHome()).toBe(false);
    localStorage.setItem('user', JSON.stringify({ id: 'a1', isAdmin: true }));
    expect(shouldRedirectAdminHome()).toBe(true);
    localStorage.setItem('adminAutoRedirect', 'false');
    expect(shouldRedirectAdminHome()).toBe(false);
  });
});
