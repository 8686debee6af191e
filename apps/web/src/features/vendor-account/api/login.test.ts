import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { clearVendorSession, readVendorSession } from '../../../lib/vendor-token';
import { jsonResponse, stubFetch } from '../../../test-utils';
import { loginVendor } from './login';

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
