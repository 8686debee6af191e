import { addDays, formatIsoDay } from '@housnkuh/shared/format';
import {
  ADMIN,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  quietVisits,
  runDay,
  signInAsAdmin,
  test,
} from './fixtures';

// sets the opening date: a shop of its own
test.use({ ownShop: 'settings' });

quietVisits();

test('a visitor is sent to the login; wrong credentials are refused; the admin signs in and out', async ({
  page,
}) => {
  await page.goto('/admin/settings');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expectNoSeriousA11yViolations(page);

  // typed at once, as the page appears
  await page.getByLabel('Benutzername').fill(ADMIN.username);
  await page.getByLabel('Passwort').fill('falsch-falsch');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Invalid credentials or authentication failed',
  );
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.getByLabel('Passwort').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  // back where the visitor wanted to go
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(`Angemeldet als ${ADMIN.name}`);

  // the sidebar in the order of spec §2, only pages that exist
  const nav = page.getByRole('navigation', { name: 'Verwaltung' });
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(`Hallo ${ADMIN.name}!`)).toBeVisible();
  await expect(page.getByRole('link', { name: /neue Kontaktanfrage/ })).toBeVisible();
  // the owner's view: occupancy per type, the lists, every producer counted, the quick search
  const occupancy = page.getByRole('region', { name: 'Belegung heute' });
  await expect(occupancy).toContainText(/\d+ von \d+Mietfächern belegt/);
  await expect(occupancy).toContainText('Verkaufsblock Lage A');
  await expect(
    page.getByRole('region', { name: 'Probemonate, die in den nächsten 7 Tagen enden' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Kündigungen und Vertragsenden' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Offene Buchungsanfragen' })).toBeVisible();
  await expect(page.getByText('Direktvermarkter', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // the public site shows 'Admin Panel' to an admin
  await page.goto('/faq');
  await page.getByRole('banner').getByRole('link', { name: 'Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // adminAutoRedirect: the home page leads an admin straight to /admin
  await page.evaluate(() => localStorage.setItem('adminAutoRedirect', 'true'));
  await page.goto('/');
  await expect(page).toHaveURL(/\/admin$/);
  await page.evaluate(() => localStorage.removeItem('adminAutoRedirect'));

  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  // the token no longer works: the area asks for a login again
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/faq');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
});

test('a signed-in user without the admin flag sees /admin/unauthorized', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('adminToken', 'kein-admin-token');
    localStorage.setItem('user', JSON.stringify({ id: 7, name: 'Nina Nutzer', isAdmin: false }));
  });
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/unauthorized$/);
  await expect(page.getByRole('heading', { name: 'Kein Zugriff' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('settings: a bad value is refused with a German message; a new opening date shows on the site at once and in the Protokoll', async ({
  page,
}) => {
  await signInAsAdmin(page, '/admin/settings');
  const plz = page.getByLabel('Postleitzahl');
  await expect(plz).toHaveValue(/^\d{5}$/);
  const before = await plz.inputValue();
  await plz.fill('96A');
  await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(page.getByText('Bitte eine Postleitzahl mit 5 Ziffern angeben')).toBeVisible();
  await expect(plz).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await plz.fill(before);

  const opening = addDays(runDay(), 60);
  await page.getByLabel('Eröffnungsdatum').fill(opening);
  await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Gespeichert' })).toBeVisible();

  await page.goto('/standort');
  await expect(
    page.getByText(`Noch geschlossen – wir öffnen am ${formatIsoDay(opening)}.`),
  ).toBeVisible();

  await page.goto('/admin/protokoll');
  await expect(page.getByRole('heading', { level: 1, name: 'Protokoll' })).toBeVisible();
  const entry = page.getByRole('listitem').filter({ hasText: 'Einstellungen geändert' }).first();
  await expect(entry).toContainText(ADMIN.name);
  await expect(entry).toContainText('Einstellungen geändert: Eröffnungsdatum');
  await entry.getByText('Vorher und nachher').click();
  await expect(entry.getByRole('row', { name: /Eröffnungsdatum/ })).toContainText(
    formatIsoDay(opening),
  );
  await expectNoSeriousA11yViolations(page);
  // a filter for each area: Einstellungen lists only settings, Mietfächer none of them
  await page.getByLabel('Bereich').selectOption({ label: 'Einstellungen' });
  await expect(page).toHaveURL(/bereich=einstellungen/);
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Einstellungen geändert' }).first(),
  ).toBeVisible();
  await page.getByLabel('Bereich').selectOption({ label: 'Mietfächer' });
  await expect(page).toHaveURL(/bereich=mietfaecher/);
  await expect(page.getByText('Einstellungen geändert')).toHaveCount(0);

  // the server refuses a bad value too, and changes nothing
  const token = await page.evaluate(() => localStorage.getItem('adminToken'));
  const response = await page.request.patch('/api/admin/settings', {
    headers: { authorization: `Bearer ${token}` },
    data: { openingDate: '2026-02-31' },
  });
  expect(response.status()).toBe(400);
  expect((await response.json()).errors).toEqual([
    { field: 'openingDate', message: 'Dieses Datum gibt es nicht' },
  ]);
  await page.goto('/admin/settings');
  await expect(page.getByLabel('Eröffnungsdatum')).toHaveValue(opening);
});

test('settings → Abrechnung: a wrong IBAN is refused beside the field; the billing data is saved, never public, and in the Protokoll', async ({
  page,
}) => {
  await signInAsAdmin(page, '/admin/settings');
  const billing = page.getByRole('region', { name: 'Abrechnung' });
  await expect(billing.getByText('IBAN der Ladenbetreiberin fehlt')).toBeVisible();
  await expect(billing.getByLabel('Erlöskonto Provision')).toHaveValue('8519');
  await billing.getByLabel('Steuernummer', { exact: true }).fill('218/123/45678');
  const iban = billing.getByLabel('IBAN', { exact: true });
  await iban.fill('DE89 3704 0044 0532 0130 01');
  await billing.getByRole('button', { name: 'Abrechnungsdaten speichern' }).click();
  await expect(
    billing.getByText('Diese IBAN ist ungültig. Bitte prüfe sie noch einmal (Tippfehler?).'),
  ).toBeVisible();
  await expect(iban).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await iban.fill('DE89 3704 0044 0532 0130 00');
  await billing.getByLabel('BIC', { exact: true }).fill('cobadeffxxx');
  await billing.getByLabel('Kontoinhaber', { exact: true }).fill('housnkuh Kronach');
  await billing.getByLabel('Beraternummer', { exact: true }).fill('1234567');
  await billing.getByLabel('Mandantennummer', { exact: true }).fill('10001');
  await billing.getByRole('button', { name: 'Abrechnungsdaten speichern' }).click();
  await expect(billing.getByRole('status').filter({ hasText: 'Gespeichert' })).toBeVisible();
  await expect(billing.getByText('IBAN der Ladenbetreiberin fehlt')).toHaveCount(0);

  // never part of the public settings
  const publicSettings = await (await page.request.get('/api/settings/public')).text();
  expect(publicSettings).not.toContain('DE89370400440532013000');
  expect(publicSettings).not.toContain('218/123/45678');

  await page.reload();
  const reloaded = page.getByRole('region', { name: 'Abrechnung' });
  await expect(reloaded.getByLabel('IBAN', { exact: true })).toHaveValue(
    'DE89 3704 0044 0532 0130 00',
  );
  await expect(reloaded.getByLabel('BIC', { exact: true })).toHaveValue('COBADEFFXXX');

  await page.goto('/admin/protokoll');
  const entry = page.getByRole('listitem').filter({ hasText: 'Abrechnungsdaten geändert' }).first();
  await expect(entry).toContainText(ADMIN.name);
  await entry.getByText('Vorher und nachher').click();
  await expect(entry.getByRole('row', { name: /Steuernummer/ })).toContainText('218/123/45678');
});

test('settings: leaving with unsaved edits asks first; keep editing or discard', async ({
  page,
}) => {
  await signInAsAdmin(page, '/admin/settings');
  const hours = page.getByLabel('Öffnungszeiten');
  await expect(hours).not.toHaveValue('');
  const before = await hours.inputValue();
  await hours.fill('Täglich 6 bis 22 Uhr');

  const nav = page.getByRole('navigation', { name: 'Verwaltung' });
  await nav.getByRole('link', { name: 'Protokoll' }).click();
  const ask = page.getByRole('dialog', { name: 'Änderungen verwerfen?' });
  await expect(ask).toBeVisible();
  await expect(ask).toHaveAccessibleDescription(
    'Du hast Einstellungen geändert, aber noch nicht gespeichert.',
  );
  await expectNoSeriousA11yViolations(page);
  await ask.getByRole('button', { name: 'Weiter bearbeiten' }).first().click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(hours).toHaveValue('Täglich 6 bis 22 Uhr');

  await nav.getByRole('link', { name: 'Protokoll' }).click();
  await ask.getByRole('button', { name: 'Verwerfen und verlassen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Protokoll' })).toBeVisible();
  // nothing was saved
  await nav.getByRole('link', { name: 'Einstellungen' }).click();
  await expect(page.getByLabel('Öffnungszeiten')).toHaveValue(before);
  // unchanged: leaving does not ask
  await nav.getByRole('link', { name: 'Protokoll' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Protokoll' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar is a menu; the pages fit the screen', async ({ page }) => {
    await signInAsAdmin(page);
    const nav = page.getByRole('navigation', { name: 'Verwaltung' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Menü' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Einstellungen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
    await expect(nav).toBeHidden();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
    // a narrower phone: the map tiles' hint with its long address wraps too
    await page.setViewportSize({ width: 382, height: 844 });
    await expect(page.getByText(/tile\.openstreetmap\.org/)).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
