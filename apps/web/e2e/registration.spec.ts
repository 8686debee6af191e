import { TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { findLink } from '@housnkuh/test-support/smtp-catcher';
import { expect, expectNoSeriousA11yViolations, quietVisits, test } from './fixtures';

quietVisits();

function confirmLink(text: string): string {
  const link = findLink(text, '/vendor/confirm');
  if (!link) throw new Error('no confirmation link');
  return link;
}

/** A registration with only the required fields, in Hauptstraße <number>, Kronach. */
function shortRegistration(
  email: string,
  name: string,
  hausnummer: string,
  packageData: object = { packageCounts: { 'block-b': 1 }, rentalDuration: 3 },
) {
  return {
    email,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    name,
    strasse: 'Hauptstraße',
    hausnummer,
    plz: '96317',
    ort: 'Kronach',
    agreeToTerms: true,
    agreeToPrivacy: true,
    packageData,
  };
}

test(
  'configure → register → confirm by mail → log in → the dashboard shows the booking',
  { tag: '@db' },
  async ({ page, shop }) => {
    test.setTimeout(90_000);
    await page.goto('/pricing');
    await expect(page).toHaveTitle('Verkaufsfläche mieten | housnkuh');
    const book = page.getByRole('button', { name: 'Paket buchen' });
    await expect(book).toBeDisabled();

    // premium (the default), 2 × Lage A, 1 × Kühlfach, Lagerservice, 6 months
    await page.getByRole('button', { name: 'Verkaufsblock Lage A: eine mehr' }).click();
    await page.getByRole('button', { name: 'Verkaufsblock Lage A: eine mehr' }).click();
    await page.getByRole('button', { name: 'Kühlfach: eine mehr', exact: true }).click();
    await page.getByRole('checkbox', { name: /Lagerservice/ }).check();
    await page.getByRole('radio', { name: /6 Monate/ }).check();
    const summary = page.getByRole('complementary', { name: /Zusammenfassung/ });
    await expect(summary).toContainText('Rabatt (5 %)');
    await expect(summary).toContainText('133,00 € / Monat');
    await expectNoSeriousA11yViolations(page);

    await book.click();
    const dialog = page.getByRole('dialog', { name: 'Als Direktvermarkter registrieren' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('E-Mail-Adresse').fill('hof.weber@beispiel.de');
    await dialog.getByLabel('Passwort', { exact: true }).fill(TEST_PASSWORD);
    await dialog.getByLabel('Passwort bestätigen').fill(TEST_PASSWORD);
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await dialog.getByLabel(/^Name/).fill('Klara Weber');
    await dialog.getByLabel(/Unternehmen/).fill('Hof Weber');
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await dialog.getByLabel('Straße').fill('Am Anger');
    await dialog.getByLabel('Hausnummer').fill('7');
    await dialog.getByLabel('Postleitzahl').fill('96328');
    await dialog.getByLabel('Ort').fill('Küps');
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await expect(dialog).toContainText('133,00 € / Monat');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }).check();
    await dialog.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
    await dialog.getByRole('button', { name: 'Buchung bestätigen' }).click();

    // the shop has no opening date yet: a pre-registration
    const success = page.getByRole('dialog', { name: 'Vor-Registrierung erfolgreich!' });
    await expect(success).toBeVisible();
    // no opening date set: the opening is "soon", no season named by hand
    await expect(success).toContainText(
      'Dein kostenloser Probemonat (30 Tage ohne Miete) beginnt mit der Eröffnung des Ladens, die bald bevorsteht.',
    );
    await expect(success).not.toContainText('2025');
    // the subtitle says what follows, not the title again
    await expect(success).toHaveAccessibleDescription(
      'Bitte bestätige jetzt deine E-Mail-Adresse über den Link, den wir dir geschickt haben.',
    );
    await success.getByRole('button', { name: 'Verstanden' }).click();
    await expect(success).toBeHidden();

    const mail = await shop.waitForMail('hof.weber@beispiel.de');
    expect(mail.text).toContain('Monatlich: 133,00 €');
    await page.goto(confirmLink(mail.text));
    await expect(
      page.getByRole('heading', { name: 'Account erfolgreich bestätigt!' }),
    ).toBeVisible();

    await page.goto('/vendor/login');
    await page.getByLabel('E-Mail-Adresse').fill('hof.weber@beispiel.de');
    await page.getByLabel('Passwort').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hallo Klara Weber!' })).toBeVisible();
    await expect(page.getByText('Vor-registriert')).toBeVisible();
    // the next step is the shop's: the request is being reviewed, nothing to book
    const next = page.getByRole('region', { name: 'Als Nächstes' });
    await expect(next).toContainText('Deine Buchungsanfrage wird geprüft.');
    await expect(next.getByRole('link', { name: 'Verkaufsfläche buchen' })).toHaveCount(0);
    const booking = page.getByRole('article').first();
    await expect(booking).toContainText('Vor-Registrierung vom');
    await expect(booking).toContainText('2 × Verkaufsblöcke Lage A');
    await expect(booking).toContainText('1 × Kühlfach');
    await expect(booking).toContainText('133,00 €');
    await expect(booking).toContainText('Angefragt');
    // the navigation now leads to the dashboard
    await expect(page.locator('header').getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  },
);

test(
  'a logged-in vendor books more space, and can cancel it',
  { tag: '@db' },
  async ({ page, request, shop }) => {
    test.setTimeout(90_000);
    // an account made through the API and confirmed by its mail
    const response = await request.post('/api/vendor-auth/register', {
      data: shortRegistration('mehr@beispiel.de', 'Paul Mehr', '1'),
    });
    expect(response.ok()).toBe(true);
    await page.goto(confirmLink((await shop.waitForMail('mehr@beispiel.de')).text));
    await expect(
      page.getByRole('heading', { name: 'Account erfolgreich bestätigt!' }),
    ).toBeVisible();
    await page.goto('/vendor/login');
    await page.getByLabel('E-Mail-Adresse').fill('mehr@beispiel.de');
    await page.getByLabel('Passwort').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);

    await page.getByRole('link', { name: 'Weitere Fläche buchen' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await page.getByRole('radio', { name: /Basismodell/ }).check();
    await page.getByRole('button', { name: 'Schaufenster klein: eine mehr' }).click();
    await page.getByRole('button', { name: 'Zusätzliche Fläche buchen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zusätzliche Buchung bestätigen' });
    await expect(dialog).toContainText('1 × Schaufenster klein');
    await dialog.getByRole('button', { name: 'Buchung bestätigen' }).click();

    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Deine Buchung ist eingegangen' }),
    ).toBeVisible();
    const additional = page.getByRole('article').filter({ hasText: 'Zusätzliche Buchung' });
    await expect(additional).toContainText('30,00 €');
    await shop.waitForMail(
      'info@housnkuh.de',
      (m) => m.subject === 'Zusätzliche Buchung: Paul Mehr',
    );

    await additional.getByRole('button', { name: 'Buchung stornieren' }).click();
    await additional.getByLabel(/Grund/).fill('Doch nicht nötig');
    await additional.getByRole('button', { name: 'Stornierung bestätigen' }).click();
    await expect(
      page.getByRole('article').filter({ hasText: 'Zusätzliche Buchung' }),
    ).toContainText('Storniert');
    await expect(page.getByText('Grund der Stornierung: Doch nicht nötig')).toBeVisible();

    // logging out ends the session
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/vendor/dashboard');
    await expect(page).toHaveURL(/\/vendor\/login$/);
  },
);

test('the login step of the modal books the package for an existing account', async ({
  page,
  request,
  shop,
}) => {
  test.setTimeout(90_000);
  await request.post('/api/vendor-auth/register', {
    data: shortRegistration('konto@beispiel.de', 'Eva Konto', '2'),
  });
  await page.goto(confirmLink((await shop.waitForMail('konto@beispiel.de')).text));
  await expect(page.getByRole('heading', { name: 'Account erfolgreich bestätigt!' })).toBeVisible();

  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Verkaufstisch: eine mehr' }).click();
  await page.getByRole('button', { name: 'Paket buchen' }).click();
  await page
    .getByRole('dialog', { name: 'Als Direktvermarkter registrieren' })
    .getByRole('radio', { name: 'Ich habe ein Konto' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Anmelden und buchen' });
  await dialog.getByLabel('E-Mail-Adresse').fill('konto@beispiel.de');
  await dialog.getByLabel('Passwort', { exact: true }).fill('Falsch1!');
  await dialog.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toContainText('Ungültige Anmeldedaten');
  await page.getByRole('dialog').getByLabel('Passwort', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('dialog').getByRole('button', { name: 'Anmelden' }).click();
  const booking = page.getByRole('dialog', { name: 'Zusätzliche Buchung bestätigen' });
  await expect(booking).toContainText('1 × Verkaufstisch');
  await expect(booking).not.toContainText('1 × Verkaufstische');
  await booking.getByRole('button', { name: 'Buchung bestätigen' }).click();
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);
  await expect(page.getByRole('article').filter({ hasText: 'Verkaufstisch' })).toContainText(
    '40,00 €',
  );
});

test('a taken e-mail address is reported when leaving step 1, not after step 4', async ({
  page,
  request,
  shop,
}) => {
  const response = await request.post('/api/vendor-auth/register', {
    data: shortRegistration('schon.da@beispiel.de', 'Vera Da', '3'),
  });
  expect(response.ok()).toBe(true);
  await shop.waitForMail('schon.da@beispiel.de');

  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Verkaufsblock Lage B: eine mehr' }).click();
  await page.getByRole('button', { name: 'Paket buchen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Als Direktvermarkter registrieren' });
  const email = dialog.getByLabel('E-Mail-Adresse');
  await email.fill('Schon.Da@beispiel.de');
  await dialog.getByLabel('Passwort', { exact: true }).fill(TEST_PASSWORD);
  await dialog.getByLabel('Passwort bestätigen').fill(TEST_PASSWORD);
  await dialog.getByRole('button', { name: 'Weiter' }).click();
  await expect(email).toHaveAccessibleDescription(
    'Diese E-Mail-Adresse ist bereits registriert. Bitte melde dich an oder setze dein Passwort zurück.',
  );
  await expect(dialog.getByRole('alert')).toContainText('Bitte korrigiere die markierten Felder');
  await expect(dialog).toContainText('Schritt 1 von 4: Zugangsdaten');
  await expectNoSeriousA11yViolations(page);

  // another address goes on to step 2
  await email.fill('noch.frei@beispiel.de');
  await dialog.getByRole('button', { name: 'Weiter' }).click();
  await expect(dialog).toContainText('Schritt 2 von 4: Persönliche Angaben');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});

test('the summary: commission on the sales entered, price on request, the trial first', async ({
  page,
}) => {
  await page.goto('/pricing');
  const summary = page.getByRole('complementary', { name: /Zusammenfassung/ });
  // typed the moment the field is there, before the page is interactive
  const sales = summary.getByLabel('Dein Umsatz im Monat (Beispiel)');
  await sales.fill('1000');
  await expect(sales).toHaveAccessibleDescription(
    'Bei 1.000,00 € Umsatz: 70,00 € Provision + 13,30 € MwSt. = 83,30 €',
  );
  await expect(summary).not.toContainText('Verkaufst du im Monat für');

  await page.getByRole('button', { name: 'Flexibler Bereich: eine mehr' }).click();
  await expect(summary).toContainText('1 × Flexibler BereichPreis auf Anfrage');
  await expect(summary.locator('dl')).toContainText('Monatlich gesamtPreis auf Anfrage');
  await expect(summary).not.toContainText('0,00 € / Monat');
  // the rent does not change the commission
  await expect(sales).toHaveAccessibleDescription(
    'Bei 1.000,00 € Umsatz: 70,00 € Provision + 13,30 € MwSt. = 83,30 €',
  );

  await page.getByRole('button', { name: 'Verkaufsblock Lage A: eine mehr' }).click();
  const steps = summary.getByRole('listitem');
  await expect(steps.filter({ hasText: 'Zuerst der Probemonat' })).toContainText(
    '30 Tage ohne Miete',
  );
  await expect(steps.filter({ hasText: 'Danach 3 Monate Mietdauer' })).toHaveText(
    'Danach 3 Monate Mietdauer: 35,00 € / Monat zzgl. Flexibler Bereich (Preis auf Anfrage).',
  );
});

test(
  'each area stops at the units the shop has, also on the server',
  { tag: '@db' },
  async ({ page, request }) => {
    // the server renders which type is taken: it is in the page before its script runs, so
    // nothing moves under a finger that taps early (decision 0096)
    const html = await (await request.get('/pricing')).text();
    expect(html).toContain('Alle Fächer dieser Art sind vergeben.');
    await page.goto('/pricing');
    const plus = page.getByRole('button', { name: 'Schaufenster groß: eine mehr' });
    await plus.click();
    // at the limit plus is disabled for assistive technology too; a tap changes nothing
    await expect(plus).toBeDisabled();
    await plus.click({ force: true });
    await expect(page.getByRole('status', { name: 'Anzahl Schaufenster groß' })).toHaveText('1');
    // the shop's one large shop window is held by a demo producer: the limit and the waiting list
    await expect(plus).toHaveAccessibleDescription(
      'Höchstens 1 × Schaufenster groß möglich. Alle Fächer dieser Art sind vergeben. Eine Anfrage kommt auf die Warteliste.',
    );
    await expect(page.getByText('Höchstens 1 × Schaufenster groß möglich.')).toBeVisible();
    await expect(page.getByRole('complementary', { name: /Zusammenfassung/ })).toContainText(
      '60,00 € / Monat',
    );

    const response = await request.post('/api/vendor-auth/preregister', {
      data: shortRegistration('dreissig.fenster@beispiel.de', 'Otto Fenster', '4', {
        packageCounts: { 'window-large': 30 },
        rentalDuration: 3,
      }),
    });
    expect(response.status()).toBe(400);
    expect((await response.json()).errors).toEqual([
      {
        field: 'packageData.packageCounts.window-large',
        message: 'Höchstens 1 × Schaufenster groß möglich.',
      },
    ]);
  },
);

test('on a phone: a summary bar with the total and the button; equal checkboxes; limits while typing', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/pricing');
  const bar = page.getByRole('region', { name: 'Paketübersicht' });
  const barButton = bar.getByRole('button', { name: 'Paket buchen' });
  await expect(bar).toBeInViewport();
  await expect(bar).toContainText('Noch keine Fläche gewählt');
  await expect(barButton).toBeDisabled();

  // the last '+' of the page: the total and the button are on screen beside it
  const plus = page.getByRole('button', { name: 'Schaufenster groß: eine mehr' });
  await plus.click();
  await expect(bar).toContainText('60,00 € / Monat');
  await expect(barButton).toBeInViewport();
  await expect(barButton).toBeEnabled();
  const plusBox = (await plus.boundingBox())!;
  const barBox = (await bar.boundingBox())!;
  expect(plusBox.y + plusBox.height).toBeLessThanOrEqual(barBox.y);
  await expectNoSeriousA11yViolations(page);

  // at the end of the configurator the bar covers nothing: it sits below the summary's button
  await page.evaluate(() => {
    const end = document.querySelector('main')!.getBoundingClientRect().bottom;
    window.scrollTo({ top: window.scrollY + end - window.innerHeight, behavior: 'instant' });
  });
  const summaryButton = page
    .getByRole('complementary', { name: /Zusammenfassung/ })
    .getByRole('button', { name: 'Paket buchen' });
  await expect(summaryButton).toBeInViewport({ ratio: 1 });
  const endBar = (await bar.boundingBox())!;
  const endButton = (await summaryButton.boundingBox())!;
  expect(endButton.y + endButton.height).toBeLessThanOrEqual(endBar.y);
  const footer = (await page.locator('footer').boundingBox())!;
  expect(endBar.y + endBar.height).toBeLessThanOrEqual(footer.y + 1);

  // keyboard: the bar's button comes right after the summary's, and books
  await summaryButton.focus();
  await page.keyboard.press('Tab');
  await expect(barButton).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Als Direktvermarkter registrieren' });
  await expect(dialog).toBeVisible();

  // through the steps; the comment box stops at 500 characters
  await dialog.getByLabel('E-Mail-Adresse').fill('handy@beispiel.de');
  await dialog.getByLabel('Passwort', { exact: true }).fill(TEST_PASSWORD);
  await dialog.getByLabel('Passwort bestätigen').fill(TEST_PASSWORD);
  await dialog.getByRole('button', { name: 'Weiter' }).click();
  await dialog.getByLabel(/^Name/).fill('Hanna Handy');
  await dialog.getByRole('button', { name: 'Weiter' }).click();
  await dialog.getByLabel('Straße').fill('Am Anger');
  await dialog.getByLabel('Hausnummer').fill('7');
  await dialog.getByLabel('Postleitzahl').fill('96328');
  await dialog.getByLabel('Ort').fill('Küps');
  const comments = dialog.getByLabel(/Anmerkungen/);
  await comments.fill('x'.repeat(600));
  await expect(comments).toHaveValue('x'.repeat(500));
  await expect(dialog.getByText('500 / 500 Zeichen')).toBeVisible();
  await dialog.getByRole('button', { name: 'Weiter' }).click();

  // step 4's checkboxes have the size of the extra services' ones
  const agreements = [
    dialog.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }),
    dialog.getByRole('checkbox', { name: /Datenschutzerklärung/ }),
  ];
  // the required consents are on screen with the button, which says why it waits
  const confirm = dialog.getByRole('button', { name: 'Buchung bestätigen' });
  for (const box of agreements) await expect(box).toBeInViewport();
  await expect(confirm).toBeInViewport();
  await expect(confirm).toBeDisabled();
  await expect(confirm).toHaveAccessibleDescription(
    'Bitte bestätige die AGB und die Datenschutzerklärung.',
  );
  await expect(
    dialog.getByText('Bitte bestätige die AGB und die Datenschutzerklärung.'),
  ).toBeVisible();
  await agreements[0]!.check();
  await agreements[1]!.check();
  await expect(confirm).toBeEnabled();
  await expect(confirm).toHaveAccessibleDescription('');
  await expectNoSeriousA11yViolations(page);
  const sizes = [];
  for (const box of agreements) {
    const { width, height } = (await box.boundingBox())!;
    sizes.push([width, height]);
  }
  await dialog.getByRole('button', { name: 'Registrierung schließen' }).click();
  for (const name of [/Lagerservice/, /Versandservice/]) {
    const { width, height } = (await page.getByRole('checkbox', { name }).boundingBox())!;
    sizes.push([width, height]);
  }
  expect(sizes).toEqual(Array(4).fill([20, 20]));

  // a desktop has the summary beside the configurator and no bar
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(bar).toBeHidden();
});
