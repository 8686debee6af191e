import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  quietVisits,
  test,
  withConsent,
  withoutContestBanner,
  type Shop,
} from './fixtures';

interface EmbeddedSettings {
  shopName: string;
  phone: string;
  email: string;
  coordinates: { lat: number; lng: number };
  openingHours: string;
  openingDate: string | null;
  legal: { operatorName: string; ownerName: string };
}

/** The site settings the server put into the page. */
async function pageSettings(page: Page): Promise<EmbeddedSettings> {
  return JSON.parse((await page.locator('#site-settings').textContent()) ?? '{}');
}

/** 'tel:' link as the site builds it: '09261 000000' → 'tel:+499261000000'. */
function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('0') ? `+49${digits.slice(1)}` : digits}`;
}

const tileRequests = (requests: string[]) => requests.filter((r) => r.startsWith('/tiles/'));
/** How many tiles at the map's zoom (16) the page fetched from the tile server. */
const zoomedTiles = async (shop: Shop) =>
  (await shop.thirdParty.requests()).filter((r) => r.startsWith('/tiles/16/')).length;

test.describe('/direktvermarkter', () => {
  quietVisits();

  test('shows the two entry cards, three benefits and the calls to action', async ({ page }) => {
    await page.goto('/direktvermarkter');
    await expect(page).toHaveTitle('Unsere Direktvermarkter | housnkuh');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsere Direktvermarkter');
    const main = page.getByRole('main');

    await expect(main.getByRole('link', { name: /Alle Direktvermarkter/ })).toHaveAttribute(
      'href',
      '/direktvermarkter/uebersicht',
    );
    await expect(main.getByRole('link', { name: /Direktvermarkter-Karte/ })).toHaveAttribute(
      'href',
      '/direktvermarkter/karte',
    );
    for (const title of ['Frische Qualität', 'Persönlicher Kontakt', 'Regionale Vielfalt']) {
      await expect(main.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }

    await expect(
      main.getByRole('heading', { level: 2, name: 'Du bist Direktvermarkter?' }),
    ).toBeVisible();
    await expect(
      main.getByRole('link', { name: 'Zum Login für Direktvermarkter' }),
    ).toHaveAttribute('href', '/vendor/login');
    await expect(main.getByRole('link', { name: 'Verkaufsfläche mieten' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    await expect(main.getByRole('link', { name: 'So erreichst du uns' })).toHaveAttribute(
      'href',
      '/mieten',
    );

    await expectNoSeriousA11yViolations(page);
  });

  test('the cards work with the keyboard', async ({ page }) => {
    await page.goto('/direktvermarkter');
    const card = page.getByRole('main').getByRole('link', { name: /Alle Direktvermarkter/ });
    await card.focus();
    await expect(card).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/direktvermarkter\/uebersicht$/);
  });

  test('the home page button leads here', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Direktvermarkter entdecken' }).click();
    await expect(page).toHaveURL(/\/direktvermarkter$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsere Direktvermarkter');
  });
});

test.describe('/standort', () => {
  test('shows address, contact, opening hours, directions, parking and history', async ({
    page,
  }) => {
    await withConsent(page, 'declined');
    await withoutContestBanner(page);
    await page.goto('/standort');
    await expect(page).toHaveTitle('Der Standort | housnkuh');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Der Standort');
    const settings = await pageSettings(page);
    const main = page.getByRole('main');

    await expect(main.getByText(/^Mitten in Kronach/)).toBeVisible();
    const address = main.locator('address');
    await expect(address).toContainText('Strauer Str. 15');
    await expect(address).toContainText('96317 Kronach');
    await expect(main.getByText('Der Laden ist über eine Treppe erreichbar.')).toBeVisible();

    await expect(main.getByRole('link', { name: settings.phone })).toHaveAttribute(
      'href',
      telHref(settings.phone),
    );
    await expect(main.getByRole('link', { name: settings.email })).toHaveAttribute(
      'href',
      `mailto:${settings.email}`,
    );
    await expect(main.getByRole('link', { name: 'Kontaktformular' })).toHaveAttribute(
      'href',
      '/kontakt',
    );

    await expect(main.getByText('Erweiterte Öffnungszeiten, 7 Tage die Woche')).toBeVisible();
    await expect(main.getByText(settings.openingHours, { exact: true })).toBeVisible();
    await expect(main.getByText('Zugang mit EC- oder Kreditkarte')).toBeVisible();
    // a fresh install has no opening date (the three phases: shop-phase.spec.ts)
    await expect(
      main.getByText('Noch geschlossen – die Eröffnung steht bald bevor.'),
    ).toBeVisible();

    await expect(
      main.getByRole('heading', { level: 3, name: 'Öffentliche Verkehrsmittel' }),
    ).toBeVisible();
    await expect(
      main.getByText(/Bushaltestelle „Strauer Straße“ liegt direkt vor dem Laden/),
    ).toBeVisible();

    const parking = main.locator('li', {
      has: page.getByRole('heading', { name: 'Parkmöglichkeiten' }),
    });
    const places = parking.getByRole('listitem');
    await expect(places).toHaveCount(4);
    await expect(places.nth(0)).toContainText('vor dem Laden');
    await expect(places.nth(0)).toContainText('evangelischen Kirche');
    await expect(places.nth(1)).toContainText('Andreas-Limmer-Straße');
    await expect(places.nth(1)).toContainText('50 m');
    await expect(places.nth(2)).toContainText('Strauer Straße');
    await expect(places.nth(3)).toContainText('Friesener Straße');

    const history = main.locator('section', {
      has: page.getByRole('heading', { name: 'Geschichte des Hauses' }),
    });
    await expect(history).toContainText('Drogerie Cammerer');
    await expect(history).toContainText('„LeseZeichen“');
    await expect(history).toContainText('Marktplatz für regionale Produkte');
    expect(settings.openingDate).toBeNull();
    await expect(history.getByText('Die Eröffnung steht bald bevor')).toBeVisible();

    const { lat, lng } = settings.coordinates;
    const larger = main.getByRole('link', { name: /Größere Karte anzeigen/ });
    await expect(larger).toHaveAttribute(
      'href',
      `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`,
    );
    await expect(larger).toHaveAttribute('target', '_blank');
    await expect(larger).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(larger).toHaveAccessibleName(/öffnet in neuem Tab/);

    await expectNoSeriousA11yViolations(page);
  });

  test('with cookies declined the map waits for a click, then loads its tiles', async ({
    page,
    shop,
  }) => {
    await withConsent(page, 'declined');
    await withoutContestBanner(page);
    await shop.thirdParty.clear();
    await page.goto('/standort');
    const load = page.getByRole('button', { name: 'Die Karte laden' });
    await expect(load).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.leaflet-container')).toHaveCount(0);
    expect(tileRequests(await shop.thirdParty.requests())).toEqual([]);
    await expectNoSeriousA11yViolations(page);

    await load.click();
    await expect(page.locator('.leaflet-container')).toBeVisible();
    await expect(page.getByRole('region', { name: /^Karte: Lage von housnkuh/ })).toBeVisible();
    await expect(page.locator('.leaflet-marker-icon[title="housnkuh"]')).toBeVisible();
    await expect.poll(() => zoomedTiles(shop)).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('with cookies accepted the map loads at once', async ({ page, shop }) => {
    await withConsent(page, 'accepted');
    await withoutContestBanner(page);
    await shop.thirdParty.clear();
    await page.goto('/standort');
    await expect(page.locator('.leaflet-container')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Die Karte laden' })).toHaveCount(0);
    await expect(page.locator('.leaflet-marker-icon[title="housnkuh"]')).toBeVisible();
    await expect.poll(() => zoomedTiles(shop)).toBeGreaterThan(0);
  });

  test('the navigation leads here', async ({ page }) => {
    await withConsent(page, 'declined');
    await withoutContestBanner(page);
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Standort' })
      .click();
    await expect(page).toHaveURL(/\/standort$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Der Standort');
    await expect(page).toHaveTitle('Der Standort | housnkuh');
  });
});

test.describe('/mieten', () => {
  quietVisits();

  test('invites producers to get in touch, with name, phone and e-mail', async ({ page }) => {
    await page.goto('/mieten');
    await expect(page).toHaveTitle('Verkaufsfläche mieten – sprich uns an | housnkuh');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verkaufsfläche mieten');
    const settings = await pageSettings(page);
    const main = page.getByRole('main');

    for (const title of [
      'Regalfächer',
      'Kühl- und Tiefkühlfächer',
      'Verkaufstische',
      'Schaufenster',
    ]) {
      await expect(main.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    await expect(main.getByText(/zwischen 2 und 8 m² groß/)).toBeVisible();
    await expect(main.getByText(/4 % oder 7 %/)).toBeVisible();
    await expect(main.getByRole('heading', { name: '30 Tage kostenlos testen' })).toBeVisible();

    // the person, when the settings name one, else the shop
    const contactName = settings.legal.ownerName.trim() || settings.shopName;
    const contact = main.locator('section', {
      has: page.getByRole('heading', { name: 'Sprich uns an' }),
    });
    await expect(contact.getByText(contactName, { exact: true }).first()).toBeVisible();
    await expect(contact.getByRole('link', { name: settings.phone })).toHaveAttribute(
      'href',
      telHref(settings.phone),
    );
    await expect(contact.getByRole('link', { name: settings.email })).toHaveAttribute(
      'href',
      `mailto:${settings.email}`,
    );

    await expect(
      main.getByRole('link', { name: 'Paket zusammenstellen und registrieren' }),
    ).toHaveAttribute('href', '/pricing');
    await expect(main.getByRole('link', { name: 'Zum Kontaktformular' })).toHaveAttribute(
      'href',
      '/kontakt',
    );
    await expect(
      main.getByRole('link', { name: 'Zum Login für Direktvermarkter' }),
    ).toHaveAttribute('href', '/vendor/login');

    await expectNoSeriousA11yViolations(page);
  });

  test('the producer page links here', async ({ page }) => {
    await page.goto('/direktvermarkter');
    await page.getByRole('main').getByRole('link', { name: 'So erreichst du uns' }).click();
    await expect(page).toHaveURL(/\/mieten$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verkaufsfläche mieten');
  });
});
