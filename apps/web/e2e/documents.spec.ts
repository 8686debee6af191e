import fs from 'node:fs';
import { settleMonth } from '@housnkuh/shared/settlement';
import {
  expect,
  demoDocumentParties,
  expectNoSeriousA11yViolations,
  quietVisits,
  setDemoProducerPassword,
  signInAsAdmin,
  signInAsProducer,
  test,
} from './fixtures';
import type { DatabaseQuery } from './shop-server';

// A producer sees the shop's invoice and its sales statement and downloads both PDFs
// (issue 26, docs/decisions/0034). The documents go straight into the database before the
// server starts (as a finalized month leaves them); the server renders their PDFs.
const PRODUCER = 'info@hof-mueller.example';

const FIGURES = settleMonth({
  month: '2026-10',
  freeMonth: null,
  contracts: [
    {
      id: 'c1',
      number: 'V-2026-0001',
      startDate: '2026-09-01',
      endDate: null,
      cancelled: false,
      versions: [
        {
          validFrom: '2026-09-01',
          provisionType: 'basic',
          commissionRateBp: 400,
          monthlyPriceCents: 1500,
          label: 'Mietfach A10',
        },
      ],
    },
  ],
  sales: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      receiptId: 'B-17',
      position: 1,
      soldAt: '2026-10-02T09:00:00.000Z',
      soldOn: '2026-10-02',
      articleText: 'Freilandeier, 10 Stück',
      quantityThousandths: 2000,
      unitPriceGrossCents: 420,
      vatRateBp: 700,
      grossCents: 840,
    },
  ],
  manualLines: [],
  openItems: [],
  shopVatRateBp: 1900,
});

async function issuedDocuments(query: DatabaseQuery) {
  await setDemoProducerPassword(query, PRODUCER);
  const [vendor] = await query('select id, name, unternehmen from vendors where email = $1', [
    PRODUCER,
  ]);
  const parties = demoDocumentParties(
    vendor as { name: string; unternehmen: string | null },
    PRODUCER,
  );
  const insert = `insert into documents (id, type, number, year, month, vendor_id, issued_on,
      total_gross_cents, refers_to_id, content, parties)
    values ($1, $2, $3, 2026, '2026-10', $4, '2026-11-03', $5, $6, $7, $8)`;
  const invoiceId = '00000000-0000-4000-8000-0000000000a1';
  await query(insert, [
    invoiceId,
    'rechnung',
    'RE-2026-00001',
    vendor!.id,
    FIGURES.invoice.grossCents,
    null,
    JSON.stringify(FIGURES),
    JSON.stringify(parties),
  ]);
  await query(insert, [
    '00000000-0000-4000-8000-0000000000a2',
    'verkaufsabrechnung',
    'VA-2026-00001',
    vendor!.id,
    FIGURES.payoutCents,
    invoiceId,
    JSON.stringify(FIGURES),
    JSON.stringify(parties),
  ]);
}

test.use({ ownShop: 'documents', prepareDatabase: { write: issuedDocuments } });

quietVisits();

test(
  'a producer downloads the shop’s invoice and its sales statement',
  { tag: '@db' },
  async ({ page }) => {
    await signInAsProducer(page, PRODUCER);
    const area = page.getByRole('navigation', { name: 'Direktvermarkter-Bereich' });

    await area.getByRole('link', { name: 'Rechnungen', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rechnungen' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Rechnung RE-2026-00001' })).toBeVisible();
    await expect(page.getByText('Betrag: 15,40 €')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const invoice = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF RE-2026-00001' }).click();
    expect((await invoice).suggestedFilename()).toBe('RE-2026-00001.pdf');
    // its e-invoice, the XML alone (docs/decisions/0075-e-invoices.md)
    const einvoice = page.waitForEvent('download');
    await page.getByRole('button', { name: 'XRechnung RE-2026-00001' }).click();
    const xml = await einvoice;
    expect(xml.suggestedFilename()).toBe('RE-2026-00001-xrechnung.xml');
    expect(fs.readFileSync((await xml.path())!, 'utf8')).toContain(
      '<ram:ID>RE-2026-00001</ram:ID>',
    );

    await area.getByRole('link', { name: 'Verkaufsabrechnungen' }).click();
    await expect(
      page.getByRole('heading', { name: 'Verkaufsabrechnung VA-2026-00001' }),
    ).toBeVisible();
    await expect(page.getByText('Auszahlung: −7,00 €')).toBeVisible();
    await page.getByText('Kassenzeilen (1)').click();
    await expect(
      page.getByRole('table', { name: 'Kassenzeilen der Abrechnung VA-2026-00001' }),
    ).toContainText('Freilandeier, 10 Stück');
    await expectNoSeriousA11yViolations(page);
    const statement = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF VA-2026-00001' }).click();
    const file = await statement;
    expect(file.suggestedFilename()).toBe('VA-2026-00001.pdf');
  },
);

test('the shop downloads an invoice’s e-invoice from the producer’s page', async ({ page }) => {
  await signInAsAdmin(page, '/admin/users');
  await page.getByRole('listitem').filter({ hasText: PRODUCER }).getByRole('link').click();
  await expect(page.getByRole('button', { name: 'PDF RE-2026-00001' })).toBeVisible();
  const einvoice = page.waitForEvent('download');
  await page.getByRole('button', { name: 'XRechnung RE-2026-00001' }).click();
  const xml = await einvoice;
  expect(xml.suggestedFilename()).toBe('RE-2026-00001-xrechnung.xml');
  expect(fs.readFileSync((await xml.path())!, 'utf8')).toContain('<ram:ID>RE-2026-00001</ram:ID>');
  // a sales statement is no invoice: a PDF only
  await expect(page.getByRole('button', { name: 'PDF VA-2026-00001' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'XRechnung VA-2026-00001' })).toHaveCount(0);
});
