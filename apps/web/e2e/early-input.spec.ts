import { EXTRA_SERVICES } from '@housnkuh/shared/catalog';
import { formatEuro } from '@housnkuh/shared/format';
import { expect, holdScripts, quietVisits, test } from './fixtures';

/**
 * What a visitor enters while a page is still the server's HTML – a paste,
 * the browser's autofill, a password manager, a quick choice – is applied
 * once the page is interactive (issue 9, item 1). Each test holds the page's
 * scripts back, fills or chooses in one step as soon as the field is visible,
 * and only then lets React take over. The contest form: contest.spec.ts.
 */

quietVisits();

test('/faq: a search term entered before the page is interactive filters the questions', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/faq', { waitUntil: 'commit' });
  const search = page.getByRole('searchbox', { name: 'FAQ durchsuchen' });
  const questions = page.locator('li button[aria-expanded]');
  await expect(questions.first()).toBeVisible();
  const all = await questions.count();
  await search.fill('Provision');
  release();

  const found = page.getByText(/^\d+ Fragen? gefunden$/);
  await expect(found).not.toHaveText(`${all} Fragen gefunden`);
  const count = await questions.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThan(all);
  await expect(found).toHaveText(`${count} ${count === 1 ? 'Frage' : 'Fragen'} gefunden`);
  await expect(search).toHaveValue('Provision');
});

test('/faq: a category chosen before the page is interactive filters the questions', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/faq', { waitUntil: 'commit' });
  const questions = page.locator('li button[aria-expanded]');
  await expect(questions.first()).toBeVisible();
  const all = await questions.count();
  await page.getByRole('combobox', { name: 'Kategorie' }).selectOption('Zahlungen');
  release();

  const sidebar = page.getByRole('navigation', { name: 'FAQ-Kategorien' });
  await expect(sidebar.getByRole('button', { name: /^Zahlungen \d+$/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(() => questions.count()).toBeLessThan(all);
});

test('directory: search and status entered before the page is interactive filter the list', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/direktvermarkter/uebersicht', { waitUntil: 'commit' });
  const results = page.getByRole('region', { name: /^(Alle Direktvermarkter|Suchergebnisse)$/ });
  const titles = results.getByRole('article').getByRole('heading', { level: 3 });
  await expect(titles).toHaveCount(14);
  await page.getByRole('searchbox', { name: 'Direktvermarkter suchen' }).fill('Imkerei');
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Verifiziert' });
  release();

  await expect(page).toHaveURL(/\?search=Imkerei&verifyStatus=verified$/);
  await expect(titles).toHaveText(['Imkerei Größ']);
  await expect(page.getByRole('status').filter({ hasText: /Direktvermarkter$/ })).toHaveText(
    '1 Direktvermarkter',
  );
});

test('directory: a sort order chosen before the page is interactive sorts the list', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/direktvermarkter/uebersicht', { waitUntil: 'commit' });
  const titles = page.getByRole('article').getByRole('heading', { level: 3 });
  await expect(titles.first()).toHaveText('Hof Müller');
  await page.getByRole('combobox', { name: 'Sortieren' }).selectOption('unternehmen-asc');
  release();

  await expect(page).toHaveURL(/\?sortBy=unternehmen$/);
  await expect(titles.first()).toHaveText('Bäckerei Schneider');
});

test('map: a search entered before the page is interactive narrows the list', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/direktvermarkter/karte', { waitUntil: 'commit' });
  const search = page.getByRole('searchbox', { name: 'Suche nach Name, Unternehmen oder Ort' });
  await search.fill('kronach');
  release();

  await expect(page.getByRole('status').filter({ hasText: /Direktvermarktern/ })).toHaveText(
    '2 von 14 Direktvermarktern',
  );
  await expect(search).toHaveValue('kronach');
});

test('/kontakt: fields filled before the page is interactive are sent; an early click loses nothing', async ({
  page,
  shop,
}) => {
  const release = await holdScripts(page);
  await page.goto('/kontakt', { waitUntil: 'commit' });
  const form = page.locator('form');
  const values: [string, string][] = [
    ['Name', 'Frieda Früh'],
    ['E-Mail-Adresse', 'frieda.frueh@beispiel.de'],
    ['Telefon', '0171 7654321'],
    ['Betreff', 'Ausgefüllt vor dem Start'],
    ['Nachricht', 'Eingefügt, bevor die Seite bereit war.'],
  ];
  for (const [label, value] of values) await form.getByLabel(label).fill(value);
  const send = form.getByRole('button', { name: 'Nachricht senden' });
  // not ready yet: the button does nothing (and the form is never sent the browser's way)
  await expect(send).toBeDisabled();
  await send.click({ force: true });
  expect(page.url()).toBe(`${shop.baseURL}/kontakt`);
  release();

  for (const [label, value] of values) await expect(form.getByLabel(label)).toHaveValue(value);
  await send.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Vielen Dank für deine Nachricht!' }),
  ).toBeVisible();
  const mail = await shop.waitForMail('info@housnkuh.de', (m) =>
    m.subject.includes('Ausgefüllt vor dem Start'),
  );
  expect(mail.text).toContain('Frieda Früh');
  expect(mail.text).toContain('Eingefügt, bevor die Seite bereit war.');
});

test('/pricing: choices made before the page is interactive are in the summary', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/pricing', { waitUntil: 'commit' });
  const storage = EXTRA_SERVICES.find((service) => service.name === 'Lagerservice')!;
  await page.getByRole('checkbox', { name: /Lagerservice/ }).check();
  await page.getByRole('radio', { name: /6 Monate/ }).check();
  release();

  const summary = page.getByRole('complementary', { name: /Zusammenfassung/ });
  await expect(summary).toContainText('Für 6 Monate');
  // with a space chosen, both show in the price
  await page.getByRole('button', { name: 'Verkaufsblock Lage A: eine mehr' }).click();
  await expect(summary).toContainText('Rabatt (5 %)');
  await expect(summary).toContainText(formatEuro(storage.price));
  await expect(page.getByRole('radio', { name: /6 Monate/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Lagerservice/ })).toBeChecked();
});

test('/faq: questions clicked before the page is interactive open once it is', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/faq', { waitUntil: 'commit' });
  const questions = page.locator('li button[aria-expanded]');
  await expect(questions.nth(1)).toBeVisible();
  await questions.nth(0).click();
  await questions.nth(1).click();
  // twice: open and closed again, as the visitor clicked it
  await questions.nth(2).click();
  await questions.nth(2).click();
  release();

  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
  await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'true');
  await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'false');
  // each click counts once: a click after start-up closes the first again
  await questions.nth(0).click();
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
});

test('directory: search, status and a tag entered before the page is interactive all apply once it is', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/direktvermarkter/uebersicht', { waitUntil: 'commit' });
  const honey = page
    .getByRole('group', { name: /^Produkte/ })
    .getByRole('button', { name: 'Honig' });
  await expect(honey).toBeVisible();
  await page.getByRole('searchbox', { name: 'Direktvermarkter suchen' }).fill('Imkerei');
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Verifiziert' });
  await honey.click();
  release();

  await expect(honey).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/\?search=Imkerei&tags=honig&verifyStatus=verified$/);
  const results = page.getByRole('region', { name: /^(Alle Direktvermarkter|Suchergebnisse)$/ });
  await expect(results.getByRole('article').getByRole('heading', { level: 3 })).toHaveText([
    'Imkerei Größ',
  ]);
});
