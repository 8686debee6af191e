import { addDays, formatIsoDay } from '@housnkuh/shared/format';
import {
  expect,
  installClock,
  pageClockSkewMs,
  runDay,
  test,
  withConsent,
  withoutContestBanner,
} from './fixtures';

// The shop opened ten days ago (shop-phase.spec.ts); the contest's closing date
// lies ahead, but the opening has ended it (docs/product/contest.md).
const opening = addDays(runDay(), -10);
const day = formatIsoDay(opening);
test.use({
  clock: '10:00',
  siteSettings: {
    openingDate: opening,
    contest: { active: true, closingDate: addDays(runDay(), 30) },
  },
});

test('home shows no opening note; /standort and the FAQ say since when it is open', async ({
  page,
  shop,
}) => {
  await withConsent(page, 'declined');
  await withoutContestBanner(page);
  await page.goto('/');
  // the worker's clock: 10:00 on the run's day, in the server and in the page
  expect(shop.today()).toBe(runDay());
  expect(Math.abs(await pageClockSkewMs(page))).toBeLessThan(2_000);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Dein Marktplatz für lokale Produkte' }),
  ).toBeVisible();
  await expect(page.getByText(/Eröffnung (am|steht)/)).toHaveCount(0);

  await page.goto('/standort');
  await expect(page.getByText(`Eröffnet am ${day}`, { exact: true })).toBeVisible();
  await expect(page.getByText(/Noch geschlossen/)).toHaveCount(0);

  await page.goto('/faq');
  await expect(
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Wann hat der Laden geöffnet?' }) }),
  ).toContainText(`Der Laden hat seit dem ${day} geöffnet.`);
});

test('the contest has ended with the day before the opening: page, banner and API agree', async ({
  page,
  request,
}) => {
  const ended = `Der Wettbewerb ist beendet. Teilnahmeschluss war der ${formatIsoDay(addDays(opening, -1))}.`;
  await withConsent(page, 'declined');
  await installClock(page);
  await page.goto('/vendors');
  await expect(page.getByText(ended, { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Teilnehmen' })).toHaveCount(0);
  await page.goto('/');
  await page.clock.runFor(10_000);
  await expect(page.getByText('Errate unsere Direktvermarkter!')).toHaveCount(0);

  const response = await request.post('/api/vendor-contest/submit', {
    data: {
      name: 'Zu Spät',
      email: 'nach.eroeffnung@beispiel.de',
      guessedVendors: ['Hof Müller', 'Imkerei Größ', 'Kelterei Bauer'],
    },
  });
  expect(response.status()).toBe(403);
  expect((await response.json()).message).toBe(ended);
});
