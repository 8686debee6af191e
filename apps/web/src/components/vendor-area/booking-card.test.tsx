import { packageDataAnswerSchema } from '@housnkuh/shared/schemas/booking';
import type { Booking } from '@housnkuh/shared/schemas/vendor';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test-utils';
import { BookingCard } from './booking-card';

// a request for the large shop window while it is taken: on the waiting list
const booking = (waitlist: Booking['waitlist']): Booking => ({
  id: '0c5f0000-0000-4000-8000-000000000001',
  status: 'pending',
  statusLabel: 'Angefragt',
  origin: 'registration',
  createdAt: '2026-11-20T09:00:00.000Z',
  monthlyPrice: 6000,
  packageData: packageDataAnswerSchema.parse({
    selectedProvisionType: 'basic',
    packageCounts: { 'window-large': 1 },
    packageOptions: [{ id: 'window-large', name: 'Schaufenster groß', price: 60 }],
    rentalDuration: 3,
    totalCost: { monthly: 60, oneTime: 0, provision: 4 },
    discount: 0,
    zusatzleistungen: { lagerservice: false, versandservice: false },
  }),
  comments: null,
  cancelReason: null,
  rejectionReason: null,
  cancellable: true,
  contract: null,
  waitlist,
});

const card = () => within(screen.getByRole('article'));

describe('BookingCard on the waiting list', () => {
  it('names its place and what comes next while it waits', () => {
    renderWithRouter(
      <BookingCard
        booking={booking({ places: [{ name: 'Schaufenster groß', place: 2, of: 3 }], offer: null })}
      />,
    );
    expect(card().getByText('Auf der Warteliste')).toBeVisible();
    expect(card().getByText('Schaufenster groß: Platz 2 von 3')).toBeVisible();
    expect(
      card().getByText(
        'Wird ein passendes Mietfach frei, bekommst du ein Angebot per E-Mail; es gilt 7 Tage.',
      ),
    ).toBeVisible();
  });

  it('shows an open offer with its unit and last day, and an accepted one waiting for the shop', () => {
    const { unmount } = renderWithRouter(
      <BookingCard
        booking={booking({
          places: [{ name: 'Schaufenster groß', place: 1, of: 2 }],
          offer: { state: 'open', validUntil: '2026-12-08', units: ['S3'] },
        })}
      />,
    );
    expect(
      card().getByText(
        'Für dich reserviert: S3, bis einschließlich 08.12.2026. Annehmen oder ablehnen kannst du über den Link in unserer E-Mail.',
      ),
    ).toBeVisible();
    unmount();
    renderWithRouter(
      <BookingCard
        booking={booking({
          places: [{ name: 'Schaufenster groß', place: 1, of: 2 }],
          offer: { state: 'accepted', validUntil: '2026-12-08', units: ['S3'] },
        })}
      />,
    );
    expect(
      card().getByText(
        'Angebot angenommen: S3 bleibt für dich reserviert, bis wir deine Anfrage bestätigen.',
      ),
    ).toBeVisible();
  });

  it('says nothing of a waiting list for a request on none', () => {
    renderWithRouter(<BookingCard booking={booking(null)} />);
    expect(card().queryByText('Auf der Warteliste')).toBeNull();
  });
});
