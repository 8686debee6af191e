import { findLink } from '@housnkuh/test-support/smtp-catcher';
import { expect, test, withConsent, withoutContestBanner } from './fixtures';

const SUCCESS =
  'Fast geschafft! Bitte bestätige deine Anmeldung über den Link in der E-Mail, die wir dir gerade geschickt haben.';

test.describe('newsletter with double opt-in', () => {
  test.beforeEach(async ({ page }) => {
    await withConsent(page, 'declined');
    await withoutContestBanner(page);
  });

  test('from the form on the home page to the confirmed state via the link in the mail', async ({
    page,
    shop,
  }) => {
    await page.goto('/#newsletter');
    const box = page.locator('#newsletter');
    await expect(box.getByRole('heading', { name: 'Newsletter' })).toBeVisible();

    await box.getByLabel('E-Mail-Adresse').fill('lena.fischer@beispiel.de');
    await box.getByLabel('Name').fill('Lena');
    await box.getByLabel('Direktvermarkter/in').check();
    await box.getByRole('button', { name: 'Newsletter abonnieren' }).click();

    await expect(box.getByText(SUCCESS)).toBeVisible();
    await expect(box.getByLabel('E-Mail-Adresse')).toHaveValue('');
    await expect(box.getByLabel('Name')).toHaveValue('');

    const mail = await shop.waitForMail('lena.fischer@beispiel.de');
    expect(mail.subject).toBe('Bitte bestätige deine Newsletter-Anmeldung bei housnkuh');
    expect(mail.text).toContain('Hallo Lena,');
    const link = findLink(mail.text, '/newsletter/confirm');
    expect(link).toBeTruthy();
    expect(link!.startsWith(shop.baseURL)).toBe(true);

    await page.goto(link!);
    await expect(
      page.getByRole('heading', { name: 'Newsletter-Anmeldung erfolgreich bestätigt!' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Newsletter-Anmeldung bestätigen | housnkuh');
  });

  test('can be filled and sent with the keyboard alone', async ({ page, shop }) => {
    await page.goto('/#newsletter');
    const box = page.locator('#newsletter');
    await box.getByLabel('E-Mail-Adresse').focus();
    await page.keyboard.type('tim.tastatur@beispiel.de');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Tim');
    await page.keyboard.press('Tab'); // into the radio group, on "Kundin / Kunde"
    await expect(box.getByLabel('Kundin / Kunde')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(box.getByLabel('Direktvermarkter/in')).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(box.getByRole('button', { name: 'Newsletter abonnieren' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(box.getByText(SUCCESS)).toBeVisible();
    await expect(box.getByLabel('E-Mail-Adresse')).toHaveValue('');
    const mail = await shop.waitForMail('tim.tastatur@beispiel.de');
    expect(mail.text).toContain('Hallo Tim,');
  });

  test('shows field messages before sending anything', async ({ page, shop }) => {
    await page.goto('/#newsletter');
    const box = page.locator('#newsletter');
    await box.getByRole('button', { name: 'Newsletter abonnieren' }).click();
    await expect(box.getByText('Bitte gib deine E-Mail-Adresse ein')).toBeVisible();
    await box.getByLabel('E-Mail-Adresse').fill('lena@');
    await box.getByRole('button', { name: 'Newsletter abonnieren' }).click();
    await expect(box.getByText('Bitte gib eine gültige E-Mail-Adresse ein')).toBeVisible();
    await expect(box.getByLabel('E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'true');
    expect(shop.mails.filter((m) => m.to === 'lena@')).toHaveLength(0);
  });

  test('shows the error state with details when the server cannot be reached', async ({ page }) => {
    await page.goto('/#newsletter');
    const box = page.locator('#newsletter');
    await box.getByLabel('E-Mail-Adresse').fill('offline@beispiel.de');
    await page.route('**/api/newsletter/subscribe', (route) => route.abort('connectionrefused'));
    await box.getByRole('button', { name: 'Newsletter abonnieren' }).click();
    const alert = box.getByRole('alert');
    await expect(alert).toContainText(
      'Keine Antwort vom Server erhalten. Ist der Server gestartet?',
    );
    await alert.getByText('Technische Details').click();
    await expect(alert.getByText('Art: network')).toBeVisible();
    await expect(box.getByLabel('E-Mail-Adresse')).toHaveValue('offline@beispiel.de');
  });

  test('an unknown or missing token fails cleanly', async ({ page }) => {
    await page.goto(`/newsletter/confirm?token=${'x'.repeat(43)}`);
    await expect(page.getByRole('heading', { name: 'Bestätigung fehlgeschlagen' })).toBeVisible();
    await expect(
      page.getByText(
        'Dieser Bestätigungslink ist ungültig oder abgelaufen. Bitte melde dich erneut zum Newsletter an.',
      ),
    ).toBeVisible();
    await page.goto('/newsletter/confirm');
    await expect(page.getByText('Kein Bestätigungstoken gefunden.')).toBeVisible();
    await page.getByRole('link', { name: 'Zur Startseite', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
