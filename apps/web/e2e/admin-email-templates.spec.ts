import {
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  quietVisits,
  sendContactMessage,
  signInAsAdmin,
  test,
} from './fixtures';

// changes a template the other tests' mails use: a worker of its own
test.use({ ownShop: 'email-templates' });

quietVisits();

test('the owner rewords the contact confirmation, the next mail uses it, and resets it', async ({
  page,
  shop,
}) => {
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'E-Mail-Vorlagen' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'E-Mail-Vorlagen' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Kontaktformular: Eingangsbestätigung' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Kontaktformular: Eingangsbestätigung' }),
  ).toBeVisible();
  await expect(page.getByLabel('Betreff')).toHaveValue('Deine Nachricht an {{laden}}');
  await expectNoSeriousA11yViolations(page);

  // an unknown placeholder is refused with the ones the template knows
  await page.getByLabel('Betreff').fill('Danke, {{vorname}}!');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(/Unbekannter Platzhalter: \{\{vorname\}\}\./)).toBeVisible();

  await page.getByLabel('Betreff').fill('Danke für deine Nachricht, ');
  await page.getByRole('button', { name: '{{name}} einfügen' }).click();
  await expect(page.getByLabel('Betreff')).toHaveValue('Danke für deine Nachricht, {{name}}');
  await page
    .getByLabel('Text', { exact: true })
    .fill('Moin {{name}},\n\nwir melden uns bald. Eilig? ');
  await page.getByRole('button', { name: '{{ladenTelefon}} einfügen' }).click();
  await page.getByRole('button', { name: 'Vorschau' }).click();
  await expect(page.getByTestId('preview-subject')).toHaveText(
    'Danke für deine Nachricht, Max Mustermann',
  );
  await expect(
    page.getByText(/Moin Max Mustermann,\s+wir melden uns bald\. Eilig\? \S/),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    page.getByText('Die Vorlage ist gespeichert; die E-Mails verwenden sie ab jetzt.'),
  ).toBeVisible();

  await page.getByLabel('Die Vorschau als E-Mail an diese Adresse').fill('eva.test@beispiel.de');
  await page.getByRole('button', { name: 'Test senden' }).click();
  await expect(page.getByText('Die Test-E-Mail geht an eva.test@beispiel.de.')).toBeVisible();
  const testMail = await shop.waitForMail('eva.test@beispiel.de');
  expect(testMail.subject).toBe('[Test] Danke für deine Nachricht, Max Mustermann');

  // a visitor writes; the confirmation uses the new text
  await sendContactMessage(page, {
    name: 'Lisa Leser',
    email: 'lisa.leser@beispiel.de',
    subject: 'Öffnungszeiten',
    text: 'Habt ihr auch am Feiertag offen?',
  });
  const confirmation = await shop.waitForMail('lisa.leser@beispiel.de');
  expect(confirmation.subject).toBe('Danke für deine Nachricht, Lisa Leser');
  expect(confirmation.text).toContain('Moin Lisa Leser,\n\nwir melden uns bald.');

  // back to the default
  await page.goto('/admin/email-templates');
  const entry = page
    .getByRole('listitem')
    .filter({ hasText: 'Kontaktformular: Eingangsbestätigung' });
  await expect(entry.getByText('Angepasst')).toBeVisible();
  await entry.getByRole('link').click();
  await expect(page.getByText(/Angepasst von Erika Admin am/)).toBeVisible();
  await page.getByRole('button', { name: 'Auf Standard zurücksetzen' }).click();
  await page.getByRole('button', { name: 'Ja, zurücksetzen' }).click();
  await expect(page.getByText('Die Vorlage ist auf den Standardtext zurückgesetzt.')).toBeVisible();
  await expect(page.getByLabel('Betreff')).toHaveValue('Deine Nachricht an {{laden}}');
  await expect(page.getByText('Standardtext', { exact: true })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the editor fits the screen', async ({ page }) => {
    await signInAsAdmin(page, '/admin/email-templates/password-reset');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Passwort zurücksetzen' }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
  });
});
