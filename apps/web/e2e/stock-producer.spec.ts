import { randomBytes } from 'node:crypto';
import {
  CATALOG_PACKAGE_DATA,
  registrationBody,
  TEST_PASSWORD,
} from '@housnkuh/test-support/registration';
import { linkToken } from '@housnkuh/test-support/smtp-catcher';
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  test,
  withConsent,
  withoutContestBanner,
} from './fixtures';

// The producer's stock on a phone (issue 33): it tracks a product, books a delivery by the EAN a
// scanner types, a withdrawal, and reads the shop's refusal when it takes more than there is.
test.use({ ownShop: 'stock-producer', viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  await withConsent(page, 'declined');
  await withoutContestBanner(page);
});

async function noSidewaysOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a producer tracks a product and books its stock by EAN on the phone', async ({
  page,
  request,
  shop,
}) => {
  const email = `bestand.${randomBytes(3).toString('hex')}@beispiel.de`;
  const registered = await request.post(`${shop.baseURL}/api/vendor-auth/register`, {
    data: registrationBody(email, {
      name: 'Jörg Weiß',
      unternehmen: 'Imkerei Größenbühl',
      packageData: CATALOG_PACKAGE_DATA,
    }),
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const mail = await shop.waitForMail(email, (m) => m.text.includes('/vendor/confirm?token='));
  const confirmed = await request.get(
    `${shop.baseURL}/api/vendor-auth/confirm/${linkToken(mail.text, '/vendor/confirm')}`,
  );
  expect(confirmed.status()).toBe(200);
  const login = await request.post(`${shop.baseURL}/api/vendor-auth/login`, {
    data: { email, password: TEST_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
  const business = await request.put(`${shop.baseURL}/api/vendor-auth/business`, {
    headers,
    data: { taxStatus: 'kleinunternehmer' },
  });
  expect(business.status(), await business.text()).toBe(200);
  const created = await request.post(`${shop.baseURL}/api/vendor-auth/products`, {
    headers,
    data: { name: 'Waldhonig', priceCents: 450, unit: 'Glas', vatRate: 0 },
  });
  expect(created.status(), await created.text()).toBe(200);
  const ean = (await created.json()).product.ean as string;

  await page.goto('/vendor/login');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);

  // the products page: not tracked yet, "Bestand führen" switches it on
  await page.goto('/vendor/products');
  const stock = page.getByRole('region', { name: 'Bestand: Waldhonig' });
  await expect(stock).toContainText('Der Bestand wird nicht geführt.');
  await stock.getByRole('button', { name: 'Bestand führen: Waldhonig' }).click();
  await expect(stock).toContainText(/Im Regal\s*0 Glas/);
  await expect(stock).toContainText(/Letzte Lieferung\s*noch keine/);
  await expectNoSeriousA11yViolations(page);
  await noSidewaysOverflow(page);

  await page.getByRole('link', { name: 'Bestand buchen' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bestand buchen' })).toBeVisible();
  // Chromium in the test has no camera: no camera offered unless the browser can scan
  const finder = page.getByLabel('EAN oder Name');
  const book = async (kind: 'Lieferung' | 'Entnahme', quantity: string) => {
    // a hand scanner types the EAN and sends Enter
    await finder.fill(ean);
    await finder.press('Enter');
    const form = page.getByRole('form', { name: 'Bestand buchen: Waldhonig' });
    await form.getByLabel(kind).check();
    await form.getByLabel('Menge (Glas)').fill(quantity);
    await form.getByRole('button', { name: 'Buchen' }).click();
    return form;
  };

  await book('Lieferung', '12');
  await expect(page.getByText('Waldhonig: jetzt 12 Glas im Regal.')).toBeVisible();
  await expect(finder).toHaveValue('');
  await expect(finder).toBeFocused();

  await book('Entnahme', '2');
  await expect(page.getByText('Waldhonig: jetzt 10 Glas im Regal.')).toBeVisible();

  const form = await book('Entnahme', '20');
  const quantity = form.getByLabel('Menge (Glas)');
  await expect(quantity).toHaveAccessibleDescription(
    /Im Regal sind nur 10 Glas erfasst\. Bitte prüfe die Menge\./,
  );
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);
  await noSidewaysOverflow(page);

  // the products page: 10 on the shelf, the delivery of today, nothing sold since
  await page.goto('/vendor/products');
  await expect(stock).toContainText(/Im Regal\s*10 Glas/);
  await expect(stock).toContainText(/seitdem verkauft: 0 Glas/);
});
