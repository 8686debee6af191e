import {
  expect,
  expectNoSeriousA11yViolations,
  test,
  withConsent,
  withoutContestBanner,
} from './fixtures';

test.beforeEach(async ({ page }) => {
  await withConsent(page, 'declined');
  await withoutContestBanner(page);
});

function confirmLink(text: string): string {
  const link = /(http:\/\/\S+\/vendor\/confirm\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!link) throw new Error('no confirmation link');
  return link;
}

test('configure → register → confirm by mail → log in → the dashboard shows the booking', async ({
  page,
  shop,
}) => {
  test.setTimeout(90_000);
  await page.goto('/pricing');
  await expect(page).toHaveTitle('Verkaufsfläche mieten | housnkuh');
  const book = page.getByRole('button', { name: 'Paket buchen' });
  await expect(book).toBeDisabled();

  // premium (the default), 2 × Lage A, 1 × gekühlt, Lagerservice, 6 months
  await page.getByRole('button', { name: 'Verkaufsblock Lage A: eine mehr' }).click();
  await page.getByRole('button', { name: 'Verkaufsblock Lage A: eine mehr' }).click();
  await page.getByRole('button', { name: 'gekühlt: eine mehr' }).click();
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
  await dialog.getByLabel('Passwort', { exact: true }).fill('Sicher1!');
  await dialog.getByLabel('Passwort bestätigen').fill('Sicher1!');
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
  await expect(success).toContainText('Sommer 2025');
  await success.getByRole('button', { name: 'Verstanden' }).click();
  await expect(success).toBeHidden();

  const mail = await shop.waitForMail('hof.weber@beispiel.de');
  expect(mail.text).toContain('Monatlich: 133,00 €');
  await page.goto(confirmLink(mail.text));
  await expect(page.getByRole('heading', { name: 'Account erfolgreich bestätigt!' })).toBeVisible();

  await page.goto('/vendor/login');
  await page.getByLabel('E-Mail-Adresse').fill('hof.weber@beispiel.de');
  await page.getByLabel('Passwort').fill('Sicher1!');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hallo Klara Weber!' })).toBeVisible();
  await expect(page.getByText('Vor-registriert')).toBeVisible();
  const booking = page.getByRole('article').first();
  await expect(booking).toContainText('Vor-Registrierung vom');
  await expect(booking).toContainText('2 × Verkaufsblock Lage A');
  await expect(booking).toContainText('133,00 €');
  await expect(booking).toContainText('Angefragt');
  // the navigation now leads to the dashboard
  await expect(page.locator('header').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a logged-in vendor books more space, and can cancel it', async ({ page, request, shop }) => {
  test.setTimeout(90_000);
  // an account made through the API and confirmed by its mail
  const response = await request.post('/api/vendor-auth/register', {
    data: {
      email: 'mehr@beispiel.de',
      password: 'Sicher1!',
      confirmPassword: 'Sicher1!',
      name: 'Paul Mehr',
      strasse: 'Hauptstraße',
      hausnummer: '1',
      plz: '96317',
      ort: 'Kronach',
      agreeToTerms: true,
      agreeToPrivacy: true,
      packageData: { packageCounts: { 'block-b': 1 }, rentalDuration: 3 },
    },
  });
  expect(response.ok()).toBe(true);
  await page.goto(confirmLink((await shop.waitForMail('mehr@beispiel.de')).text));
  await expect(page.getByRole('heading', { name: 'Account erfolgreich bestätigt!' })).toBeVisible();
  await page.goto('/vendor/login');
  await page.getByLabel('E-Mail-Adresse').fill('mehr@beispiel.de');
  await page.getByLabel('Passwort').fill('Sicher1!');
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
  await shop.waitForMail('info@housnkuh.de', (m) => m.subject === 'Zusätzliche Buchung: Paul Mehr');

  await additional.getByRole('button', { name: 'Buchung stornieren' }).click();
  await additional.getByLabel(/Grund/).fill('Doch nicht nötig');
  await additional.getByRole('button', { name: 'Stornierung bestätigen' }).click();
  await expect(page.getByRole('article').filter({ hasText: 'Zusätzliche Buchung' })).toContainText(
    'Storniert',
  );
  await expect(page.getByText('Grund der Stornierung: Doch nicht nötig')).toBeVisible();

  // logging out ends the session
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/vendor/dashboard');
  await expect(page).toHaveURL(/\/vendor\/login$/);
});

test('the login step of the modal books the package for an existing account', async ({
  page,
  request,
  shop,
}) => {
  test.setTimeout(90_000);
  await request.post('/api/vendor-auth/register', {
    data: {
      email: 'konto@beispiel.de',
      password: 'Sicher1!',
      confirmPassword: 'Sicher1!',
      name: 'Eva Konto',
      strasse: 'Hauptstraße',
      hausnummer: '2',
      plz: '96317',
      ort: 'Kronach',
      agreeToTerms: true,
      agreeToPrivacy: true,
      packageData: { packageCounts: { 'block-b': 1 }, rentalDuration: 3 },
    },
  });
  await page.goto(confirmLink((await shop.waitForMail('konto@beispiel.de')).text));
  await expect(page.getByRole('heading', { name: 'Account erfolgreich bestätigt!' })).toBeVisible();

  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Verkaufstische: eine mehr' }).click();
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
  await page.getByRole('dialog').getByLabel('Passwort', { exact: true }).fill('Sicher1!');
  await page.getByRole('dialog').getByRole('button', { name: 'Anmelden' }).click();
  const booking = page.getByRole('dialog', { name: 'Zusätzliche Buchung bestätigen' });
  await expect(booking).toContainText('1 × Verkaufstische');
  await booking.getByRole('button', { name: 'Buchung bestätigen' }).click();
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);
  await expect(page.getByRole('article').filter({ hasText: 'Verkaufstische' })).toContainText(
    '40,00 €',
  );
});
