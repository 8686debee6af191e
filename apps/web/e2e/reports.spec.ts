import { berlinInstant, formatIsoDay } from '@housnkuh/shared/format';
import {
  expect,
  expectNoSeriousA11yViolations,
  quietVisits,
  runDay,
  setDemoProducerPassword,
  signInAsProducer,
  test,
} from './fixtures';
import type { DatabaseQuery } from './shop-server';

// A demo producer (Hof Müller) sees its till sales under Verkäufe (docs/decisions/0032).
// The sales go straight into the database before the server starts: this branch has no till
// API or CSV import yet (the lead switches this to POST /api/admin/sales/import after merge).
const today = runDay();
const PRODUCER = 'info@hof-mueller.example';
/** Hof Müller's Freilandeier (4,20 €) and Speisekartoffeln (2,49 €/kg), the Bäckerei's bread. */
const EGGS = '2000000000039';
const POTATOES = '2000000000015';
const BREAD = '2000000000060';

async function tillSales(query: DatabaseQuery) {
  // the demo producer gets a password (demo producers have none)
  await setDemoProducerPassword(query, PRODUCER);
  const products = await query(
    'select id, ean, vendor_id, price_cents from products where ean = any($1)',
    [[EGGS, POTATOES, BREAD]],
  );
  const byEan = new Map(products.map((row) => [row.ean as string, row]));
  let receipt = 0;
  const line = async (time: string, ean: string, quantity: number, total: number) => {
    const product = byEan.get(ean)!;
    await query(
      `insert into sales_lines (receipt_id, position, sold_at, ean, article_text, quantity_thousandths,
         unit_price_gross_cents, vat_rate_bp, line_total_gross_cents, product_id, vendor_id, source, raw)
       values ($1, 1, $2, $3, 'Demo', $4, $5, 700, $6, $7, $8, 'csv', 'e2e')`,
      [
        `E2E-${++receipt}`,
        berlinInstant(today, time).toISOString(),
        ean,
        quantity,
        product.price_cents,
        total,
        product.id,
        product.vendor_id,
      ],
    );
  };
  await line('08:05', EGGS, 2000, 840); // 2 × 4,20
  await line('08:40', POTATOES, 1352, 337); // 1,352 kg × 2,49 = 3,36648
  await line('09:10', EGGS, -1000, -420); // a return
  await line('09:15', BREAD, 1000, 520); // another producer's
}

test.use({
  clock: '10:00',
  ownShop: 'reports',
  prepareDatabase: { write: tillSales },
});

quietVisits();

test(
  'a producer sees its sales of the month as a table with the total, and downloads them as CSV',
  { tag: '@db' },
  async ({ page }) => {
    await signInAsProducer(page, PRODUCER);

    await page
      .getByRole('navigation', { name: 'Direktvermarkter-Bereich' })
      .getByRole('link', { name: 'Verkäufe' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verkäufe' })).toBeVisible();
    // 8,40 + 3,37 − 4,20; the bakery's bread is not Hof Müller's
    await expect(page.getByText('Dieser Monat bisher: 7,57 €')).toBeVisible();
    const table = page.getByRole('table', { name: /^Umsatz pro Tag vom / });
    await expect(table.getByRole('row', { name: formatIsoDay(today) })).toContainText('7,57 €');
    await expect(table.getByRole('row', { name: 'Summe' })).toContainText('7,57 €');
    await expect(page.getByRole('img', { name: /^Balkendiagramm: Umsatz pro Tag/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // per product: the eggs (one returned) and the potatoes by weight
    await page
      .getByRole('group', { name: 'Gruppieren nach' })
      .getByRole('button', { name: 'Produkt' })
      .click();
    const products = page.getByRole('table', { name: /^Umsatz pro Produkt vom / });
    await expect(products.getByRole('row', { name: /Freilandeier, 10 Stück/ })).toContainText(
      '4,20 €',
    );
    await expect(products.getByRole('row', { name: /Speisekartoffeln/ })).toContainText('1,352');
    await expect(products).not.toContainText('Bauernbrot');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Als CSV herunterladen' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^verkaeufe-.*-product\.csv$/);

    // an own period that ends before it begins is refused in the form, in German
    await page
      .getByRole('group', { name: 'Zeitraum' })
      .getByRole('button', { name: 'Eigener Zeitraum' })
      .click();
    await page.getByLabel('Bis', { exact: true }).fill('2020-01-01');
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await expect(
      page.getByText('Das Ende des Zeitraums darf nicht vor seinem Beginn liegen').first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  },
);
