import { expect, expectNoSeriousA11yViolations, test, withoutContestBanner } from './fixtures';

/**
 * Without an Instagram widget (site setting instagramWidgetUrl empty), the
 * home page shows a card that leads to the profile named in the settings –
 * before and after consent (issue 9, item 15). With a widget: frame.spec.ts.
 */
const PROFILE = 'https://www.instagram.com/hofladen_test/';
test.use({
  siteSettings: {
    instagramWidgetUrl: '',
    social: {
      instagram: PROFILE,
      facebook: 'https://www.facebook.com/housnkuh/',
      tiktok: 'https://www.tiktok.com/@housnkuh',
    },
  },
});

test('without a widget: a link card to the profile, also after consent', async ({ page, shop }) => {
  await withoutContestBanner(page);
  await shop.thirdParty.clear();
  await page.goto('/');
  const section = page.locator('section', {
    has: page.getByRole('heading', { name: 'housnkuh auf Instagram' }),
  });
  const card = section.getByRole('link', { name: /^@hofladen_test .*Zum Instagram-Profil/ });
  await expect(card).toHaveAttribute('href', PROFILE);
  await expect(card).toHaveAttribute('target', '_blank');
  await expect(card).toHaveAccessibleName(/\(öffnet in neuem Tab\)$/);
  await expect(section.getByRole('link')).toHaveCount(1);
  await expect(section.getByRole('button')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page
    .getByRole('dialog', { name: 'Cookie-Einstellungen' })
    .getByRole('button', { name: 'Alle akzeptieren' })
    .click();
  await section.scrollIntoViewIfNeeded();
  await expect(card).toBeVisible();
  await expect(section.locator('iframe')).toHaveCount(0);
  await expect(section.getByText(/Beim Laden überträgt dein Browser Daten/)).toHaveCount(0);
  expect((await shop.thirdParty.requests()).filter((r) => r.startsWith('/widget'))).toEqual([]);
});
