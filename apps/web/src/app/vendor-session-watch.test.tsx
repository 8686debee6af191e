import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loginVendor } from '../lib/vendor-login';
import { clearVendorSession } from '../lib/vendor-token';
import { VENDOR_USER, jsonResponse, stubFetch } from '../test-utils';
import { VendorSessionWatch } from './vendor-session-watch';

const USER = VENDOR_USER;

afterEach(() => clearVendorSession());

describe('the vendor session on every page (spec §4)', () => {
  it('loads the bookings once the vendor has logged in', async () => {
    const calls = stubFetch((url) => {
      if (url === '/api/vendor-auth/login')
        return jsonResponse(200, { success: true, token: 'T'.repeat(43), user: USER });
      if (url.startsWith('/api/vendor-auth/bookings/'))
        return jsonResponse(200, { success: true, bookings: [] });
      return jsonResponse(404, {});
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <VendorSessionWatch />
      </QueryClientProvider>,
    );
    await act(() => loginVendor(client, { email: 'anna@beispiel.de', password: 'Sicher1!' }));
    const key = ['vendor', 'T'.repeat(43), 'bookings'];
    await expect.poll(() => client.getQueryData(key)).toEqual([]);
    expect(calls.map((c) => c.url)).toContain(`/api/vendor-auth/bookings/${USER.id}`);
    // the login counts as the first check: none is sent
    expect(calls.some((c) => c.url === '/api/vendor-auth/check')).toBe(false);
  });
});
