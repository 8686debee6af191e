import { berlinInstant, formatEuro } from '@housnkuh/shared/format';
import { TEST_PASSWORD } from '@housnkuh/test-support/registration';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  runDay,
  setDemoProducerPassword,
  signInAsAdmin,
  test,
  withConsent,
  withoutContestBanner,
} from './fixtures';
import type { DatabaseQuery } from './shop-server';

// Issue 33, the shop's side (docs/product/inventory.md): a Premium producer delivers 12 jars,
// the shop confirms the delivery on the Inventur page, the till sells 3, the shop counts 7: 2
// jars are refunded at the price minus the 7 % commission and its 19 % VAT. A Basismodell
// producer in the same situation sees the shrinkage and gets no refund. Metzgerei Fröba
// (Premium) and the Marmeladenküche Hofmann (Basismodell) are demo producers.
const today = runDay();
const PREMIUM = {
  email: 'kontakt@metzgerei-froeba.example',
  ean: '2000000000114',
  name: 'Stadtwurst im Glas',
  priceCents: 450,
  shop: 'Fröba',
};
const BASIC = {
  email: 'petra@marmeladenkueche-hofmann.example',
  ean: '2000000000312',
  name: 'Erdbeerkonfitüre',
  priceCents: 420,
  shop: 'Hofmann',
};
type Producer = typeof PREMIUM;

async function producerPasswords(query: DatabaseQuery) {
  await setDemoProducerPassword(query, PREMIUM.email);
  await setDemoProducerPassword(query, BASIC.email);
}

test.use({ clock: '10:00', ownShop: 'inventory', prepareDatabase: { write: producerPasswords } });

test.beforeEach(async ({ page }) => {
  await withConsent(page, 'declined');
  await withoutContestBanner(page);
});

/** The producer delivers 12 jars through its API (its phone page is another branch's). */
async function deliver(request: APIRequestContext, producer: Producer) {
  const login = await request.post('/api/vendor-auth/login', {
    data: { email: producer.email, password: TEST_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
  const list = await request.get(`/api/vendor-auth/products?search=${producer.ean}`, { headers });
  const product = (
    (await list.json()) as { products: { id: string; ean: string }[] }
  ).products.find((p) => p.ean === producer.ean)!;
  const delivered = await request.post(`/api/vendor-auth/products/${product.id}/stock`, {
    headers,
    data: { kind: 'delivery', quantity: 12 },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
}

/** The till sells 3 jars. */
async function sell(request: APIRequestContext, till: string, producer: Producer, n: number) {
  const sold = await request.post('/api/pos/sales', {
    headers: { authorization: `Bearer ${till}` },
    data: {
      receipts: [
        {
          id: `INV-${producer.ean}-${n}`,
          time: berlinInstant(today, '08:30').toISOString(),
          lines: [
            {
              position: 1,
              ean: producer.ean,
              name: producer.name,
              quantity: 3,
              unitPriceGrossCents: producer.priceCents,
              vatRate: 7,
            },
          ],
        },
      ],
    },
  });
  expect(await sold.json()).toMatchObject({ success: true, imported: 1, errors: [] });
}

/** The shop counts `found` jars of the producer's unit on the counting page. */
async function count(page: Page, producer: Producer, found: string) {
  const select = page.getByLabel('Mietfach', { exact: true });
  const option = select.locator('option', { hasText: producer.shop }).first();
  await select.selectOption((await option.getAttribute('value'))!);
  await page.getByLabel(`Gezählt: ${producer.name} (Glas)`).fill(found);
  await page.getByRole('button', { name: 'Inventur eintragen' }).click();
  return page.getByRole('table', { name: 'Ergebnis der Inventur' });
}

test('a Premium producer’s missing jars are refunded, a Basismodell producer’s are shown without refund', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await deliver(page.request, PREMIUM);
  await deliver(page.request, BASIC);

  // the owner makes a key for the till
  await signInAsAdmin(page, '/admin/settings');
  const tillRegion = page.getByRole('region', { name: 'Kasse' });
  await tillRegion.getByLabel('Name des neuen Schlüssels').fill('Kasse 1');
  await tillRegion.getByRole('button', { name: 'Schlüssel anlegen' }).click();
  const till = (await tillRegion.getByTestId('pos-secret').textContent())!.trim();

  // the shop confirms both deliveries on the Inventur page, one tap each
  await page.getByRole('link', { name: 'Inventur' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inventur' })).toBeVisible();
  for (const producer of [PREMIUM, BASIC]) {
    await page
      .getByRole('button', { name: `Lieferung ${producer.name} (12 Glas) bestätigen` })
      .click();
    await expect(page.getByText('Die Lieferung ist bestätigt.')).toBeVisible();
    await expect(
      page.getByRole('button', { name: `Lieferung ${producer.name} (12 Glas) bestätigen` }),
    ).toHaveCount(0);
  }
  await expect(page.getByText('Keine Lieferungen zu bestätigen.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // the till sells 3 of each
  await sell(page.request, till, PREMIUM, 1);
  await sell(page.request, till, BASIC, 1);

  // the count finds 7: 9 expected, 2 missing
  const amount = 2 * PREMIUM.priceCents;
  const commission = Math.round((amount * 7) / 100);
  const refund = amount - commission - Math.round((commission * 19) / 100);
  await page.reload();
  const premium = await count(page, PREMIUM, '7');
  const premiumRow = premium.getByRole('row', { name: new RegExp(PREMIUM.name) });
  await expect(premiumRow).toContainText(`9 Glas7 Glas-2 Glas${formatEuro(refund)}`);
  await expect(premiumRow).toContainText('Premium-Modell');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Noch einmal zählen' }).click();
  const basic = await count(page, BASIC, '7');
  const basicRow = basic.getByRole('row', { name: new RegExp(BASIC.name) });
  await expect(basicRow).toContainText(`9 Glas7 Glas-2 Glas${formatEuro(0)}`);
  await expect(basicRow).toContainText('Keine Erstattung: Basismodell');
});
