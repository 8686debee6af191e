import {
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  quietVisits,
  sendContactMessage,
  signInAsAdmin,
  test,
} from './fixtures';

quietVisits();

test('a message from /kontakt reaches the inbox; the owner answers it by mail and closes it', async ({
  page,
  shop,
}) => {
  await sendContactMessage(page, {
    name: 'Paul Posteingang',
    email: 'paul.posteingang@beispiel.de',
    subject: 'Gibt es Ziegenmilch?',
    text: 'Hallo,\ngibt es bei euch Ziegenmilch?',
  });

  await signInAsAdmin(page);
  await page.getByRole('link', { name: /neue Kontaktanfrage/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kontaktanfragen' })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('new');
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Suche (Name, E-Mail, Betreff, Text)').fill('Ziegenmilch');
  await page.getByRole('button', { name: 'Suchen' }).click();
  await expect(page.getByText('1 Nachricht', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Gibt es Ziegenmilch?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gibt es Ziegenmilch?' })).toBeVisible();
  await expect(page.getByText('gibt es bei euch Ziegenmilch?')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await expect(page.getByLabel('Betreff')).toHaveValue('Re: Gibt es Ziegenmilch?');
  // the template greets: the answer starts empty and says so
  const answer = page.getByLabel('Antwort', { exact: true });
  await expect(answer).toHaveValue('');
  await expect(answer).toHaveAccessibleDescription(/Die Anrede „Hallo Paul Posteingang,“/);
  await page.getByRole('button', { name: 'Antwort senden' }).click();
  await expect(page.getByText('Bitte schreib eine Antwort.')).toBeVisible();
  await answer.fill('ja, donnerstags frisch vom Hof Müller.');
  await page.getByRole('button', { name: 'Antwort senden' }).click();
  await expect(page.getByText('Die Antwort geht an paul.posteingang@beispiel.de.')).toBeVisible();
  await expect(page.getByText('In Bearbeitung').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Gesendete Antworten' })).toBeVisible();

  const mail = await shop.waitForMail('paul.posteingang@beispiel.de', (m) =>
    m.subject.startsWith('Re:'),
  );
  expect(mail.subject).toBe('Re: Gibt es Ziegenmilch?');
  expect(mail.text).toContain('donnerstags frisch vom Hof Müller');
  // one greeting
  expect(mail.text.match(/Hallo Paul/g)).toEqual(['Hallo Paul']);

  await page.getByLabel('Status').selectOption({ label: 'Erledigt' });
  await expect(page.getByText('Erledigt').first()).toBeVisible();
  await page.getByRole('link', { name: 'Alle Kontaktanfragen' }).click();
  await page.getByLabel('Status').selectOption('done');
  await expect(page.getByRole('link', { name: 'Gibt es Ziegenmilch?' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the inbox fits the screen', async ({ page }) => {
    await signInAsAdmin(page, '/admin/contacts');
    await expect(page.getByRole('heading', { level: 1, name: 'Kontaktanfragen' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
  });
});
