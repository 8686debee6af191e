import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { clearVendorSession, readVendorSession } from './vendor-token';
import { VENDOR_TOKEN, VENDOR_USER, jsonResponse, stubFetch } from '../test-utils';
import { loginVendor } from './vendor-login';

const TOKEN = VENDOR_TOKEN;
const USER = VENDOR_USER;

afterEach(() => clearVendorSession());

describe('vendor login (spec §4)', () => {
  it('signs in only with a successful answer and a valid token; the answer counts as a check', async () => {
    stubFetch((url) =>
      url === '/api/vendor-auth/login'
        ? jsonResponse(200, { success: true, token: TOKEN, user: USER })
        : jsonResponse(404, {}),
    );
    const client = new QueryClient();
    const result = await loginVendor(client, { email: 'anna@beispiel.de', password: 'Sicher1!' });
    expect(result.success).toBe(true);
    expect(readVendorSession()).toMatchObject({ token: TOKEN, checked: true });
    expect(localStorage.getItem('vendorToken')).toBe(TOKEN);
    expect(client.getQueryData(['vendor', TOKEN, 'session'])).toEqual(USER);

    clearVendorSession();
    stubFetch(() => jsonResponse(200, { success: true, token: ' ', user: USER }));
    expect(
      (await loginVendor(client, { email: 'anna@beispiel.de', password: 'Sicher1!' })).success,
    ).toBe(false);
    expect(readVendorSession()).toBeNull();
  });

  it('reports wrong credentials with the spec message', async () => {
    stubFetch(() =>
      jsonResponse(401, {
        success: false,
        message: 'Invalid credentials or authentication failed',
      }),
    );
    const result = await loginVendor(new QueryClient(), {
      email: 'anna@beispiel.de',
      password: 'falsch',
    });
    expect(result).toEqual({
      success: false,
      status: 401,
      message: 'Invalid credentials or authentication failed',
    });
  });
});
