import { SETUP_CODE, expect, expectNoSeriousA11yViolations, test, withConsent } from './fixtures';

// a fresh install: no admin yet
test.use({ withAdmin: false });

test('the owner creates the first admin with the setup code, once', async ({ page }) => {
  await withConsent(page, 'declined');
  await page.goto('/admin/login');
  await page.getByRole('link', { name: 'Zur Einrichtung' }).click();
  await expect(page.getByRole('heading', { name: 'Ersten Administrator anlegen' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Einrichtungscode').fill('geraten');
  await page.getByLabel('Benutzername').fill('Eva');
  await page.getByLabel('Dein Name').fill('Eva Muster');
  await page.getByLabel('Passwort', { exact: true }).fill('Sicher!2026x');
  await page.getByLabel('Passwort wiederholen').fill('Sicher!2026y');
  await page.getByRole('button', { name: 'Administrator anlegen' }).click();
  await expect(page.getByText('Die Passwörter stimmen nicht überein')).toBeVisible();

  await page.getByLabel('Passwort wiederholen').fill('Sicher!2026x');
  await page.getByRole('button', { name: 'Administrator anlegen' }).click();
  await expect(page.getByRole('alert')).toContainText('Der Einrichtungscode ist falsch.');

  await page.getByLabel('Einrichtungscode').fill(SETUP_CODE);
  await page.getByRole('button', { name: 'Administrator anlegen' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('banner')).toContainText('Angemeldet als Eva Muster');

  // setup is done: the page says so; the login works with the new account
  await page.goto('/admin/setup');
  await expect(page.getByRole('heading', { name: 'Einrichtung abgeschlossen' })).toBeVisible();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/admin/login');
  await expect(page.getByRole('link', { name: 'Zur Einrichtung' })).toHaveCount(0);
  await page.getByLabel('Benutzername').fill('eva');
  await page.getByLabel('Passwort').fill('Sicher!2026x');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});
