import {
  expect,
  expectNoSeriousA11yViolations,
  quietVisits,
  signInAsAdmin,
  test,
} from './fixtures';

// A large import changes the shop's sales: a server of its own.
test.use({ ownShop: 'sales-import-job' });

quietVisits();

const LINES = 50_000;

/** A till export of LINES lines (EANs no product has), every 5,000th line unreadable. */
function largeCsv(): { csv: string; bad: number[] } {
  const lines = ['beleg;position;zeitpunkt;ean;artikel;menge;einzelpreis_brutto;mwst_satz'];
  const bad: number[] = [];
  for (let i = 0; i < LINES; i += 1) {
    const receipt = `GROSS-${Math.floor(i / 5)}`;
    const minute = String(i % 60).padStart(2, '0');
    const quantity = i % 5000 === 4999 ? 'viel' : '1';
    lines.push(
      `${receipt};${(i % 5) + 1};03.11.2025 10:${minute};4012345000030;Apfelsaft;${quantity};2,50;7`,
    );
    if (quantity === 'viel') bad.push(lines.length);
  }
  return { csv: lines.join('\n'), bad };
}

test('a large CSV is imported in the background: the page shows the lines read, then the result and the German line errors', async ({
  page,
}) => {
  await signInAsAdmin(page, '/admin/verkaeufe');
  await expect(page.getByRole('heading', { level: 1, name: 'Verkäufe' })).toBeVisible();
  const { csv, bad } = largeCsv();
  await page.getByLabel('CSV-Datei').setInputFiles({
    name: 'kasse-jahr.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${csv}\n`, 'utf8'),
  });
  await page.getByRole('button', { name: 'Importieren' }).click();

  const section = page.getByRole('region', { name: 'Verkäufe importieren (CSV)' });
  // the button says it is busy while the file goes up (megabytes; slow on a busy machine)
  await expect(section.getByRole('button', { name: 'Wird importiert …' })).toBeDisabled();
  await expect(
    section.getByText('Große Datei (50.000 Zeilen): Der Import läuft im Hintergrund.'),
  ).toBeVisible({ timeout: 60_000 });
  // the progress while it runs: lines read of 50.000, and a bar
  await expect(section.getByRole('status')).toHaveText(
    /^Import läuft: [\d.]+ von 50\.000 Zeilen gelesen\.$/,
  );
  await expect(section.getByRole('progressbar', { name: 'Fortschritt des Imports' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Wird importiert …' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // then the same summary as a small import, with each unreadable line named
  await expect(
    section.getByText(
      `${(LINES - bad.length).toLocaleString('de-DE')} Zeilen importiert, 0 Duplikate übersprungen, ${(LINES - bad.length).toLocaleString('de-DE')} Zeilen ohne bekannte EAN, ${bad.length} fehlerhafte Zeilen.`,
    ),
  ).toBeVisible({ timeout: 120_000 });
  const errors = section.getByRole('list', { name: 'Fehlerhafte Zeilen' });
  await expect(errors.getByRole('listitem')).toHaveCount(bad.length);
  await expect(errors.getByRole('listitem').first()).toHaveText(
    `Zeile ${bad[0]}: Die Menge „viel“ ist keine Zahl (z. B. 2 oder 0,352).`,
  );
  await expect(section.getByRole('progressbar')).toHaveCount(0);
  // the lines wait for their producer below
  await expect(
    page.getByText(`${(LINES - bad.length).toLocaleString('de-DE')} Verkäufe warten`, {
      exact: true,
    }),
  ).toBeVisible();
});
