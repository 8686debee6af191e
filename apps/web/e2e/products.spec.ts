import { randomBytes } from 'node:crypto';
import { ean13CheckDigit } from '@housnkuh/shared/ean';
import {
  confirmedProducer,
  expect,
  expectNoSeriousA11yViolations,
  kleinunternehmer,
  quietVisits,
  signInAsAdmin,
  signInAsProducer,
  test,
} from './fixtures';

quietVisits();

/** An own GTIN no other run has: 4, eleven random digits, the check digit. */
function randomGtin(): string {
  const digits = [...randomBytes(11)].map((byte) => String(byte % 10)).join('');
  const first12 = `4${digits}`;
  return first12 + String(ean13CheckDigit(first12));
}

test.describe('products of a producer', () => {
  test('gives the tax status first, then creates two products with base price and EAN', async ({
    page,
    request,
    shop,
  }) => {
    const { email } = await confirmedProducer(request, shop, 'Ida Imker', 'Imkerei Ida');
    await signInAsProducer(page, email);

    await page
      .getByRole('navigation', { name: 'Direktvermarkter-Bereich' })
      .getByRole('link', { name: 'Produkte' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Produkte' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Etiketten drucken' })).toHaveAttribute(
      'href',
      '/vendor/products/etiketten',
    );

    // no tax status yet: asked for first
    await expect(page.getByText('Zuerst deinen Steuerstatus angeben')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const business = page.getByRole('form', { name: 'Geschäftsdaten' });
    await business.getByLabel('Regelbesteuert (mit Umsatzsteuer)').check();
    await business.getByLabel('Steuernummer').fill('216/123/45678');
    await business.getByRole('button', { name: 'Geschäftsdaten speichern' }).click();

    // the first product: its own GTIN, 500 g in a jar
    const gtin = randomGtin();
    await page.getByRole('button', { name: 'Neues Produkt' }).click();
    const form = page.getByRole('form', { name: 'Produkt anlegen' });
    await form.getByLabel('Name').fill('Blütenhonig');
    await form.getByLabel('Preis in Euro (brutto)').fill('6,50');
    await form.getByLabel('Verkaufseinheit').selectOption('Glas');
    await form.getByLabel('Mehrwertsteuersatz').selectOption({ label: '7 %' });
    await form.getByRole('textbox', { name: /^Inhalt/ }).fill('500');
    await form.getByLabel('Maßeinheit des Inhalts').selectOption('g');
    await expect(form.getByText('Grundpreis: 13,00 € je 1 kg')).toBeVisible();
    // a typo in the check digit is named
    const wrongLast = (Number(gtin[12]) + 1) % 10;
    await form.getByLabel('Eigene EAN (GTIN)').fill(gtin.slice(0, 12) + String(wrongLast));
    await form.getByRole('button', { name: 'Produkt anlegen' }).click();
    await expect(
      form.getByText(
        `Die Prüfziffer der EAN stimmt nicht: Die letzte Ziffer müsste ${gtin[12]} sein.`,
        {
          exact: false,
        },
      ),
    ).toBeVisible();
    await form.getByLabel('Eigene EAN (GTIN)').fill(gtin);
    await form.getByRole('button', { name: 'Produkt anlegen' }).click();
    await expect(page.getByText('Das Produkt ist angelegt.')).toBeVisible();

    // the second: no EAN, the shop assigns one; 0,5 l
    await page.getByRole('button', { name: 'Neues Produkt' }).click();
    const second = page.getByRole('form', { name: 'Produkt anlegen' });
    await second.getByLabel('Name').fill('Apfelsaft');
    await second.getByLabel('Preis in Euro (brutto)').fill('2,40');
    await second.getByLabel('Verkaufseinheit').selectOption('Flasche');
    await second.getByLabel('Mehrwertsteuersatz').selectOption({ label: '19 %' });
    await second.getByRole('textbox', { name: /^Inhalt/ }).fill('0,5');
    await second.getByLabel('Maßeinheit des Inhalts').selectOption('l');
    await expect(second.getByText('Grundpreis: 4,80 € je 1 l')).toBeVisible();
    // the bottle carries a deposit: the till's deposit code first, the amount forgotten
    await second.getByLabel('Pfand-EAN (Kassen-Code)').fill('PFAND-MEHRWEG');
    await second.getByRole('button', { name: 'Produkt anlegen' }).click();
    await expect(
      second.getByText('Bitte gib den Pfandbetrag an: 0,01 € bis 100,00 € (1 bis 10.000 Cent).'),
    ).toBeVisible();
    await second.getByLabel('Pfandbetrag in Euro').fill('0,15');
    await second.getByRole('button', { name: 'Produkt anlegen' }).click();
    await expect(page.getByText(/Apfelsaft: EAN 20\d{11} \(vom Laden vergeben\)/)).toBeVisible();

    const list = page.getByRole('list', { name: 'Deine Produkte' });
    const honey = list.getByRole('listitem').filter({ hasText: 'Blütenhonig' });
    await expect(honey).toContainText('6,50 €');
    await expect(honey).toContainText('Grundpreis 13,00 € je 1 kg');
    await expect(honey).toContainText(`EAN ${gtin}`);
    const juice = list.getByRole('listitem').filter({ hasText: 'Apfelsaft' });
    await expect(juice).toContainText('Grundpreis 4,80 € je 1 l');
    await expect(juice).toContainText('MwSt. 19 %');
    await expect(juice).toContainText('Pfand 0,15 € (PFAND-MEHRWEG)');
    await expect(honey).not.toContainText('Pfand');
    await expect(juice).toContainText(/EAN 20\d{11} \(vom Laden vergeben\)/);
    await expect(page.getByText('2 Produkte')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // the honey jar gets its deposit later, in its change; the amount as 0,25
    await honey.getByRole('button', { name: 'Bearbeiten: Blütenhonig' }).click();
    const change = honey.getByRole('form', { name: 'Änderungen speichern' });
    await change.getByLabel('Pfand-EAN (Kassen-Code)').fill('PFAND-GLAS');
    await change.getByLabel('Pfandbetrag in Euro').fill('0,25');
    await change.getByRole('button', { name: 'Änderungen speichern' }).click();
    await expect(honey).toContainText('Pfand 0,25 € (PFAND-GLAS)');

    // deactivated, it stays with its EAN
    // the switch follows the saved state (it turns off once the server has it)
    const active = juice.getByRole('switch', { name: 'Aktiv: Apfelsaft' });
    await active.click();
    await expect(active).not.toBeChecked();
    await expect(juice.getByText('Das Produkt ist deaktiviert.', { exact: false })).toBeVisible();
    await expect(juice.getByText('deaktiviert', { exact: true })).toBeVisible();
    await expect(juice).toContainText(/EAN 20\d{11}/);
  });

  test("the admin finds a producer's product, corrects it and deactivates it after asking", async ({
    page,
    request,
    shop,
  }) => {
    // a Kleinunternehmer with one product, over the API
    const { headers } = await kleinunternehmer(request, shop, 'Karl Korb', 'Korbhof Karl');
    const created = await request.post(`${shop.baseURL}/api/vendor-auth/products`, {
      headers,
      data: { name: 'Weidenkorb', priceCents: 2500, unit: 'Stück', vatRate: 0 },
    });
    expect(created.status(), await created.text()).toBe(200);

    await signInAsAdmin(page, '/admin/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Produkte' })).toBeVisible();
    await page.getByLabel('Suche (Produkt, EAN, Direktvermarkter)').fill('Korbhof');
    await page.getByRole('button', { name: 'Suchen' }).click();
    const row = page.getByRole('list', { name: 'Produkte' }).getByRole('listitem');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Weidenkorb');
    await expect(row).toContainText('25,00 € je Stück');
    await expect(row.getByRole('link', { name: 'Korbhof Karl' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await row.getByRole('button', { name: 'Korrigieren: Weidenkorb' }).click();
    const form = row.getByRole('form', { name: 'Korrektur speichern' });
    await form.getByLabel('Preis in Euro (brutto)').fill('27,50');
    await form.getByLabel('Pfand-EAN (Kassen-Code)').fill('PFAND-KORB');
    await form.getByLabel('Pfandbetrag in Euro').fill('2');
    await form.getByRole('button', { name: 'Korrektur speichern' }).click();
    await expect(row).toContainText('27,50 € je Stück');
    await expect(row).toContainText('Pfand 2,00 € (PFAND-KORB)');

    await row.getByRole('button', { name: 'Deaktivieren: Weidenkorb' }).click();
    await expect(row.getByText('„Weidenkorb“ deaktivieren?', { exact: false })).toBeVisible();
    await row.getByRole('button', { name: 'Ja, deaktivieren' }).click();
    await expect(row.getByText('deaktiviert', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Aktivieren: Weidenkorb' })).toBeVisible();
  });
});
