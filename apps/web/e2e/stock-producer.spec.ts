import { formatEuro } from '@housnkuh/shared/format';
import { formatMonth } from '@housnkuh/shared/months';
import { TEST_PASSWORD } from '@housnkuh/test-support/registration';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  ADMIN,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  kleinunternehmer,
  quietVisits,
  runDay,
  setDemoProducerPassword,
  signInAsProducer,
  test,
} from './fixtures';
import type { DatabaseQuery } from './shop-server';

// The producer's stock on a phone (issue 33): it tracks a product, books a delivery by the EAN a
// scanner types, a withdrawal, and reads the shop's refusal when it takes more than there is;
// after the shop's count it reads its shrinkage, with the refund in the Premium-Modell and
// without in the Basismodell (docs/decisions/0069). Metzgerei Fröba (Premium) and the
// Marmeladenküche Hofmann (Basismodell) are demo producers.
const PREMIUM = {
  email: 'kontakt@metzgerei-froeba.example',
  ean: '2000000000114',
  name: 'Stadtwurst im Glas',
  priceCents: 450,
};
const BASIC = {
  email: 'petra@marmeladenkueche-hofmann.example',
  ean: '2000000000312',
  name: 'Erdbeerkonfitüre',
  priceCents: 420,
};

async function producerPasswords(query: DatabaseQuery) {
  await setDemoProducerPassword(query, PREMIUM.email);
  await setDemoProducerPassword(query, BASIC.email);
}

test.use({
  ownShop: 'stock-producer',
  viewport: { width: 390, height: 844 },
  clock: '10:00',
  prepareDatabase: { write: producerPasswords },
});

quietVisits();

async function noSidewaysOverflow(page: Page) {
  await expectNoSidewaysScroll(page);
}

test('a producer tracks a product and books its stock by EAN on the phone', async ({
  page,
  request,
  shop,
}) => {
  const { email, headers } = await kleinunternehmer(
    request,
    shop,
    'Jörg Weiß',
    'Imkerei Größenbühl',
  );
  const created = await request.post(`${shop.baseURL}/api/vendor-auth/products`, {
    headers,
    data: { name: 'Waldhonig', priceCents: 450, unit: 'Glas', vatRate: 0 },
  });
  expect(created.status(), await created.text()).toBe(200);
  const ean = (await created.json()).product.ean as string;

  await signInAsProducer(page, email);

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

/** The producer delivers 12 jars through its API; the delivery's id. */
async function delivered(request: APIRequestContext, base: string, producer: typeof PREMIUM) {
  const login = await request.post(`${base}/api/vendor-auth/login`, {
    data: { email: producer.email, password: TEST_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
  const list = await request.get(`${base}/api/vendor-auth/products?search=${producer.ean}`, {
    headers,
  });
  const product = (
    (await list.json()) as { products: { id: string; ean: string }[] }
  ).products.find((p) => p.ean === producer.ean)!;
  const booked = await request.post(`${base}/api/vendor-auth/products/${product.id}/stock`, {
    headers,
    data: { kind: 'delivery', quantity: 12 },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  return { productId: product.id, movementId: (await booked.json()).movement.id as string };
}

test('after the shop’s count a producer reads its shrinkage: refunded in the Premium-Modell, not in the Basismodell', async ({
  page,
  request,
  shop,
}) => {
  // the shop's side through the API: each delivers 12, the shop confirms both and counts 10
  const premium = await delivered(request, shop.baseURL, PREMIUM);
  const basic = await delivered(request, shop.baseURL, BASIC);
  const adminLogin = await request.post(`${shop.baseURL}/api/auth/login`, {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  const admin = { authorization: `Bearer ${(await adminLogin.json()).token as string}` };
  const confirmed = await request.post(`${shop.baseURL}/api/admin/inventory/deliveries/confirm`, {
    headers: admin,
    data: { movementIds: [premium.movementId, basic.movementId] },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const counted = await request.post(`${shop.baseURL}/api/admin/inventory-counts`, {
    headers: admin,
    data: {
      counts: [
        { productId: premium.productId, quantity: 10 },
        { productId: basic.productId, quantity: 10 },
      ],
    },
  });
  expect(counted.status(), await counted.text()).toBe(200);

  // 2 jars at 4,50 €, less the 7 % commission and its 19 % VAT
  const amount = 2 * PREMIUM.priceCents;
  const commission = Math.round((amount * 7) / 100);
  const refund = amount - commission - Math.round((commission * 19) / 100);
  const month = formatMonth(runDay().slice(0, 7));

  await signInAsProducer(page, PREMIUM.email);
  await page.goto('/vendor/products');
  await page.getByRole('link', { name: 'Inventuren' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inventuren' })).toBeVisible();
  await expect(
    page.getByRole('complementary', { name: 'Diebstahlschutz im Premium-Modell' }),
  ).toBeVisible();
  const line = page.getByRole('listitem', { name: `${PREMIUM.name} (Regal)` });
  await expect(line).toContainText(/Erwartet\s*12 Glas\s*Gezählt\s*10 Glas/);
  await expect(line).toContainText(/Fehlbestand\s*2 Glas fehlen/);
  await expect(line).toContainText(
    `Erstattung${formatEuro(refund)} – kommt mit der Abrechnung für ${month}`,
  );
  await expectNoSeriousA11yViolations(page);
  await noSidewaysOverflow(page);

  // the product's history on the phone page: its delivery, confirmed, and the shop's count
  await page.getByRole('link', { name: 'Bestand buchen' }).first().click();
  const finder = page.getByLabel('EAN oder Name');
  await finder.fill(PREMIUM.ean);
  await finder.press('Enter');
  const history = page.getByRole('list', { name: `Bewegungen: ${PREMIUM.name}` });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText(
    /Inventur im Regalgezählt: 10 Glas.*vom Laden/,
  );
  await expect(history.getByRole('listitem').last()).toContainText(
    /Lieferung ins Regal\+12 Glas.*von dir · vom Laden bestätigt/,
  );
  await noSidewaysOverflow(page);

  await page.goto('/vendor/dashboard');
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).not.toHaveURL(/\/vendor\/dashboard$/);
  await signInAsProducer(page, BASIC.email);
  await page.goto('/vendor/products/inventuren');
  await expect(page.getByRole('complementary', { name: 'Bestand im Basismodell' })).toContainText(
    'erstattet wird er im Basismodell nicht',
  );
  const basicLine = page.getByRole('listitem', { name: `${BASIC.name} (Regal)` });
  await expect(basicLine).toContainText(/Fehlbestand\s*2 Glas fehlen/);
  await expect(basicLine).toContainText(
    'Erstattungkeine – am Tag der Inventur galt nicht das Premium-Modell',
  );
});
