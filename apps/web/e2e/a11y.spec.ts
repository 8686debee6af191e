import {
  expect,
  expectNoSeriousA11yViolations,
  test,
  withConsent,
  withoutContestBanner,
} from './fixtures';

/** Every public page, checked by axe at a phone's and a desktop's width. */
const PATHS = [
  '/',
  '/direktvermarkter',
  '/standort',
  '/mieten',
  '/kontakt',
  '/pricing',
  '/vendor/login',
  '/vendor/passwort-vergessen',
  '/faq',
  '/vendors',
  '/impressum',
  '/datenschutz',
  '/agb',
  '/newsletter/confirm',
  '/gibt-es-nicht',
];

for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test(`axe finds no serious or critical violation on any public page (${name})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await withConsent(page, 'declined');
    await withoutContestBanner(page);
    for (const path of PATHS) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  });
}
