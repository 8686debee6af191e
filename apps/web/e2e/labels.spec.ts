import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  kleinunternehmer,
  quietVisits,
  signInAsProducer,
  test,
  type Shop,
} from './fixtures';

quietVisits();

/** A confirmed producer (Kleinunternehmer) with two products, made over the API. */
async function producerWithProducts(request: APIRequestContext, shop: Shop) {
  const { email, headers } = await kleinunternehmer(
    request,
    shop,
    'Jörg Weiß',
    'Imkerei Größenbühl',
  );
  for (const product of [
    {
      name: 'Waldhonig',
      priceCents: 450,
      unit: 'Glas',
      vatRate: 0,
      inhalt: 250,
      inhaltEinheit: 'g',
    },
    { name: 'Eier vom Hof', priceCents: 390, unit: 'Packung', vatRate: 0 },
  ]) {
    const created = await request.post(`${shop.baseURL}/api/vendor-auth/products`, {
      headers,
      data: product,
    });
    expect(created.status(), await created.text()).toBe(200);
  }
  return email;
}

test('a producer prints labels of two products on an A4 sheet', async ({ page, request, shop }) => {
  const email = await producerWithProducts(request, shop);
  await signInAsProducer(page, email);
  await page
    .getByRole('navigation', { name: 'Direktvermarkter-Bereich' })
    .getByRole('link', { name: 'Produkte' })
    .click();
  await page.getByRole('link', { name: 'Etiketten drucken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Etiketten drucken' })).toBeVisible();
  const honey = page.getByLabel('Waldhonig');
  const eggs = page.getByLabel('Eier vom Hof');
  await expect(honey).toBeVisible();
  await expect(page.getByText('4,50 € / Glas')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // nothing chosen: the form says so, no request
  await page.getByRole('button', { name: 'PDF erstellen' }).click();
  await expect(
    page.getByText('Bitte gib bei mindestens einem Produkt an, wie viele Etiketten du brauchst.'),
  ).toBeVisible();
  await honey.fill('201');
  await page.getByRole('button', { name: 'PDF erstellen' }).click();
  await expect(page.getByText('Bitte eine ganze Zahl von 0 bis 200.')).toBeVisible();

  await honey.fill('3');
  await eggs.fill('5');
  await page.getByLabel(/A4-Bogen/).check();
  const answer = page.waitForResponse((response) => response.url().includes('/labels.pdf'));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF erstellen' }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  // sorted by name: the eggs first
  const url = new URL(response.url());
  expect(url.searchParams.get('counts')).toBe('5,3');
  expect(url.searchParams.get('format')).toBe('a4-3x8');
  // the file the producer gets is the PDF
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('etiketten-a4-3x8.pdf');
  const file = fs.readFileSync((await saved.path())!);
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');
  expect(file.length).toBeGreaterThan(2000);
  await expect(
    page.getByText('Dein PDF mit 8 Etiketten ist erstellt und wird heruntergeladen.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'PDF öffnen und drucken' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
