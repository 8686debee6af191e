import { expect, expectNoSeriousA11yViolations, test, withConsent } from './fixtures';

// A fresh install: the contest is switched on, but its closing date (01.06.2025,
// spec) has passed, so it is over (docs/decisions/0010).

test.describe('/vendors after the closing date (fresh install)', () => {
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
      page.getByText('Der Wettbewerb ist beendet. Teilnahmeschluss war der 01.06.2025.', {
        exact: false,
      }),
    ).toBeVisible();
    const terms = page.locator('section', {
      has: page.getByRole('heading', { name: 'Teilnahmebedingungen' }),
    });
    await expect(terms).toContainText('Teilnahmeschluss war der 01.06.2025.');
    await expect(terms).toContainText('Jede Person darf nur einmal teilnehmen.');
    await expect(page.getByRole('button', { name: 'Teilnehmen' })).toHaveCount(0);
    await expect(page.getByLabel('Direktvermarkter 1')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('the API refuses an entry with the closing date', async ({ request }) => {
    const response = await request.post('/api/vendor-contest/submit', {
      data: {
        name: 'Zu Spät',
        email: 'zu.spaet@beispiel.de',
        guessedVendors: ['Hof Müller', 'Imkerei Größ', 'Kelterei Bauer'],
      },
    });
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({
      success: false,
      message: 'Der Wettbewerb ist beendet. Teilnahmeschluss war der 01.06.2025.',
    });
  });
});

test.describe('contest banner after the closing date (fresh install)', () => {
  test('does not appear', async ({ page }) => {
    await withConsent(page, 'declined');
    // the page's clock, so "it would have appeared by now" needs no waiting
    await page.clock.install();
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
