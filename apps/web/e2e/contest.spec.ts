import { formatIsoDay } from '@housnkuh/shared/format';
import {
  expect,
  expectNoSeriousA11yViolations,
  holdScripts,
  installClock,
  OPEN_CONTEST,
  test,
  withConsent,
  withoutContestBanner,
} from './fixtures';

// These tests run the contest with a closing date a month after the run's day,
// in a worker (and server) of their own, on that day (10:00) throughout; a
// fresh install (no closing date) and the closed contest are in contest-closed.spec.ts.
test.use({ clock: '10:00', siteSettings: OPEN_CONTEST });
const closing = formatIsoDay(OPEN_CONTEST.contest.closingDate);

test.describe('/vendors (contest running)', () => {
  test.beforeEach(async ({ page }) => {
    await withConsent(page, 'declined');
    await withoutContestBanner(page);
  });

  test('takes part: thank-you message, empty form, confirmation mail; a second entry is refused', async ({
    page,
    shop,
  }) => {
    await page.goto('/vendors');
    await expect(page).toHaveTitle('Direktvermarkter-Wettbewerb | housnkuh');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Direktvermarkter-Wettbewerb' }),
    ).toBeVisible();
    await expect(page.getByText(/^Bald findest du bei housnkuh/)).toBeVisible();
    const terms = page.locator('section', {
      has: page.getByRole('heading', { name: 'Teilnahmebedingungen' }),
    });
    await expect(terms).toContainText(`Teilnahmeschluss ist der ${closing}.`);
    await expect(terms).toContainText('Jede Person darf nur einmal teilnehmen.');
    await expect(terms).toContainText('per E-Mail benachrichtigt');
    await expect(terms).toContainText('Der Rechtsweg ist ausgeschlossen.');
    // served from 127.0.0.1: the local-development notice shows
    await expect(page.getByText(/lokalen Entwicklungsrechner/)).toBeVisible();

    const form = page.locator('form');
    // each field stops at what the server takes
    for (const [label, max] of [
      ['Name', '100'],
      ['E-Mail-Adresse', '254'],
      ['Telefon', '20'],
      ['Direktvermarkter 1', '100'],
      ['Direktvermarkter 2', '100'],
      ['Direktvermarkter 3', '100'],
    ] as const) {
      await expect(form.getByLabel(label), label).toHaveAttribute('maxlength', max);
    }
    await form.getByLabel('Name').fill('Lea Bauer');
    await form.getByLabel('E-Mail-Adresse').fill('lea.bauer@beispiel.de');
    await form.getByLabel('Direktvermarkter 1').fill('Hof Müller');
    await form.getByLabel('Direktvermarkter 2').fill('Imkerei Größ');
    await form.getByLabel('Direktvermarkter 3').fill('Kelterei Bauer');
    await form.getByRole('button', { name: 'Teilnehmen' }).click();
    await expect(
      page.getByText('Vielen Dank für deine Teilnahme!', { exact: false }),
    ).toBeVisible();
    await expect(form.getByLabel('Direktvermarkter 1')).toHaveValue('');
    const mail = await shop.waitForMail('lea.bauer@beispiel.de');
    expect(mail.text).toContain('2. Imkerei Größ');
    expect(mail.text).toContain(`Teilnahmeschluss ist der ${closing}.`);

    await form.getByLabel('Name').fill('Lea B.');
    await form.getByLabel('E-Mail-Adresse').fill('lea.bauer@beispiel.de');
    for (const n of [1, 2, 3]) await form.getByLabel(`Direktvermarkter ${n}`).fill(`Tipp ${n}`);
    await form.getByRole('button', { name: 'Teilnehmen' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Mit dieser E-Mail-Adresse hat bereits jemand teilgenommen.',
    );
  });

  test('needs every required field, shows "Wird gesendet...", and explains failures', async ({
    page,
  }) => {
    await page.goto('/vendors');
    const form = page.locator('form');
    await form.getByRole('button', { name: 'Teilnehmen' }).click();
    await expect(form.getByText('Bitte alle Pflichtfelder ausfüllen').first()).toBeVisible();
    await expect(form.getByLabel('Direktvermarkter 2')).toHaveAccessibleDescription(
      'Bitte alle Pflichtfelder ausfüllen',
    );
    await expectNoSeriousA11yViolations(page);

    await form.getByLabel('Name').fill('Tom');
    await form.getByLabel('E-Mail-Adresse').fill('tom@beispiel.de');
    for (const n of [1, 2, 3]) await form.getByLabel(`Direktvermarkter ${n}`).fill(`Tipp ${n}`);
    // the gate exists before the request does, so releasing it can never come too early
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/vendor-contest/submit', async (route) => {
      await released;
      await route.abort('connectionrefused');
    });
    await form.getByRole('button', { name: 'Teilnehmen' }).click();
    await expect(form.getByRole('button', { name: 'Wird gesendet...' })).toBeDisabled();
    release();
    await expect(page.getByRole('alert')).toContainText(
      'Bei der Übermittlung ist ein Fehler aufgetreten',
    );
  });

  test('can be filled and sent with the keyboard alone', async ({ page, shop }) => {
    await page.goto('/vendors');
    const form = page.locator('form');
    await form.getByLabel('Name').focus();
    await page.keyboard.type('Kim Tastatur');
    await page.keyboard.press('Tab');
    await page.keyboard.type('kim.tastatur@beispiel.de');
    await page.keyboard.press('Tab');
    await page.keyboard.type('0171 7654321');
    for (const guess of ['Hof Müller', 'Imkerei Größ', 'Kelterei Bauer']) {
      await page.keyboard.press('Tab');
      await page.keyboard.type(guess);
    }
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Teilnehmen' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(
      page.getByText('Vielen Dank für deine Teilnahme!', { exact: false }),
    ).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('');
    const mail = await shop.waitForMail('kim.tastatur@beispiel.de');
    expect(mail.text).toContain('Hallo Kim Tastatur');
    expect(mail.text).toContain('3. Kelterei Bauer');
  });
});

test('/vendors: an entry filled before the page is interactive is sent (issue 9, item 1)', async ({
  page,
  shop,
}) => {
  await withConsent(page, 'declined');
  await withoutContestBanner(page);
  const release = await holdScripts(page);
  await page.goto('/vendors', { waitUntil: 'commit' });
  const form = page.locator('form');
  await form.getByLabel('Name').fill('Emil Eilig');
  await form.getByLabel('E-Mail-Adresse').fill('emil.eilig@beispiel.de');
  for (const [n, guess] of ['Hof Müller', 'Imkerei Größ', 'Kelterei Bauer'].entries()) {
    await form.getByLabel(`Direktvermarkter ${n + 1}`).fill(guess);
  }
  release();

  await form.getByRole('button', { name: 'Teilnehmen' }).click();
  await expect(page.getByText('Vielen Dank für deine Teilnahme!', { exact: false })).toBeVisible();
  const mail = await shop.waitForMail('emil.eilig@beispiel.de');
  expect(mail.text).toContain('3. Kelterei Bauer');
});

test.describe('contest banner (contest running)', () => {
  test('contest banner: appears after 1.5 s, closes for 24 h, leads to /direktvermarkter', async ({
    page,
  }) => {
    await withConsent(page, 'declined');
    await page.goto('/');
    const banner = page.getByRole('complementary', { name: 'Errate unsere Direktvermarkter!' });
    await expect(banner).toBeHidden();
    await expect(banner).toBeVisible({ timeout: 5000 });
    await expectNoSeriousA11yViolations(page);
    await banner.getByRole('button', { name: 'Hinweis zum Wettbewerb schließen' }).click();
    await expect(banner).toBeHidden();
    const [until, pageNow] = await page.evaluate(() => [
      localStorage.getItem('contestBannerDismissed'),
      Date.now(),
    ]);
    const hours = (new Date(until!).getTime() - Number(pageNow)) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    // dismissed: it stays away, also long after the 1.5 s it takes to appear
    await installClock(page);
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Dein Marktplatz für lokale Produkte' }),
    ).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(banner).toBeHidden();

    // an expired dismissal is removed and the banner is back
    await page.evaluate(() =>
      localStorage.setItem('contestBannerDismissed', new Date(Date.now() - 1000).toISOString()),
    );
    await page.reload();
    await expect(banner).toBeVisible({ timeout: 5000 });
    await banner.getByRole('button', { name: 'Jetzt teilnehmen' }).click();
    await expect(page).toHaveURL(/\/direktvermarkter$/);
    expect(
      await page.evaluate(() => localStorage.getItem('contestBannerDismissed')),
    ).not.toBeNull();
  });

  test("appears when the page's clock has run on (counterpart of contest-closed.spec.ts)", async ({
    page,
  }) => {
    await withConsent(page, 'declined');
    await installClock(page);
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Dein Marktplatz für lokale Produkte' }),
    ).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(
      page.getByRole('complementary', { name: 'Errate unsere Direktvermarkter!' }),
    ).toBeVisible();
  });
});
