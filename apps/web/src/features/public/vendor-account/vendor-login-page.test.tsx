import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { clearVendorSession, readVendorSession } from '../../../lib/vendor-token';
import { jsonResponse, renderWithRouter, stubFetch } from '../../../test-utils';
import { loginVendor } from '../../../lib/vendor-login';
import { VendorLoginPage } from './vendor-login-page';

// the page's own texts say "du" like the server's; only the messages the spec quotes say "Sie"
const NOT_CONFIRMED_SERVER =
  'Bitte bestätige zuerst deine E-Mail-Adresse. Den Link dazu haben wir dir nach der Registrierung geschickt.';
const RESEND_SENT_SERVER =
  'Falls zu dieser Adresse ein noch nicht bestätigtes Konto gehört, haben wir einen neuen Bestätigungslink geschickt.';
const NOT_CONFIRMED =
  'Bitte bestätige zuerst deine E-Mail-Adresse. Den Link dazu haben wir dir nach der Registrierung geschickt.';
const RESEND_SENT =
  'Falls zu dieser Adresse ein noch nicht bestätigtes Konto gehört, haben wir dir einen neuen Bestätigungslink geschickt.';

const USER = {
  id: '7b0c1c1e-7d0c-4a53-9b9f-2f4f0c3f8a11',
  name: 'Anna Huber',
  email: 'anna@hof-huber.de',
  unternehmen: 'Hof Huber',
  telefon: null,
  profilBild: null,
  isVendor: true,
  accountStatus: 'Vor-registriert',
  registrationDate: '2025-05-01T10:00:00.000Z',
};
const LOGIN_OK = { success: true, token: 'T'.repeat(43), user: USER };

const dashboardRoute = { path: '/vendor/dashboard', element: <p>Dashboard</p> };

function renderLogin() {
  return renderWithRouter(<VendorLoginPage />, {
    path: '/vendor/login',
    routes: [dashboardRoute],
  });
}

async function fillAndSend(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-Mail-Adresse'), email);
  await user.type(screen.getByLabelText('Passwort'), password);
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  return user;
}

function bodyOf(init: RequestInit | undefined): unknown {
  return JSON.parse(String(init?.body));
}

afterEach(async () => {
  stubFetch(() => jsonResponse(200, { success: true, message: 'Du bist abgemeldet.' }));
  clearVendorSession();
});

describe('VendorLoginPage', () => {
  it('shows the form with its links', async () => {
    stubFetch(() => jsonResponse(404, {}));
    renderLogin();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Login für Direktvermarkter' }),
    ).toBeVisible();
    // "du", like every other page
    expect(
      screen.getByText(
        'Melde dich mit der E-Mail-Adresse und dem Passwort an, die du bei der Registrierung gewählt hast.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute(
      'href',
      '/vendor/passwort-vergessen',
    );
    expect(screen.getByRole('link', { name: 'Als Direktvermarkter registrieren' })).toHaveAttribute(
      'href',
      '/pricing',
    );
  });

  it('checks the fields before sending anything', async () => {
    const calls = stubFetch(() => jsonResponse(404, {}));
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findAllByText('Bitte fülle alle Felder aus')).toHaveLength(2);
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'anna@');
    await user.type(screen.getByLabelText('Passwort'), 'Geheim123!');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Bitte gib eine gültige E-Mail-Adresse ein')).toBeVisible();
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveAccessibleDescription(
      'Bitte gib eine gültige E-Mail-Adresse ein',
    );
    expect(calls.filter((c) => c.url.includes('/vendor-auth/login'))).toHaveLength(0);
  });

  it('shows the invalid-credentials text on 401', async () => {
    const calls = stubFetch((url) =>
      url === '/api/vendor-auth/login'
        ? jsonResponse(401, {
            success: false,
            message: 'Invalid credentials or authentication failed',
          })
        : jsonResponse(404, {}),
    );
    renderLogin();
    await fillAndSend(' Anna@Hof-Huber.de ', 'Falsch123!');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Ungültige Anmeldedaten. Bitte prüfe deine E-Mail-Adresse und dein Passwort.',
    );
    // "du" like every other page of the producer's (issue 31, decision 0047)
    expect(alert.textContent).not.toMatch(/\b(Sie|Ihr|Ihre)\b/);
    expect(alert).toHaveFocus();
    const login = calls.find((c) => c.url === '/api/vendor-auth/login');
    expect(bodyOf(login?.init)).toEqual({ email: 'anna@hof-huber.de', password: 'Falsch123!' });
    expect(screen.queryByRole('button', { name: 'Bestätigungslink erneut senden' })).toBeNull();
  });

  it('says what to do on 429, in "Sie", and the general text otherwise', async () => {
    let status = 429;
    stubFetch((url) =>
      url === '/api/vendor-auth/login'
        ? status === 0
          ? Promise.reject(new TypeError('Failed to fetch'))
          : jsonResponse(status, {
              success: false,
              message: 'Zu viele fehlgeschlagene Anmeldeversuche.',
            })
        : jsonResponse(404, {}),
    );
    renderLogin();
    const user = await fillAndSend('anna@hof-huber.de', 'Falsch123!');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warte 15 Minuten oder setze dein Passwort zurück.',
    );
    status = 0;
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Ein Fehler ist aufgetreten. Bitte versuche es später noch einmal.',
      ),
    );
  });

  it('on 403 asks to confirm first, in "Sie", and re-sends the confirmation link', async () => {
    const calls = stubFetch((url) => {
      if (url === '/api/vendor-auth/login') {
        return jsonResponse(403, { success: false, message: NOT_CONFIRMED_SERVER });
      }
      if (url === '/api/vendor-auth/resend-confirmation') {
        return jsonResponse(200, { success: true, message: RESEND_SENT_SERVER });
      }
      return jsonResponse(404, {});
    });
    renderLogin();
    const user = await fillAndSend('anna@hof-huber.de', 'Geheim123!');
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_CONFIRMED);

    await user.click(screen.getByRole('button', { name: 'Bestätigungslink erneut senden' }));
    expect(await screen.findByText(RESEND_SENT)).toBeVisible();
    const resend = calls.filter((c) => c.url === '/api/vendor-auth/resend-confirmation');
    expect(resend).toHaveLength(1);
    expect(resend[0]!.init?.method).toBe('POST');
    expect(bodyOf(resend[0]!.init)).toEqual({ email: 'anna@hof-huber.de' });
    expect(screen.queryByRole('button', { name: 'Bestätigungslink erneut senden' })).toBeNull();
  });

  it('says "du" in every text of its own; only the messages the spec quotes say "Sie"', async () => {
    stubFetch((url) => {
      if (url === '/api/vendor-auth/login') {
        return jsonResponse(403, { success: false, message: NOT_CONFIRMED_SERVER });
      }
      if (url === '/api/vendor-auth/resend-confirmation') {
        return jsonResponse(429, {
          success: false,
          message: 'Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.',
        });
      }
      return jsonResponse(404, {});
    });
    const { container } = renderLogin();
    const sie = /\b(Sie|Ihr|Ihre|Ihren|Ihnen)\b/;
    expect(container.textContent).not.toMatch(sie);
    expect(container.textContent).toMatch(/\b(dich|du)\b/);
    const user = await fillAndSend('anna@hof-huber.de', 'Geheim123!');
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_CONFIRMED);
    await user.click(screen.getByRole('button', { name: 'Bestätigungslink erneut senden' }));
    // spec §8 quoted it with "Sie"; the producer's pages say "du" everywhere (decision 0047)
    expect(await screen.findByText('Zu viele Anfragen. Bitte warte einen Moment.')).toBeVisible();
    expect(container.textContent).not.toMatch(sie);
  });

  it('logs in and goes to the dashboard', async () => {
    stubFetch((url) =>
      url === '/api/vendor-auth/login' ? jsonResponse(200, LOGIN_OK) : jsonResponse(404, {}),
    );
    const { router } = renderLogin();
    await fillAndSend('anna@hof-huber.de', 'Geheim123!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendor/dashboard'));
    expect(await screen.findByText('Dashboard')).toBeVisible();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(readVendorSession() !== null).toBe(true);
    expect(localStorage.getItem('vendorToken')).toBe(LOGIN_OK.token);
  });

  it('sends a vendor who is logged in already straight to the dashboard', async () => {
    stubFetch((url) =>
      url === '/api/vendor-auth/login' ? jsonResponse(200, LOGIN_OK) : jsonResponse(404, {}),
    );
    await loginVendor(new QueryClient(), { email: 'anna@hof-huber.de', password: 'Geheim123!' });
    const { router } = renderLogin();
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendor/dashboard'));
  });

  it('shows the busy label while logging in', async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch((url) =>
      url === '/api/vendor-auth/login'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : jsonResponse(404, {}),
    );
    renderLogin();
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), {
      target: { value: 'anna@hof-huber.de' },
    });
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'Geheim123!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('button', { name: 'Wird angemeldet...' })).toBeDisabled();
    answer(jsonResponse(401, { success: false, message: 'nope' }));
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeEnabled();
  });
});
