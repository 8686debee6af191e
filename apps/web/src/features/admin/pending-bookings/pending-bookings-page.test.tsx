import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAdminSession } from '../../../lib/admin-session';
import { jsonResponse, renderWithRouter, signInAdmin, stubFetch } from '../../../test-utils';
import { AdminPendingBookingsPage } from './pending-bookings-page';

// "Nicht genug frei" (docs/decisions/0074): a unit an offer of the waiting list reserves for one
// request is not counted as free for another.

afterEach(() => clearAdminSession());

const unit = (id: string, name: string) => ({
  id,
  name,
  optionId: 'block-a',
  standort: null,
  groesse: null,
  beschreibung: null,
  priceCents: 1500,
  isActive: true,
  state: 'free',
  occupiedUntil: null,
  holder: null,
});

const booking = (
  id: string,
  name: string,
  regale: number,
  offer: { id: string; name: string }[] | null,
) => ({
  id,
  vendor: {
    id: `v-${id}`,
    name,
    email: `${id}@beispiel.de`,
    unternehmen: null,
    emailConfirmed: true,
  },
  origin: 'registration',
  summary: `${regale} × Verkaufsblock Lage A`,
  packageData: {
    selectedProvisionType: 'basic',
    packageCounts: { 'block-a': regale },
    packageOptions: [{ id: 'block-a', name: 'Verkaufsblock Lage A', price: 35 }],
    rentalDuration: 3,
    totalCost: { monthly: 15 * regale, oneTime: 0, provision: 4 },
    discount: 0,
    zusatzleistungen: { lagerservice: false, versandservice: false },
  },
  comments: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  waitlist: offer
    ? {
        state: 'offered',
        offer: { state: 'open', validUntil: '2026-12-06', units: offer },
      }
    : null,
});

describe('Offene Buchungen', () => {
  it('counts a unit reserved for another request as taken', async () => {
    stubFetch((url) => {
      if (url === '/api/admin/pending-bookings')
        return jsonResponse(200, {
          success: true,
          bookings: [
            booking('b1', 'Anton Auer', 1, [{ id: 'u1', name: 'R1' }]),
            booking('b2', 'Berta Bauer', 2, null),
          ],
        });
      if (url.startsWith('/api/admin/mietfaecher'))
        return jsonResponse(200, {
          success: true,
          mietfaecher: [unit('u1', 'R1'), unit('u2', 'R2')],
          occupancy: [{ optionId: 'block-a', occupied: 0, total: 2, percent: 0 }],
        });
      return jsonResponse(404, { success: false, message: 'unbekannt' });
    });
    signInAdmin();
    renderWithRouter(null, {
      path: '/admin/pending-bookings',
      routes: [{ path: '/admin/pending-bookings', element: <AdminPendingBookingsPage /> }],
    });

    await userEvent.click(
      await screen.findByRole('button', { name: 'Bestätigen … (Berta Bauer)' }),
    );
    const shortage = await screen.findByText('Nicht genug frei');
    // two free on the floor, but R1 is held for Anton's offer
    expect(shortage.parentElement).toHaveTextContent('Verkaufsblock Lage A: 2 angefragt, 1 frei');

    await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Bestätigen … (Anton Auer)' }));
    // for Anton the reserved unit is his: nothing short
    expect(await screen.findByRole('group', { name: /Verkaufsblock Lage A/ })).toBeVisible();
    expect(screen.queryByText('Nicht genug frei')).toBeNull();
  });
});
