import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TEST_PASSWORD } from '@housnkuh/test-support/registration';
import {
  expect,
  expectNoSeriousA11yViolations,
  setDemoProducerPassword,
  signInAsAdmin,
  test,
  withConsent,
  withoutContestBanner,
} from './fixtures';
import type { DatabaseQuery } from './shop-server';

// Issue "Money, part 2", done when: on a fresh install with demo data the owner sets an opening
// date before the demo sales, enters the billing data, imports the demo sales, settles the last
// full month of them (October 2026), downloads the SEPA file and the accountant's export, and a
// producer sees its invoice and its statement. Hof Müller is a demo producer (its password is
// the only thing set in the database before the server starts).
const PRODUCER = 'info@hof-mueller.example';
const DEMO_CSV = fileURLToPath(new URL('../../../demo/kassenverkaeufe.csv', import.meta.url));
const MONTH = '2026-10';
/** The first day of the demo sales' first month. */
const DEMO_OPENING = readFileSync(DEMO_CSV, 'utf8')
  .split('\n')[1]!
  .split(';')[2]!
  .slice(3, 10)
  .split('.')
  .reverse()
  .join('-')
  .concat('-01');

async function producerPassword(query: DatabaseQuery) {
  await setDemoProducerPassword(query, PRODUCER);
}

test.use({ clock: '10:00', ownShop: 'settlement', prepareDatabase: { write: producerPassword } });

test.beforeEach(async ({ page }) => {
  await withConsent(page, 'declined');
  await withoutContestBanner(page);
});

test(
  'the owner settles October with the demo sales, downloads the SEPA file and the DATEV export; the producer gets both documents',
  { tag: '@db' },
  async ({ page, browser }) => {
    test.setTimeout(240_000);
    // the opening date: the demo's opening, the first day of the demo sales (made for an install
    // in November 2026: July to October 2026)
    await signInAsAdmin(page, '/admin/settings');
    await page.getByLabel('Eröffnungsdatum').fill(DEMO_OPENING);
    // the owner's name, which the invoices carry (§ 14 Abs. 4 Nr. 1 UStG)
    await page.getByLabel('Inhaber oder Geschäftsführung').fill('Eva Muster');
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
    await page.getByLabel('CSV-Datei').setInputFiles(DEMO_CSV);
    await page.getByRole('button', { name: 'Importieren' }).click();
    await expect(page.getByText(/^5\.467 Zeilen importiert/)).toBeVisible();

    // Umsätze: October is waiting on the dashboard; its drafts, then finalized
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('link', { name: /Monate? warten? auf die Abrechnung/ }).click();
    await page.getByLabel('Monat', { exact: true }).selectOption(MONTH);
    const settlement = page.getByRole('region', { name: 'Monatsabrechnung Oktober 2026' });
    await settlement.getByRole('button', { name: 'Entwurf berechnen' }).click();
    const table = settlement.getByRole('table', {
      name: 'Abrechnung Oktober 2026 je Direktvermarkter',
    });
    const hofMueller = table.getByRole('row', { name: /Hof Müller/ });
    await expect(hofMueller).toBeVisible();
    await settlement.getByRole('button', { name: 'Abschließen' }).click();
    await settlement.getByRole('button', { name: 'Oktober 2026 abschließen' }).click();
    // October takes every demo line not settled yet (July to October): 14 producers' documents
    await expect(settlement.getByText(/^Abgeschlossen: \d+ Belege ausgestellt/)).toBeVisible({
      timeout: 90_000,
    });
    await expect(settlement.getByText('Stand: abgeschlossen')).toBeVisible();
    const documents = settlement.getByRole('list', { name: 'Belege' });
    await expect(documents.getByText(/RE-2026-\d{5}.*Hof Müller/)).toBeVisible();
    await expect(documents.getByText(/VA-2026-\d{5}.*Hof Müller/)).toBeVisible();
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
    expect(sepa).toMatch(/<Ustrd>[^<]*VA-2026-\d{5}/);
    await expect(runs.getByText('heruntergeladen', { exact: true })).toBeVisible();
    expect(await fileOfRun()).toBe(sepa);
    await runs.getByRole('button', { name: /^Als überwiesen markieren/ }).click();
    await runs.getByRole('button', { name: 'Als überwiesen markieren', exact: true }).click();
    await expect(runs.getByText('überwiesen', { exact: true })).toBeVisible();
    await settlement.getByRole('button', { name: 'Zahlungslauf anlegen' }).click();
    await expect(settlement.getByText('Keine offenen Auszahlungen', { exact: true })).toHaveCount(
      2,
    );

    // the accountant's export: the DATEV Buchungsstapel of October
    const exports = page.getByRole('region', { name: 'Für die Steuerberatung' });
    await exports.getByLabel('Von').fill('2026-10-01');
    await exports.getByLabel('Bis').fill('2026-11-30');
    const datevDownload = page.waitForEvent('download');
    await exports.getByRole('button', { name: 'DATEV-Export' }).click();
    const datev = readFileSync((await (await datevDownload).path())!, 'latin1');
    expect(datev.startsWith('"EXTF";700;21;"Buchungsstapel"')).toBe(true);
    expect(datev).toMatch(/RE-2026-\d{5}/);

    // Hof Müller's invoice and statement
    const producer = await browser.newPage();
    await withConsent(producer, 'declined');
    await withoutContestBanner(producer);
    await producer.goto('/vendor/login');
    await producer.getByLabel('E-Mail-Adresse').fill(PRODUCER);
    await producer.getByLabel('Passwort', { exact: true }).fill(TEST_PASSWORD);
    await producer.getByRole('button', { name: 'Anmelden' }).click();
    const menu = producer.getByRole('navigation', { name: 'Direktvermarkter-Bereich' });
    await menu.getByRole('link', { name: 'Rechnungen', exact: true }).click();
    const invoiceHeading = producer.getByRole('heading', { name: /^Rechnung RE-2026-\d{5}$/ });
    await expect(invoiceHeading).toHaveCount(1);
    const invoiceNumber = (await invoiceHeading.textContent())!.replace('Rechnung ', '');
    const invoiceDownload = producer.waitForEvent('download');
    await producer.getByRole('button', { name: `PDF ${invoiceNumber}` }).click();
    const invoicePdf = readFileSync((await (await invoiceDownload).path())!);
    expect(invoicePdf.subarray(0, 5).toString()).toBe('%PDF-');

    await menu.getByRole('link', { name: 'Verkaufsabrechnungen' }).click();
    const statementHeading = producer.getByRole('heading', {
      name: /^Verkaufsabrechnung VA-2026-\d{5}$/,
    });
    await expect(statementHeading).toHaveCount(1);
    const statementNumber = (await statementHeading.textContent())!.replace(
      'Verkaufsabrechnung ',
      '',
    );
    // its receipt lines: Hof Müller's October sales
    await producer.getByText(/^Kassenzeilen \(\d+\)$/).click();
    await expect(
      producer.getByRole('table', { name: `Kassenzeilen der Abrechnung ${statementNumber}` }),
    ).toContainText('Freilandeier');
    const statementDownload = producer.waitForEvent('download');
    await producer.getByRole('button', { name: `PDF ${statementNumber}` }).click();
    const statementPdf = readFileSync((await (await statementDownload).path())!);
    expect(statementPdf.subarray(0, 5).toString()).toBe('%PDF-');
    await producer.close();
  },
);
