import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAdminSession } from '../../../lib/admin-session';
import { jsonResponse, renderWithRouter, signInAdmin, stubFetch } from '../../../test-utils';
import { Compose } from './compose';

afterEach(() => clearAdminSession());

describe('Compose (newsletter)', () => {
  it('refuses "Senden …" to an audience without subscribers instead of asking, and sends nothing', async () => {
    const posts: string[] = [];
    stubFetch((url, init) => {
      if (init?.method === 'POST') posts.push(url);
      if (url === '/api/admin/newsletter/preview') {
        return jsonResponse(200, {
          success: true,
          subject: 'Neu im Laden',
          text: 'Hallo Anna Beispiel,\n\nHonig!',
          html: '<p>Honig!</p>',
          recipients: 0,
        });
      }
      return jsonResponse(404, {});
    });
    signInAdmin();
    renderWithRouter(null, {
      path: '/admin/newsletter/neu',
      routes: [{ path: '/admin/newsletter/neu', element: <Compose /> }],
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Betreff'), 'Neu im Laden');
    await user.type(screen.getByLabelText('Text'), 'Honig!');
    await user.click(screen.getByRole('button', { name: 'Senden …' }));
    expect(
      await screen.findByText(
        'An diese Gruppe gibt es keine bestätigten Abonnenten. Es wurde nichts verschickt.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Ja, jetzt senden' })).toBeNull();
    expect(posts).toEqual(['/api/admin/newsletter/preview']);
  });
});
