import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithRouter, stubFetch } from '../../../../test-utils';
import { NewsletterForm } from './newsletter-form';

const SUCCESS =
  'Fast geschafft! Bitte bestätige deine Anmeldung über den Link in der E-Mail, die wir dir gerade geschickt haben.';

function subscribeCalls(calls: { url: string; init?: RequestInit }[]) {
  return calls.filter((call) => call.url === '/api/newsletter/subscribe');
}

describe('NewsletterForm', () => {
  it('checks the e-mail address before sending', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => jsonResponse(404, { success: false, message: 'x' }));
    renderWithRouter(<NewsletterForm />);
    await user.click(screen.getByRole('button', { name: 'Newsletter abonnieren' }));
    expect(await screen.findByText('Bitte gib deine E-Mail-Adresse ein')).toBeVisible();
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'kein-at');
    await user.click(screen.getByRole('button', { name: 'Newsletter abonnieren' }));
    expect(await screen.findByText('Bitte gib eine gültige E-Mail-Adresse ein')).toBeVisible();
    expect(subscribeCalls(calls)).toHaveLength(0);
  });

  it('sends, shows the server message and clears the fields', async () => {
    const user = userEvent.setup();
    let release: (response: Response) => void = () => {};
    const calls = stubFetch((url) =>
      url === '/api/newsletter/subscribe'
        ? new Promise<Response>((resolve) => (release = resolve))
        : jsonResponse(404, {}),
    );
    renderWithRouter(<NewsletterForm />);
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'anna@beispiel.de');
    await user.type(screen.getByLabelText(/Name/), 'Anna');
    await user.click(screen.getByLabelText('Direktvermarkter/in'));
    await user.click(screen.getByRole('button', { name: 'Newsletter abonnieren' }));

    const busy = await screen.findByRole('button', { name: 'Wird gesendet...' });
    expect(busy).toBeDisabled();
    const [call] = subscribeCalls(calls);
    expect(JSON.parse(String(call!.init!.body))).toEqual({
      email: 'anna@beispiel.de',
      name: 'Anna',
      type: 'vendor',
    });

    release(jsonResponse(200, { success: true, message: SUCCESS }));
    expect(await screen.findByText(SUCCESS)).toBeVisible();
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveValue('');
    expect(screen.getByLabelText(/Name/)).toHaveValue('');
    expect(screen.getByLabelText('Kundin / Kunde')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Newsletter abonnieren' })).toBeEnabled();
  });

  it.each([
    [
      'the server message',
      () => jsonResponse(429, { success: false, message: 'Zu viele Anfragen.' }),
      'Zu viele Anfragen.',
    ],
    [
      'the status when there is no message',
      () => new Response('oops', { status: 502 }),
      'Server-Fehler: 502',
    ],
    [
      'a missing answer',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Keine Antwort vom Server erhalten. Ist der Server gestartet?',
    ],
  ])('explains a failure with %s and keeps the input', async (_name, answer, message) => {
    const user = userEvent.setup();
    stubFetch((url) => (url === '/api/newsletter/subscribe' ? answer() : jsonResponse(404, {})));
    renderWithRouter(<NewsletterForm />);
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'anna@beispiel.de');
    await user.click(screen.getByRole('button', { name: 'Newsletter abonnieren' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(screen.getByText('Technische Details')).toBeVisible();
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveValue('anna@beispiel.de');
  });

  it('puts server field errors beside their fields', async () => {
    const user = userEvent.setup();
    stubFetch((url) =>
      url === '/api/newsletter/subscribe'
        ? jsonResponse(400, {
            success: false,
            message: 'Bitte korrigiere die markierten Felder',
            errors: [{ field: 'email', message: 'Diese Adresse können wir nicht annehmen' }],
          })
        : jsonResponse(404, {}),
    );
    renderWithRouter(<NewsletterForm />);
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'anna@beispiel.de');
    await user.click(screen.getByRole('button', { name: 'Newsletter abonnieren' }));
    await waitFor(() =>
      expect(screen.getByLabelText('E-Mail-Adresse')).toHaveAccessibleDescription(
        'Diese Adresse können wir nicht annehmen',
      ),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte korrigiere die markierten Felder');
  });
});
