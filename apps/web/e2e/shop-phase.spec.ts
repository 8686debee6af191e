import type { Page } from '@playwright/test';
import {
  expect,
  installClock,
  pageClockSkewMs,
  test,
  withConsent,
  withoutContestBanner,
} from './fixtures';

// Every mention of the opening follows the setting openingDate (docs/product/brand-and-settings.md,
// packages/shared/src/shop-phase.ts): without a date "soon", before it that
// date, from it on open. This file: a fresh install, without a date;
// shop-phase-planned.spec.ts and shop-phase-open.spec.ts run servers with one.

/** The FAQ entry 'Wann hat der Laden geöffnet?' as the page delivers it (answer folded). */
function openingFaq(page: Page) {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Wann hat der Laden geöffnet?' }) });
}

test.describe('no opening date (a fresh install)', () => {
  test.beforeEach(async ({ page }) => {
    await withConsent(page, 'declined');
    await withoutContestBanner(page);
  });

  test('home, /standort, FAQ and /vendors say the opening is coming soon', async ({ page }) => {
    const noSeason = () => expect(page.getByText(/(Sommer|Frühling|Herbst|Winter) 20\d\d/));
    await page.goto('/');
    await expect(page.getByText('Die Eröffnung steht bald bevor', { exact: true })).toBeVisible();
    await noSeason().toHaveCount(0);

    await page.goto('/standort');
    await expect(
      page.getByText('Noch geschlossen – die Eröffnung steht bald bevor.'),
    ).toBeVisible();
    await expect(page.getByText('Die Eröffnung steht bald bevor', { exact: true })).toBeVisible();
    await noSeason().toHaveCount(0);

    await page.goto('/faq');
    await expect(openingFaq(page)).toContainText(
      'Der Laden hat noch nicht geöffnet – die Eröffnung steht bald bevor.',
    );

    await page.goto('/vendors');
    await expect(page.getByText(/^Bald findest du bei housnkuh/)).toBeVisible();
    await noSeason().toHaveCount(0);
  });

  test("the page's clock is the server's (also when a run sets it: TEST_CLOCK)", async ({
    page,
  }) => {
    await page.goto('/');
    expect(Math.abs(await pageClockSkewMs(page))).toBeLessThan(2_000);
  });
});

test.describe('the contest on a fresh install', () => {
  test('runs until the opening: banner, form and API', async ({ page, request }) => {
    await withConsent(page, 'declined');
    await installClock(page);
    await page.goto('/');
    await page.clock.runFor(1_500);
    await expect(
      page.getByRole('heading', { name: 'Errate unsere Direktvermarkter!' }),
    ).toBeVisible();

    await page.goto('/vendors');
    await expect(page.getByRole('button', { name: 'Teilnehmen' })).toBeVisible();
    const terms = page.locator('section', {
      has: page.getByRole('heading', { name: 'Teilnahmebedingungen' }),
    });
    await expect(terms).toContainText('Teilnahmeschluss ist die Eröffnung des Ladens.');
    await expect(page.getByText(/Der Wettbewerb ist beendet/)).toHaveCount(0);

    const response = await request.post('/api/vendor-contest/submit', {
      data: {
        name: 'Frisch Dabei',
        email: 'frisch.dabei@beispiel.de',
        guessedVendors: ['Hof Müller', 'Imkerei Größ', 'Kelterei Bauer'],
      },
    });
    expect(response.status()).toBe(200);
  });
});
