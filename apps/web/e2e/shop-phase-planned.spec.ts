import { addDays, formatIsoDay } from '@housnkuh/shared/format';
import { expect, quietVisits, runDay, test } from './fixtures';

// The opening date lies ahead: every mention names it (shop-phase.spec.ts).
const opening = addDays(runDay(), 45);
const day = formatIsoDay(opening);
test.use({ clock: '10:00', siteSettings: { openingDate: opening } });

quietVisits();

test('home, /standort, FAQ and /vendors name the opening date', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(`Eröffnung am ${day}`, { exact: true })).toBeVisible();

  await page.goto('/standort');
  await expect(page.getByText(`Noch geschlossen – wir öffnen am ${day}.`)).toBeVisible();
  await expect(page.getByText(`Eröffnung am ${day}`, { exact: true })).toBeVisible();

  await page.goto('/faq');
  await expect(
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Wann hat der Laden geöffnet?' }) }),
  ).toContainText(`Der Laden hat noch nicht geöffnet – wir öffnen am ${day}.`);

  await page.goto('/vendors');
  await expect(page.getByText(`Ab dem ${day} findest du bei housnkuh`)).toBeVisible();
  // the contest runs until the day before
  const terms = page.locator('section', {
    has: page.getByRole('heading', { name: 'Teilnahmebedingungen' }),
  });
  await expect(terms).toContainText(
    `Teilnahmeschluss ist der ${formatIsoDay(addDays(opening, -1))}.`,
  );
});
