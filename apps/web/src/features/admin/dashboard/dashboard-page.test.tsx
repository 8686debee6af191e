import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAdminSession } from '../../../lib/admin-session';
import { jsonResponse, renderWithRouter, signInAdmin, stubFetch } from '../../../test-utils';
import { AdminDashboardPage } from './dashboard-page';

const DASHBOARD = {
  success: true,
  todos: {
    unreadContacts: 1,
    pendingBookings: 2,
    pendingSubscribers: 0,
    contestEntries: 0,
    unassignedSales: 0,
    salesToClarify: 0,
    dueRemovals: 1,
    monthsToSettle: ['2026-10', '2026-11'],
    openItems: 1,
  },
  figures: { vendors: 3, demoVendors: 0, confirmedSubscribers: { customer: 4, vendor: 1 } },
  occupancy: { occupied: 2, reserved: 0, total: 5, types: [] },
  trialsEnding: [
    {
      contractId: 'c1',
      number: 'V-2026-0001',
      vendorId: 'v1',
      vendorName: 'Hof Müller',
      trialEndsOn: '2026-12-01',
    },
  ],
  endings: [
    {
      contractId: 'c2',
      number: 'V-2026-0002',
      vendorId: 'v2',
      vendorName: 'Imkerei Biene',
      endDate: '2026-11-30',
      kind: 'vendor',
      noticeGivenOn: '2026-11-20',
    },
  ],
  openRequests: [],
};

afterEach(() => clearAdminSession());

describe('the admin’s dashboard', () => {
  it('shows what needs doing, each a link to where it is done, and the producers’ contracts', async () => {
    stubFetch((url) =>
      url.includes('/admin/dashboard')
        ? jsonResponse(200, DASHBOARD)
        : jsonResponse(404, { success: false, message: 'unbekannt' }),
    );
    signInAdmin();
    renderWithRouter(null, {
      path: '/admin',
      routes: [{ path: '/admin', element: <AdminDashboardPage /> }],
    });

    const todos = await screen.findByRole('region', { name: 'Zu erledigen' });
    expect(within(todos).getByRole('link', { name: '1 neue Kontaktanfrage' })).toHaveAttribute(
      'href',
      '/admin/contacts?status=new',
    );
    expect(within(todos).getByRole('link', { name: '2 neue Buchungsanfragen' })).toBeVisible();
    expect(
      within(todos).getByRole('link', {
        name: '2 Monate warten auf die Abrechnung (ab Oktober 2026)',
      }),
    ).toHaveAttribute('href', '/admin/revenue?monat=2026-10');
    expect(
      within(todos).getByRole('link', {
        name: '1 gelöschtes Konto nach der Aufbewahrungsfrist zu entfernen',
      }),
    ).toHaveAttribute('href', '/admin/users?ansicht=geloescht');
    expect(within(todos).getAllByRole('listitem')).toHaveLength(9);

    const trials = screen.getByRole('region', {
      name: 'Probemonate, die in den nächsten 7 Tagen enden',
    });
    expect(within(trials).getByRole('listitem')).toHaveTextContent(
      'Hof Müller: Probemonat bis 01.12.2026 · Vertrag V-2026-0001',
    );
    expect(within(trials).getByRole('link', { name: 'Vertrag V-2026-0001' })).toHaveAttribute(
      'href',
      '/admin/vertraege/c1',
    );
    const endings = screen.getByRole('region', { name: 'Kündigungen und Vertragsenden' });
    expect(within(endings).getByRole('listitem')).toHaveTextContent(
      'Imkerei Biene: endet am 30.11.2026 · Vertrag V-2026-0002Kündigung durch den Direktvermarkter vom 20.11.2026',
    );
    expect(within(endings).getByRole('link', { name: 'Imkerei Biene' })).toHaveAttribute(
      'href',
      '/admin/users/vendors/v2',
    );
  });
});
