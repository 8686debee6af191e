import { randomBytes } from 'node:crypto';
import { addDays } from '@housnkuh/shared/format';
import { CATALOG_PACKAGE_DATA, registrationBody } from '@housnkuh/test-support/registration';
import { linkToken } from '@housnkuh/test-support/smtp-catcher';
import {
  ADMIN,
  expect,
  expectNoSeriousA11yViolations,
  quietVisits,
  runDay,
  signInAsAdmin,
  test,
} from './fixtures';

// A fresh install with the demo data (the default), the opening a month ahead;
// a shop of its own, since the demo producers go.
const today = runDay();
const opening = addDays(today, 30);
test.use({ ownShop: 'going-live', clock: '10:00', siteSettings: { openingDate: opening } });

quietVisits();

test(
  'the owner goes live: demo data removed, a real producer pre-registers, is approved and released, and is listed "ab der Eröffnung dabei"',
  { tag: '@db' },
  async ({ page, request, shop }) => {
    test.setTimeout(120_000);
    const api = shop.baseURL;

    // the demo producers are marked in Benutzer
    await signInAsAdmin(page, '/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Benutzer' })).toBeVisible();
    await expect(page.getByText('14 Direktvermarkter')).toBeVisible();
    await expect(page.getByText('Demo', { exact: true })).toHaveCount(14);

    // the dashboard offers to remove them; the dialog says what goes
    await page.goto('/admin');
    const demo = page.getByRole('region', { name: 'Demo-Daten' });
    await expect(demo).toContainText('14 Demo-Direktvermarkter mit 14 Verträgen');
    await demo.getByRole('button', { name: 'Demo-Daten entfernen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Demo-Daten entfernen?' });
    await expect(dialog).toContainText(
      'Entfernt werden 14 Demo-Direktvermarkter mit 14 Verträgen, ihren Buchungen, Profilen und Bildern.',
    );
    await expect(dialog).toContainText(/\d+ Mietfächer werden wieder frei: A1, /);
    await expect(dialog).toContainText('Echte Direktvermarkter bleiben, wie sie sind.');
    await expectNoSeriousA11yViolations(page);
    // Abbrechen changes nothing
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();
    expect(
      (await (await request.get(`${api}/api/vendor-auth/public/profiles`)).json()).pagination
        .totalCount,
    ).toBe(14);

    await demo.getByRole('button', { name: 'Demo-Daten entfernen' }).click();
    await dialog.getByRole('button', { name: 'Ja, Demo-Daten entfernen' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      demo.getByText(
        /^Demo-Daten entfernt: 14 Demo-Direktvermarkter mit 14 Verträgen; \d+ Mietfächer wieder frei\.$/,
      ),
    ).toBeVisible();

    // nobody in the directory, every unit free
    const empty = await (await request.get(`${api}/api/vendor-auth/public/profiles`)).json();
    expect(empty.pagination.totalCount).toBe(0);
    const login = await request.post(`${api}/api/auth/login`, {
      data: { username: ADMIN.username, password: ADMIN.password },
    });
    const headers = { authorization: `Bearer ${(await login.json()).token}` };
    const units = (await (await request.get(`${api}/api/admin/mietfaecher`, { headers })).json())
      .mietfaecher as { state: string }[];
    expect(units.length).toBe(43);
    expect(units.filter((unit) => unit.state !== 'free')).toEqual([]);
    await page.goto('/admin/settings');
    await expect(
      page.getByText('Es gibt keine Demo-Daten: Alle Direktvermarkter sind echt.'),
    ).toBeVisible();

    // a real producer pre-registers with a package and confirms the address from the mail
    const email = `neumann.${randomBytes(3).toString('hex')}@beispiel.de`;
    const registered = await request.post(`${api}/api/vendor-auth/preregister`, {
      data: registrationBody(email, {
        name: 'Lena Neumann',
        unternehmen: 'Hof Neumann',
        packageData: CATALOG_PACKAGE_DATA,
      }),
    });
    expect(registered.status(), await registered.text()).toBe(200);
    expect((await registered.json()).message).toMatch(/^Vor-Registrierung erfolgreich!/);
    const vendorId = (await registered.json()).userId as string;
    const mail = await shop.waitForMail(email, (m) => m.text.includes('/vendor/confirm?token='));
    const confirmed = await request.get(
      `${api}/api/vendor-auth/confirm/${linkToken(mail.text, '/vendor/confirm')}`,
    );
    expect(confirmed.status()).toBe(200);

    // the owner approves the request from the opening day on …
    await page.goto('/admin/pending-bookings');
    const item = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Hof Neumann' }) });
    await item.getByRole('button', { name: /Bestätigen/ }).click();
    await item.getByLabel('Vertragsbeginn').fill(opening);
    await item.getByRole('button', { name: 'Mit 3 Mietfächern bestätigen' }).click();
    await expect(
      page.getByText(/Die Buchung ist bestätigt: Vertrag V-\d{4}-\d{4}\./),
    ).toBeVisible();

    // … and releases the profile: it is not a demo producer
    await page.goto(`/admin/users/vendors/${vendorId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Hof Neumann' })).toBeVisible();
    await expect(page.getByText('Demo', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Profil freigeben' }).click();
    await expect(page.getByText('Das Profil ist freigegeben.')).toBeVisible();
    await expect(page.getByText('Im Verzeichnis', { exact: true })).toBeVisible();

    // listed before the opening, marked as joining with it
    await page.goto('/direktvermarkter/uebersicht');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(1);
    const card = cards.filter({ has: page.getByRole('heading', { name: 'Hof Neumann' }) });
    await expect(card.getByText('Ab der Eröffnung dabei')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await card.getByRole('link', { name: 'Profil anzeigen: Hof Neumann' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hof Neumann' })).toBeVisible();
    await expect(page.getByText('Ab der Eröffnung dabei')).toBeVisible();
    // the units it rents from the opening
    const rented = page.getByRole('region', {
      name: 'Ab der Eröffnung im Laden zu finden',
      exact: true,
    });
    await expect(rented.getByRole('heading', { level: 3 })).toHaveCount(3);
    await expectNoSeriousA11yViolations(page);
  },
);
