import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithRouter, stubFetch } from '../../../test-utils';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

const TOKEN = 'R'.repeat(43);
const RESET_REQUESTED =
  'Wenn zu dieser Adresse ein Konto mit Passwort gehört, schicken wir dir einen Link, mit dem du ein neues Passwort festlegst; er ist eine Stunde gültig. Kommt keine E-Mail an, schau in deinen Spam-Ordner oder melde dich bei uns.';
const RESET_DONE = 'Dein neues Passwort ist gespeichert. Du kannst dich jetzt anmelden.';
const RESET_INVALID = 'Dieser Link ist ungültig oder abgelaufen. Bitte fordere einen neuen an.';

describe('ForgotPasswordPage', () => {
  it('requests the link and shows the answer, with the way back to the login', async () => {
    const calls = stubFetch((url) =>
      url === '/api/vendor-auth/forgot-password'
        ? jsonResponse(200, { success: true, message: RESET_REQUESTED })
        : jsonResponse(404, {}),
    );
    renderWithRouter(<ForgotPasswordPage />, { path: '/vendor/passwort-vergessen' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Link anfordern' }));
    expect(await screen.findByText('Bitte gib deine E-Mail-Adresse ein')).toBeVisible();

    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'Anna@Hof-Huber.de');
    await user.click(screen.getByRole('button', { name: 'Link anfordern' }));
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_REQUESTED);
    // never a promise that a mail is on its way: an account without a password gets none
    expect(screen.queryByText(/unterwegs/)).toBeNull();
    expect(screen.getByText('Anfrage angekommen')).toBeVisible();
    expect(document.body).not.toHaveTextContent('Wir schicken dir einen Link');
    const sent = calls.filter((c) => c.url === '/api/vendor-auth/forgot-password');
    expect(JSON.parse(String(sent[0]!.init?.body))).toEqual({ email: 'anna@hof-huber.de' });
    expect(screen.getByRole('link', { name: 'Zurück zum Login' })).toHaveAttribute(
      'href',
      '/vendor/login',
    );
  });

  it('shows the server message when it refuses', async () => {
    stubFetch(() =>
      jsonResponse(429, {
        success: false,
        message: 'Zu viele Anfragen. Bitte warte einen Moment.',
      }),
    );
    renderWithRouter(<ForgotPasswordPage />, { path: '/vendor/passwort-vergessen' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'anna@hof-huber.de');
    await user.click(screen.getByRole('button', { name: 'Link anfordern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Zu viele Anfragen. Bitte warte einen Moment.',
    );
  });
});

describe('ResetPasswordPage', () => {
  it('without token points to a new link', async () => {
    stubFetch(() => jsonResponse(404, {}));
    renderWithRouter(<ResetPasswordPage />, { path: '/vendor/passwort-zuruecksetzen' });
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute(
      'href',
      '/vendor/passwort-vergessen',
    );
    expect(screen.queryByLabelText('Neues Passwort')).toBeNull();
  });

  it('shows the live checklist and saves the new password', async () => {
    const calls = stubFetch((url) =>
      url === '/api/vendor-auth/reset-password'
        ? jsonResponse(200, { success: true, message: RESET_DONE })
        : jsonResponse(404, {}),
    );
    renderWithRouter(<ResetPasswordPage />, {
      path: `/vendor/passwort-zuruecksetzen?token=${TOKEN}`,
    });
    const user = userEvent.setup();
    const field = screen.getByLabelText('Neues Passwort');
    expect(field).toHaveAccessibleDescription(/Dein Passwort braucht:/);
    // the special characters that count, named before anyone tries another one
    expect(field).toHaveAccessibleDescription(
      /Erlaubt sind nur Buchstaben ohne Umlaute, Zahlen und die Sonderzeichen @\$!%\*\?&\./,
    );
    await user.type(field, 'abc');
    expect(
      await screen.findByText(
        'Fehlend: Mindestens 8 Zeichen, Ein Großbuchstabe, Eine Zahl, Ein Sonderzeichen (@$!%*?&)',
      ),
    ).toBeVisible();
    expect(screen.getByText('Ein Kleinbuchstabe')).toHaveTextContent('Ein Kleinbuchstabe: erfüllt');
    await user.type(field, 'Def12!');
    expect(await screen.findByText('Alle Anforderungen sind erfüllt.')).toBeVisible();

    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), 'abcDef12?');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(await screen.findByText('Die Passwörter stimmen nicht überein')).toBeVisible();

    await user.clear(screen.getByLabelText('Neues Passwort wiederholen'));
    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), 'abcDef12!');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_DONE);
    expect(screen.getByRole('link', { name: 'Zum Login' })).toHaveAttribute(
      'href',
      '/vendor/login',
    );
    const sent = calls.filter((c) => c.url === '/api/vendor-auth/reset-password');
    expect(JSON.parse(String(sent[0]!.init?.body))).toEqual({
      token: TOKEN,
      password: 'abcDef12!',
      confirmPassword: 'abcDef12!',
    });
  });

  it('on 400 shows the server message and a way to a new link', async () => {
    stubFetch(() => jsonResponse(400, { success: false, message: RESET_INVALID }));
    renderWithRouter(<ResetPasswordPage />, {
      path: `/vendor/passwort-zuruecksetzen?token=${TOKEN}`,
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Neues Passwort'), 'abcDef12!');
    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), 'abcDef12!');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(RESET_INVALID);
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute(
      'href',
      '/vendor/passwort-vergessen',
    );
  });
});
