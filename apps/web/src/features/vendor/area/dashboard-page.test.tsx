import type { VendorUser } from '@housnkuh/shared/schemas/vendor';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearVendorSession, saveVendorSession } from '../../../lib/vendor-token';
import { jsonResponse, renderWithRouter, stubFetch } from '../../../test-utils';
import { DashboardPage } from './dashboard-page';

const USER: VendorUser = {
  id: '3f2a0c4e-0000-4000-8000-000000000001',
  name: 'Anna Huber',
  email: 'anna@beispiel.de',
  unternehmen: 'Hof Huber',
  telefon: null,
  profilBild: null,
  isVendor: true,
  accountStatus: 'Vor-registriert',
  registrationDate: '2026-11-01T10:00:00.000Z',
};

afterEach(async () => {
  stubFetch(() => jsonResponse(200, { success: true, message: 'ok' }));
  clearVendorSession();
  vi.restoreAllMocks();
});

describe('DashboardPage', () => {
  it('says when the bookings could not be loaded, and loads them again with Neu laden', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let bookingsAnswer = 500;
    const calls = stubFetch((url) => {
      if (url === '/api/vendor-auth/login')
        return jsonResponse(200, { success: true, token: 'T'.repeat(43), user: USER });
      if (url.startsWith('/api/vendor-auth/bookings/'))
        return bookingsAnswer === 200
          ? jsonResponse(200, { success: true, bookings: [] })
          : jsonResponse(500, { success: false, message: 'Interner Fehler' });
      return jsonResponse(500, { success: false, message: 'Interner Fehler' });
    });
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<DashboardPage />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Deine Buchungen konnten nicht geladen werden.');
    expect(screen.queryByText('Buchungen werden geladen …')).toBeNull();

    bookingsAnswer = 200;
    await userEvent.click(screen.getByRole('button', { name: 'Neu laden' }));

    expect(await screen.findByText('Du hast noch keine Verkaufsfläche gebucht.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Neu laden' })).toBeNull();
    expect(calls.filter((c) => c.url.startsWith('/api/vendor-auth/bookings/'))).toHaveLength(2);
  });
});
