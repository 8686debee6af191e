import type { DirectoryResponse, PublicVendor } from '@housnkuh/shared/schemas/directory';
import type { APIRequestContext, Page, Request, Route } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  hydrated,
  test,
  withConsent,
  withoutContestBanner,
} from './fixtures';

/**
 * The producer directory (spec §2 "Vendor directory", "Vendor profile",
 * "Vendor map") with the 14 demo producers of the seed. States the demo data
 * cannot show (many pages, no producer at all, a failing API, producers
 * without coordinates) come from answers of the API changed with page.route.
 */

const OVERVIEW = '/direktvermarkter/uebersicht';
const MAP = '/direktvermarkter/karte';
const PROFILES_API = '/api/vendor-auth/public/profiles';
const DEMO_COUNT = 14;
/** Product tags the demo producers use: the filter offers those. */
const DEMO_TAG_COUNT = 14;

const isProfilesApi = (url: URL) => url.pathname === PROFILES_API;

/** The API's answer while no producer is listed yet. */
const NO_PRODUCERS = {
  success: true,
  message: 'Keine Direktvermarkter gefunden',
  vendors: [],
  pagination: {
    currentPage: 1,
    totalPages: 0,
    totalCount: 0,
    hasPrevPage: false,
    hasNextPage: false,
    totalCountCapped: false,
  },
  availableFilters: { verifyStatuses: [], allTags: [] },
} satisfies DirectoryResponse;

async function directory(request: APIRequestContext, query = ''): Promise<DirectoryResponse> {
  const response = await request.get(`${PROFILES_API}?${query}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as DirectoryResponse;
}

/** Goes to the directory by a link, so its list is loaded in the browser (not server-rendered). */
async function openOverviewInBrowser(page: Page) {
  await page.goto('/direktvermarkter');
  const link = page.getByRole('main').getByRole('link', { name: /Alle Direktvermarkter/ });
  await hydrated(link);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${OVERVIEW}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsere Direktvermarkter');
}

function overview(page: Page) {
  const results = page.getByRole('region', { name: /^(Alle Direktvermarkter|Suchergebnisse)$/ });
  return {
    search: page.getByRole('searchbox', { name: 'Direktvermarkter suchen' }),
    sort: page.getByRole('combobox', { name: 'Sortieren' }),
    status: page.getByRole('combobox', { name: 'Status' }),
    tags: page.getByRole('group', { name: /^Produkte/ }),
    results,
    resultsTitle: results.getByRole('heading', { level: 2 }),
    count: page.getByRole('status').filter({ hasText: /^\d+ Direktvermarkter$/ }),
    cards: results.getByRole('article'),
    cardTitles: results.getByRole('article').getByRole('heading', { level: 3 }),
    pages: page.getByRole('navigation', { name: 'Seitennavigation' }),
  };
}

test.describe('/direktvermarkter/uebersicht', () => {
  test.beforeEach(async ({ page }) => {
    await withConsent(page, 'declined');
    await withoutContestBanner(page);
  });

  test(
    'lists every producer as a card, sorted by name, server-rendered',
    { tag: '@db' },
    async ({ page, request }) => {
      const html = await (await request.get(OVERVIEW)).text();
      expect(html).toContain('Hof Müller');
      expect(html).toContain('Biohof Deuerling');

      await page.goto(OVERVIEW);
      await expect(page).toHaveTitle('Direktvermarkter aus der Region | housnkuh');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsere Direktvermarkter');
      await expect(
        page.getByRole('link', { name: 'Direktvermarkter auf der Karte ansehen' }),
      ).toHaveAttribute('href', MAP);
      const o = overview(page);
      await expect(o.resultsTitle).toHaveText('Alle Direktvermarkter');
      await expect(o.count).toHaveText(`${DEMO_COUNT} Direktvermarkter`);
      await expect(o.cards).toHaveCount(DEMO_COUNT);
      // Ansprechperson A–Z sorts by the contact person: Andreas Müller first, Thomas Fröba last
      await expect(o.cardTitles.first()).toHaveText('Hof Müller');
      await expect(o.cardTitles.last()).toHaveText('Metzgerei Fröba');
      await expect(o.pages).toHaveCount(0);
      await expect(o.sort).toHaveValue('name-asc');
      await expect(o.status).toHaveValue('');
      await expect(o.tags.getByRole('button', { pressed: true })).toHaveCount(0);

      const card = page.getByRole('article', { name: 'Hof Müller' });
      await expect(card.getByText('Verifiziert')).toBeVisible();
      await expect(card.getByRole('list', { name: 'Produkte' })).toContainText('Obst & Gemüse');
      await expect(card.getByRole('list', { name: 'Produkte' })).toContainText('Eier');
      await expect(card.getByRole('link', { name: 'Telefon: 09261 04417' })).toHaveAttribute(
        'href',
        'tel:+49926104417',
      );
      await expect(card.getByRole('link', { name: 'Profil anzeigen: Hof Müller' })).toBeVisible();

      await expectNoSeriousA11yViolations(page);
    },
  );

  test(
    'search ignores umlauts, lives in the address, survives a reload and goes back',
    { tag: '@db' },
    async ({ page }) => {
      await page.goto(OVERVIEW);
      const o = overview(page);
      await expect(o.cards).toHaveCount(DEMO_COUNT);

      await o.search.fill('muller');
      await expect(page).toHaveURL(/\?search=muller$/);
      await expect(o.resultsTitle).toHaveText('Suchergebnisse');
      await expect(o.count).toHaveText('1 Direktvermarkter');
      await expect(o.cardTitles).toHaveText(['Hof Müller']);

      await page.reload();
      await expect(o.search).toHaveValue('muller');
      await expect(o.resultsTitle).toHaveText('Suchergebnisse');
      await expect(o.cardTitles).toHaveText(['Hof Müller']);

      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${OVERVIEW}$`));
      await expect(o.search).toHaveValue('');
      await expect(o.resultsTitle).toHaveText('Alle Direktvermarkter');
      await expect(o.count).toHaveText(`${DEMO_COUNT} Direktvermarkter`);
      await expect(o.cards).toHaveCount(DEMO_COUNT);

      // the other spellings find the same producer; a town finds its producers
      await o.search.fill('MÜLLER');
      await expect(page).toHaveURL(/\?search=M%C3%9CLLER$/);
      await expect(o.cardTitles).toHaveText(['Hof Müller']);
      await o.search.fill('wallenfels');
      await expect(page).toHaveURL(/\?search=wallenfels$/);
      await expect(o.cardTitles).toHaveText(['Imkerei Größ']);
    },
  );

  test(
    'product tags and the status filter narrow the list and live in the address',
    { tag: '@db' },
    async ({ page }) => {
      await page.goto(OVERVIEW);
      const o = overview(page);
      await expect(o.cards).toHaveCount(DEMO_COUNT);
      const fruit = o.tags.getByRole('button', { name: 'Obst & Gemüse' });
      const honey = o.tags.getByRole('button', { name: 'Honig' });
      await expect(o.tags.getByRole('button')).toHaveCount(DEMO_TAG_COUNT);

      await fruit.click();
      await expect(fruit).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL(/\?tags=obst-gemuese$/);
      await expect(o.resultsTitle).toHaveText('Suchergebnisse');
      await expect(o.count).toHaveText('3 Direktvermarkter');
      await expect(o.cardTitles).toHaveText(['Hof Müller', 'Nusshof Schmitt', 'Biohof Deuerling']);

      // several tags: any of them
      await honey.click();
      await expect(honey).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL(/\?tags=obst-gemuese%2Chonig$/);
      await expect(o.count).toHaveText('4 Direktvermarkter');
      await expect(o.cardTitles).toHaveText([
        'Hof Müller',
        'Nusshof Schmitt',
        'Biohof Deuerling',
        'Imkerei Größ',
      ]);

      await o.status.selectOption({ label: 'Prüfung läuft' });
      await expect(page).toHaveURL(/\?tags=obst-gemuese%2Chonig&verifyStatus=pending$/);
      await expect(o.count).toHaveText('1 Direktvermarkter');
      await expect(o.cardTitles).toHaveText(['Nusshof Schmitt']);
      await expect(page.getByRole('article', { name: 'Nusshof Schmitt' })).toContainText(
        'Prüfung läuft',
      );

      await fruit.click();
      await honey.click();
      await expect(page).toHaveURL(/\?verifyStatus=pending$/);
      await expect(o.count).toHaveText('3 Direktvermarkter');
      await expect(o.cardTitles).toHaveText([
        'Nusshof Schmitt',
        'Holzwerkstatt Fischer',
        'Marmeladenküche Hofmann',
      ]);

      // a shared link shows the same list
      await page.goto(`${OVERVIEW}?tags=honig&verifyStatus=verified`);
      await expect(honey).toHaveAttribute('aria-pressed', 'true');
      await expect(o.status).toHaveValue('verified');
      await expect(o.cardTitles).toHaveText(['Imkerei Größ']);

      await o.status.selectOption({ label: 'Nicht verifiziert' });
      await expect(page).toHaveURL(/\?tags=honig&verifyStatus=unverified$/);
      await expect(
        page.getByRole('heading', { name: 'Keine Direktvermarkter gefunden' }),
      ).toBeVisible();
      await o.status.selectOption({ label: 'Alle' });
      await expect(page).toHaveURL(/\?tags=honig$/);
      await expect(o.cardTitles).toHaveText(['Imkerei Größ']);
    },
  );

  test('sorts by company and by registration date', { tag: '@db' }, async ({ page }) => {
    await page.goto(OVERVIEW);
    const o = overview(page);
    await expect(o.cards).toHaveCount(DEMO_COUNT);

    await o.sort.selectOption({ label: 'Unternehmen A–Z' });
    await expect(page).toHaveURL(/\?sortBy=unternehmen$/);
    await expect(o.cardTitles.first()).toHaveText('Bäckerei Schneider');
    await expect(o.cardTitles.nth(1)).toHaveText('Biohof Deuerling');
    await expect(o.cardTitles.last()).toHaveText('Teemanufaktur Wolf');
    // sorting is not a filter
    await expect(o.resultsTitle).toHaveText('Alle Direktvermarkter');
    await expect(o.count).toHaveText(`${DEMO_COUNT} Direktvermarkter`);

    await o.sort.selectOption({ label: 'Unternehmen Z–A' });
    await expect(page).toHaveURL(/\?sortBy=unternehmen&sortOrder=desc$/);
    await expect(o.cardTitles.first()).toHaveText('Teemanufaktur Wolf');

    await o.sort.selectOption({ label: 'Neueste zuerst' });
    await expect(page).toHaveURL(/\?sortBy=registrationDate&sortOrder=desc$/);
    await expect(o.cardTitles.first()).toHaveText('Biohof Deuerling');
    await expect(o.cardTitles.last()).toHaveText('Imkerei Größ');

    await o.sort.selectOption({ label: 'Älteste zuerst' });
    await expect(page).toHaveURL(/\?sortBy=registrationDate$/);
    await expect(o.cardTitles.first()).toHaveText('Imkerei Größ');

    await o.sort.selectOption({ label: 'Ansprechperson A–Z' });
    await expect(page).toHaveURL(new RegExp(`${OVERVIEW}$`));
    await expect(o.cardTitles.first()).toHaveText('Hof Müller');
  });

  test('nothing matching: a message, and the reset keeps the sort order', async ({ page }) => {
    await page.goto(`${OVERVIEW}?sortBy=unternehmen`);
    const o = overview(page);
    await expect(o.cardTitles.first()).toHaveText('Bäckerei Schneider');

    await o.search.fill('Ziegenkäserei Xylophon');
    await expect(page).toHaveURL(/\?search=Ziegenk%C3%A4serei\+Xylophon&sortBy=unternehmen$/);
    await expect(
      page.getByRole('heading', { name: 'Keine Direktvermarkter gefunden' }),
    ).toBeVisible();
    await expect(o.count).toHaveText('0 Direktvermarkter');
    await expect(o.cards).toHaveCount(0);

    await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
    await expect(page).toHaveURL(/\?sortBy=unternehmen$/);
    await expect(o.search).toHaveValue('');
    await expect(o.count).toHaveText(`${DEMO_COUNT} Direktvermarkter`);
    await expect(o.cardTitles.first()).toHaveText('Bäckerei Schneider');
    await expect(o.resultsTitle).toHaveText('Alle Direktvermarkter');
  });

  test('a page beyond the last one says so and leads to the first page', async ({ page }) => {
    await page.goto(`${OVERVIEW}?page=3`);
    await expect(page.getByRole('heading', { name: 'Diese Seite gibt es nicht' })).toBeVisible();
    await expect(page.getByText('Die Liste hat nur 1 Seite.')).toBeVisible();
    await page.getByRole('button', { name: 'Zur ersten Seite' }).click();
    await expect(page).toHaveURL(new RegExp(`${OVERVIEW}$`));
    await expect(overview(page).cards).toHaveCount(DEMO_COUNT);
  });

  test(
    'pages: at most five numbers around the current page, Weiter and Zurück',
    { tag: '@db' },
    async ({ page, request }) => {
      const real = await directory(request, 'limit=1');
      const template = real.vendors[0]!;
      const total = 170; // 9 pages of 20
      const requested: URLSearchParams[] = [];
      await page.route(isProfilesApi, (route) => {
        const params = new URL(route.request().url()).searchParams;
        requested.push(params);
        const limit = Number(params.get('limit') ?? 20);
        const current = Number(params.get('page') ?? 1);
        const totalPages = Math.ceil(total / limit);
        const vendors: PublicVendor[] = [];
        for (let n = (current - 1) * limit + 1; n <= Math.min(total, current * limit); n++) {
          vendors.push({
            ...template,
            id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
            name: `Erzeuger ${n}`,
            unternehmen: `Testhof ${n}`,
            profilBild: null,
            bannerBild: null,
          });
        }
        const body: DirectoryResponse = {
          ...real,
          vendors,
          pagination: {
            currentPage: current,
            totalPages,
            totalCount: total,
            hasPrevPage: current > 1,
            hasNextPage: current < totalPages,
            totalCountCapped: false,
          },
        };
        return route.fulfill({ json: body });
      });
      const lastPage = () => requested.at(-1)?.get('page') ?? '1';

      await page.goto(`${OVERVIEW}?page=4`);
      const o = overview(page);
      const pageButtons = o.pages.getByRole('button', { name: /^Seite \d+$/ });
      const back = o.pages.getByRole('button', { name: 'Zurück' });
      const next = o.pages.getByRole('button', { name: 'Weiter' });
      const expectPage = async (current: number, window: number[], firstCard: number) => {
        await expect(o.cardTitles.first()).toHaveText(`Testhof ${firstCard}`);
        await expect(pageButtons).toHaveText(window.map(String));
        await expect(o.pages.getByRole('button', { name: `Seite ${current}` })).toHaveAttribute(
          'aria-current',
          'page',
        );
        await expect(o.pages.locator('[aria-current="page"]')).toHaveCount(1);
      };

      await expectPage(4, [2, 3, 4, 5, 6], 61);
      await expect(o.count).toHaveText('170 Direktvermarkter');
      await expect(o.cards).toHaveCount(20);
      expect(lastPage()).toBe('4');
      expect(requested.at(-1)?.get('limit')).toBe('20');

      await next.click();
      await expect(page).toHaveURL(/\?page=5$/);
      await expectPage(5, [3, 4, 5, 6, 7], 81);
      expect(lastPage()).toBe('5');
      // the list's heading takes the focus, so keyboard and screen reader users start at the top
      await expect(o.resultsTitle).toBeFocused();

      await o.pages.getByRole('button', { name: 'Seite 7' }).click();
      await expect(page).toHaveURL(/\?page=7$/);
      await expectPage(7, [5, 6, 7, 8, 9], 121);

      await o.pages.getByRole('button', { name: 'Seite 9' }).click();
      await expect(page).toHaveURL(/\?page=9$/);
      await expectPage(9, [5, 6, 7, 8, 9], 161);
      await expect(o.cards).toHaveCount(10);
      await expect(next).toBeDisabled();
      await expect(back).toBeEnabled();
      expect(lastPage()).toBe('9');

      await back.click();
      await expect(page).toHaveURL(/\?page=8$/);
      await expectPage(8, [5, 6, 7, 8, 9], 141);

      // back in the browser's history
      await page.goBack();
      await expect(page).toHaveURL(/\?page=9$/);
      await expectPage(9, [5, 6, 7, 8, 9], 161);

      // any filter change starts again at page 1
      await o.status.selectOption({ label: 'Verifiziert' });
      await expect(page).toHaveURL(/\?verifyStatus=verified$/);
      await expectPage(1, [1, 2, 3, 4, 5], 1);
      await expect(back).toBeDisabled();
      await expect(next).toBeEnabled();
      expect(requested.at(-1)?.get('verifyStatus')).toBe('verified');
      expect(requested.at(-1)?.has('page')).toBe(false);
    },
  );

  test('without any producer: coming soon, with the ways to take part', async ({ page }) => {
    await page.route(isProfilesApi, (route) => route.fulfill({ json: NO_PRODUCERS }));
    await openOverviewInBrowser(page);
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { name: 'Bald findest du hier unsere Direktvermarkter' }),
    ).toBeVisible();
    await expect(
      main.getByRole('link', { name: 'Als Direktvermarkter registrieren' }),
    ).toHaveAttribute('href', '/pricing');
    await expect(main.getByRole('link', { name: 'Preise ansehen' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    await expect(main.getByRole('link', { name: 'Newsletter abonnieren' })).toHaveAttribute(
      'href',
      '/#newsletter',
    );
    await expect(overview(page).resultsTitle).toHaveText('Alle Direktvermarkter');
    await expect(overview(page).cards).toHaveCount(0);
    await expect(overview(page).tags).toHaveCount(0);
    await expect(
      page.getByRole('heading', { name: 'Keine Direktvermarkter gefunden' }),
    ).toHaveCount(0);
  });

  test('when the list cannot be loaded: a message, and "Neu laden" loads it', async ({ page }) => {
    let failing = true;
    let failures = 0;
    await page.route(isProfilesApi, (route) => {
      if (!failing) return route.continue();
      failures += 1;
      return route.fulfill({
        status: 500,
        json: { success: false, message: 'Interner Serverfehler' },
      });
    });
    await openOverviewInBrowser(page);
    const alert = page.getByRole('alert').filter({
      hasText: 'Die Direktvermarkter-Daten konnten nicht geladen werden.',
    });
    await expect(alert).toBeVisible();
    // one automatic retry before the message
    expect(failures).toBe(2);
    await expect(overview(page).count).toHaveCount(0);

    failing = false;
    await alert.getByRole('button', { name: 'Neu laden' }).click();
    await expect(overview(page).cards).toHaveCount(DEMO_COUNT);
    await expect(overview(page).count).toHaveText(`${DEMO_COUNT} Direktvermarkter`);
    await expect(alert).toHaveCount(0);
  });
});

test.describe('/direktvermarkter/{id}', () => {
  test.beforeEach(async ({ page }) => {
    await withConsent(page, 'declined');
    await withoutContestBanner(page);
  });

  test("a profile's 'Zurück zur Übersicht' keeps the search and filters (also after a reload)", async ({
    page,
  }) => {
    await page.goto(`${OVERVIEW}?tags=obst-gemuese&sortBy=unternehmen`);
    const o = overview(page);
    await o.search.fill('kronach');
    await expect(page).toHaveURL(/\?search=kronach&tags=obst-gemuese&sortBy=unternehmen$/);
    await expect(o.cardTitles).toHaveText(['Biohof Deuerling', 'Hof Müller']);

    await page.getByRole('link', { name: 'Profil anzeigen: Hof Müller' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hof Müller');
    const profile = page.url();
    const back = page.getByRole('link', { name: 'Zurück zur Übersicht' });
    await expect(back).toHaveAttribute(
      'href',
      `${OVERVIEW}?search=kronach&tags=obst-gemuese&sortBy=unternehmen`,
    );
    // a reload of the profile keeps the way back
    await page.reload();
    await expect(back).toHaveAttribute(
      'href',
      `${OVERVIEW}?search=kronach&tags=obst-gemuese&sortBy=unternehmen`,
    );
    await back.click();
    await expect(page).toHaveURL(/\?search=kronach&tags=obst-gemuese&sortBy=unternehmen$/);
    await expect(o.search).toHaveValue('kronach');
    await expect(o.tags.getByRole('button', { pressed: true })).toHaveText(['Obst & Gemüse']);
    await expect(o.sort).toHaveValue('unternehmen-asc');
    await expect(o.cardTitles).toHaveText(['Biohof Deuerling', 'Hof Müller']);

    // a profile opened directly leads to the whole list
    await page.goto(profile);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hof Müller');
    await expect(page.getByRole('link', { name: 'Zurück zur Übersicht' })).toHaveAttribute(
      'href',
      OVERVIEW,
    );
  });

  test(
    'a card opens the profile: about, products, units with prices, contact, hours',
    { tag: '@db' },
    async ({ page }) => {
      await page.goto(OVERVIEW);
      const open = page.getByRole('link', { name: 'Profil anzeigen: Hof Müller' });
      await hydrated(open);
      await open.click();
      await expect(page).toHaveURL(/\/direktvermarkter\/[0-9a-f-]{36}$/);
      await expect(page).toHaveTitle('Hof Müller | housnkuh');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hof Müller');
      const main = page.getByRole('main');
      await expect(main.getByText('Gemüse mit Erde an den Wurzeln')).toBeVisible();
      await expect(main.getByText('Ansprechperson: Andreas Müller')).toBeVisible();
      await expect(main.getByText('Verifiziert', { exact: true })).toBeVisible();

      const about = main.getByRole('region', { name: 'Über Hof Müller', exact: true });
      await expect(about.getByRole('paragraph')).toHaveCount(3);
      await expect(about).toContainText('seit drei Generationen Gemüse und Kartoffeln');

      await expect(
        main.getByRole('region', { name: 'Produktkategorien', exact: true }),
      ).toContainText('Obst & Gemüse');
      await expect(
        main.getByRole('region', { name: 'Produktkategorien', exact: true }),
      ).toContainText('Eier');

      const units = main.getByRole('region', {
        name: 'Ab der Eröffnung im Laden zu finden', // a fresh install: no opening date yet
        exact: true,
      });
      await expect(units.getByRole('heading', { level: 3 })).toHaveText(['A1', 'V1']);
      const a1 = units
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'A1' }) });
      await expect(a1).toContainText('Regalwand links, Augenhöhe');
      await expect(a1).toContainText('80 × 39 × 67 cm');
      await expect(a1).toContainText('35,00 € / Monat');
      await expect(units.getByRole('listitem').nth(1)).toContainText('40,00 € / Monat');

      const location = main.getByRole('region', { name: 'Standort', exact: true });
      await expect(location).toContainText('Am Anger 7, 96317 Kronach');
      // the map waits for consent
      await expect(location.getByRole('button', { name: 'Die Karte laden' })).toBeVisible();

      const contact = main.getByRole('region', { name: 'Kontakt', exact: true });
      await expect(contact.locator('address')).toContainText('Am Anger 7');
      await expect(contact.getByRole('link', { name: 'Telefon: 09261 04417' })).toHaveAttribute(
        'href',
        'tel:+49926104417',
      );
      await expect(
        contact.getByRole('link', { name: 'E-Mail: info@hof-mueller.example' }),
      ).toHaveAttribute('href', 'mailto:info@hof-mueller.example');
      const website = contact.getByRole('link', { name: /^Website: www\.hof-mueller\.example/ });
      await expect(website).toHaveAttribute('href', 'https://www.hof-mueller.example/');
      await expect(website).toHaveAttribute('target', '_blank');
      await expect(contact.getByRole('link', { name: /Instagram/ })).toHaveAttribute(
        'href',
        'https://www.instagram.com/hof_mueller_demo',
      );

      const hours = main.getByRole('region', { name: 'Öffnungszeiten', exact: true });
      await expect(hours.locator('dt')).toHaveText([
        'Montag',
        'Dienstag',
        'Mittwoch',
        'Donnerstag',
        'Freitag',
        'Samstag',
        'Sonntag',
      ]);
      await expect(hours.locator('dd')).toHaveText([
        'Nicht angegeben',
        'Nicht angegeben',
        '14:00–18:00 Uhr',
        'Nicht angegeben',
        '14:00–18:00 Uhr',
        '8:00–12:00 Uhr',
        'Nicht angegeben',
      ]);

      await expectNoSeriousA11yViolations(page);

      await page.getByRole('link', { name: 'Zurück zur Übersicht' }).click();
      await expect(page).toHaveURL(new RegExp(`${OVERVIEW}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsere Direktvermarkter');
      await expect(overview(page).cards).toHaveCount(DEMO_COUNT);
    },
  );

  test('the server renders the profile into the page; an unknown producer is a 404', async ({
    page,
    request,
  }) => {
    const { vendors } = await directory(request, 'search=imkerei');
    const vendor = vendors.find((v) => v.unternehmen === 'Imkerei Größ')!;
    const response = await request.get(`/direktvermarkter/${vendor.id}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Imkerei Größ | housnkuh</title>');
    expect(html).toMatch(/<h1[^>]*>Imkerei Größ<\/h1>/);
    expect(html).toContain('Ansprechperson:');
    expect(html).toContain('Monika Größ');

    for (const id of ['00000000-0000-4000-8000-000000000000', 'gibt-es-nicht']) {
      const missing = await request.get(`/direktvermarkter/${id}`);
      expect(missing.status(), id).toBe(404);

      const answer = await page.goto(`/direktvermarkter/${id}`);
      expect(answer?.status(), id).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Direktvermarkter nicht gefunden.',
      );
      await expect(page.getByRole('alert')).toContainText('Direktvermarkter nicht gefunden.');
      await expect(
        page.getByRole('link', { name: 'Zur Übersicht der Direktvermarkter' }),
      ).toHaveAttribute('href', OVERVIEW);
      await expect(page.getByRole('button', { name: 'Neu laden' })).toHaveCount(0);
    }
  });

  test('when the profile cannot be loaded: the general message and "Neu laden"', async ({
    page,
    request,
  }) => {
    const { vendors } = await directory(request, 'search=deuerling');
    const id = vendors[0]!.id;
    let failing = true;
    await page.route(
      (url) => url.pathname === `/api/vendor-auth/public/profile/${id}`,
      (route) =>
        failing
          ? route.fulfill({ status: 503, json: { success: false, message: 'Wartung' } })
          : route.continue(),
    );
    // from the list, so the profile is loaded in the browser
    await page.goto(OVERVIEW);
    const open = page.getByRole('link', { name: 'Profil anzeigen: Biohof Deuerling' });
    await hydrated(open);
    await open.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Die Daten konnten nicht geladen werden.',
    );
    failing = false;
    await page.getByRole('button', { name: 'Neu laden' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Biohof Deuerling');
    await expect(page.getByText('Ansprechperson: Martin Deuerling')).toBeVisible();
  });
});

/**
 * Waits until the map has moved to a selected producer (zoom 15) and a zoom
 * animation, if any, has ended. Removing the map in the middle of Leaflet's
 * zoom animation used to throw (see the test below), so the tests let it finish
 * as a person would.
 */
async function mapSettledOnSelection(page: Page) {
  await mapSettledAt(page, 15);
}

/** The map shows tiles of this zoom level and no zoom animation runs. */
async function mapSettledAt(page: Page, zoom: number) {
  // tiles of that zoom in the map (the browser may take them from its memory cache,
  // so the stand-in need not see a request)
  await expect(page.locator(`img.leaflet-tile[src*="/tiles/${zoom}/"]`).first()).toBeAttached();
  await expect(page.locator('.leaflet-map-pane.leaflet-zoom-anim')).toHaveCount(0);
}

test.describe('/direktvermarkter/karte', () => {
  test.beforeEach(async ({ page }) => {
    await withConsent(page, 'accepted');
    await withoutContestBanner(page);
  });

  function mapPage(page: Page) {
    const list = page.getByRole('list', { name: 'Direktvermarkter', exact: true });
    return {
      list,
      entries: list.getByRole('button'),
      entry: (name: string) => list.getByRole('button', { name: new RegExp(`^${name}`) }),
      search: page.getByRole('searchbox', { name: 'Suche nach Name, Unternehmen oder Ort' }),
      filterToggle: page.getByRole('button', { name: /^Nach Produkten filtern/ }),
      showAll: page.getByRole('button', { name: 'Alle anzeigen' }),
      count: page.getByRole('status').filter({ hasText: /von \d+ Direktvermarktern/ }),
      markers: page.locator('.leaflet-marker-icon'),
      nothingSelected: page.getByRole('region', {
        name: 'Kein Direktvermarkter ausgewählt',
        exact: true,
      }),
    };
  }

  test(
    'lists the producers with their markers; the keyboard selects one',
    { tag: '@db' },
    async ({ page }) => {
      await page.goto(MAP);
      await expect(page).toHaveTitle('Direktvermarkter-Karte | housnkuh');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Direktvermarkter-Karte');
      const m = mapPage(page);
      await expect(m.entries).toHaveCount(DEMO_COUNT);
      await expect(m.count).toHaveText(`${DEMO_COUNT} von ${DEMO_COUNT} Direktvermarktern`);
      await expect(
        page.getByRole('region', { name: 'Karte: Standorte der Direktvermarkter', exact: true }),
      ).toBeVisible();
      await expect(m.markers).toHaveCount(DEMO_COUNT);
      await expect(page.locator('.leaflet-marker-icon[title="Imkerei Größ"]')).toBeVisible();
      await expect(m.nothingSelected).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expect(m.entry('Hof Müller')).toContainText('Kronach');
      await expect(page.getByText('Ohne Standort auf der Karte')).toHaveCount(0);

      // Tab from "Alle anzeigen" into the list, Enter selects
      await hydrated(m.showAll);
      await m.showAll.focus();
      await page.keyboard.press('Tab');
      // the list is sorted like the names it shows: by company
      const first = m.entries.first();
      await expect(first).toBeFocused();
      await expect(first).toHaveAccessibleName(/^Bäckerei Schneider/);
      await expect(m.entries.last()).toHaveAccessibleName(/^Teemanufaktur Wolf/);
      await page.keyboard.press('Enter');
      await expect(first).toHaveAttribute('aria-pressed', 'true');
      const panel = page.getByRole('region', { name: 'Bäckerei Schneider', exact: true });
      await expect(panel).toBeVisible();
      await expect(panel).toContainText('Markus Schneider');
      await expect(
        panel.getByRole('link', { name: 'Profil anzeigen: Bäckerei Schneider' }),
      ).toHaveAttribute('href', /^\/direktvermarkter\/[0-9a-f-]{36}$/);
      await expect(m.nothingSelected).toHaveCount(0);

      // Tab reaches a link to the details (not the whole list first); Enter goes there
      await page.keyboard.press('Tab');
      const toDetails = m.list.getByRole('link', { name: 'Zu den Details von Bäckerei Schneider' });
      await expect(toDetails).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(panel).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(panel.getByRole('button', { name: 'Auswahl aufheben' })).toBeFocused();
      // closing the details returns to the entry in the list
      await page.keyboard.press('Enter');
      await expect(m.nothingSelected).toBeVisible();
      await expect(first).toBeFocused();
      await expect(first).toHaveAttribute('aria-pressed', 'false');
      await expect(m.list.getByRole('link')).toHaveCount(0);

      // the next one with Space
      await page.keyboard.press('Tab');
      const second = m.entries.nth(1);
      await expect(second).toBeFocused();
      await page.keyboard.press('Space');
      await expect(second).toHaveAttribute('aria-pressed', 'true');
      await expect(first).toHaveAttribute('aria-pressed', 'false');
      const name = (await second.locator('span').first().textContent())!;
      await expect(page.getByRole('region', { name, exact: true })).toBeVisible();

      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Auswahl aufheben' }).click();
      await expect(m.nothingSelected).toBeVisible();
      await expect(second).toHaveAttribute('aria-pressed', 'false');

      // the profile link of the panel
      await m.entry('Imkerei Größ').click();
      await mapSettledOnSelection(page);
      await page
        .getByRole('region', { name: 'Imkerei Größ', exact: true })
        .getByRole('link', { name: 'Profil anzeigen: Imkerei Größ' })
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Imkerei Größ');
    },
  );

  test('without any producer: a notice with the way to register, an empty map', async ({
    page,
  }) => {
    await page.route(isProfilesApi, (route) => route.fulfill({ json: NO_PRODUCERS }));
    await page.goto(MAP);
    const m = mapPage(page);
    await expect(
      page.getByText('Noch sind hier keine Direktvermarkter eingetragen.'),
    ).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Als Direktvermarkter registrieren' }),
    ).toHaveAttribute('href', '/pricing');
    await expect(m.count).toHaveText('0 von 0 Direktvermarktern');
    await expect(m.list).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: 'Karte: Standorte der Direktvermarkter', exact: true }),
    ).toBeVisible();
    await expect(m.markers).toHaveCount(0);
    await expect(m.nothingSelected).toBeVisible();
  });

  test('when the producers cannot be loaded: the message, and "Neu laden" loads them', async ({
    page,
  }) => {
    let failing = true;
    await page.route(isProfilesApi, (route) =>
      failing
        ? route.fulfill({ status: 500, json: { success: false, message: 'Interner Serverfehler' } })
        : route.continue(),
    );
    await page.goto(MAP);
    const m = mapPage(page);
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'Die Daten konnten nicht geladen werden.' });
    await expect(alert).toBeVisible();
    await expect(m.list).toHaveCount(0);
    await expect(m.markers).toHaveCount(0);
    failing = false;
    await alert.getByRole('button', { name: 'Neu laden' }).click();
    await expect(m.entries).toHaveCount(DEMO_COUNT);
    await expect(m.markers).toHaveCount(DEMO_COUNT);
    await expect(alert).toHaveCount(0);
  });

  test('search and product filter narrow list and markers; "Alle anzeigen" resets', async ({
    page,
  }) => {
    await page.goto(MAP);
    const m = mapPage(page);
    await expect(m.entries).toHaveCount(DEMO_COUNT);
    await expect(m.markers).toHaveCount(DEMO_COUNT);

    // name, company or town; umlauts do not matter
    await m.search.fill('kronach');
    await expect(m.entries).toHaveCount(2);
    await expect(m.entry('Hof Müller')).toBeVisible();
    await expect(m.entry('Biohof Deuerling')).toBeVisible();
    await expect(m.count).toHaveText(`2 von ${DEMO_COUNT} Direktvermarktern`);
    await expect(m.markers).toHaveCount(2);

    await m.search.fill('gross');
    await expect(m.entries).toHaveCount(1);
    await expect(m.entry('Imkerei Größ')).toBeVisible();
    await expect(m.markers).toHaveCount(1);

    await m.search.fill('Monika');
    await expect(m.entries).toHaveCount(1);
    await expect(m.entry('Imkerei Größ')).toBeVisible();

    await m.search.fill('gibt es nicht');
    await expect(m.entries).toHaveCount(0);
    await expect(page.getByText(/^Keine Direktvermarkter gefunden\./)).toBeVisible();
    await expect(m.markers).toHaveCount(0);
    await m.search.fill('');
    await expect(m.entries).toHaveCount(DEMO_COUNT);

    // categories: closed at first, 14 of them
    const checkboxes = page.getByRole('checkbox');
    await expect(m.filterToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(checkboxes).toHaveCount(0);
    await m.filterToggle.click();
    await expect(m.filterToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(checkboxes).toHaveCount(14);
    await page.getByRole('checkbox', { name: 'Honig', exact: true }).check();
    await expect(m.entries).toHaveCount(1);
    await expect(m.entry('Imkerei Größ')).toBeVisible();
    await expect(m.markers).toHaveCount(1);
    await page.getByRole('checkbox', { name: 'Eier', exact: true }).check();
    await expect(m.entries).toHaveCount(3);
    await expect(m.count).toHaveText(`3 von ${DEMO_COUNT} Direktvermarktern`);
    await expect(m.filterToggle).toHaveAccessibleName(/2 ausgewählt/);

    // search and categories together
    await m.search.fill('kronach');
    await expect(m.entries).toHaveCount(1);
    await expect(m.entry('Hof Müller')).toBeVisible();
    await m.entry('Hof Müller').click();
    await expect(page.getByRole('region', { name: 'Hof Müller', exact: true })).toBeVisible();
    await mapSettledOnSelection(page);

    await m.showAll.click();
    await expect(m.search).toHaveValue('');
    await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0);
    await expect(m.entries).toHaveCount(DEMO_COUNT);
    await expect(m.count).toHaveText(`${DEMO_COUNT} von ${DEMO_COUNT} Direktvermarktern`);
    await expect(m.markers).toHaveCount(DEMO_COUNT);
    await expect(m.nothingSelected).toBeVisible();
    await expect(m.filterToggle).toHaveAccessibleName('Nach Produkten filtern');
  });

  // "Alle anzeigen" remounts the map (key={viewVersion}); during Leaflet's 250 ms
  // zoom animation the old map's pending transition end used to run after
  // map.remove() and throw (reading '_leaflet_pos'). Leaving the page in that
  // moment did the same.
  test('"Alle anzeigen" right after selecting a producer throws no error', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(MAP);
    const m = mapPage(page);
    await expect(m.markers).toHaveCount(DEMO_COUNT);
    await m.search.fill('kronach');
    await expect(m.markers).toHaveCount(2);
    await m.search.fill('Hof Müller');
    await expect(m.markers).toHaveCount(1);
    // the view of one producer (zoom 13) has been reached, not merely not yet begun
    await mapSettledAt(page, 13);
    // One marker at zoom 13: selecting it zooms to 15 with an animation. While that
    // runs (the pane has the class leaflet-zoom-anim), click "Alle anzeigen".
    const hitAnimation = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const button = (text: RegExp) =>
            [...document.querySelectorAll('button')].find((b) => text.test(b.textContent ?? ''));
          const started = performance.now();
          const check = () => {
            if (document.querySelector('.leaflet-map-pane.leaflet-zoom-anim')) {
              button(/^Alle anzeigen$/)?.click();
              resolve(true);
            } else if (performance.now() - started > 2000) resolve(false);
            else requestAnimationFrame(check);
          };
          button(/^Hof Müller/)?.click();
          check();
        }),
    );
    expect(hitAnimation).toBe(true);
    await expect(m.markers).toHaveCount(DEMO_COUNT);
    await expect(m.nothingSelected).toBeVisible();
    // the old map's 250 ms animation timer runs in this time
    await page.waitForTimeout(400);
    expect(consoleErrors).toEqual([]);
  });

  test(
    'producers without coordinates are looked up one at a time, with a progress bar',
    { tag: '@db' },
    async ({ page, shop }) => {
      // Hof Müller and Imkerei Größ lose their coordinates (the stand-in finds their
      // 96… addresses); Biohof Deuerling also moves to an address the stand-in does not know.
      const unknownStreet = `Nirgendweg ${Date.now() % 1_000_000}`;
      const addresses: string[] = [];
      let muellerStreet = '';
      await page.route(isProfilesApi, async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as DirectoryResponse;
        for (const vendor of body.vendors) {
          const { adresse } = vendor;
          if (vendor.unternehmen === 'Hof Müller') {
            adresse.koordinaten = null;
            muellerStreet = adresse.strasse ?? '';
          }
          if (vendor.unternehmen === 'Imkerei Größ') adresse.koordinaten = { lat: 0, lng: 0 };
          if (vendor.unternehmen === 'Biohof Deuerling') {
            Object.assign(adresse, {
              strasse: unknownStreet,
              hausnummer: '1',
              plz: '10115',
              ort: 'Berlin',
              koordinaten: null,
            });
          }
          if (
            !adresse.koordinaten ||
            (adresse.koordinaten.lat === 0 && adresse.koordinaten.lng === 0)
          )
            addresses.push(
              `${adresse.strasse} ${adresse.hausnummer}, ${adresse.plz} ${adresse.ort}`,
            );
        }
        await route.fulfill({ response, json: body });
      });
      // the first lookup waits until the test has seen the progress bar at 0
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const geocodeRequests: { address: string; at: number }[] = [];
      const onRequest = (request: Request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/geocode')
          geocodeRequests.push({ address: url.searchParams.get('address') ?? '', at: Date.now() });
      };
      page.on('request', onRequest);
      await page.route(
        (url) => url.pathname === '/api/geocode',
        async (route: Route) => {
          await released;
          await route.continue();
        },
      );

      await page.goto(MAP);
      const m = mapPage(page);
      await expect(m.entries).toHaveCount(DEMO_COUNT);
      expect(addresses).toHaveLength(3);
      const progress = page.getByRole('progressbar', {
        name: 'Standorte werden ermittelt: 0 von 3',
      });
      await expect(progress).toBeVisible();
      await expect(progress).toHaveAttribute('aria-valuenow', '0');
      await expect(progress).toHaveAttribute('aria-valuemax', '3');
      await expect(m.markers).toHaveCount(DEMO_COUNT - 3);
      await expect(m.count).toHaveText(
        `${DEMO_COUNT} von ${DEMO_COUNT} Direktvermarktern, ${DEMO_COUNT - 3} auf der Karte`,
      );
      await expect(page.getByText('Ohne Standort auf der Karte')).toHaveCount(0);
      // one request at a time
      await expect.poll(() => geocodeRequests.length).toBe(1);

      release();
      await expect(
        page.getByRole('progressbar', { name: /^Standorte werden ermittelt: [12] von 3$/ }),
      ).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
      await expect(m.markers).toHaveCount(DEMO_COUNT - 1);
      await expect(page.locator('.leaflet-marker-icon[title="Hof Müller"]')).toBeVisible();
      await expect(page.locator('.leaflet-marker-icon[title="Imkerei Größ"]')).toBeVisible();
      await expect(page.locator('.leaflet-marker-icon[title="Biohof Deuerling"]')).toHaveCount(0);
      await expect(m.count).toHaveText(
        `${DEMO_COUNT} von ${DEMO_COUNT} Direktvermarktern, ${DEMO_COUNT - 1} auf der Karte`,
      );
      await expect(page.getByText('Ohne Standort auf der Karte')).toHaveCount(1);
      await expect(m.entry('Biohof Deuerling')).toContainText('Ohne Standort auf der Karte');

      page.off('request', onRequest);
      expect(geocodeRequests.map((r) => r.address).sort()).toEqual([...addresses].sort());
      for (let i = 1; i < geocodeRequests.length; i++) {
        // 500 ms pause between two lookups (a little slack for timer precision)
        expect(geocodeRequests[i]!.at - geocodeRequests[i - 1]!.at).toBeGreaterThanOrEqual(450);
      }
      // the server asked the geocoding service, not the browser, and only for the address
      // of a listed producer: the Berlin address no producer has was refused without asking
      const asked = (await shop.thirdParty.requests())
        .filter((r) => r.startsWith('/geocode/search'))
        .map((r) => new URL(r, 'http://x').searchParams.get('q') ?? '');
      expect(muellerStreet).not.toBe('');
      expect(asked.some((q) => q.includes(muellerStreet))).toBe(true);
      expect(asked.some((q) => q.includes(unknownStreet))).toBe(false);

      await m.entry('Biohof Deuerling').click();
      await expect(
        page
          .getByRole('region', { name: 'Biohof Deuerling', exact: true })
          .getByText('Für diesen Direktvermarkter ist kein Standort auf der Karte verfügbar.'),
      ).toBeVisible();
    },
  );
});
