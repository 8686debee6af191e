import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithRouter, stubFetch } from '../../../test-utils';
import { NewsletterConfirmPage } from './newsletter-confirm-page';

const TOKEN = 'A'.repeat(43);

describe('NewsletterConfirmPage', () => {
  it('says so when the link has no token', async () => {
    stubFetch(() => jsonResponse(404, {}));
    renderWithRouter(<NewsletterConfirmPage />, { path: '/newsletter/confirm' });
    expect(await screen.findByText('Kein Bestätigungstoken gefunden.')).toBeVisible();
  });

  it('confirms with the token and shows the success message', async () => {
    const calls = stubFetch((url) =>
      url.startsWith('/api/newsletter/confirm/')
        ? jsonResponse(200, {
            success: true,
            message: 'Newsletter-Anmeldung erfolgreich bestätigt!',
          })
        : jsonResponse(404, {}),
    );
    renderWithRouter(<NewsletterConfirmPage />, { path: `/newsletter/confirm?token=${TOKEN}` });
    expect(screen.getByText('Deine Anmeldung wird bestätigt …')).toBeVisible();
    expect(
      await screen.findByRole('heading', { name: 'Newsletter-Anmeldung erfolgreich bestätigt!' }),
    ).toBeVisible();
    expect(calls.filter((c) => c.url === `/api/newsletter/confirm/${TOKEN}`)).toHaveLength(1);
  });

  it('shows the server message for an invalid link, with ways on', async () => {
    stubFetch(() =>
      jsonResponse(400, {
        success: false,
        message: 'Dieser Bestätigungslink ist ungültig oder abgelaufen.',
      }),
    );
    renderWithRouter(<NewsletterConfirmPage />, { path: `/newsletter/confirm?token=${TOKEN}` });
    expect(
      await screen.findByText('Dieser Bestätigungslink ist ungültig oder abgelaufen.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Kontakt' })).toHaveAttribute('href', '/kontakt');
  });

  it('falls back to the generic messages', async () => {
    stubFetch(() => new Response('', { status: 500 }));
    renderWithRouter(<NewsletterConfirmPage />, { path: `/newsletter/confirm?token=${TOKEN}` });
    expect(
      await screen.findByText('Fehler bei der Bestätigung der Newsletter-Anmeldung.'),
    ).toBeVisible();
  });

  it('reports a connection problem', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithRouter(<NewsletterConfirmPage />, { path: `/newsletter/confirm?token=${TOKEN}` });
    expect(
      await screen.findByText('Verbindungsfehler. Bitte versuche es später erneut.'),
    ).toBeVisible();
  });
});
