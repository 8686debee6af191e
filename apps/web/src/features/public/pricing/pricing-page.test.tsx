import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithRouter, stubFetch } from '../../../test-utils';
import { PricingPage } from './pricing-page';

/** The summary beside (desktop) or below (phone) the configurator. */
function summary() {
  return screen.getByRole('complementary', { name: /Zusammenfassung/ });
}

/** 'Paket buchen' in the summary; the phone's summary bar has its own (see below). */
function bookButton(name = 'Paket buchen') {
  return within(summary()).getByRole('button', { name });
}

function breakdown() {
  const summary = screen.getByRole('complementary', { name: /Zusammenfassung/ });
  const rows = within(summary)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
  return Object.fromEntries(rows);
}

/** Shows the page, adds one area and opens the registration dialog with 'Paket buchen'. */
async function openRegistration(user: UserEvent) {
  renderWithRouter(<PricingPage />, { path: '/pricing' });
  await user.click(screen.getByRole('button', { name: 'Verkaufsblock Lage B: eine mehr' }));
  await user.click(bookButton());
  return screen.findByRole('dialog', {}, { timeout: 10_000 });
}

/** Step 1 of the dialog: the e-mail address and a valid password twice, then 'Weiter'. */
async function enterAccess(user: UserEvent, dialog: HTMLElement, email: string) {
  await user.type(within(dialog).getByLabelText('E-Mail-Adresse'), email);
  await user.type(within(dialog).getByLabelText('Passwort'), 'Sicher1!');
  await user.type(within(dialog).getByLabelText('Passwort bestätigen'), 'Sicher1!');
  await user.click(within(dialog).getByRole('button', { name: 'Weiter' }));
}

describe('PricingPage (configurator)', { timeout: 30_000 }, () => {
  it('computes the breakdown as areas are added and removed, never below zero', async () => {
    stubFetch(() => jsonResponse(404, {}));
    const user = userEvent.setup();
    renderWithRouter(<PricingPage />, { path: '/pricing' });
    const book = bookButton();
    expect(book).toBeDisabled();

    const minusA = screen.getByRole('button', { name: 'Verkaufsblock Lage A: eine weniger' });
    expect(minusA).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Verkaufsblock Lage A: eine mehr' }));
    await user.click(screen.getByRole('button', { name: 'Verkaufsblock Lage A: eine mehr' }));
    await user.click(screen.getByRole('button', { name: 'Kühlfach: eine mehr' }));
    expect(screen.getByRole('status', { name: 'Anzahl Verkaufsblöcke Lage A' })).toHaveTextContent(
      '2',
    );
    expect(book).toBeEnabled();
    expect(breakdown()).toMatchObject({
      'Mietfächer (Grundpreis)': '120,00 €',
      Grundsumme: '120,00 €',
      Zusatzleistungen: '0,00 €',
      Zwischensumme: '120,00 €',
      'Rabatt (0 %)': '0,00 €',
      'Monatlich gesamt': '120,00 € / Monat',
      'Für 3 Monate': '360,00 €',
    });
    // no add-on options in the catalog: no row that always reads 0,00 €
    expect(breakdown()).not.toHaveProperty('Zusatzoptionen');

    // premium: extra services, and 12 months: 10 % off
    await user.click(screen.getByRole('checkbox', { name: /Lagerservice/ }));
    await user.click(screen.getByRole('radio', { name: /12 Monate/ }));
    expect(breakdown()).toMatchObject({
      Zusatzleistungen: '+20,00 €',
      Zwischensumme: '140,00 €',
      'Rabatt (10 %)': '−14,00 €',
      'Monatlich gesamt': '126,00 € / Monat',
    });

    await user.click(minusA);
    await user.click(minusA);
    await user.click(minusA);
    expect(screen.getByRole('status', { name: 'Anzahl Verkaufsblöcke Lage A' })).toHaveTextContent(
      '0',
    );
  });

  it('shows a type without a free unit as "derzeit belegt"; asking for it goes on the waiting list', async () => {
    stubFetch((url) =>
      url === '/api/pricing/availability'
        ? jsonResponse(200, {
            success: true,
            availability: [
              { optionId: 'block-a', total: 12, free: 3 },
              { optionId: 'block-cold', total: 6, free: 0 },
            ],
          })
        : jsonResponse(404, {}),
    );
    const user = userEvent.setup();
    renderWithRouter(<PricingPage />, { path: '/pricing' });
    const coldPlus = screen.getByRole('button', { name: 'Kühlfach: eine mehr' });
    await waitFor(() =>
      expect(coldPlus).toHaveAccessibleDescription(
        'Alle Fächer dieser Art sind vergeben. Eine Anfrage kommt auf die Warteliste.',
      ),
    );
    const cold = coldPlus.closest('li')!;
    expect(within(cold).getByText('derzeit belegt')).toBeVisible();
    const blockA = screen.getByRole('button', { name: 'Verkaufsblock Lage A: eine mehr' });
    expect(within(blockA.closest('li')!).queryByText('derzeit belegt')).toBeNull();

    await user.click(blockA);
    expect(summary()).not.toHaveTextContent('Warteliste');
    await user.click(coldPlus);
    expect(summary()).toHaveTextContent(
      'Warteliste: Für Kühlfach ist derzeit nicht genug frei. Deine Anfrage kommt auf die Warteliste; wir melden uns, sobald ein passendes Mietfach frei wird.',
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
    await user.click(bookButton());
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Als Direktvermarkter registrieren' },
      { timeout: 10_000 },
    );
    expect(within(dialog).getByText('Schritt 1 von 4: Zugangsdaten')).toBeVisible();
    const next = within(dialog).getByRole('button', { name: 'Weiter' });
    expect(next).toBeDisabled();
    // a disabled button says why
    expect(next).toHaveAccessibleDescription(
      'Weiter geht es, sobald die Pflichtfelder dieses Schritts gültig ausgefüllt sind.',
    );

    await user.type(within(dialog).getByLabelText('E-Mail-Adresse'), 'anna@beispiel.de');
    expect(within(dialog).getByLabelText('Passwort')).toHaveAccessibleDescription(
      /Erlaubt sind nur Buchstaben ohne Umlaute, Zahlen und die Sonderzeichen @\$!%\*\?&\./,
    );
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
    expect(next).not.toHaveAccessibleDescription();
    await user.click(next);
    expect(within(dialog).getByText('Schritt 2 von 4: Persönliche Angaben')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Zurück' }));
    expect(within(dialog).getByLabelText('E-Mail-Adresse')).toHaveValue('anna@beispiel.de');

    // login mode skips the other steps
    await user.click(within(dialog).getByRole('radio', { name: 'Ich habe ein Konto' }));
    expect(within(dialog).getByRole('button', { name: 'Anmelden' })).toBeEnabled();
    expect(within(dialog).queryByLabelText('Passwort bestätigen')).toBeNull();
    await user.clear(within(dialog).getByLabelText('Passwort'));
    expect(within(dialog).getByRole('button', { name: 'Anmelden' })).toHaveAccessibleDescription(
      'Bitte gib deine E-Mail-Adresse und dein Passwort ein.',
    );

    // closing resets the modal
    await user.click(within(dialog).getByRole('button', { name: 'Registrierung schließen' }));
    await user.click(bookButton());
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
    const dialog = await openRegistration(user);
    await enterAccess(user, dialog, 'anna@beispiel.de');
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

  it('shows the commission as a share of the sales the producer enters, not of the rent', async () => {
    stubFetch(() => jsonResponse(404, {}));
    const user = userEvent.setup();
    renderWithRouter(<PricingPage />, { path: '/pricing' });
    const sales = within(summary()).getByLabelText('Dein Umsatz im Monat (Beispiel)');
    expect(sales).toHaveValue('500');
    // premium (7 %): 35,00 € + 19 % VAT on it
    expect(sales).toHaveAccessibleDescription(
      'Bei 500,00 € Umsatz: 35,00 € Provision + 6,65 € MwSt. = 41,65 €',
    );
    // the rent does not change it
    await user.click(screen.getByRole('button', { name: 'Verkaufsblock Lage A: eine mehr' }));
    expect(sales).toHaveAccessibleDescription(
      'Bei 500,00 € Umsatz: 35,00 € Provision + 6,65 € MwSt. = 41,65 €',
    );
    expect(summary()).not.toHaveTextContent(/Verkaufst du im Monat für/);

    await user.clear(sales);
    await user.type(sales, '1.234,50');
    await user.click(screen.getByRole('radio', { name: /Basismodell/ }));
    expect(sales).toHaveAccessibleDescription(
      'Bei 1.234,50 € Umsatz: 49,38 € Provision + 9,38 € MwSt. = 58,76 €',
    );
    await user.clear(sales);
    await user.type(sales, 'viel');
    expect(sales).toHaveAttribute('aria-invalid', 'true');
    expect(sales).toHaveAccessibleDescription(
      'Bitte gib einen Betrag in Euro ein, zum Beispiel 500.',
    );
  });

  it("says 'Preis auf Anfrage' where nothing has a price yet, and notes it beside priced areas", async () => {
    stubFetch(() => jsonResponse(404, {}));
    const user = userEvent.setup();
    renderWithRouter(<PricingPage />, { path: '/pricing' });
    await user.click(screen.getByRole('button', { name: 'Flexibler Bereich: eine mehr' }));
    expect(breakdown()).toMatchObject({
      'Mietfächer (Grundpreis)': 'Preis auf Anfrage',
      'Monatlich gesamt': 'Preis auf Anfrage',
      'Für 3 Monate': 'Preis auf Anfrage',
    });
    expect(summary()).toHaveTextContent('1 × Flexibler BereichPreis auf Anfrage');
    expect(summary()).not.toHaveTextContent('0,00 € / Monat');
    const bar = screen.getByRole('region', { name: 'Paketübersicht' });
    expect(bar).toHaveTextContent('Monatlich gesamtPreis auf Anfrage');

    await user.click(screen.getByRole('button', { name: 'Schaufenster klein: eine mehr' }));
    expect(breakdown()).toMatchObject({ 'Monatlich gesamt': '30,00 € / Monat' });
    expect(summary()).toHaveTextContent('zzgl. Flexibler Bereich (Preis auf Anfrage)');
  });

  it('puts the free trial before the paid term in the summary', async () => {
    stubFetch(() => jsonResponse(404, {}));
    const user = userEvent.setup();
    renderWithRouter(<PricingPage />, { path: '/pricing' });
    await user.click(screen.getByRole('button', { name: 'Verkaufsblock Lage A: eine mehr' }));
    await user.click(screen.getByRole('radio', { name: /6 Monate/ }));
    const steps = within(summary())
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    const trial = steps.findIndex((text) => text?.startsWith('Zuerst der Probemonat: 30 Tage'));
    const term = steps.findIndex((text) => text === 'Danach 6 Monate Mietdauer: 33,25 € / Monat.');
    expect(trial).toBeGreaterThanOrEqual(0);
    expect(term).toBe(trial + 1);
  });

  it('names areas in singular and plural, and stops each at the units the shop has', async () => {
    stubFetch(() => jsonResponse(404, {}));
    const user = userEvent.setup();
    renderWithRouter(<PricingPage />, { path: '/pricing' });
    // card titles are names, not adjectives
    for (const title of ['Kühlfach', 'Tiefkühlfach', 'Verkaufstisch', 'Schaufenster groß']) {
      expect(screen.getByRole('heading', { level: 4, name: title })).toBeVisible();
    }
    expect(screen.queryByRole('heading', { name: 'gekühlt' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Kühlfach: eine mehr' }));
    await user.click(screen.getByRole('button', { name: 'Verkaufstisch: eine mehr' }));
    expect(summary()).toHaveTextContent('1 × Kühlfach');
    expect(summary()).toHaveTextContent('1 × Verkaufstisch');
    await user.click(screen.getByRole('button', { name: 'Kühlfach: eine mehr' }));
    expect(summary()).toHaveTextContent('2 × Kühlfächer');

    const plus = screen.getByRole('button', { name: 'Schaufenster groß: eine mehr' });
    await user.click(plus);
    expect(plus).toHaveAttribute('aria-disabled', 'true');
    expect(plus).toHaveAccessibleDescription('Höchstens 1 × Schaufenster groß möglich.');
    await user.click(plus);
    await user.click(plus);
    expect(screen.getByRole('status', { name: 'Anzahl Schaufenster groß' })).toHaveTextContent('1');
    expect(breakdown()).toMatchObject({ 'Mietfächer (Grundpreis)': '200,00 €' });
    // one less, and plus works again
    await user.click(screen.getByRole('button', { name: 'Schaufenster groß: eine weniger' }));
    expect(plus).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByText('Höchstens 1 × Schaufenster groß möglich.')).toBeNull();
  });

  it('the summary bar shows the monthly total and books like the summary', async () => {
    stubFetch(() => jsonResponse(404, {}));
    const user = userEvent.setup();
    renderWithRouter(<PricingPage />, { path: '/pricing' });
    const bar = screen.getByRole('region', { name: 'Paketübersicht' });
    const book = within(bar).getByRole('button', { name: 'Paket buchen' });
    expect(bar).toHaveTextContent('Noch keine Fläche gewählt');
    expect(book).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Verkaufsblock Lage B: eine mehr' }));
    await user.click(screen.getByRole('radio', { name: /12 Monate/ }));
    expect(bar).toHaveTextContent('13,50 € / Monat');
    await user.click(book);
    expect(
      await screen.findByRole(
        'dialog',
        { name: 'Als Direktvermarkter registrieren' },
        { timeout: 10_000 },
      ),
    ).toBeVisible();
  });

  it('reports a taken e-mail address when leaving step 1, before the other steps', async () => {
    let available = false;
    const calls = stubFetch((url) =>
      url === '/api/vendor-auth/email-available'
        ? jsonResponse(200, {
            success: true,
            available,
            ...(available
              ? {}
              : {
                  message:
                    'Diese E-Mail-Adresse ist bereits registriert. Bitte melde dich an oder setze dein Passwort zurück.',
                }),
          })
        : jsonResponse(404, {}),
    );
    const user = userEvent.setup();
    const dialog = await openRegistration(user);
    await enterAccess(user, dialog, 'Anna@Beispiel.de');

    const email = within(dialog).getByLabelText('E-Mail-Adresse');
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(
        'Diese E-Mail-Adresse ist bereits registriert. Bitte melde dich an oder setze dein Passwort zurück.',
      ),
    );
    expect(within(dialog).getByText('Schritt 1 von 4: Zugangsdaten')).toBeVisible();
    const checks = calls.filter((c) => c.url === '/api/vendor-auth/email-available');
    expect(checks).toHaveLength(1);
    expect(JSON.parse(String(checks[0]!.init?.body))).toEqual({ email: 'Anna@Beispiel.de' });

    // another address: on to step 2
    available = true;
    await user.clear(email);
    await user.type(email, 'neu@beispiel.de');
    await user.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    expect(await within(dialog).findByText('Schritt 2 von 4: Persönliche Angaben')).toBeVisible();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('limits every field to what the server takes, and the success dialog says its title once', async () => {
    const message =
      'Vor-Registrierung erfolgreich! Bitte bestätige jetzt deine E-Mail-Adresse über den Link, den wir dir geschickt haben.';
    stubFetch((url) => {
      if (url === '/api/vendor-auth/email-available') {
        return jsonResponse(200, { success: true, available: true });
      }
      if (url === '/api/vendor-auth/preregister') {
        return jsonResponse(200, { success: true, message, userId: 'x' });
      }
      return jsonResponse(404, {});
    });
    const user = userEvent.setup();
    const dialog = await openRegistration(user);
    const maxLength = (label: string | RegExp) =>
      within(dialog).getByLabelText(label).getAttribute('maxlength');
    expect(maxLength('E-Mail-Adresse')).toBe('254');
    expect(maxLength('Passwort')).toBe('128');
    await enterAccess(user, dialog, 'anna@beispiel.de');
    await within(dialog).findByText('Schritt 2 von 4: Persönliche Angaben');
    expect(maxLength(/^Name/)).toBe('100');
    expect(maxLength(/Telefonnummer/)).toBe('20');
    expect(maxLength(/Unternehmen/)).toBe('150');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Anna Huber');
    await user.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    expect(maxLength('Straße')).toBe('120');
    expect(maxLength('Hausnummer')).toBe('10');
    expect(maxLength('Postleitzahl')).toBe('5');
    expect(maxLength('Ort')).toBe('100');
    const comments = within(dialog).getByLabelText(/Anmerkungen/);
    expect(comments).toHaveAttribute('maxlength', '500');
    await user.type(within(dialog).getByLabelText('Straße'), 'Dorfstraße');
    await user.type(within(dialog).getByLabelText('Hausnummer'), '3');
    await user.type(within(dialog).getByLabelText('Postleitzahl'), '963170');
    expect(within(dialog).getByLabelText('Postleitzahl')).toHaveValue('96317');
    await user.type(within(dialog).getByLabelText('Ort'), 'Kronach');
    await user.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    await user.click(
      within(dialog).getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }),
    );
    await user.click(within(dialog).getByRole('checkbox', { name: /Datenschutzerklärung/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Buchung bestätigen' }));

    const success = await screen.findByRole(
      'dialog',
      { name: 'Vor-Registrierung erfolgreich!' },
      { timeout: 10_000 },
    );
    expect(success).toHaveAccessibleDescription(
      'Bitte bestätige jetzt deine E-Mail-Adresse über den Link, den wir dir geschickt haben.',
    );
  });
});
