import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithRouter, stubFetch } from '../../test-utils';
import { PricingPage } from './pricing-page';

function breakdown() {
  const summary = screen.getByRole('complementary', { name: /Zusammenfassung/ });
  const rows = within(summary)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
  return Object.fromEntries(rows);
}

describe('PricingPage (configurator)', { timeout: 30_000 }, () => {
  it('computes the breakdown as areas are added and removed, never below zero', async () => {
    stubFetch(() => jsonResponse(404, {}));
    const user = userEvent.setup();
    renderWithRouter(<PricingPage />, { path: '/pricing' });
    const book = screen.getByRole('button', { name: 'Paket buchen' });
    expect(book).toBeDisabled();

    const minusA = screen.getByRole('button', { name: 'Verkaufsblock Lage A: eine weniger' });
    expect(minusA).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Verkaufsblock Lage A: eine mehr' }));
    await user.click(screen.getByRole('button', { name: 'Verkaufsblock Lage A: eine mehr' }));
    await user.click(screen.getByRole('button', { name: 'gekühlt: eine mehr' }));
    expect(screen.getByRole('status', { name: 'Anzahl Verkaufsblock Lage A' })).toHaveTextContent(
      '2',
    );
    expect(book).toBeEnabled();
    expect(breakdown()).toMatchObject({
      'Mietfächer (Grundpreis)': '120,00 €',
      Zusatzoptionen: '0,00 €',
      Grundsumme: '120,00 €',
      Zusatzleistungen: '0,00 €',
      Zwischensumme: '120,00 €',
      'Rabatt (0 %)': '0,00 €',
      'Monatlich gesamt': '120,00 € / Monat',
      'Für 3 Monate': '360,00 €',
    });

    // premium: extra services, and 12 months: 10 % off
    await user.click(screen.getByRole('checkbox', { name: /Lagerservice/ }));
    await user.click(screen.getByRole('radio', { name: /12 Monate/ }));
    expect(breakdown()).toMatchObject({
      Zusatzleistungen: '+20,00 €',
      Zwischensumme: '140,00 €',
      'Rabatt (10 %)': '-14,00 €',
      'Monatlich gesamt': '126,00 € / Monat',
    });

    await user.click(minusA);
    await user.click(minusA);
    await user.click(minusA);
    expect(screen.getByRole('status', { name: 'Anzahl Verkaufsblock Lage A' })).toHaveTextContent(
      '0',
    );
  });

  it('switches the extra services off and disables them for the basic model', async () => {
    stubFetch(() => jsonResponse(404, {}));
    const user = userEvent.setup();
    renderWithRouter(<PricingPage />, { path: '/pricing' });
    const storage = screen.getByRole('checkbox', { name: /Lagerservice/ });
    await user.click(storage);
    expect(storage).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Basismodell/ }));
    expect(storage).not.toBeChecked();
    expect(storage).toBeDisabled();
    expect(
      screen.getByText(
        'Zusatzleistungen sind nur mit dem Premium-Provisionsmodell (7 %) verfügbar',
      ),
    ).toBeVisible();
  });

  it('opens the registration modal; Weiter waits for a valid step; the password checklist updates', async () => {
    stubFetch(() => jsonResponse(404, {}));
    const user = userEvent.setup();
    renderWithRouter(<PricingPage />, { path: '/pricing' });
    await user.click(screen.getByRole('button', { name: 'Verkaufsblock Lage B: eine mehr' }));
    await user.click(screen.getByRole('button', { name: 'Paket buchen' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Als Direktvermarkter registrieren' },
      { timeout: 10_000 },
    );
    expect(within(dialog).getByText('Schritt 1 von 4: Zugangsdaten')).toBeVisible();
    const next = within(dialog).getByRole('button', { name: 'Weiter' });
    expect(next).toBeDisabled();

    await user.type(within(dialog).getByLabelText('E-Mail-Adresse'), 'anna@beispiel.de');
    await user.type(within(dialog).getByLabelText('Passwort'), 'sicher');
    await user.tab();
    expect(
      within(dialog).getByText(
        'Fehlend: Mindestens 8 Zeichen, Ein Großbuchstabe, Eine Zahl, Ein Sonderzeichen (@$!%*?&)',
      ),
    ).toBeVisible();
    await user.clear(within(dialog).getByLabelText('Passwort'));
    await user.type(within(dialog).getByLabelText('Passwort'), 'Sicher1!');
    await user.type(within(dialog).getByLabelText('Passwort bestätigen'), 'Sicher1!');
    await waitFor(() => expect(next).toBeEnabled());
    await user.click(next);
    expect(within(dialog).getByText('Schritt 2 von 4: Persönliche Angaben')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Zurück' }));
    expect(within(dialog).getByLabelText('E-Mail-Adresse')).toHaveValue('anna@beispiel.de');

    // login mode skips the other steps
    await user.click(within(dialog).getByRole('radio', { name: 'Ich habe ein Konto' }));
    expect(within(dialog).getByRole('button', { name: 'Anmelden' })).toBeEnabled();
    expect(within(dialog).queryByLabelText('Passwort bestätigen')).toBeNull();

    // closing resets the modal
    await user.click(within(dialog).getByRole('button', { name: 'Registrierung schließen' }));
    await user.click(screen.getByRole('button', { name: 'Paket buchen' }));
    const again = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(within(again).getByLabelText('E-Mail-Adresse')).toHaveValue('');
  });

  it('shows server field errors beside their fields and in the banner with German labels', async () => {
    stubFetch((url) =>
      url.startsWith('/api/vendor-auth/')
        ? jsonResponse(400, {
            success: false,
            message: 'Bitte korrigiere die markierten Felder',
            errors: [{ field: 'email', message: 'Diese E-Mail-Adresse ist bereits registriert.' }],
          })
        : jsonResponse(404, {}),
    );
    const user = userEvent.setup();
    renderWithRouter(<PricingPage />, { path: '/pricing' });
    await user.click(screen.getByRole('button', { name: 'Verkaufsblock Lage B: eine mehr' }));
    await user.click(screen.getByRole('button', { name: 'Paket buchen' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await user.type(within(dialog).getByLabelText('E-Mail-Adresse'), 'anna@beispiel.de');
    await user.type(within(dialog).getByLabelText('Passwort'), 'Sicher1!');
    await user.type(within(dialog).getByLabelText('Passwort bestätigen'), 'Sicher1!');
    await user.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    await user.type(within(dialog).getByLabelText(/^Name/), 'Anna Huber');
    await user.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    await user.type(within(dialog).getByLabelText('Straße'), 'Dorfstraße');
    await user.type(within(dialog).getByLabelText('Hausnummer'), '3');
    await user.type(within(dialog).getByLabelText('Postleitzahl'), '96317');
    await user.type(within(dialog).getByLabelText('Ort'), 'Kronach');
    expect(within(dialog).getByText('0 / 500 Zeichen')).toBeVisible();
    await user.type(within(dialog).getByLabelText(/Anmerkungen/), 'Eier');
    expect(within(dialog).getByText('4 / 500 Zeichen')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    const confirm = within(dialog).getByRole('button', { name: 'Buchung bestätigen' });
    expect(confirm).toBeDisabled();
    await user.click(
      within(dialog).getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }),
    );
    await user.click(within(dialog).getByRole('checkbox', { name: /Datenschutzerklärung/ }));
    await user.click(confirm);

    const alert = await within(dialog).findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Bitte korrigiere die markierten Felder');
    expect(alert).toHaveTextContent('E-Mail: Diese E-Mail-Adresse ist bereits registriert.');
    // back on step 1, the message beside the field
    expect(within(dialog).getByLabelText('E-Mail-Adresse')).toHaveAccessibleDescription(
      'Diese E-Mail-Adresse ist bereits registriert.',
    );
  });
});
