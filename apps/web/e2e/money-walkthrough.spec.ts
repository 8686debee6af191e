import { berlinInstant, formatEuro, formatIsoDay } from '@housnkuh/shared/format';
import { demoSalesFile, importDemoSales } from './demo-sales-file';
import {
  expect,
  producerPage,
  quietVisits,
  runDay,
  setDemoProducerPassword,
  signInAsAdmin,
  test,
} from './fixtures';
import type { DatabaseQuery } from './shop-server';

// Issue "Money, part 1", done when: the owner creates a till key, the till fetches the product
// list and posts a day of receipts, the owner imports the demo CSV and answers the lines without
// a product, and a producer sees its sales. Hof Müller is a demo producer (it has no password:
// the only thing set in the database before the server starts).
const today = runDay();
const PRODUCER = 'info@hof-mueller.example';
const EGGS = '2000000000039'; // Hof Müller's Freilandeier, 10 Stück, 4,20 €
const DEMO = demoSalesFile();

async function producerPassword(query: DatabaseQuery) {
  await setDemoProducerPassword(query, PRODUCER);
}

test.use({ clock: '10:00', ownShop: 'money', prepareDatabase: { write: producerPassword } });

quietVisits();

/** The demo CSV's sales of Hof Müller's products (EANs 2000000000015–…053) in cents. */
function demoSalesOfHofMueller(): number {
  const eans = new Set([
    '2000000000015',
    '2000000000022',
    '2000000000039',
    '2000000000046',
    '2000000000053',
  ]);
  let total = 0;
  for (const line of DEMO.rows) {
    const fields = line.split(';');
    if (eans.has(fields[3]!)) total += Math.round(Number(fields[8]!.replace(',', '.')) * 100);
  }
  return total;
}

test(
  'the till learns the products and sells, the owner imports the demo sales, the producer sees them',
  { tag: '@db' },
  async ({ page, browser }) => {
    // the owner makes a key for the till
    await signInAsAdmin(page, '/admin/settings');
    const till = page.getByRole('region', { name: 'Kasse' });
    await till.getByLabel('Name des neuen Schlüssels').fill('Kasse 1');
    await till.getByRole('button', { name: 'Schlüssel anlegen' }).click();
    const secret = (await till.getByTestId('pos-secret').textContent())!.trim();
    const headers = { authorization: `Bearer ${secret}` };

    // the till fetches its product list: Hof Müller's eggs with the seller for the receipt
    const list = await page.request.get('/api/pos/products', { headers });
    expect(list.status()).toBe(200);
    const eggs = (
      (await list.json()) as {
        products: { ean: string; priceCents: number; seller: { name: string } }[];
      }
    ).products.find((product) => product.ean === EGGS);
    expect(eggs).toMatchObject({ priceCents: 420 });
    expect(eggs!.seller.name).toMatch(/Müller/);

    // a day of receipts: two packs of eggs, one returned, and loose eggs the till does not know
    const time = berlinInstant(today, '08:15').toISOString();
    const sold = await page.request.post('/api/pos/sales', {
      headers,
      data: {
        receipts: [
          {
            id: `T-${today}-1`,
            time,
            lines: [
              {
                position: 1,
                ean: EGGS,
                name: 'Freilandeier',
                quantity: 2,
                unitPriceGrossCents: 420,
                vatRate: 7,
              },
              {
                position: 2,
                ean: '2999999999992',
                name: 'Eier lose',
                quantity: 3,
                unitPriceGrossCents: 45,
                vatRate: 7,
                lineTotalGrossCents: 135,
              },
            ],
          },
          {
            id: `T-${today}-2`,
            time,
            lines: [
              {
                position: 1,
                ean: EGGS,
                name: 'Freilandeier',
                quantity: -1,
                unitPriceGrossCents: 420,
                vatRate: 7,
              },
            ],
          },
        ],
      },
    });
    expect(await sold.json()).toMatchObject({
      success: true,
      imported: 3,
      unassigned: 1,
      errors: [],
    });

    // the owner imports the demo sales
    await page.getByRole('link', { name: 'Verkäufe' }).click();
    await importDemoSales(page, DEMO);

    // the loose eggs were Hof Müller's
    const waiting = page.getByRole('list', { name: 'Nicht zugeordnete Verkäufe' });
    await waiting.getByRole('button', { name: 'Zuordnen: Eier lose' }).click();
    await waiting.getByLabel('Produkt suchen (Name, EAN oder Direktvermarkter)').fill(EGGS);
    await waiting.getByRole('button', { name: 'Auswählen: Freilandeier, 10 Stück' }).click();
    await waiting.getByRole('button', { name: 'Ja, zuordnen' }).click();
    await expect(
      page.getByText('Verkauf dem Produkt „Freilandeier, 10 Stück“ zugeordnet.'),
    ).toBeVisible();

    // Hof Müller sees today's sales, and the demo months
    const producer = await producerPage(browser, PRODUCER);
    await producer
      .getByRole('navigation', { name: 'Direktvermarkter-Bereich' })
      .getByRole('link', { name: 'Verkäufe' })
      .click();
    // 2 × 4,20 − 4,20 + 3 × 0,45
    const table = producer.getByRole('table', { name: /^Umsatz pro Tag vom / });
    await expect(table.getByRole('row', { name: formatIsoDay(today) })).toContainText('5,55 €');

    await producer
      .getByRole('group', { name: 'Zeitraum' })
      .getByRole('button', { name: 'Eigener Zeitraum' })
      .click();
    // the demo months: the file's first and last day
    const { from, to } = DEMO;
    await producer.getByLabel('Von', { exact: true }).fill(from);
    await producer.getByLabel('Bis', { exact: true }).fill(to);
    await producer.getByRole('button', { name: 'Anzeigen' }).click();
    const months = producer.getByRole('table', { name: /^Umsatz pro / });
    await expect(months.getByRole('row', { name: 'Summe' })).toContainText(
      formatEuro(demoSalesOfHofMueller()),
    );
  },
);
