import {
  expect,
  expectNoSeriousA11yViolations,
  quietVisits,
  signInAsAdmin,
  test,
} from './fixtures';

// changes the FAQ that /faq shows: a shop of its own
test.use({ ownShop: 'faq' });

quietVisits();

test('the owner adds, edits, hides, moves and deletes a question; /faq shows each change at once', async ({
  page,
}) => {
  await signInAsAdmin(page, '/admin/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Neue Frage' }).click();
  const form = page.locator('section').filter({ hasText: 'Neue Frage' });
  await form.getByRole('button', { name: 'Frage anlegen' }).click();
  await expect(form.getByText('Bitte gib die Frage ein.')).toBeVisible();
  await form.getByLabel('Kategorie').selectOption('Support');
  await form.getByLabel('Frage').fill('Gibt es Parkplätze?');
  await form.getByLabel('Antwort').fill('Ja, direkt vor dem Laden.');
  await form.getByLabel('Stichwörter für die Suche').fill('Parken, Auto');
  await form.getByRole('button', { name: 'Frage anlegen' }).click();
  await expect(form.getByText('Die Frage ist angelegt und steht am Ende der Liste.')).toBeVisible();

  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Gibt es Parkplätze?', exact: true }) });
  await expect(row).toBeVisible();
  await page.goto('/faq');
  await expect(page.getByRole('button', { name: 'Gibt es Parkplätze?' })).toBeVisible();

  await page.goto('/admin/faq');
  await row.getByRole('button', { name: /Bearbeiten/ }).click();
  await row.getByLabel('Frage').fill('Wo kann ich parken?');
  await row.getByRole('button', { name: 'Änderungen speichern' }).click();
  const edited = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Wo kann ich parken?', exact: true }) });
  await expect(edited.getByText('Die Frage ist gespeichert.')).toBeVisible();
  await edited.getByRole('button', { name: /Ausblenden/ }).click();
  await expect(edited.getByText('Ausgeblendet')).toBeVisible();
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Wo kann ich parken?', exact: true })).toHaveCount(
    0,
  );

  await page.goto('/admin/faq');
  await edited.getByRole('button', { name: /Einblenden/ }).click();
  await expect(edited.getByText('Ausgeblendet')).toHaveCount(0);
  // last in the list: one step up
  const questions = page.getByRole('listitem').getByRole('heading', { level: 2 });
  await expect(questions.last()).toHaveText('Wo kann ich parken?');
  await edited.getByRole('button', { name: '„Wo kann ich parken?“ nach oben' }).click();
  await expect(questions.nth(-2)).toHaveText('Wo kann ich parken?');

  await edited.getByRole('button', { name: /Löschen/ }).click();
  await edited.getByRole('button', { name: 'Ja, löschen' }).click();
  await expect(page.getByRole('heading', { name: 'Wo kann ich parken?', exact: true })).toHaveCount(
    0,
  );
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Wo kann ich parken?', exact: true })).toHaveCount(
    0,
  );
});
