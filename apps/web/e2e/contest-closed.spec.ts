import { expect, expectNoSeriousA11yViolations, installClock, test, withConsent } from './fixtures';

// The contest after its closing date (here 01.06.2026; not the spec's 01.06.2025,
// which the start-up replaces as an outdated initial value), in a server
// of its own (docs/product/contest.md, docs/decisions/0010). A fresh install runs
// it (shop-phase.spec.ts); the opening ends it too (shop-phase-open.spec.ts).
test.use({ siteSettings: { contest: { active: true, closingDate: '2026-06-01' } } });

const guesses = ['Hof Müller', 'Imkerei Größ', 'Kelterei Bauer'];

test.describe('after the closing date', () => {
  test.beforeEach(async ({ page }) => {
    await withConsent(page, 'declined');
  });

  test('says that the contest has ended, keeps the conditions and shows no form', async ({
    page,
  }) => {
    await page.goto('/vendors');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Direktvermarkter-Wettbewerb' }),
    ).toBeVisible();
    await expect(
      page.getByText('Der Wettbewerb ist beendet. Teilnahmeschluss war der 01.06.2026.', {
        exact: false,
      }),
    ).toBeVisible();
    const terms = page.locator('section', {
      has: page.getByRole('heading', { name: 'Teilnahmebedingungen' }),
    });
    await expect(terms).toContainText('Teilnahmeschluss war der 01.06.2026.');
    await expect(terms).toContainText('Jede Person darf nur einmal teilnehmen.');
    await expect(page.getByRole('button', { name: 'Teilnehmen' })).toHaveCount(0);
    await expect(page.getByLabel('Direktvermarkter 1')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('the API refuses an entry with the closing date', async ({ request }) => {
    const response = await request.post('/api/vendor-contest/submit', {
      data: { name: 'Zu Spät', email: 'zu.spaet@beispiel.de', guessedVendors: guesses },
    });
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({
      success: false,
      message: 'Der Wettbewerb ist beendet. Teilnahmeschluss war der 01.06.2026.',
    });
  });

  test('the banner does not appear', async ({ page }) => {
    // the page's clock, so "it would have appeared by now" needs no waiting
    await installClock(page);
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Dein Marktplatz für lokale Produkte' }),
    ).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(page.getByText('Errate unsere Direktvermarkter!')).toHaveCount(0);
    await page.goto('/faq');
    await page.clock.runFor(10_000);
    await expect(page.getByText('Errate unsere Direktvermarkter!')).toHaveCount(0);
  });
});
