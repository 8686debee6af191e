import { TEST_PASSWORD } from '@housnkuh/test-support/registration';
import {
  ADMIN,
  expect,
  demoDocumentParties,
  expectNoSeriousA11yViolations,
  quietVisits,
  runDay,
  setDemoProducerPassword,
  signInAsAdmin,
  signInAsProducer,
  test,
} from './fixtures';
import type { DatabaseQuery } from './shop-server';

// Deletion with retention (issue 35, docs/decisions/0092): a demo producer whose contract ended
// last month, that month settled (its invoice and statement issued, nothing to pay out), deletes
// its account; the account and the profile are gone, the documents stay, locked for ten years,
// and the owner sees it among the deleted accounts.
const PRODUCER = 'info@hof-mueller.example';
const INVOICE = '00000000-0000-4000-8000-0000000000d1';

const thisMonth = () => runDay().slice(0, 7);
function lastMonth(): string {
  const [year, month] = thisMonth().split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}
const lastDayOf = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
};
const retainedUntil = () => `31.12.${Number(runDay().slice(0, 4)) + 10}`;

async function endedAndSettled(query: DatabaseQuery) {
  await setDemoProducerPassword(query, PRODUCER);
  const [vendor] = await query('select id, name, unternehmen from vendors where email = $1', [
    PRODUCER,
  ]);
  const month = lastMonth();
  await query(
    `update contracts set status = 'ended', end_date = $2, termination_kind = 'shop'
     where vendor_id = $1`,
    [vendor!.id, lastDayOf(month)],
  );
  await query('insert into closed_months (month) values ($1) on conflict do nothing', [month]);
  const parties = demoDocumentParties(
    vendor as { name: string; unternehmen: string | null },
    PRODUCER,
  );
  const { settleMonth } = await import('@housnkuh/shared/settlement');
  const figures = settleMonth({
    month,
    freeMonth: null,
    contracts: [],
    sales: [],
    manualLines: [
      {
        id: 'm1',
        kind: 'charge',
        text: 'Regalreinigung',
        grossCents: 1190,
        vatRateBp: 1900,
      },
    ],
    openItems: [],
    shopVatRateBp: 1900,
  });
  const insert = `insert into documents (id, type, number, year, month, vendor_id, issued_on,
      total_gross_cents, refers_to_id, content, parties)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`;
  const year = Number(runDay().slice(0, 4));
  const issuedOn = `${thisMonth()}-01`;
  await query(insert, [
    INVOICE,
    'rechnung',
    `RE-${year}-09001`,
    year,
    month,
    vendor!.id,
    issuedOn,
    figures.invoice.grossCents,
    null,
    JSON.stringify(figures),
    JSON.stringify(parties),
  ]);
  await query(insert, [
    '00000000-0000-4000-8000-0000000000d2',
    'verkaufsabrechnung',
    `VA-${year}-09001`,
    year,
    month,
    vendor!.id,
    issuedOn,
    figures.payoutCents,
    INVOICE,
    JSON.stringify(figures),
    JSON.stringify(parties),
  ]);
}

test.use({ ownShop: 'deletion', prepareDatabase: { write: endedAndSettled } });

quietVisits();

test(
  'a producer whose contract has ended deletes its account; its documents stay, locked, and the owner sees them kept',
  { tag: '@db' },
  async ({ page, request, shop }) => {
    await signInAsProducer(page, PRODUCER);
    await page
      .getByRole('navigation', { name: 'Direktvermarkter-Bereich' })
      .getByRole('link', { name: 'Konto und Kündigung' })
      .click();
    const box = page.getByRole('region', { name: 'Konto löschen' });
    await expect(box).toContainText('10 Jahre aufbewahren');
    // nothing is open: no list of what it waits for
    await expect(box.getByText('Noch offen')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await box.getByLabel('Dein Passwort zur Bestätigung').fill('Falsch!123');
    await box.getByRole('button', { name: 'Konto löschen' }).click();
    await expect(box.getByText('Das aktuelle Passwort stimmt nicht.').first()).toBeVisible();
    await box.getByLabel('Dein Passwort zur Bestätigung').fill(TEST_PASSWORD);
    await box.getByRole('button', { name: 'Konto löschen' }).click();

    await expect(page).toHaveURL(/\/vendor\/konto-geloescht$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Konto gelöscht' })).toBeVisible();
    await expect(
      page.getByText(
        `Dein Konto ist gelöscht. Rechnungen, Verkaufsabrechnungen und die Verkäufe, auf denen sie beruhen, bewahren wir wie gesetzlich vorgeschrieben bis zum ${retainedUntil()} auf, gesperrt; danach werden auch sie entfernt.`,
      ),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const mail = await shop.waitForMail(PRODUCER, (m) => m.subject.includes('ist gelöscht'));
    expect(mail.text).toContain(`bis zum ${retainedUntil()}`);

    // the account is gone: no sign-in with the old address
    await page.goto('/vendor/login');
    await page.getByLabel('E-Mail-Adresse').fill(PRODUCER);
    await page.getByLabel('Passwort', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/vendor\/login$/);

    // the owner: not among the producers, kept among the deleted accounts, documents still there
    await signInAsAdmin(page, '/admin/users');
    await expect(page.getByRole('listitem').filter({ hasText: PRODUCER })).toHaveCount(0);
    await page
      .getByRole('navigation', { name: 'Ansicht' })
      .getByRole('link', { name: 'Gelöschte Konten' })
      .click();
    const kept = page.getByRole('list', { name: 'Aufbewahrt' }).getByRole('listitem');
    await expect(kept).toHaveCount(1);
    await expect(kept).toContainText('Hof Müller');
    await expect(kept).toContainText(`aufbewahrt bis ${retainedUntil()}`);
    await expect(kept).toContainText('2 Belege');
    await expect(kept.getByText(`Gesperrt bis ${retainedUntil()}`)).toBeVisible();
    await expect(kept.getByRole('button', { name: 'Aufbewahrte Daten entfernen' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    const login = await request.post('/api/auth/login', {
      data: { username: ADMIN.username, password: ADMIN.password },
    });
    const token = ((await login.json()) as { token: string }).token;
    const pdf = await request.get(`/api/admin/documents/${INVOICE}/pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
  },
);
