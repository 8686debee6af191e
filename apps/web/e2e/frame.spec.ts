import {
  expect,
  expectNoSeriousA11yViolations,
  holdScripts,
  test,
  withConsent,
  withoutContestBanner,
} from './fixtures';

test.describe('page frame', () => {
  test('cookie dialog: asks once and remembers "accepted"', async ({ page }) => {
    await withoutContestBanner(page);
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Cookie-Einstellungen' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Alle akzeptieren' }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('accepted');
    await page.reload();
    await expect(
      page.getByRole('heading', { name: 'Dein Marktplatz für lokale Produkte' }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('cookie dialog: "Nur notwendige Cookies" stores "declined"', async ({ page }) => {
    await withoutContestBanner(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Nur notwendige Cookies' }).click();
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('declined');
    await expect(page.getByRole('dialog', { name: 'Cookie-Einstellungen' })).toBeHidden();
  });

  test('header turns compact after scrolling, and the logo leads home', async ({ page }) => {
    await withConsent(page, 'declined');
    await withoutContestBanner(page);
    await page.goto('/');
    const header = page.locator('header');
    await expect(header).toHaveAttribute('data-compact', 'false');
    // where the page's content starts, in the page (not the window)
    const contentTop = () =>
      page.evaluate(() => document.querySelector('main')!.getBoundingClientRect().top + scrollY);
    const before = await contentTop();
    await page.mouse.wheel(0, 400);
    await expect(header).toHaveAttribute('data-compact', 'true');
    // compact moves nothing below the bar: a bar that shrank moved the page up, which on a
    // page a little taller than the window scrolled it back and grew the bar again, over and
    // over (issue 32: a button that never held still)
    expect(await contentTop()).toBe(before);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-compact', 'false');
  });

  test('on a page a few pixels taller than the window, the bar settles and stays', async ({
    page,
  }) => {
    await withConsent(page, 'declined');
    await withoutContestBanner(page);
    // the visitor scrolls the server's page before its script has run (a slow phone): taking the
    // page over must not throw it back to the top (React Router's ScrollRestoration did, and the
    // bar stayed large: docs/decisions/0071)
    const release = await holdScripts(page);
    await page.goto('/impressum', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    // 12 px to scroll: past the 10 px at which the bar turns compact
    await page.setViewportSize({ width: 1280, height: height - 12 });
    await page.evaluate(() => window.scrollTo(0, 12));
    release();
    const header = page.locator('header');
    await expect(header).toHaveAttribute('data-compact', 'true');
    // the next 30 frames: the bar flips no more and the page stays where it was scrolled to
    const frames = await page.evaluate(async () => {
      const bar = document.querySelector('header')!;
      const seen: string[] = [];
      for (let frame = 0; frame < 30; frame++) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        seen.push(`${bar.dataset.compact} ${Math.round(scrollY)}`);
      }
      return [...new Set(seen)];
    });
    expect(frames).toEqual(['true 12']);
  });

  test('mobile menu opens and closes', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await withConsent(page, 'declined');
    await withoutContestBanner(page);
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Menü öffnen' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile Navigation' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Direktvermarkter Login' })).toHaveAttribute(
      'href',
      '/vendor/login',
    );
    await page.getByRole('button', { name: 'Menü schließen' }).click();
    await expect(menu).toBeHidden();
    await toggle.click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('home page: hero, explainer, name story; axe finds nothing serious', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Regionale Produkte in Kronach | housnkuh');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Dein Marktplatz für lokale Produkte',
    );
    await expect(page.getByText('Frisch, lokal und nachhaltig direkt aus Kronach')).toBeVisible();
    for (const title of ['Fast 24/7 Einkaufen', '100% Regional', 'Vielfältiges Sortiment']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Direktvermarkter entdecken' })).toHaveAttribute(
      'href',
      '/direktvermarkter',
    );
    await expect(page.getByRole('link', { name: 'Verkaufsfläche mieten' }).last()).toHaveAttribute(
      'href',
      '/pricing',
    );
    await expect(page.getByRole('link', { name: /Was ist housnkuh\?/ })).toHaveAttribute(
      'href',
      '/faq',
    );
    await expect(page.getByRole('heading', { name: 'So funktioniert housnkuh' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Warum eigentlich „housnkuh“?' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Zum Instagram-Profil/ })).toHaveAttribute(
      'href',
      'https://www.instagram.com/housnkuh/',
    );

    // with the cookie dialog open
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Nur notwendige Cookies' }).click();
    // then with the newsletter form loaded (with the contest banner: contest.spec.ts)
    await page.locator('#newsletter').scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: 'Newsletter abonnieren' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('Instagram feed loads only after consent; the profile link is always there', async ({
    page,
    shop,
  }) => {
    await withoutContestBanner(page);
    await shop.thirdParty.clear();
    await page.goto('/');
    await page.getByRole('button', { name: 'Nur notwendige Cookies' }).click();
    const section = page.locator('section', {
      has: page.getByRole('heading', { name: 'housnkuh auf Instagram' }),
    });
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByText(/Beim Laden überträgt dein Browser Daten/)).toBeVisible();
    await expect(section.locator('iframe')).toHaveCount(0);
    expect((await shop.thirdParty.requests()).filter((r) => r.startsWith('/widget'))).toEqual([]);

    await section.getByRole('button', { name: 'Den Instagram-Feed laden' }).click();
    const frame = page.frameLocator('iframe[title="Instagram-Feed von housnkuh"]');
    await expect(frame.getByText('Instagram-Feed (Test)')).toBeVisible();
    expect((await shop.thirdParty.requests()).filter((r) => r.startsWith('/widget'))).toHaveLength(
      1,
    );

    // after accepting all cookies it loads by itself
    await page.evaluate(() => localStorage.setItem('cookie-consent', 'accepted'));
    await page.reload();
    await expect(
      page
        .frameLocator('iframe[title="Instagram-Feed von housnkuh"]')
        .getByText('Instagram-Feed (Test)'),
    ).toBeVisible();
  });

  test('footer shows the contact data and legal links', async ({ page }) => {
    await withConsent(page, 'declined');
    await withoutContestBanner(page);
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(footer.getByText('Strauer Str. 15, 96317 Kronach')).toBeVisible();
    await expect(
      footer.getByText('Erweiterte Öffnungszeiten (Zugang mit EC- oder Kreditkarte)'),
    ).toBeVisible();
    for (const [name, href] of [
      ['Impressum', '/impressum'],
      ['Datenschutz', '/datenschutz'],
      ['AGB', '/agb'],
      ['FAQ', '/faq'],
    ]) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href!);
    }
  });

  test('an unknown address shows the German 404 page', async ({ page }) => {
    await withConsent(page, 'declined');
    await withoutContestBanner(page);
    await page.goto('/gibt-es-wirklich-nicht');
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
    await expect(page).toHaveTitle('Seite nicht gefunden | housnkuh');
  });

  test('the page can be used by keyboard: skip link and focus order', async ({ page }) => {
    await withConsent(page, 'declined');
    await withoutContestBanner(page);
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Direktvermarkter entdecken' })).toBeFocused();
  });
});
