import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clearAdminSession, readAdminSession } from '../../lib/admin-session';
import { clearVendorSession, saveVendorSession } from '../../lib/vendor-token';
import {
  VENDOR_TOKEN,
  VENDOR_USER,
  jsonResponse,
  renderWithRouter,
  stubFetch,
} from '../../test-utils';
import userEvent from '@testing-library/user-event';
import { AdminLoginPage } from '../../features/admin/account/admin-login-page';
import { adminRequest } from '../../lib/admin-api';
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

  it('says "Sitzung abgelaufen" when the session ends, and returns to the page after signing in', async () => {
    let signedIn = false;
    stubFetch((url) => {
      if (url === '/api/auth/check') return jsonResponse(200, { success: true, user: ADMIN_USER });
      if (url === '/api/auth/login') {
        signedIn = true;
        return jsonResponse(200, { success: true, token: 'token-6', user: ADMIN_USER });
      }
      if (url === '/api/admin/verkaeufe' && !signedIn)
        return jsonResponse(401, {
          success: false,
          message: 'Keine gültige Authentifizierung gefunden',
        });
      return jsonResponse(200, { success: true });
    });
    store('token-5', ADMIN_USER);
    const routes = [
      { path: '/admin/login', element: <AdminLoginPage /> },
      {
        path: '/admin',
        element: <AdminGuard />,
        children: [{ path: 'verkaeufe', element: <h1>Verkäufe</h1> }],
      },
    ];
    const { router } = renderWithRouter(null, { path: '/admin/verkaeufe?monat=2026-10', routes });
    expect(await screen.findByRole('heading', { name: 'Verkäufe' })).toBeVisible();
    // a page's call is refused: the session has ended on the server
    await expect(
      adminRequest('/admin/verkaeufe', { schema: z.object({ success: z.literal(true) }) }),
    ).rejects.toThrow();
    expect(await screen.findByText('Sitzung abgelaufen')).toBeVisible();
    expect(screen.getByText(/Bitte melde dich erneut an/)).toBeVisible();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Benutzername'), 'eva');
    await user.type(screen.getByLabelText('Passwort'), 'Geheim123!');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('heading', { name: 'Verkäufe' })).toBeVisible();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/admin/verkaeufe?monat=2026-10',
    );
  });

  it('a plain visit to the login says nothing about an ended session, nor does signing out', async () => {
    stubFetch(() => jsonResponse(500, {}));
    renderWithRouter(null, {
      path: '/admin',
      routes: [{ path: '/admin/login', element: <AdminLoginPage /> }, ...ROUTES.slice(1)],
    });
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeVisible();
    expect(screen.queryByText('Sitzung abgelaufen')).toBeNull();
  });
});
