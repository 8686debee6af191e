import { addDays, formatIsoDay } from '@housnkuh/shared/format';
import {
  expect,
  expectNoSeriousA11yViolations,
  quietVisits,
  registeredProducer,
  runDay,
  signInAsAdmin,
  test,
} from './fixtures';

// A contract that starts in the past (docs/decisions/0028). A shop of its own: the units must be
// free from ten days ago on, which the rental spec's approvals (from today on) would take.
test.use({ ownShop: 'rental-past', clock: '10:00' });

quietVisits();

test(
  'a start in the past: the approval and a change from a past day are asked once, then entered',
  { tag: '@db' },
  async ({ page, request, shop }) => {
    const email = await registeredProducer(request, shop, 'Albrecht');
    const start = addDays(runDay(), -10);
    await signInAsAdmin(page, '/admin/pending-bookings');
    const item = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Hof Albrecht' }) });
    await item.getByRole('button', { name: /Bestätigen/ }).click();
    await item.getByLabel('Vertragsbeginn').fill(start);
    const approve = item.getByRole('button', {
      name: /^Mit [1-9]\d* Mietf(ach|ächern) bestätigen$/,
    });
    await approve.click();
    const question = page.getByRole('dialog', {
      name: 'Der Beginn liegt in der Vergangenheit – trotzdem anlegen?',
    });
    await expect(question).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expect(question.locator(':focus')).toHaveCount(1);
    // cancelled (Escape, like "Abbrechen"): nothing made
    await page.keyboard.press('Escape');
    await expect(question).toHaveCount(0);
    await expect(item.getByText('Abgebrochen: Es wurde kein Vertrag angelegt.')).toBeVisible();
    // asked once more on the next try; yes makes the contract, no second question
    await approve.click();
    await question.getByRole('button', { name: 'Ja, rückwirkend anlegen' }).click();
    const notice = page.getByText(/Die Buchung ist bestätigt: Vertrag V-\d{4}-\d{4}\./);
    await expect(notice).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const number = /V-\d{4}-\d{4}/.exec(await notice.innerText())![0];
    const mail = await shop.waitForMail(email, (m) => m.subject.includes('bestätigt'));
    expect(mail.text).toContain(formatIsoDay(start));

    // a change from a past day: the one confirmation says so
    await page
      .getByRole('navigation', { name: 'Verwaltung' })
      .getByRole('link', { name: 'Verträge' })
      .click();
    await page.getByLabel('Suche (Nummer, Name, Unternehmen)').fill(number);
    await page.getByRole('button', { name: 'Suchen' }).click();
    await page.getByRole('link', { name: `${number} · Hof Albrecht` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Vertrag ${number}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Verlauf' })).toContainText(
      `ab ${formatIsoDay(start)} (rückwirkend)`,
    );
    const from = addDays(runDay(), -3);
    const change = page.getByRole('region', { name: 'Ändern ab einem Tag' });
    await change.getByLabel('Gilt ab').fill(from);
    await change.getByLabel('Modell').selectOption({ label: 'Basismodell (4 %)' });
    await change.getByLabel('Grund der Änderung').fill('Modellwechsel war vereinbart');
    await change
      .getByRole('button', { name: `Änderung ab ${formatIsoDay(from)} eintragen …` })
      .click();
    const confirm = page.getByRole('dialog', {
      name: 'Die Änderung liegt in der Vergangenheit – trotzdem eintragen?',
    });
    await expect(confirm).toContainText(`rückwirkend ab dem ${formatIsoDay(from)}`);
    await expectNoSeriousA11yViolations(page);
    await confirm
      .getByRole('button', { name: `Ja, ab ${formatIsoDay(from)} ändern und E-Mail senden` })
      .click();
    await expect(change.getByText(/Die Änderung ab dem .* ist eingetragen/)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const versions = page.getByRole('region', { name: 'Versionen' });
    await expect(versions.getByRole('listitem')).toHaveCount(2);
    await expect(versions).toContainText(`ab ${formatIsoDay(from)}: Basismodell`);
    await shop.waitForMail(email, (m) => m.subject.includes('ändert sich ab'));
  },
);
