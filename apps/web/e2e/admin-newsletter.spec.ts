import { findLink } from '@housnkuh/test-support/smtp-catcher';
import {
  expect,
  expectNoSeriousA11yViolations,
  quietVisits,
  signInAsAdmin,
  test,
} from './fixtures';

// A newsletter goes to every confirmed subscriber: a server of its own, so no
// other test's subscribers get it.
test.use({ ownShop: 'newsletter' });

quietVisits();

test('a confirmed subscriber gets the owner’s newsletter with an unsubscribe link that works', async ({
  page,
  shop,
}) => {
  // a shopper subscribes and confirms
  await page.goto('/#newsletter');
  const box = page.locator('#newsletter');
  await box.getByLabel('E-Mail-Adresse').fill('nina.leserin@beispiel.de');
  await box.getByLabel('Name').fill('Nina');
  await box.getByRole('button', { name: 'Newsletter abonnieren' }).click();
  await expect(box.getByText(/Fast geschafft!/)).toBeVisible();
  const confirmation = await shop.waitForMail('nina.leserin@beispiel.de');
  await page.goto(findLink(confirmation.text, '/newsletter/confirm')!);
  await expect(
    page.getByRole('heading', { name: 'Newsletter-Anmeldung erfolgreich bestätigt!' }),
  ).toBeVisible();

  await signInAsAdmin(page, '/admin/newsletter');
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'Bestätigt' });
  await expect(
    page.getByRole('listitem').filter({ hasText: 'nina.leserin@beispiel.de' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Newsletter schreiben' }).click();
  await page.getByRole('button', { name: 'Vorschau' }).click();
  await expect(page.getByText('Bitte gib einen Betreff ein.')).toBeVisible();
  await page.getByLabel('Betreff').fill('Neu im Laden: Ziegenkäse');
  await page.getByLabel('Text').fill('Ab Montag gibt es Ziegenkäse vom Hof Müller.\n\nBis bald!');
  await page.getByLabel('Empfänger').selectOption({ label: 'Kundschaft' });
  await page.getByRole('button', { name: 'Vorschau' }).click();
  const preview = page.getByRole('region', { name: 'Vorschau' });
  await expect(preview.getByText('Geht an 1 bestätigten Abonnenten.')).toBeVisible();
  await expect(preview).toContainText('Hallo Anna Beispiel,');
  await expect(preview).toContainText('Ab Montag gibt es Ziegenkäse');
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Test an diese Adresse').fill('erika@beispiel.de');
  await page.getByRole('button', { name: 'Test senden' }).click();
  await expect(page.getByText('Der Test geht an erika@beispiel.de.')).toBeVisible();
  expect((await shop.waitForMail('erika@beispiel.de')).subject).toBe(
    '[Test] Neu im Laden: Ziegenkäse',
  );

  await page.getByRole('button', { name: 'Senden …' }).click();
  await expect(
    page.getByText(/Den Newsletter jetzt an 1 Abonnenten \(Kundschaft\) senden\?/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Ja, jetzt senden' }).click();
  await expect(page.getByText('Der Newsletter geht an 1 Abonnenten.')).toBeVisible();

  const mail = await shop.waitForMail('nina.leserin@beispiel.de', (m) =>
    m.subject.includes('Ziegenkäse'),
  );
  expect(mail.text).toContain('Hallo Nina,');
  const unsubscribe = findLink(mail.text, '/newsletter/abmelden');
  expect(unsubscribe).toBeTruthy();

  await page.getByRole('link', { name: 'Gesendet' }).click();
  await expect(page.getByText('Neu im Laden: Ziegenkäse')).toBeVisible();
  await expect(page.getByText(/Kundschaft · 1 Empfänger/)).toBeVisible();

  await page.goto(unsubscribe!);
  await expect(page.getByRole('heading', { name: 'Newsletter abmelden' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Vom Newsletter abmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Abgemeldet' })).toBeVisible();

  await page.goto('/admin/newsletter?status=unsubscribed');
  await expect(
    page.getByRole('listitem').filter({ hasText: 'nina.leserin@beispiel.de' }),
  ).toBeVisible();
});
