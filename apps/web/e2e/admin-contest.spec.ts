import fs from 'node:fs';
import { addDays } from '@housnkuh/shared/format';
import {
  expect,
  expectNoSeriousA11yViolations,
  quietVisits,
  runDay,
  signInAsAdmin,
  test,
} from './fixtures';

// The test switches the contest off: a server of its own, on one day (10:00) throughout.
test.use({
  ownShop: 'contest',
  clock: '10:00',
  siteSettings: { contest: { active: true, closingDate: addDays(runDay(), 45) } },
});

quietVisits();

test('the owner sees entries and ranking, exports them, ends the contest and draws a winner', async ({
  page,
}) => {
  // three entries through the contest's own call, as the form sends them
  for (const [name, email, guesses] of [
    ['Anna Tipp', 'anna.tipp@beispiel.de', ['Hof Müller', 'Imkerei Größ', 'Bäckerei Schneider']],
    ['Bernd Tipp', 'bernd.tipp@beispiel.de', ['hof müller', 'IMKEREI GRÖSS', 'Metzgerei Fröba']],
    [
      'Clara Tipp',
      'clara.tipp@beispiel.de',
      ['Hof Müller', 'Metzgerei Fröba', 'Hofkäserei Wagner'],
    ],
  ] as const) {
    const response = await page.request.post('/api/vendor-contest/submit', {
      data: { name, email, guessedVendors: guesses },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  await signInAsAdmin(page, '/admin/vendor-contest');
  await expect(page.getByRole('heading', { level: 1, name: 'Wettbewerb' })).toBeVisible();
  await expect(page.getByText('Der Wettbewerb läuft: Teilnahmen werden angenommen.')).toBeVisible();
  const ranking = page.getByRole('region', { name: 'Meistgenannte Direktvermarkter' });
  await expect(ranking.getByRole('listitem').first()).toHaveText('Hof Müller: 3 Tipps');
  await expect(page.getByRole('heading', { name: 'Teilnahmen (3)' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Als CSV herunterladen' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('wettbewerb-teilnahmen.csv');
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('Eingang;Name;E-Mail;Telefon;Tipp 1;Tipp 2;Tipp 3');
  expect(csv).toContain('Bernd Tipp;bernd.tipp@beispiel.de');

  // while it runs, nobody is drawn
  const draw = page.getByRole('region', { name: 'Auswertung und Auslosung' });
  await expect(draw.getByRole('button', { name: 'Gewinner auslosen' })).toBeDisabled();
  await draw.getByLabel('Richtiger Direktvermarkter 1').fill('Hof Müller');
  await draw.getByLabel('Richtiger Direktvermarkter 2').fill('Imkerei Größ');
  await draw.getByRole('button', { name: 'Auswerten' }).click();
  await expect(draw.getByText('Bitte gib alle drei richtigen Direktvermarkter ein.')).toBeVisible();
  await draw.getByLabel('Richtiger Direktvermarkter 3').fill('Metzgerei Fröba');
  await draw.getByRole('button', { name: 'Auswerten' }).click();
  await expect(draw.getByText('1 mit 3 richtigen Tipps:')).toBeVisible();
  await expect(draw.getByText('Bernd Tipp (bernd.tipp@beispiel.de)')).toBeVisible();

  const switcher = page.getByRole('region', { name: 'Teilnahme' });
  await switcher.getByLabel('Wettbewerb eingeschaltet').uncheck();
  await switcher.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(/Der Wettbewerb ist beendet oder ausgeschaltet/)).toBeVisible();
  await draw.getByRole('button', { name: 'Gewinner auslosen' }).click();
  await expect(draw.getByText(/Gewonnen hat Bernd Tipp \(bernd.tipp@beispiel.de\)/)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Frühere Auslosungen' }).getByText('Bernd Tipp'),
  ).toBeVisible();

  // the public page says the contest is over
  await page.goto('/vendors');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Direktvermarkter-Wettbewerb' }),
  ).toBeVisible();
  await expect(page.getByLabel('Direktvermarkter 1')).toHaveCount(0);
  const refused = await page.request.post('/api/vendor-contest/submit', {
    data: { name: 'Zu Spät', email: 'spaet@beispiel.de', guessedVendors: ['A', 'B', 'C'] },
  });
  expect(refused.status()).toBe(403);
});
