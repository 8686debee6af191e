import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAdminSession, readAdminSession } from '../../lib/admin-session';
import { clearVendorSession, saveVendorSession } from '../../lib/vendor-token';
import {
  VENDOR_TOKEN,
  VENDOR_USER,
  jsonResponse,
  renderWithRouter,
  stubFetch,
} from '../../test-utils';
import { AdminGuard } from './admin-guard';

const ADMIN_USER = { id: 'a1', username: 'eva', name: 'Eva Muster', isAdmin: true };
const ROUTES = [
  { path: '/admin/login', element: <h1>Anmeldung</h1> },
  { path: '/admin/unauthorized', element: <h1>Kein Zugriff</h1> },
  {
    path: '/admin',
    element: <AdminGuard />,
    children: [{ index: true, element: <h1>Dashboard</h1> }],
  },
];

function store(token: string, user: unknown) {
  localStorage.setItem('adminToken', token);
  localStorage.setItem('user', JSON.stringify(user));
}

afterEach(() => {
  clearAdminSession();
  clearVendorSession();
});

describe('AdminGuard (spec §4)', () => {
  it('sends a visitor to /admin/login', async () => {
    stubFetch(() => jsonResponse(500, {}));
    renderWithRouter(null, { path: '/admin', routes: ROUTES });
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeVisible();
  });

  it('sends a stored user without the admin flag, and a signed-in producer, to /admin/unauthorized', async () => {
    stubFetch(() => jsonResponse(500, {}));
    store('token-1', { id: 7, name: 'Nina', isAdmin: false });
    const first = renderWithRouter(null, { path: '/admin', routes: ROUTES });
    expect(await screen.findByRole('heading', { name: 'Kein Zugriff' })).toBeVisible();
    first.unmount();
    clearAdminSession();
    saveVendorSession(VENDOR_TOKEN, VENDOR_USER);
    renderWithRouter(null, { path: '/admin', routes: ROUTES });
    expect(await screen.findByRole('heading', { name: 'Kein Zugriff' })).toBeVisible();
  });

  it('shows the area once the server accepts the stored token, with the legacy header too', async () => {
    const calls = stubFetch((url) =>
      url === '/api/auth/check'
        ? jsonResponse(200, { success: true, user: ADMIN_USER })
        : jsonResponse(404, {}),
    );
    store('token-2', ADMIN_USER);
    renderWithRouter(null, { path: '/admin', routes: ROUTES });
    expect(screen.getByRole('status')).toHaveTextContent('Authentifizierung wird überprüft...');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    const check = calls.find((call) => call.url === '/api/auth/check')!;
    expect(check.init?.headers).toMatchObject({
      authorization: 'Bearer token-2',
      'x-auth-token': 'token-2',
    });
  });

  it('signs out when the server refuses the token, and keeps the session when it does not answer', async () => {
    stubFetch(() =>
      jsonResponse(401, { success: false, message: 'Keine gültige Authentifizierung gefunden' }),
    );
    store('token-3', ADMIN_USER);
    const first = renderWithRouter(null, { path: '/admin', routes: ROUTES });
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeVisible();
    expect(readAdminSession()).toBeNull();
    first.unmount();

    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    store('token-4', ADMIN_USER);
    renderWithRouter(null, { path: '/admin', routes: ROUTES });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(readAdminSession()?.token).toBe('token-4');
  });
});
