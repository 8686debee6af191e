import { expect, expectNoSeriousA11yViolations, hydrated, quietVisits, test } from './fixtures';

quietVisits();

test.describe('/kontakt', () => {
  test('sends a message: thank-you banner, empty form, mails to the shop and the sender', async ({
    page,
    shop,
  }) => {
    await page.goto('/kontakt');
    await expect(page).toHaveTitle('Kontakt | housnkuh');
    await expect(page.getByRole('heading', { level: 1, name: 'Kontakt' })).toBeVisible();
    // contact data and the map (zoom 14) behind its consent placeholder
    const main = page.locator('main');
    await expect(main.getByRole('link', { name: '09261 000000' })).toHaveAttribute(
      'href',
      'tel:+499261000000',
    );
    await expect(main.getByRole('link', { name: 'info@housnkuh.de' })).toHaveAttribute(
      'href',
      'mailto:info@housnkuh.de',
    );
    await expect(page.getByRole('button', { name: 'Die Karte laden' })).toBeVisible();

    const form = page.locator('form');
    await form.getByLabel('Name').fill('Maria Schmitt');
    await form.getByLabel('E-Mail-Adresse').fill('maria.schmitt@beispiel.de');
    await form.getByLabel('Telefon').fill('0171 2345678');
    await form.getByLabel('Betreff').fill('Kühlfach für Ziegenkäse');
    await form.getByLabel('Nachricht').fill('Hallo,\nich hätte gern ein Kühlfach.\nGrüße, Maria');
    await form.getByRole('button', { name: 'Nachricht senden' }).click();

    const banner = page.getByRole('status').filter({ hasText: 'Vielen Dank für deine Nachricht!' });
    await expect(banner).toBeVisible();
    for (const label of ['Name', 'E-Mail-Adresse', 'Telefon', 'Betreff', 'Nachricht']) {
      await expect(form.getByLabel(label)).toHaveValue('');
    }

    const notification = await shop.waitForMail('info@housnkuh.de', (m) =>
      m.subject.includes('Kühlfach für Ziegenkäse'),
    );
    expect(notification.subject).toBe('Kontaktformular: Kühlfach für Ziegenkäse');
    expect(notification.text).toContain('ich hätte gern ein Kühlfach.');
    const confirmation = await shop.waitForMail('maria.schmitt@beispiel.de');
    expect(confirmation.subject).toBe('Deine Nachricht an housnkuh');
  });

  test('shows the field messages, tied to their fields, and sends nothing', async ({
    page,
    shop,
  }) => {
    await page.goto('/kontakt');
    const form = page.locator('form');
    await form.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Bitte gib deinen Namen ein');
    await expect(form.getByLabel('E-Mail-Adresse')).toHaveAccessibleDescription(
      'Bitte gib deine E-Mail-Adresse ein',
    );
    await expect(form.getByLabel('Betreff')).toHaveAccessibleDescription(
      'Bitte gib einen Betreff ein',
    );
    // the message, then its character count
    await expect(form.getByLabel('Nachricht')).toHaveAccessibleDescription(
      'Bitte gib deine Nachricht ein 0 / 5.000 Zeichen',
    );
    await form.getByLabel('E-Mail-Adresse').fill('maria@');
    await form.getByLabel('Telefon').fill('12');
    await form.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(form.getByText('Bitte gib eine gültige E-Mail-Adresse ein')).toBeVisible();
    await expect(form.getByText('Bitte gib eine gültige Telefonnummer ein')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(shop.mails.filter((m) => m.to === 'maria@')).toHaveLength(0);
  });

  test('shows the error banner when sending fails, and keeps the input', async ({ page }) => {
    await page.goto('/kontakt');
    const form = page.locator('form');
    await form.getByLabel('Name').fill('Maria');
    await form.getByLabel('E-Mail-Adresse').fill('maria@beispiel.de');
    await form.getByLabel('Betreff').fill('Frage');
    await form.getByLabel('Nachricht').fill('Hallo');
    await page.route('**/api/contact', (route) => route.abort('connectionrefused'));
    await form.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Beim Senden deiner Nachricht ist ein Fehler aufgetreten. Bitte versuche es später erneut.',
    );
    await expect(form.getByLabel('Nachricht')).toHaveValue('Hallo');

    // the server's list of errors is joined with '. '
    await page.unroute('**/api/contact');
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          message: 'Bitte korrigiere die markierten Felder',
          errors: ['Bitte gib deinen Namen ein', 'Bitte gib einen Betreff ein'],
        }),
      }),
    );
    await form.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Bitte gib deinen Namen ein. Bitte gib einen Betreff ein',
    );
  });

  test('can be filled and sent with the keyboard alone', async ({ page, shop }) => {
    await page.goto('/kontakt');
    await page.locator('form').getByLabel('Name').focus();
    await page.keyboard.type('Kai Tastatur');
    await page.keyboard.press('Tab');
    await page.keyboard.type('kai@beispiel.de');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Nur Tastatur');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Geht auch ohne Maus.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab'); // past the privacy link to the button
    await expect(page.getByRole('button', { name: 'Nachricht senden' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(
      page.getByText('Vielen Dank für deine Nachricht!', { exact: false }),
    ).toBeVisible();
    await shop.waitForMail('kai@beispiel.de');
  });
});

test.describe('length limits while typing', () => {
  test('the contact form stops each field at what the server takes, and counts the message', async ({
    page,
    shop,
  }) => {
    await page.goto('/kontakt');
    const form = page.locator('form');
    // filled the moment the fields are there, without waiting for the page to be interactive
    await form.getByLabel('Name').fill('n'.repeat(150));
    await expect(form.getByLabel('Name')).toHaveValue('n'.repeat(100));
    await form.getByLabel('E-Mail-Adresse').fill('lang@beispiel.de');
    await form.getByLabel('Telefon').fill('1'.repeat(30));
    await expect(form.getByLabel('Telefon')).toHaveValue('1'.repeat(20));
    await form.getByLabel('Betreff').fill('b'.repeat(250));
    await expect(form.getByLabel('Betreff')).toHaveValue('b'.repeat(200));
    const message = form.getByLabel('Nachricht');
    await expect(message).toHaveAccessibleDescription('0 / 5.000 Zeichen');
    await message.fill('Hallo');
    await expect(message).toHaveAccessibleDescription('5 / 5.000 Zeichen');
    await message.fill('m'.repeat(5100));
    await expect(message).toHaveValue('m'.repeat(5000));
    await expect(form.getByText('5.000 / 5.000 Zeichen')).toBeVisible();

    // what the fields hold, the server takes
    await form.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Vielen Dank für deine Nachricht!' }),
    ).toBeVisible();
    await expect(message).toHaveAccessibleDescription('0 / 5.000 Zeichen');
    await shop.waitForMail('lang@beispiel.de');
  });

  test('every text field of every public form has a maximum length', async ({ page }) => {
    const fields =
      'form[method="post"] :is(input:not([type="checkbox"], [type="radio"], [type="hidden"], [type="submit"]), textarea)';
    for (const path of [
      '/kontakt',
      '/vendor/login',
      '/vendor/passwort-vergessen',
      `/vendor/passwort-zuruecksetzen?token=${'x'.repeat(43)}`,
      '/#newsletter',
    ]) {
      await page.goto(path);
      if (path === '/#newsletter') {
        // the form loads when its section comes into view
        await page.locator('#newsletter').scrollIntoViewIfNeeded();
        await expect(
          page.locator('#newsletter').getByRole('button', { name: 'Newsletter abonnieren' }),
        ).toBeVisible();
      }
      await expect(page.locator(fields).first()).toBeVisible();
      const missing = await page
        .locator(fields)
        .evaluateAll((elements) =>
          elements
            .filter((element) => !element.hasAttribute('maxlength'))
            .map((element) => element.getAttribute('name') ?? element.id),
        );
      expect(missing, path).toEqual([]);
    }
  });
});

test.describe('/faq', () => {
  test('searches, filters by category, opens several answers, and resets', async ({ page }) => {
    await page.goto('/faq');
    await expect(page).toHaveTitle('Häufige Fragen | housnkuh');
    await expect(page.getByRole('heading', { level: 1, name: 'Häufige Fragen' })).toBeVisible();
    const questions = page.locator('li button[aria-expanded]');
    const all = await questions.count();
    expect(all).toBeGreaterThanOrEqual(24);

    // the sidebar lists every category with its count
    const sidebar = page.getByRole('navigation', { name: 'FAQ-Kategorien' });
    await expect(sidebar.getByRole('button', { name: `Alle Fragen ${all}` })).toBeVisible();
    for (const category of [
      'Allgemein',
      'Registrierung',
      'Buchungen',
      'Zahlungen',
      'Produkte',
      'Support',
    ]) {
      await expect(
        sidebar.getByRole('button', { name: new RegExp(`^${category} \\d+$`) }),
      ).toBeVisible();
    }

    // several answers open at once (a click before the page is interactive counts too)
    const first = questions.nth(0);
    const second = questions.nth(1);
    await first.click();
    await second.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'false');

    // search is case-insensitive and covers answers
    await page.getByLabel('FAQ durchsuchen').fill('PROVISION');
    await expect.poll(() => questions.count()).toBeLessThan(all);
    const found = await questions.count();
    expect(found).toBeGreaterThan(0);
    // the category dropdown narrows it further
    await page.getByLabel('Kategorie', { exact: true }).selectOption('Zahlungen');
    await expect(sidebar.getByRole('button', { name: /^Zahlungen \d+$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await questions.count()).toBeLessThanOrEqual(found);

    await page.getByLabel('FAQ durchsuchen').fill('Raumschiff');
    await expect(
      page.getByText(
        'Keine Ergebnisse gefunden. Versuche es mit anderen Suchbegriffen oder wähle eine andere Kategorie.',
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Alle FAQs anzeigen' }).click();
    await expect(questions).toHaveCount(all);
    await expect(page.getByLabel('FAQ durchsuchen')).toHaveValue('');

    // contact block
    await expect(page.getByRole('heading', { name: 'Noch Fragen?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zum Kontaktformular' })).toHaveAttribute(
      'href',
      '/kontakt',
    );
    await expectNoSeriousA11yViolations(page);
  });

  test('falls back to the built-in list when the FAQs cannot be loaded', async ({ page }) => {
    await page.route('**/api/faqs/public', (route) => route.abort('connectionrefused'));
    // arrive by client-side navigation, so the page has to fetch
    await page.goto('/');
    const faqLink = page.locator('footer').getByRole('link', { name: 'FAQ', exact: true });
    await hydrated(faqLink);
    await faqLink.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Häufige Fragen' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Was ist housnkuh?' })).toBeVisible();
  });
});

test.describe('legal pages', () => {
  for (const [path, title, heading, texts] of [
    [
      '/impressum',
      'Impressum | housnkuh',
      'Impressum',
      ['§ 5 DDG', 'Strauer Str. 15', '§ 18 Abs. 2 MStV'],
    ],
    [
      '/datenschutz',
      'Datenschutzerklärung | housnkuh',
      'Datenschutzerklärung',
      [
        'cookie-consent',
        'contestBannerDismissed',
        '7 Tage',
        'Bayerisches Landesamt für Datenschutzaufsicht',
      ],
    ],
    [
      '/agb',
      'Allgemeine Geschäftsbedingungen für Direktvermarkter | housnkuh',
      'Allgemeine Geschäftsbedingungen',
      ['Version 2.0', 'April 2025', 'Probemonat', 'Kein Wettbewerbsverbot', 'Kronach'],
    ],
  ] as const) {
    test(`${path} shows the complete text`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
      for (const text of texts) await expect(page.getByText(text).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});
