import { readFileSync } from 'node:fs';
import { formatEuro } from '@housnkuh/shared/format';
import type { Page } from '@playwright/test';
import { demoSalesFile, importDemoSales } from './demo-sales-file';
import {
  expect,
  expectNoSeriousA11yViolations,
  setDemoProducerPassword,
  signInAsAdmin,
  signInAsProducer,
  test,
  withConsent,
  withoutContestBanner,
} from './fixtures';
import { downloadDatevExport, monthName } from './money';
import type { DatabaseQuery } from './shop-server';

// Issue 31, done when: the owner's month end (import, unassigned lines in bulk, months settled in
// order, a payment run, a storno after the transfer with the difference, the exports) and the
// producer's (business data from the dashboard's link, products, labels, statements with their
// transfer state, money owed), at a desktop's and a phone's size, with no page wider than the
// screen and axe clean on every money page. The settings the owner enters on the settings page
// (walked by settlement-walkthrough.spec.ts) are set through the API here.
const PRODUCER = 'info@hof-mueller.example';
/** The demo producer that ends the last month owing money (a charge above its payout). */
const OWING = 'honig@imkerei-groess.example';
const OWING_NAME = 'Imkerei Größ';
const DEMO = demoSalesFile();
const DEMO_OPENING = `${DEMO.from.slice(0, 7)}-01`;
/** The last full month of the demo sales: the month before the run's. */
const MONTH = DEMO.to.slice(0, 7);
/** The month before it: the first this shop settles here ("Abrechnung ab"), settled before. */
const PREVIOUS = previousMonth(MONTH);

function previousMonth(month: string) {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
}
/** "1.234,56 €" → 123456 */
const cents = (text: string) =>
  Math.round(
    Number(
      text
        .replace(/[^\d,−-]/g, '')
        .replace('−', '-')
        .replace(',', '.'),
    ) * 100,
  );

async function producerPasswords(query: DatabaseQuery) {
  await setDemoProducerPassword(query, PRODUCER);
  await setDemoProducerPassword(query, OWING);
}

/**
 * Nothing on the page reaches past the screen's right edge: the document does not scroll
 * sideways, and no element shows beyond the viewport (an element inside a region that scrolls
 * sideways, or clips, and itself fits, is the region's business).
 */
async function expectNoSidewaysOverflow(page: Page, where: string) {
  const found = await page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const clippedByFittingAncestor = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (parent === document.body || parent === root) return false;
        if (getComputedStyle(parent).overflowX === 'visible') continue;
        const box = parent.getBoundingClientRect();
        if (box.left >= -1 && box.right <= width + 1) return true;
      }
      return false;
    };
    const wide: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.right <= width + 1 && box.left >= -1) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'contents') continue;
      if (clippedByFittingAncestor(element)) continue;
      const text = (element.textContent ?? '').trim().slice(0, 40);
      wide.push(
        `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> ${Math.round(box.left)}–${Math.round(box.right)} "${text}"`,
      );
    }
    return { sideways: root.scrollWidth - width, wide: wide.slice(0, 5) };
  });
  expect(found.sideways, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(0);
  expect(found.wide, `${where}: elements wider than the screen`).toEqual([]);
}

/**
 * Every money page: it fits the screen and axe finds nothing serious (`axe: false` for a page
 * axe saw before in this walk with the same parts: axe takes seconds on these pages).
 */
async function checkMoneyPage(page: Page, where: string, { axe = true } = {}) {
  await expectNoSidewaysOverflow(page, where);
  if (axe) await expectNoSeriousA11yViolations(page);
}

/**
 * The walk at one screen size; each spec file calls it once at its top level (a server of its
 * own per size: the months are settled once).
 */
export function monthEndWalk(
  name: 'desktop' | 'phone',
  viewport: { width: number; height: number },
) {
  const phone = name === 'phone';
  {
    test.use({
      viewport,
      clock: '10:00',
      ownShop: `month-end-${name}`,
      prepareDatabase: { write: producerPasswords },
    });

    test.beforeEach(async ({ page }) => {
      await withConsent(page, 'declined');
      await withoutContestBanner(page);
    });

    /** The admin's menu: on the phone behind the 'Menü' button. */
    const adminMenu = async (page: Page, label: string) => {
      if (phone) await page.getByRole('button', { name: 'Menü' }).click();
      await page
        .getByRole('navigation', { name: 'Verwaltung' })
        .getByRole('link', { name: label, exact: true })
        .click();
    };
    /** The producer's menu: on the phone behind the 'Menü: …' button. */
    const producerMenu = async (page: Page, label: string) => {
      const nav = page.getByRole('navigation', { name: 'Direktvermarkter-Bereich' });
      if (phone) await nav.getByRole('button', { name: /^Menü/ }).click();
      await nav.getByRole('link', { name: label, exact: true }).click();
    };
    /** The producer signs in and is greeted on its dashboard. */
    const producerDashboard = async (page: Page, email: string) => {
      await signInAsProducer(page, email);
      await expect(page.getByRole('heading', { level: 1, name: /^Hallo / })).toBeVisible();
    };

    // on PostgreSQL too at one size (the same requests at both; docs/decisions/0062)
    test(
      `the owner's and the producer's month end (${name})`,
      phone ? {} : { tag: '@db' },
      async ({ page }) => {
        test.setTimeout(240_000);
        // the setup the settings page walk covers elsewhere: opening date, owner, billing data
        await signInAsAdmin(page, '/admin');
        const token = await page.evaluate(() => localStorage.getItem('adminToken'));
        const headers = { authorization: `Bearer ${token}` };
        // the legal data in part: the VAT id lives in the billing data (docs/decisions/0048)
        const patched = await page.request.patch('/api/admin/settings', {
          headers,
          data: {
            openingDate: DEMO_OPENING,
            phone: '09261 123456',
            legal: { ownerName: 'Eva Muster' },
          },
        });
        expect(patched.status(), await patched.text()).toBe(200);
        const billing = (
          await (await page.request.get('/api/admin/billing-settings', { headers })).json()
        ).settings as { datev: Record<string, unknown>; zahlungszielTage: number };
        const saved = await page.request.put('/api/admin/billing-settings', {
          headers,
          data: {
            steuernummer: '218/123/45678',
            iban: 'DE89 3704 0044 0532 0130 00',
            bic: 'COBADEFFXXX',
            kontoinhaber: 'housnkuh Kronach',
            zahlungszielTage: billing.zahlungszielTage,
            // the months before were settled elsewhere (keeps the walk short; the order of months
            // from the opening is walked in settlement-walkthrough.spec.ts)
            abrechnungAb: PREVIOUS,
            datev: { ...billing.datev, beraternummer: 1234567, mandantennummer: 10001 },
          },
        });
        expect(saved.status(), await saved.text()).toBe(200);
        // ---- the owner: the till's sales of the demo months
        await adminMenu(page, 'Verkäufe');
        await expect(page.getByRole('heading', { level: 1, name: 'Verkäufe' })).toBeVisible();
        await importDemoSales(page, DEMO);
        await checkMoneyPage(page, 'Verkäufe');
        // the deposit lines rung up on the till's own key: chosen together, one answer for all
        await expect(page.getByText('2 Verkäufe warten', { exact: true })).toBeVisible();
        await page.getByLabel('Alle Zeilen dieser Seite wählen').check();
        const bulk = page.getByRole('region', { name: '2 Zeilen gewählt: eine Antwort für alle' });
        await bulk
          .getByLabel('Produkt suchen (Name, EAN oder Direktvermarkter)')
          .fill('Pfand Mehrwegflasche');
        await bulk.getByRole('button', { name: 'Auswählen: Pfand Mehrwegflasche' }).click();
        await checkMoneyPage(page, 'nicht zugeordnete Verkäufe');
        await bulk.getByRole('button', { name: 'Ja, zuordnen' }).click();
        await expect(
          page.getByText('2 Verkäufe dem Produkt „Pfand Mehrwegflasche“ zugeordnet.'),
        ).toBeVisible();
        await expect(page.getByText('0 Verkäufe warten', { exact: true })).toBeVisible();

        // ---- the months, settled in order: the month before was settled and paid already (through
        // the API), the last one waits on the dashboard
        for (const [path, body] of [
          ['/api/admin/abrechnungen', { month: PREVIOUS }],
          [`/api/admin/abrechnungen/${PREVIOUS}/finalize`, {}],
          [`/api/admin/abrechnungen/${PREVIOUS}/payouts/paid`, {}],
        ] as const) {
          const answer = await page.request.post(path, { headers, data: body });
          expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
        }
        await adminMenu(page, 'Dashboard');
        await page
          .getByRole('link', { name: `1 Monat wartet auf die Abrechnung (${monthName(MONTH)})` })
          .click();
        await expect(page.getByRole('heading', { level: 1, name: 'Umsätze' })).toBeVisible();
        const region = (month: string) =>
          page.getByRole('region', { name: `Monatsabrechnung ${monthName(month)}` });
        const draft = async (month: string) => {
          await page.getByLabel('Monat', { exact: true }).selectOption(month);
          await region(month).getByRole('button', { name: 'Entwurf berechnen' }).click();
          // computing a month's drafts takes seconds on the embedded database, more when busy
          await expect(
            region(month).getByRole('table', {
              name: `Abrechnung ${monthName(month)} je Direktvermarkter`,
            }),
          ).toBeVisible({ timeout: 60_000 });
        };
        const finalize = async (month: string) => {
          await region(month).getByRole('button', { name: 'Abschließen' }).click();
          await region(month)
            .getByRole('button', { name: `${monthName(month)} abschließen` })
            .click();
          await expect(region(month).getByText('Stand: abgeschlossen')).toBeVisible({
            timeout: 60_000,
          });
        };

        // the last month: Imkerei Größ is charged more than its payout, so it ends owing 20,00 €
        await draft(MONTH);
        const settlement = region(MONTH);
        const table = settlement.getByRole('table', {
          name: `Abrechnung ${monthName(MONTH)} je Direktvermarkter`,
        });
        const owingRow = table.getByRole('row', { name: new RegExp(OWING_NAME) });
        const payoutBefore = cents((await owingRow.getByRole('cell').nth(5).textContent()) ?? '');
        const charge = payoutBefore + 2000;
        await settlement.getByText('Position hinzufügen').click();
        await settlement
          .getByLabel('Direktvermarkter', { exact: true })
          .selectOption({ label: OWING_NAME });
        await settlement
          .getByLabel('Text auf Rechnung und Verkaufsabrechnung')
          .fill('Schaufenster-Aktion');
        await settlement
          .getByLabel('Betrag brutto (€)')
          .fill(formatEuro(charge).replace(/\s*€$/, '').replace(/\./g, ''));
        await settlement.getByRole('button', { name: 'Position eintragen' }).click();
        await expect(owingRow.getByRole('cell').nth(5)).toHaveText(formatEuro(-2000), {
          timeout: 30_000,
        });
        await checkMoneyPage(page, `Umsätze, Entwurf ${MONTH}`);
        await finalize(MONTH);
        // a payment run of the month's payouts: the SEPA file, then the bank's transfer
        await settlement.getByRole('button', { name: 'Zahlungslauf anlegen' }).click();
        await expect(settlement.getByText(/^Zahlungslauf angelegt: /)).toBeVisible({
          timeout: 30_000,
        });
        const runs = settlement.getByRole('list', { name: 'Zahlungsläufe' });
        const download = page.waitForEvent('download');
        await runs.getByRole('button', { name: /^SEPA-Datei herunterladen/ }).click();
        const sepa = readFileSync((await (await download).path())!, 'utf8');
        expect(sepa).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
        expect(sepa).toMatch(/<Ustrd>[^<]*VA-\d{4}-\d{5}/);
        await runs.getByRole('button', { name: /^Als überwiesen markieren/ }).click();
        await runs.getByRole('button', { name: 'Als überwiesen markieren', exact: true }).click();
        await expect(runs.getByText('überwiesen', { exact: true })).toBeVisible();
        await expect(table.getByRole('row', { name: /Hof Müller/ })).toContainText(
          /überwiesen am \d{2}\.\d{2}\.\d{4}/,
        );
        await checkMoneyPage(page, 'Umsätze, Zahlungslauf', { axe: false });
        // ---- a storno after the transfer: Hof Müller's statement is corrected by a 5,00 € credit
        const documents = settlement.getByRole('list', { name: 'Belege' });
        const statement = documents
          .getByRole('listitem')
          .filter({ hasText: /VA-\d{4}-\d{5} · Verkaufsabrechnung · Hof Müller/ });
        const number = (await statement.locator('strong').first().textContent())!;
        await statement.getByRole('button', { name: `${number} stornieren` }).click();
        await expect(
          statement.getByText(
            'Die Auszahlung ist schon überwiesen: Nach der Neuausstellung wird nur die Differenz überwiesen oder angefordert.',
          ),
        ).toBeVisible();
        await expect(statement.getByText(/Es werden zwei Stornobelege/)).toBeVisible();
        await statement
          .getByLabel('Grund der Stornierung')
          .fill('Gutschrift für den Aktionsrabatt vergessen');
        await checkMoneyPage(page, 'Umsätze, Storno');
        await statement.getByRole('button', { name: 'Stornieren', exact: true }).click();
        await expect(statement.getByText(/sind storniert \(Stornobelege /)).toBeVisible({
          timeout: 30_000,
        });
        await statement.getByRole('button', { name: 'Schließen' }).click();

        await settlement.getByText('Position hinzufügen').click();
        await settlement
          .getByLabel('Direktvermarkter', { exact: true })
          .selectOption({ label: 'Hof Müller' });
        await settlement.getByLabel('Gutschrift auf der Rechnung (erhöht die Auszahlung)').check();
        await settlement
          .getByLabel('Text auf Rechnung und Verkaufsabrechnung')
          .fill('Aktionsrabatt Oktober');
        await settlement.getByLabel('Betrag brutto (€)').fill('5,00');
        await settlement.getByRole('button', { name: 'Position eintragen' }).click();
        await expect(settlement.getByText('Die Position ist eingetragen')).toBeVisible({
          timeout: 30_000,
        });
        await finalize(MONTH);
        // the reissue pays only the difference: 5,00 € open for the next payment run
        await expect(
          settlement.getByText('Offen, in keinem Zahlungslauf: 1 Auszahlung, 5,00 €.'),
        ).toBeVisible();
        await expect(settlement.getByRole('list', { name: 'Offene Auszahlungen' })).toContainText(
          'Hof Müller · 5,00 €',
        );
        // Imkerei Größ owes its 20,00 €
        await expect(page.getByRole('list', { name: 'Offene Posten' })).toContainText(
          new RegExp(`${OWING_NAME} · ${monthName(MONTH)} · 20,00 € · fällig am`),
        );
        // ---- the exports: the month's document lines (by service month), the DATEV batch
        const exports = page.getByRole('region', { name: 'Für die Steuerberatung' });
        const csvDownload = page.waitForEvent('download');
        await exports.getByRole('button', { name: 'Belegliste (CSV)' }).click();
        const csv = readFileSync((await (await csvDownload).path())!, 'utf8');
        expect(csv).toMatch(/RE-\d{4}-\d{5}/);
        expect(csv).toContain('Hof Müller');
        await downloadDatevExport(page);
        await expect(
          page.getByRole('table', { name: 'Umsätze je Monat' }).getByRole('row', {
            name: new RegExp(`^${monthName(MONTH)} abgeschlossen`),
          }),
        ).toBeVisible();
        await checkMoneyPage(page, 'Umsätze, Exporte');
        // ---- the producer: Hof Müller
        await producerDashboard(page, PRODUCER);
        const money = page.getByRole('region', { name: `Dein Geld im ${monthName(MONTH)}` });
        await expect(money).toContainText(/wird bis 15\.\d{2}\. überwiesen/);
        await checkMoneyPage(page, 'Dashboard');
        // the business data, from the dashboard's link: the bank data in view
        await page.getByRole('link', { name: 'Geschäftsdaten und Bankverbindung' }).click();
        await expect(page.getByRole('heading', { name: 'Geschäftsdaten' })).toBeInViewport();
        await expect(page.getByText(/^Hinterlegt: DE/)).toBeVisible();

        await producerMenu(page, 'Produkte');
        await expect(page.getByRole('heading', { level: 1, name: 'Produkte' })).toBeVisible();
        await expect(page.getByRole('list', { name: 'Deine Produkte' })).toContainText(
          'Freilandeier',
        );
        await checkMoneyPage(page, 'Produkte');
        await page.getByRole('link', { name: 'Etiketten drucken' }).click();
        await expect(
          page.getByRole('heading', { level: 1, name: 'Etiketten drucken' }),
        ).toBeVisible();
        await page.getByLabel('Freilandeier, 10 Stück').fill('2');
        await page.getByRole('button', { name: 'PDF erstellen' }).click();
        await expect(
          page.getByText('Dein PDF mit 2 Etiketten ist erstellt und wird heruntergeladen.'),
        ).toBeVisible();
        await checkMoneyPage(page, 'Etiketten');

        await producerMenu(page, 'Rechnungen');
        await expect(
          page.getByRole('heading', { name: /^Rechnung RE-\d{4}-\d{5}$/ }).first(),
        ).toBeVisible();
        await checkMoneyPage(page, 'Rechnungen');

        await producerMenu(page, 'Verkaufsabrechnungen');
        // the month before transferred, the last one's difference still to come
        await expect(page.getByText(/überwiesen am \d{2}\.\d{2}\.\d{4}/).first()).toBeVisible();
        await expect(page.getByText(/wird bis 15\.\d{2}\. überwiesen/).first()).toBeVisible();
        await checkMoneyPage(page, 'Verkaufsabrechnungen');
        // ---- the producer that owes money: Imkerei Größ
        await producerMenu(page, 'Dashboard');
        await page.getByRole('button', { name: 'Abmelden' }).click();
        await expect(page).toHaveURL(/\/$/);
        await producerDashboard(page, OWING);
        await expect(
          page.getByRole('region', { name: `Dein Geld im ${monthName(MONTH)}` }),
        ).toContainText(/du schuldest 20,00 €, fällig am \d{2}\.\d{2}\.\d{4}/);
        await checkMoneyPage(page, 'Dashboard (schuldet)', { axe: false });
        await producerMenu(page, 'Verkaufsabrechnungen');
        await expect(
          page.getByText(/du schuldest 20,00 €, fällig am \d{2}\.\d{2}\.\d{4}/),
        ).toBeVisible();
        await checkMoneyPage(page, 'Verkaufsabrechnungen (schuldet)', { axe: false });
      },
    );
  }
}
