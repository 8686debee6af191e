import {
  ADMIN,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  quietVisits,
  signInAsAdmin,
  test,
} from './fixtures';

// withdraws, verifies and locks a demo producer: a shop of its own
test.use({ ownShop: 'users' });

quietVisits();

test(
  'the owner finds a producer, withdraws and restores its release, verifies, locks and unlocks it',
  { tag: '@db' },
  async ({ page }) => {
    await signInAsAdmin(page);
    await page
      .getByRole('navigation', { name: 'Verwaltung' })
      .getByRole('link', { name: 'Benutzer' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Benutzer' })).toBeVisible();
    await expect(page.getByText('14 Direktvermarkter')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Suche (Name, Firma, E-Mail, Ort)').fill('Imkerei Größ');
    await page.getByRole('button', { name: 'Suchen' }).click();
    await expect(page.getByText('1 Direktvermarkter', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: /^Imkerei Größ/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Imkerei Größ' })).toBeVisible();
    await expect(page.getByText('Im Verzeichnis', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const profileUrl = page.url().replace(/.*\/admin\/users\/vendors\//, '/direktvermarkter/');

    // withdraw: the public profile is gone at once; release: it is back
    await page.getByRole('button', { name: 'Freigabe zurückziehen' }).click();
    await expect(page.getByText('Die Freigabe ist zurückgezogen.')).toBeVisible();
    await expect(page.getByText('Nicht freigegeben', { exact: true })).toBeVisible();
    const gone = await page.request.get(profileUrl);
    expect(gone.status()).toBe(404);
    await page.getByRole('button', { name: 'Profil freigeben' }).click();
    await expect(page.getByText('Das Profil ist freigegeben.')).toBeVisible();
    expect((await page.request.get(profileUrl)).status()).toBe(200);

    await page.getByLabel('Verifizierung').selectOption({ label: 'Prüfung läuft' });
    await page.getByRole('button', { name: 'Verifizierung speichern' }).click();
    await expect(page.getByText('Verifizierung: Prüfung läuft.')).toBeVisible();

    await page.getByRole('button', { name: 'Konto sperren' }).click();
    await page.getByRole('button', { name: 'Ja, sperren' }).click();
    await expect(page.getByText('Das Konto ist gesperrt.')).toBeVisible();
    await expect(page.getByText(/Gesperrt seit/)).toBeVisible();
    await page.getByRole('button', { name: 'Konto entsperren' }).click();
    await expect(page.getByText('Das Konto ist entsperrt.')).toBeVisible();

    // the filters narrow the list on the server
    await page.getByRole('link', { name: 'Alle Direktvermarkter' }).click();
    // the detail has a "Verifizierung" field too: the owner chooses once the list's filters show
    await expect(page.getByLabel('Öffentliches Profil')).toBeVisible();
    await page.getByLabel('Verifizierung').selectOption({ label: 'Prüfung läuft' });
    await expect(page.getByRole('link', { name: /^Imkerei Größ/ })).toBeVisible();
    await expect(page).toHaveURL(/verifizierung=pending/);

    await page.goto('/admin/protokoll');
    await expect(page.getByText('Direktvermarkter „Imkerei Größ“: entsperrt')).toBeVisible();
  },
);

test(
  'the owner creates an admin, renames it, gives it a new password, deactivates and reactivates it',
  { tag: '@db' },
  async ({ page }) => {
    await signInAsAdmin(page, '/admin/users?ansicht=administratoren');
    await expect(page.getByRole('link', { name: 'Administratoren' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const create = page.locator('form').filter({ hasText: 'Administrator anlegen' });
    await create.getByLabel('Benutzername').fill('max.mueller');
    await create.getByLabel('Name', { exact: true }).fill('Max Müller');
    await create.getByLabel('Passwort', { exact: true }).fill('Sicher!2026x');
    await create.getByLabel('Passwort wiederholen').fill('Sicher!2026y');
    await create.getByRole('button', { name: 'Administrator anlegen' }).click();
    await expect(create.getByText('Die Passwörter stimmen nicht überein')).toBeVisible();
    await create.getByLabel('Passwort wiederholen').fill('Sicher!2026x');
    await create.getByRole('button', { name: 'Administrator anlegen' }).click();
    await expect(page.getByText('Administrator „max.mueller“ ist angelegt.')).toBeVisible();

    const row = page.getByRole('listitem').filter({ hasText: 'max.mueller' });
    await row.getByRole('button', { name: /Bearbeiten/ }).click();
    await row.getByLabel('Name', { exact: true }).fill('Maximilian Müller');
    await row.getByRole('button', { name: 'Umbenennen' }).click();
    await expect(row.getByText('Der Name ist geändert.')).toBeVisible();
    await expect(row.getByText('Maximilian Müller', { exact: true }).first()).toBeVisible();

    // another admin's password needs the acting admin's own
    await row.getByLabel('Neues Passwort', { exact: true }).fill('Anders!2026z');
    await row.getByLabel('Neues Passwort wiederholen').fill('Anders!2026z');
    await row.getByLabel('Dein Passwort').fill('Falsch!2026q');
    await row.getByRole('button', { name: 'Passwort setzen' }).click();
    await expect(row.getByText('Dein Passwort stimmt nicht.').first()).toBeVisible();
    await row.getByLabel('Dein Passwort').fill(ADMIN.password);
    await row.getByRole('button', { name: 'Passwort setzen' }).click();
    await expect(row.getByText(/Das neue Passwort gilt ab sofort/)).toBeVisible();

    await row.getByRole('button', { name: 'Deaktivieren' }).click();
    await expect(row.getByText('Deaktiviert', { exact: true })).toBeVisible();
    const refused = await page.request.post('/api/auth/login', {
      data: { username: 'max.mueller', password: 'Anders!2026z' },
    });
    expect(refused.status()).toBe(401);
    await row.getByRole('button', { name: 'Wieder aktivieren' }).click();
    await expect(row.getByText('Aktiv', { exact: true })).toBeVisible();
    const allowed = await page.request.post('/api/auth/login', {
      data: { username: 'max.mueller', password: 'Anders!2026z' },
    });
    expect(allowed.status()).toBe(200);
    await expectNoSeriousA11yViolations(page);
  },
);

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the producers list and a detail fit the screen', async ({ page }) => {
    await signInAsAdmin(page, '/admin/users');
    await expect(page.getByText('14 Direktvermarkter')).toBeVisible();
    await page.getByRole('link', { name: /^Hof Müller/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hof Müller' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
  });
});
