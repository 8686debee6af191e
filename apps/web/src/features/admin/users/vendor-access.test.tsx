import type { AdminVendorDetail } from '@housnkuh/shared/schemas/admin-users';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAdminSession } from '../../../lib/admin-session';
import { jsonResponse, renderWithRouter, signInAdmin, stubFetch } from '../../../test-utils';
import { VendorAccess } from './vendor-detail-page';

const SENT =
  'Der Link ist unterwegs an demo@beispiel.de. Damit legt der Direktvermarkter sein Passwort selbst fest; der Link ist 3 Tage gültig und funktioniert nur einmal.';

const vendor = (over: Partial<AdminVendorDetail> = {}) =>
  ({
    id: 'v1',
    name: 'Demo Hof',
    email: 'demo@beispiel.de',
    lockedAt: null,
    hasPassword: false,
    ...over,
  }) as AdminVendorDetail;

afterEach(() => {
  clearAdminSession();
  vi.restoreAllMocks();
});

function signIn() {
  signInAdmin();
}

describe('the producer’s access on its page in Benutzer', () => {
  it('mails a producer without a password the link, and says so; no password field anywhere', async () => {
    const calls = stubFetch((url) =>
      url === '/api/admin/users/vendors/v1/password-link'
        ? jsonResponse(200, { success: true, message: SENT })
        : jsonResponse(404, { success: false, message: 'Nicht gefunden' }),
    );
    signIn();
    renderWithRouter(<VendorAccess vendor={vendor()} />);
    expect(screen.getByRole('heading', { name: 'Zugang' })).toBeVisible();
    expect(screen.getByText(/Noch kein Passwort/)).toBeVisible();
    // no password field: the producer chooses it
    expect(document.querySelector('input[type="password"]')).toBeNull();
    expect(screen.getByLabelText(/E-Mail-Adresse für die Anmeldung/)).toHaveValue(
      'demo@beispiel.de',
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Link zum Passwort-Festlegen schicken' }),
    );
    expect(await screen.findByText(SENT)).toBeVisible();
    const sent = calls.find((c) => c.url === '/api/admin/users/vendors/v1/password-link');
    expect(sent?.init?.method).toBe('POST');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ email: 'demo@beispiel.de' });
    // sent once: no second click by accident
    expect(
      screen.queryByRole('button', { name: 'Link zum Passwort-Festlegen schicken' }),
    ).toBeNull();
  });

  it('sends the link to another address the admin enters (a demo producer’s is made up)', async () => {
    const calls = stubFetch(() => jsonResponse(200, { success: true, message: 'ok' }));
    signIn();
    renderWithRouter(<VendorAccess vendor={vendor({ email: 'info@hof.example' })} />);
    const field = screen.getByLabelText(/E-Mail-Adresse für die Anmeldung/);
    await userEvent.clear(field);
    await userEvent.type(field, 'Inhaber@Beispiel.de');
    await userEvent.click(
      screen.getByRole('button', { name: 'Link zum Passwort-Festlegen schicken' }),
    );
    await screen.findByText('ok');
    const sent = calls.find((c) => c.url === '/api/admin/users/vendors/v1/password-link');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ email: 'inhaber@beispiel.de' });
  });

  it('shows the server’s German refusal', async () => {
    stubFetch(() =>
      jsonResponse(409, {
        success: false,
        message:
          'Dieser Direktvermarkter hat schon ein Passwort. Ein neues legt er selbst unter „Passwort vergessen?“ fest.',
      }),
    );
    signIn();
    renderWithRouter(<VendorAccess vendor={vendor()} />);
    await userEvent.click(
      screen.getByRole('button', { name: 'Link zum Passwort-Festlegen schicken' }),
    );
    expect(await screen.findByText(/hat schon ein Passwort/)).toBeVisible();
  });

  it('offers no link when the producer has a password, nor while the account is locked', () => {
    stubFetch(() => jsonResponse(404, {}));
    signIn();
    const { unmount } = renderWithRouter(<VendorAccess vendor={vendor({ hasPassword: true })} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText(/hat ein Passwort und kann sich anmelden/)).toBeVisible();
    unmount();
    renderWithRouter(<VendorAccess vendor={vendor({ lockedAt: '2026-11-01T10:00:00.000Z' })} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText(/Entsperre es zuerst/)).toBeVisible();
  });
});
