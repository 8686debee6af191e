import { readFileSync } from 'node:fs';
import { demoSalesFile, importDemoSales } from './demo-sales-file';
import {
  expect,
  expectNoSeriousA11yViolations,
  producerPage,
  quietVisits,
  setDemoProducerPassword,
  signInAsAdmin,
  test,
} from './fixtures';
import { downloadDatevExport, monthName } from './money';
import type { DatabaseQuery } from './shop-server';

// Issues "Money, part 2" and "Money you can trust", done when: on a fresh install with demo data
// the owner sets the demo's opening date, enters the billing data and the owner's name, imports
// the demo sales, settles the demo's months in order (the last one first is refused), pays the last month's
// payouts in a payment run whose SEPA file is the same at every download (a second run: nothing
// left to pay), downloads the accountant's export, and a producer sees its invoice and its
// statement. Hof Müller is a demo producer (its password is
// the only thing set in the database before the server starts).
const PRODUCER = 'info@hof-mueller.example';
const DEMO = demoSalesFile();
/** The demo's opening: the first day of the demo sales. */
const DEMO_OPENING = `${DEMO.from.slice(0, 7)}-01`;
/** The last full month of the demo sales: the month before the run's. */
const MONTH = DEMO.to.slice(0, 7);

const nextMonth = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
};

async function producerPassword(query: DatabaseQuery) {
  await setDemoProducerPassword(query, PRODUCER);
}

test.use({ clock: '10:00', ownShop: 'settlement', prepareDatabase: { write: producerPassword } });

quietVisits();

test('the owner settles the demo months in order, pays the last month in a payment run, downloads the DATEV export; the producer gets both documents', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // the opening date: the demo's opening, the first day of the demo sales (four months before
  // the run's month; the demo contracts start then)
  await signInAsAdmin(page, '/admin/settings');
  await page.getByLabel('Eröffnungsdatum').fill(DEMO_OPENING);
  // the owner's name, which the invoices carry (§ 14 Abs. 4 Nr. 1 UStG)
  await page.getByLabel('Inhaber oder Geschäftsführung').fill('Eva Muster');
  // and the shop's real phone number, which the e-invoice names (XRechnung; the first start's
  // is a placeholder)
  await page.getByLabel('Telefon', { exact: true }).fill('09261 123456');
  await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Gespeichert' })).toBeVisible();

  // the shop's billing data
  const billing = page.getByRole('region', { name: 'Abrechnung' });
  await billing.getByLabel('Steuernummer', { exact: true }).fill('218/123/45678');
  await billing.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 00');
  await billing.getByLabel('BIC', { exact: true }).fill('COBADEFFXXX');
  await billing.getByLabel('Kontoinhaber', { exact: true }).fill('housnkuh Kronach');
  await billing.getByLabel('Beraternummer', { exact: true }).fill('1234567');
  await billing.getByLabel('Mandantennummer', { exact: true }).fill('10001');
  await billing.getByRole('button', { name: 'Abrechnungsdaten speichern' }).click();
  await expect(billing.getByRole('status').filter({ hasText: 'Gespeichert' })).toBeVisible();

  // the demo sales
  await page.getByRole('link', { name: 'Verkäufe' }).click();
  await importDemoSales(page, DEMO);

  // Umsätze: the months wait on the dashboard. The last month first is refused: months are settled
  // in order, from the opening month on
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('link', { name: /Monate? warten? auf die Abrechnung/ }).click();
  await page.getByLabel('Monat', { exact: true }).selectOption(MONTH);
  const lastMonth = page.getByRole('region', { name: `Monatsabrechnung ${monthName(MONTH)}` });
  await lastMonth.getByRole('button', { name: 'Entwurf berechnen' }).click();
  await expect(
    lastMonth.getByText(`Bitte zuerst ${monthName(DEMO_OPENING.slice(0, 7))} abrechnen`),
  ).toBeVisible();

  // so the owner settles the demo's months in order: each drafted, then finalized
  const settle = async (month: string) => {
    await page.getByLabel('Monat', { exact: true }).selectOption(month);
    const region = page.getByRole('region', { name: `Monatsabrechnung ${monthName(month)}` });
    await region.getByRole('button', { name: 'Entwurf berechnen' }).click();
    await expect(
      region.getByRole('table', { name: `Abrechnung ${monthName(month)} je Direktvermarkter` }),
    ).toBeVisible();
    await region.getByRole('button', { name: 'Abschließen' }).click();
    await region.getByRole('button', { name: `${monthName(month)} abschließen` }).click();
    await expect(region.getByText(/^Abgeschlossen: \d+ Belege ausgestellt/)).toBeVisible({
      timeout: 60_000,
    });
    await expect(region.getByText('Stand: abgeschlossen')).toBeVisible();
    return region;
  };
  for (let month = DEMO_OPENING.slice(0, 7); month < MONTH; month = nextMonth(month))
    await settle(month);
  const settlement = await settle(MONTH);
  const table = settlement.getByRole('table', {
    name: `Abrechnung ${monthName(MONTH)} je Direktvermarkter`,
  });
  const hofMueller = table.getByRole('row', { name: /Hof Müller/ });
  await expect(hofMueller).toBeVisible();
  const documents = settlement.getByRole('list', { name: 'Belege' });
  await expect(documents.getByText(/RE-\d{4}-\d{5}.*Hof Müller/)).toBeVisible();
  await expect(documents.getByText(/VA-\d{4}-\d{5}.*Hof Müller/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Hof Müller's payout is transferred: marked, confirmed first
  await hofMueller
    .getByRole('button', { name: 'Auszahlung an Hof Müller als überwiesen markieren' })
    .click();
  await hofMueller.getByRole('button', { name: 'Als überwiesen markieren' }).click();
  await expect(hofMueller).toContainText(/überwiesen am \d{2}\.\d{2}\.\d{4}/);

  // a payment run of the other payouts (the next bank business day); its SEPA file,
  // pain.001.001.09, the same bytes at every download
  await settlement.getByRole('button', { name: 'Zahlungslauf anlegen' }).click();
  await expect(settlement.getByText(/^Zahlungslauf angelegt: /)).toBeVisible();
  const runs = settlement.getByRole('list', { name: 'Zahlungsläufe' });
  await expect(runs.getByText('angelegt', { exact: true })).toBeVisible();
  const fileOfRun = async () => {
    const download = page.waitForEvent('download');
    await runs.getByRole('button', { name: /^SEPA-Datei herunterladen/ }).click();
    return readFileSync((await (await download).path())!, 'utf8');
  };
  const sepa = await fileOfRun();
  expect(sepa).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
  // each payout a transfer with the statement's number as the reference
  expect(sepa).toMatch(/<Ustrd>[^<]*VA-\d{4}-\d{5}/);
  await expect(runs.getByText('heruntergeladen', { exact: true })).toBeVisible();
  expect(await fileOfRun()).toBe(sepa);
  await runs.getByRole('button', { name: /^Als überwiesen markieren/ }).click();
  await runs.getByRole('button', { name: 'Als überwiesen markieren', exact: true }).click();
  await expect(runs.getByText('überwiesen', { exact: true })).toBeVisible();
  await settlement.getByRole('button', { name: 'Zahlungslauf anlegen' }).click();
  // the second run: nothing left to pay (the server's answer), and the month says so
  await expect(settlement.getByText('Keine offenen Auszahlungen', { exact: true })).toBeVisible();
  await expect(settlement.getByText('Keine offenen Auszahlungen.', { exact: true })).toBeVisible();

  // the accountant's export: the DATEV Buchungsstapel of today's documents
  expect(await downloadDatevExport(page)).toMatch(/RE-\d{4}-\d{5}/);

  // Hof Müller's invoice and statement
  const producer = await producerPage(browser, PRODUCER);
  const menu = producer.getByRole('navigation', { name: 'Direktvermarkter-Bereich' });
  await menu.getByRole('link', { name: 'Rechnungen', exact: true }).click();
  const invoiceHeading = producer.getByRole('heading', { name: /^Rechnung RE-\d{4}-\d{5}$/ });
  // one invoice per settled month (the demo's four)
  await expect(invoiceHeading).toHaveCount(4);
  const invoiceNumber = (await invoiceHeading.first().textContent())!.replace('Rechnung ', '');
  const invoiceDownload = producer.waitForEvent('download');
  await producer.getByRole('button', { name: `PDF ${invoiceNumber}` }).click();
  const invoicePdf = readFileSync((await (await invoiceDownload).path())!);
  expect(invoicePdf.subarray(0, 5).toString()).toBe('%PDF-');

  await menu.getByRole('link', { name: 'Verkaufsabrechnungen' }).click();
  const statementHeading = producer.getByRole('heading', {
    name: /^Verkaufsabrechnung VA-\d{4}-\d{5}$/,
  });
  await expect(statementHeading).toHaveCount(4);
  const statementNumber = (await statementHeading.first().textContent())!.replace(
    'Verkaufsabrechnung ',
    '',
  );
  // its receipt lines: Hof Müller's sales
  await producer
    .getByText(/^Kassenzeilen \(\d+\)$/)
    .first()
    .click();
  await expect(
    producer.getByRole('table', { name: `Kassenzeilen der Abrechnung ${statementNumber}` }),
  ).toContainText('Freilandeier');
  const statementDownload = producer.waitForEvent('download');
  await producer.getByRole('button', { name: `PDF ${statementNumber}` }).click();
  const statementPdf = readFileSync((await (await statementDownload).path())!);
  expect(statementPdf.subarray(0, 5).toString()).toBe('%PDF-');
  await producer.close();
});
