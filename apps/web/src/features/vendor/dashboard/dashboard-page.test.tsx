import type { VendorUser } from '@housnkuh/shared/schemas/vendor';
import { INITIAL_SITE_SETTINGS } from '@housnkuh/shared/site-settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearVendorSession, saveVendorSession } from '../../../lib/vendor-token';
import { jsonResponse, renderWithRouter, stubFetch } from '../../../test-utils';
import { DashboardPage } from './dashboard-page';
import { ownProfile } from '../../../components/vendor-area/test-profile';

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

  it('in an open shop says Registriert, not Vor-registriert; shows last month in one line (sales, deductions, payout, status) and links straight to the IBAN', async () => {
    stubFetch((url) => {
      if (url.startsWith('/api/vendor-auth/bookings/'))
        return jsonResponse(200, { success: true, bookings: [] });
      if (url === '/api/vendor-auth/contracts')
        return jsonResponse(200, { success: true, contracts: [] });
      if (url === `/api/vendor-auth/profile/${USER.id}`)
        return jsonResponse(200, {
          success: true,
          profile: ownProfile(USER, { ibanMasked: null }),
        });
      if (url === '/api/settings/public')
        return jsonResponse(200, {
          success: true,
          settings: { ...INITIAL_SITE_SETTINGS, openingDate: '2026-07-01' },
        });
      if (url === '/api/vendor-auth/payouts')
        return jsonResponse(200, {
          success: true,
          months: [
            {
              month: '2026-11',
              statementNumber: 'VA-2026-00014',
              salesGrossCents: 2550,
              deductionsCents: 1621,
              payoutCents: 929,
              state: 'pending',
              day: '2026-12-15',
              offsetInMonth: null,
            },
            {
              month: '2026-10',
              statementNumber: 'VA-2026-00003',
              salesGrossCents: 100,
              deductionsCents: 100,
              payoutCents: 0,
              state: 'nothing',
              day: null,
              offsetInMonth: null,
            },
          ],
        });
      return jsonResponse(500, { success: false, message: 'Interner Fehler' });
    });
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<DashboardPage />);

    const money = await screen.findByRole('region', { name: 'Dein Geld im November 2026' });
    expect(money).toHaveTextContent(
      /Verkäufe 25,50\s€ · Abzüge 16,21\s€ · Auszahlung 9,29\s€ · wird bis 15\.12\. überwiesen/,
    );
    // registered in an open shop: no pre-registration
    expect(await screen.findByText('Registriert: Noch keine Verkaufsfläche gebucht')).toBeVisible();
    expect(screen.queryByText('Vor-registriert')).toBeNull();
    const next = await screen.findByRole('region', { name: 'Als Nächstes' });
    expect(
      await within(next).findByRole('link', {
        name: 'IBAN eintragen: Ohne sie können wir dir keine Auszahlung überweisen',
      }),
    ).toHaveAttribute('href', '/vendor/profile#bankverbindung');
    expect(screen.getByRole('link', { name: 'Geschäftsdaten und Bankverbindung' })).toHaveAttribute(
      'href',
      '/vendor/profile#geschaeftsdaten',
    );
  });

  it('shows the open restock notices as lines with a link to the products, and nothing without one', async () => {
    let notices: unknown[] = [
      {
        productId: '3f2a0c4e-0000-4000-8000-0000000000a1',
        productName: 'Bergkäse 200 g',
        unit: 'Stück',
        place: 'shelf',
        stock: 2,
        level: 2,
        since: '2026-11-27T15:05:00.000Z',
        stockText: 'noch 2 im Regal',
        text: 'Bergkäse 200 g: noch 2 im Regal',
      },
      {
        productId: '3f2a0c4e-0000-4000-8000-0000000000a2',
        productName: 'Leberkäs',
        unit: 'kg',
        place: 'storeroom',
        stock: 1.25,
        level: 2,
        since: '2026-11-27T16:05:00.000Z',
        stockText: 'noch 1,250 kg im Lager',
        text: 'Leberkäs: noch 1,250 kg im Lager',
      },
    ];
    const calls = stubFetch((url) => {
      if (url.startsWith('/api/vendor-auth/bookings/'))
        return jsonResponse(200, { success: true, bookings: [] });
      if (url === '/api/vendor-auth/products/low-stock')
        return jsonResponse(200, { success: true, notices, restockMail: 'single' });
      return jsonResponse(500, { success: false, message: 'Interner Fehler' });
    });
    saveVendorSession('T'.repeat(43), USER);
    const { unmount } = renderWithRouter(<DashboardPage />);

    const restock = await screen.findByRole('region', { name: 'Bitte nachfüllen' });
    const lines = within(restock).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Nachfüllen: Bergkäse 200 g – noch 2 im Regal',
      'Nachfüllen: Leberkäs – noch 1,250 kg im Lager',
    ]);
    expect(within(restock).getByRole('link', { name: 'Zu deinen Produkten' })).toHaveAttribute(
      'href',
      '/vendor/products',
    );
    unmount();

    notices = [];
    saveVendorSession('U'.repeat(43), USER);
    renderWithRouter(<DashboardPage />);
    await waitFor(() =>
      expect(
        calls.filter((c) => c.url === '/api/vendor-auth/products/low-stock').length,
      ).toBeGreaterThanOrEqual(2),
    );
    await screen.findByText('Du hast noch keine Verkaufsfläche gebucht.');
    expect(screen.queryByRole('region', { name: 'Bitte nachfüllen' })).toBeNull();
    expect(screen.queryByText(/Nachfüllen:/)).toBeNull();
  });
});
