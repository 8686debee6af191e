import {
  expect,
  expectNoSeriousA11yViolations,
  quietVisits,
  signInAsAdmin,
  test,
} from './fixtures';

// These tests delete a tag the demo producers carry: they get a server of their
// own, so the directory's tests keep theirs.
test.use({ ownShop: 'tags' });

quietVisits();

test('the owner creates a tag with its German address, edits it and deletes it', async ({
  page,
}) => {
  await signInAsAdmin(page, '/admin/tags');
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Neuer Tag' }).click();
  const form = page.locator('section').filter({ hasText: 'Neuer Tag' });
  await form.getByLabel('Name').fill('Käse & Milch');
  await expect(form.getByText('Adresse im Verzeichnis: kaese-milch')).toBeVisible();
  await form.getByLabel('Farbe').fill('grün');
  await form.getByRole('button', { name: 'Tag anlegen' }).click();
  await expect(form.getByText('Bitte eine Farbe im Format #RRGGBB angeben')).toBeVisible();
  await form.getByLabel('Farbe').fill('#2F7D32');
  await form.getByLabel('Symbol').selectOption({ label: 'Milch' });
  await form.getByRole('button', { name: 'Tag anlegen' }).click();
  await expect(form.getByText('Der Tag ist angelegt.')).toBeVisible();

  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Käse & Milch', exact: true }) });
  await expect(row).toContainText('kaese-milch · 0 Direktvermarkter');

  // the same address again is refused
  await form.getByLabel('Name').fill('KÄSE & MILCH');
  await form.getByRole('button', { name: 'Tag anlegen' }).click();
  await expect(
    form.getByText('Einen Tag mit der Adresse „kaese-milch“ gibt es schon.'),
  ).toBeVisible();

  await row.getByRole('button', { name: /Bearbeiten/ }).click();
  await row.getByLabel('Name').fill('Ziegenkäse');
  await row.getByRole('button', { name: 'Änderungen speichern' }).click();
  const renamed = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Ziegenkäse', exact: true }) });
  await expect(renamed).toContainText('ziegenkaese');

  await renamed.getByRole('button', { name: /Löschen/ }).click();
  await renamed.getByRole('button', { name: 'Ja, löschen' }).click();
  await expect(page.getByRole('heading', { name: 'Ziegenkäse', exact: true })).toHaveCount(0);
});

test('deleting a tag producers carry says how many lose it; the directory no longer offers it', async ({
  page,
}) => {
  await signInAsAdmin(page, '/admin/tags');
  const honey = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Honig', exact: true }) });
  const text = (await honey.textContent()) ?? '';
  const count = Number(/(\d+) Direktvermarkter/.exec(text)?.[1]);
  expect(count).toBeGreaterThan(0);
  await honey.getByRole('button', { name: /Löschen/ }).click();
  await expect(honey).toContainText(`${count} Direktvermarkter`);
  await honey
    .getByRole('button', { name: `Ja, bei ${count} Direktvermarkter entfernen und löschen` })
    .click();
  await expect(page.getByRole('heading', { name: 'Honig', exact: true })).toHaveCount(0);

  const directory = await page.request.get('/api/vendor-auth/public/profiles?limit=100');
  const body = await directory.json();
  expect(body.availableFilters.allTags.map((tag: { slug: string }) => tag.slug)).not.toContain(
    'honig',
  );
});
