import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAdminSession } from '../../../lib/admin-session';
import { jsonResponse, renderWithRouter, signInAdmin, stubFetch } from '../../../test-utils';
import { AdminContestPage } from './contest-page';

const ENTRY = {
  id: 'e1',
  name: 'Bernd Tipp',
  email: 'bernd@beispiel.de',
  phone: null,
  guesses: ['Hof Müller', 'Imkerei Größ', 'Metzgerei Fröba'],
  createdAt: '2026-03-01T10:00:00.000Z',
};

function shop({ open }: { open: boolean }) {
  const posts: { url: string; body: unknown }[] = [];
  stubFetch((url, init) => {
    if (init?.method === 'POST') {
      posts.push({ url, body: JSON.parse(String(init.body)) });
      if (url.endsWith('/draw')) {
        return jsonResponse(200, {
          success: true,
          best: [ENTRY],
          draw: {
            id: 'd1',
            answers: ENTRY.guesses,
            bestScore: 3,
            candidateCount: 1,
            winnerName: 'Bernd Tipp',
            winnerEmail: 'bernd@beispiel.de',
            adminName: 'Eva Muster',
            createdAt: '2026-04-01T10:00:00.000Z',
          },
        });
      }
      return jsonResponse(200, { success: true, score: 3, best: [ENTRY] });
    }
    return jsonResponse(200, {
      success: true,
      open,
      contest: { active: open, closingDate: null },
      entries: [ENTRY],
      pagination: { page: 1, limit: 25, totalCount: 1, totalPages: 1 },
      ranking: [],
      draws: [],
    });
  });
  signInAdmin();
  renderWithRouter(null, {
    path: '/admin/vendor-contest',
    routes: [{ path: '/admin/vendor-contest', element: <AdminContestPage /> }],
  });
  return posts;
}

async function answer(user: ReturnType<typeof userEvent.setup>, names: string[]) {
  for (const [index, name] of names.entries()) {
    await user.type(await screen.findByLabelText(`Richtiger Direktvermarkter ${index + 1}`), name);
  }
}

afterEach(() => clearAdminSession());

describe('the contest’s evaluation and draw (one form, two buttons)', () => {
  it('three different answers, checked in the browser, then evaluated', async () => {
    const user = userEvent.setup();
    const posts = shop({ open: true });
    await answer(user, ['Hof Müller', 'hof  müller', 'Imkerei Größ']);
    await user.click(screen.getByRole('button', { name: 'Auswerten' }));
    expect(
      await screen.findByText('Bitte gib drei verschiedene Direktvermarkter ein.'),
    ).toBeVisible();
    expect(posts).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Gewinner auslosen' })).toBeDisabled();

    await user.clear(screen.getByLabelText('Richtiger Direktvermarkter 2'));
    await user.type(screen.getByLabelText('Richtiger Direktvermarkter 2'), 'Metzgerei Fröba');
    await user.click(screen.getByRole('button', { name: 'Auswerten' }));
    expect(await screen.findByText('1 mit 3 richtigen Tipps:')).toBeVisible();
    expect(posts).toEqual([
      {
        url: '/api/admin/vendor-contest/evaluate',
        body: { answers: ['Hof Müller', 'Metzgerei Fröba', 'Imkerei Größ'] },
      },
    ]);
  });

  it('once the contest has ended, the same answers draw the winner', async () => {
    const user = userEvent.setup();
    const posts = shop({ open: false });
    await answer(user, ['Hof Müller', 'Imkerei Größ', 'Metzgerei Fröba']);
    await user.click(screen.getByRole('button', { name: 'Gewinner auslosen' }));
    const box = await screen.findByRole('status');
    expect(box).toHaveTextContent(
      'AusgelostGewonnen hat Bernd Tipp (bernd@beispiel.de) – unter 1 mit 3 richtigen Tipps.',
    );
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.url).toBe('/api/admin/vendor-contest/draw');
  });
});
