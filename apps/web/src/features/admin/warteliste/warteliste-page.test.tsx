import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAdminSession } from '../../../lib/admin-session';
import { jsonResponse, renderWithRouter, signInAdmin, stubFetch } from '../../../test-utils';
import { AdminWartelistePage } from './warteliste-page';

const entry = (id: string, place: number, unternehmen: string, offer: unknown = null) => ({
  id,
  bookingId: `b-${id}`,
  place,
  state: offer ? 'offered' : 'waiting',
  vendor: { id: `v-${id}`, name: `Name ${unternehmen}`, unternehmen, email: `${id}@beispiel.de` },
  count: 1,
  summary: '1 × Schaufenster groß',
  since: '2026-11-20T09:00:00.000Z',
  offer,
});

const OFFER = {
  id: 'o1',
  bookingId: 'b-e1',
  vendor: { id: 'v-e1', name: 'Name Hof Erste', unternehmen: 'Hof Erste' },
  state: 'open',
  stateLabel: 'offen',
  offeredOn: '2026-12-01',
  validUntil: '2026-12-08',
  units: [{ id: 'u3', name: 'S3', optionId: 'window-large' }],
};

function shop() {
  const posts: { url: string; body: unknown }[] = [];
  stubFetch((url, init) => {
    if (init?.method === 'POST') {
      posts.push({ url, body: JSON.parse(String(init.body)) });
      return url.endsWith('/remove')
        ? jsonResponse(200, {
            success: true,
            message: 'Die Anfrage ist von der Warteliste genommen.',
          })
        : jsonResponse(200, { success: true, message: 'Die Reihenfolge ist geändert.' });
    }
    return jsonResponse(200, {
      success: true,
      types: [
        {
          optionId: 'window-large',
          name: 'Schaufenster groß',
          total: 1,
          free: 0,
          reserved: 1,
          entries: [entry('e1', 1, 'Hof Erste', OFFER), entry('e2', 2, 'Hof Zweite')],
        },
        {
          optionId: 'block-a',
          name: 'Verkaufsblock Lage A',
          total: 12,
          free: 12,
          reserved: 0,
          entries: [],
        },
      ],
      offers: [OFFER],
    });
  });
  signInAdmin();
  renderWithRouter(null, {
    path: '/admin/warteliste',
    routes: [{ path: '/admin/warteliste', element: <AdminWartelistePage /> }],
  });
  return posts;
}

afterEach(() => clearAdminSession());

describe('the admin’s waiting list', () => {
  it('lists each type with its order, the offer and its reserved unit', async () => {
    shop();
    const type = await screen.findByRole('region', { name: 'Schaufenster groß' });
    expect(within(type).getByText('1 Mietfach, 0 frei, 1 für Angebote reserviert')).toBeVisible();
    const items = within(type).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Platz 1: Hof Erste');
    expect(items[0]).toHaveTextContent('Angebot offen: S3 reserviert, gültig bis 08.12.2026');
    expect(items[1]).toHaveTextContent('Platz 2: Hof Zweite');
    expect(items[1]).toHaveTextContent('wartet');
    // a type no one waits for is not shown
    expect(screen.queryByRole('region', { name: 'Verkaufsblock Lage A' })).toBeNull();
    const offers = screen.getByRole('region', { name: 'Angebote mit reservierten Mietfächern' });
    expect(offers).toHaveTextContent(
      'S3: Hof Erste, offen (angeboten am 01.12.2026, gültig bis 08.12.2026)',
    );
    // the first cannot move up, the last not down
    expect(within(items[0]!).getByRole('button', { name: 'Nach oben (Hof Erste)' })).toBeDisabled();
    expect(
      within(items[1]!).getByRole('button', { name: 'Nach unten (Hof Zweite)' }),
    ).toBeDisabled();
  });

  it('moves an entry up, and removes one only with a reason', async () => {
    const user = userEvent.setup();
    const posts = shop();
    await user.click(await screen.findByRole('button', { name: 'Nach oben (Hof Zweite)' }));
    expect(
      await screen.findByText('Hof Zweite steht jetzt auf Platz 1 (Schaufenster groß).'),
    ).toBeVisible();
    expect(posts[0]).toEqual({
      url: '/api/admin/warteliste/e2/move',
      body: { optionId: 'window-large', direction: 'up' },
    });

    await user.click(screen.getByRole('button', { name: 'Entfernen … (Hof Zweite)' }));
    await user.click(screen.getByRole('button', { name: 'Von der Warteliste nehmen' }));
    expect(await screen.findByText('Bitte gib einen Grund an.')).toBeVisible();
    expect(posts).toHaveLength(1);
    await user.type(
      screen.getByLabelText(/Grund, Hof Zweite von der Warteliste zu nehmen/),
      'Hat abgesagt.',
    );
    await user.click(screen.getByRole('button', { name: 'Von der Warteliste nehmen' }));
    expect(
      await screen.findByText('Hof Zweite: Die Anfrage ist von der Warteliste genommen.'),
    ).toBeVisible();
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toEqual({
      url: '/api/admin/warteliste/e2/remove',
      body: { reason: 'Hat abgesagt.' },
    });
  });
});
