import { randomBytes } from 'node:crypto';
import {
  CATALOG_PACKAGE_DATA,
  registrationBody,
  TEST_PASSWORD,
} from '@housnkuh/test-support/registration';
import { findLink } from '@housnkuh/test-support/smtp-catcher';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, quietVisits, test, type Shop } from './fixtures';

const INVALID_CREDENTIALS =
  'Ungültige Anmeldedaten. Bitte prüfe deine E-Mail-Adresse und dein Passwort.';
// the login page speaks "Sie", as the spec's messages for it do
const NOT_CONFIRMED =
  'Bitte bestätige zuerst deine E-Mail-Adresse. Den Link dazu haben wir dir nach der Registrierung geschickt.';
const RESEND_SENT =
  'Falls zu dieser Adresse ein noch nicht bestätigtes Konto gehört, haben wir dir einen neuen Bestätigungslink geschickt.';
const RESET_REQUESTED =
  'Wenn zu dieser Adresse ein Konto mit Passwort gehört, schicken wir dir einen Link, mit dem du ein neues Passwort festlegst; er ist eine Stunde gültig. Kommt keine E-Mail an, schau in deinen Spam-Ordner oder melde dich bei uns.';
const RESET_DONE = 'Dein neues Passwort ist gespeichert. Du kannst dich jetzt anmelden.';

/** An address no other test of this worker uses. */
function uniqueEmail(name: string): string {
  return `${name}.${randomBytes(4).toString('hex')}@beispiel.de`;
}

/** Registers through the API and returns the path of the confirmation link from the mail. */
async function register(request: APIRequestContext, shop: Shop, email: string): Promise<string> {
  const response = await request.post(`${shop.baseURL}/api/vendor-auth/register`, {
    data: registrationBody(email, { packageData: CATALOG_PACKAGE_DATA }),
  });
  expect(response.status(), await response.text()).toBe(200);
  const mail = await shop.waitForMail(email, (m) => m.text.includes('/vendor/confirm?token='));
  const link = findLink(mail.text, '/vendor/confirm');
  expect(link).toBeTruthy();
  expect(link!.startsWith(shop.baseURL)).toBe(true);
  return link!.slice(shop.baseURL.length);
}

/** Registers and confirms through the API: an account that can log in. */
async function confirmedAccount(request: APIRequestContext, shop: Shop, email: string) {
  const confirmPath = await register(request, shop, email);
  const token = new URL(confirmPath, shop.baseURL).searchParams.get('token');
  const response = await request.get(`${shop.baseURL}/api/vendor-auth/confirm/${token}`);
  expect(response.status()).toBe(200);
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

quietVisits();

test.describe('vendor account', () => {
  test('confirms the account from the mail, shows the package, then logs in', async ({
    page,
    request,
    shop,
  }) => {
    const email = uniqueEmail('anna');
    const confirmPath = await register(request, shop, email);

    await page.goto(confirmPath);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Account erfolgreich bestätigt!' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Account bestätigen | housnkuh');
    // the package as the server priced it, not as the client claimed
    const blockA = page.getByRole('row', { name: /2 × Verkaufsblöcke Lage A/ });
    await expect(blockA).toContainText('35,00 €');
    await expect(blockA).toContainText('70,00 €');
    await expect(page.getByRole('row', { name: /1 × Kühlfach/ })).toContainText('50,00 €');
    const breakdown = page.locator('dl').filter({ hasText: 'Zwischensumme' });
    await expect(breakdown).toContainText('Mietfächer-Grundpreis120,00 €');
    await expect(breakdown).toContainText('Zusatzleistungen20,00 €');
    await expect(breakdown).toContainText('Zwischensumme140,00 €');
    await expect(breakdown).toContainText('Rabatt (5 %)−7,00 €');
    await expect(breakdown).toContainText('Monatlich133,00 €');
    await expect(page.getByText('Premium-Modell (7 % Provision auf den Umsatz)')).toBeVisible();
    await expect(page.getByText('Wir melden uns innerhalb von 2 Werktagen bei dir.')).toBeVisible();
    // 'Anmelden' leads to the vendor login (docs/product/brand-and-settings.md), not to /pricing
    await expect(page.getByRole('link', { name: 'Anmelden', exact: true })).toHaveAttribute(
      'href',
      '/vendor/login',
    );
    await expectNoSeriousA11yViolations(page);

    await expect(page.getByRole('link', { name: 'Login für Direktvermarkter' })).toHaveAttribute(
      'href',
      '/vendor/login',
    );

    // opened again, the link shows no name, address or package any more
    await page.reload();
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Dein Account ist bereits bestätigt. Du kannst dich anmelden.',
      }),
    ).toBeVisible();
    await expect(page.getByText(email)).toHaveCount(0);
    await expect(page.getByText('Dein gewähltes Paket')).toHaveCount(0);
    await page.getByRole('link', { name: 'Anmelden', exact: true }).click();
    await expect(page).toHaveURL(/\/vendor\/login$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Login für Direktvermarkter' }),
    ).toBeVisible();
    await logIn(page, email, TEST_PASSWORD);
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
    // '/vendor' alone is the area's start page
    await page.goto('/vendor');
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test("'/vendor' alone leads a visitor to the login", async ({ page }) => {
    await page.goto('/vendor');
    await expect(page).toHaveURL(/\/vendor\/login$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Login für Direktvermarkter' }),
    ).toBeVisible();
  });

  test('a wrong password shows the invalid-credentials message', async ({
    page,
    request,
    shop,
  }) => {
    const email = uniqueEmail('falsch');
    await confirmedAccount(request, shop, email);

    await page.goto('/vendor/login');
    await logIn(page, email, 'Falsch99!');
    await expect(page.getByRole('alert')).toContainText(INVALID_CREDENTIALS);
    await expect(page).toHaveURL(/\/vendor\/login$/);
    await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(email);
  });

  test('before confirming, login asks to confirm first and sends a new link', async ({
    page,
    request,
    shop,
  }) => {
    const email = uniqueEmail('unbestaetigt');
    await register(request, shop, email);

    await page.goto('/vendor/login');
    await logIn(page, email, TEST_PASSWORD);
    await expect(page.getByRole('alert')).toContainText(NOT_CONFIRMED);
    await page.getByRole('button', { name: 'Bestätigungslink erneut senden' }).click();
    await expect(page.getByRole('status').filter({ hasText: RESEND_SENT })).toBeVisible();
    await expect(page).toHaveURL(/\/vendor\/login$/);
  });

  test('forgot password: the mail, a new password, and login with it', async ({
    page,
    request,
    shop,
  }) => {
    const email = uniqueEmail('vergesslich');
    await confirmedAccount(request, shop, email);

    await page.goto('/vendor/login');
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await expect(page).toHaveURL(/\/vendor\/passwort-vergessen$/);
    await expect(page).toHaveTitle('Passwort vergessen | housnkuh');
    await page.getByLabel('E-Mail-Adresse').fill(email);
    await page.getByRole('button', { name: 'Link anfordern' }).click();
    await expect(page.getByRole('status').filter({ hasText: RESET_REQUESTED })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zurück zum Login' })).toHaveAttribute(
      'href',
      '/vendor/login',
    );

    const mail = await shop.waitForMail(email, (m) => m.text.includes('passwort-zuruecksetzen'));
    const link = findLink(mail.text, '/vendor/passwort-zuruecksetzen');
    expect(link).toBeTruthy();
    await page.goto(link!);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' }),
    ).toBeVisible();

    const newPassword = 'Neu2025$x';
    const field = page.getByLabel('Neues Passwort', { exact: true });
    await field.fill('neu');
    await expect(page.getByText(/^Fehlend: /)).toContainText('Mindestens 8 Zeichen');
    await field.fill(newPassword);
    await expect(page.getByText('Alle Anforderungen sind erfüllt.')).toBeVisible();
    await page.getByLabel('Neues Passwort wiederholen').fill('Neu2025$y');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(page.getByText('Die Passwörter stimmen nicht überein')).toBeVisible();
    await page.getByLabel('Neues Passwort wiederholen').fill(newPassword);
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(page.getByRole('status').filter({ hasText: RESET_DONE })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // the link works only once
    const again = await request.post(`${shop.baseURL}/api/vendor-auth/reset-password`, {
      data: {
        token: new URL(link!).searchParams.get('token'),
        password: 'Anders1!',
        confirmPassword: 'Anders1!',
      },
    });
    expect(again.status()).toBe(400);

    await page.getByRole('link', { name: 'Zum Login' }).click();
    await expect(page).toHaveURL(/\/vendor\/login$/);
    await logIn(page, email, TEST_PASSWORD);
    await expect(page.getByRole('alert')).toContainText(INVALID_CREDENTIALS);
    await page.getByLabel('Passwort', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
  });

  test('an unknown reset link and a link without token fail with a way on', async ({ page }) => {
    await page.goto(`/vendor/passwort-zuruecksetzen?token=${'x'.repeat(43)}`);
    await page.getByLabel('Neues Passwort', { exact: true }).fill('Sicher22!');
    await page.getByLabel('Neues Passwort wiederholen').fill('Sicher22!');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(
      'Dieser Link ist ungültig oder abgelaufen. Bitte fordere einen neuen an.',
    );
    await expect(alert.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute(
      'href',
      '/vendor/passwort-vergessen',
    );

    await page.goto('/vendor/passwort-zuruecksetzen');
    await expect(page.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute(
      'href',
      '/vendor/passwort-vergessen',
    );
  });

  test('an unknown confirmation link fails cleanly', async ({ page }) => {
    await page.goto(`/vendor/confirm?token=${'x'.repeat(43)}`);
    await expect(page.getByRole('heading', { name: 'Bestätigung fehlgeschlagen' })).toBeVisible();
    await expect(page.getByText(/Dieser Bestätigungslink ist ungültig\./)).toBeVisible();
    await expect(
      page.locator('main').getByRole('link', { name: 'Kontakt', exact: true }),
    ).toHaveAttribute('href', '/kontakt');
    await page.goto('/vendor/confirm');
    await expect(page.getByText('Kein Bestätigungstoken gefunden.')).toBeVisible();
  });

  test('axe finds no serious violation on login, forgot-password and confirm pages', async ({
    page,
  }) => {
    for (const path of [
      '/vendor/login',
      '/vendor/passwort-vergessen',
      '/vendor/passwort-zuruecksetzen?token=' + 'x'.repeat(43),
      '/vendor/confirm',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
    // with the field messages shown
    await page.goto('/vendor/login');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByText('Bitte fülle alle Felder aus').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
