import { CATALOG_PACKAGE_DATA, TEST_PASSWORD } from '@housnkuh/test-support/registration';
import {
  confirmAddress,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  quietVisits,
  registeredProducer,
  signInAsAdmin,
  test,
} from './fixtures';

// books units and creates contracts: a shop of its own, on one day (10:00) throughout
test.use({ ownShop: 'rental', clock: '10:00' });

quietVisits();

test(
  'the owner approves a booking with free units, sees them occupied, and rejects another',
  { tag: '@db' },
  async ({ page, request, shop }) => {
    // about twenty steps through three pages: 39 s on PGlite and over 45 s on PostgreSQL on this
    // 2-core machine during CI; every step keeps its own expect timeout
    test.setTimeout(90_000);
    const email = await registeredProducer(request, shop, 'Lindner');
    const other = await registeredProducer(request, shop, 'Sommer');

    await signInAsAdmin(page);
    await page.getByRole('link', { name: /neue Buchungsanfrage/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Offene Buchungen' })).toBeVisible();
    const item = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Hof Lindner' }) });
    await expect(item.getByText('2 × Verkaufsblöcke Lage A')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await item.getByRole('button', { name: /Bestätigen/ }).click();
    // the proposal: free units of the requested types, already chosen
    const chosen = item.getByRole('checkbox', { checked: true });
    await expect(chosen).toHaveCount(3);
    const cold = item
      .getByRole('group', { name: /Kühlfach/ })
      .getByRole('checkbox', { checked: true });
    const coldName = (await cold.locator('xpath=..').innerText()).split(' ')[0]!;
    await item.getByLabel(`Preis ${coldName} (€)`).fill('45');
    await item.getByRole('button', { name: 'Mit 3 Mietfächern bestätigen' }).click();
    await expect(item.getByText('Bitte begründe den geänderten Preis.')).toBeVisible();
    await item.getByLabel('Grund für geänderte Preise').fill('Kleineres Fach am Eingang');
    await expectNoSeriousA11yViolations(page);
    await item.getByRole('button', { name: 'Mit 3 Mietfächern bestätigen' }).click();
    const notice = page.getByText(/Die Buchung ist bestätigt: Vertrag V-\d{4}-\d{4}\./);
    await expect(notice).toBeVisible();
    const number = /V-\d{4}-\d{4}/.exec((await notice.innerText()) ?? '')![0];
    await expect(page.getByRole('heading', { name: 'Hof Lindner' })).toHaveCount(0);

    const mail = await shop.waitForMail(email, (m) => m.subject.includes('bestätigt'));
    expect(mail.subject).toBe(`Deine Buchung bei housnkuh ist bestätigt (Vertrag ${number})`);
    expect(mail.text).toContain(`${coldName} (Kühlfach): 45,00 € im Monat`);

    // the units are occupied by the new contract
    await page
      .getByRole('navigation', { name: 'Verwaltung' })
      .getByRole('link', { name: 'Mietfächer' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mietfächer' })).toBeVisible();
    await page.getByLabel('Typ').selectOption({ label: 'Kühlfach' });
    await page.getByLabel('Status').selectOption({ label: 'belegt' });
    const unit = page.getByRole('listitem').filter({ hasText: `Vertrag ${number}` });
    // once the filters apply, only the cooled unit of the three is listed
    await expect(unit).toHaveCount(1);
    // the unit keeps its list price; the contract has its own
    await expect(unit).toContainText(`${coldName} · Kühlfach · 50,00 € im Monat`);
    await expect(unit).toContainText('Hof Lindner');
    // an occupied unit cannot be deleted, and says why
    const remove = unit.getByRole('button', { name: `Löschen ${coldName}` });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAccessibleDescription(
      'Löschen geht nicht, solange ein Vertrag das Fach hält.',
    );
    await expect(
      unit.getByText('Löschen geht nicht, solange ein Vertrag das Fach hält.'),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await unit.getByRole('button', { name: `Deaktivieren ${coldName}` }).click();
    await expect(unit.getByText(/Deaktivieren geht erst, wenn der Vertrag endet\./)).toBeVisible();

    // a new unit, then deleted again
    await page.getByRole('button', { name: 'Neues Mietfach' }).click();
    const form = page.getByRole('region', { name: 'Neues Mietfach' });
    await form.getByLabel('Name oder Nummer').fill('K99');
    await form.getByLabel('Typ').selectOption({ label: 'Kühlfach' });
    await form.getByLabel('Monatspreis in Euro').fill('zwölf');
    await form.getByRole('button', { name: 'Anlegen' }).click();
    await expect(
      form.getByText('Bitte gib den Preis in Euro ein, z. B. 35 oder 35,00.'),
    ).toBeVisible();
    await form.getByLabel('Monatspreis in Euro').fill('');
    await form.getByRole('button', { name: 'Anlegen' }).click();
    await expect(page.getByText('Mietfach K99 ist angelegt.')).toBeVisible();
    await page.getByLabel('Status').selectOption({ label: 'frei' });
    const k99 = page.getByRole('listitem').filter({ hasText: 'K99 · Kühlfach · 50,00 € im Monat' });
    await k99.getByRole('button', { name: 'Löschen K99' }).click();
    await k99.getByRole('button', { name: 'Ja, löschen' }).click();
    await expect(k99).toHaveCount(0);

    // the contract: planned while the shop has no opening date (so no trial yet), ended by the
    // producer's notice at once
    await page
      .getByRole('navigation', { name: 'Verwaltung' })
      .getByRole('link', { name: 'Verträge' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verträge' })).toBeVisible();
    await page.getByLabel('Suche (Nummer, Name, Unternehmen)').fill(number);
    await page.getByRole('button', { name: 'Suchen' }).click();
    await expect(page.getByText('1 Vertrag', { exact: true })).toBeVisible();
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: number })
        .getByText(/^geplant · /),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: `${number} · Hof Lindner` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Vertrag ${number}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Verlauf' })).toContainText(
      'Kleineres Fach am Eingang',
    );
    const today = await page.getByLabel('Kündigung eingegangen am').inputValue();
    const [y, m, d] = today.split('-');
    await expect(
      page.getByText(`Frühestes Ende bei Kündigung am ${d}.${m}.${y}: ${d}.${m}.${y}.`),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const send = page.getByRole('button', { name: `Kündigung zum ${d}.${m}.${y} eintragen …` });
    await send.click();
    // confirmed first: the end date, the units freed and the mail the producer gets
    const dialog = page.getByRole('dialog', { name: 'Kündigung eintragen?' });
    await expect(dialog).toContainText(`Der Vertrag endet am ${d}.${m}.${y}`);
    await expect(dialog).toContainText(coldName);
    await expect(dialog).toContainText(
      `Dein Vertrag ${number} bei housnkuh endet am ${d}.${m}.${y}`,
    );
    await expect(dialog).toContainText('wir haben deine Kündigung');
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    // Escape closes it, nothing entered
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(
      page.getByText('Abgebrochen: Es wurde nichts eingetragen und keine E-Mail gesendet.'),
    ).toBeVisible();
    await send.click();
    await dialog
      .getByRole('button', { name: `Ja, zum ${d}.${m}.${y} kündigen und E-Mail senden` })
      .click();
    await expect(page.getByText(`Der Vertrag endet am ${d}.${m}.${y}`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Verlauf' })).toContainText(
      'Kündigung durch den Direktvermarkter',
    );
    const ending = await shop.waitForMail(email, (m) => m.subject.includes('endet am'));
    expect(ending.subject).toBe(`Dein Vertrag ${number} bei housnkuh endet am ${d}.${m}.${y}`);

    // the other request is rejected with a reason
    await page
      .getByRole('navigation', { name: 'Verwaltung' })
      .getByRole('link', { name: 'Offene Buchungen' })
      .click();
    const sommer = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Hof Sommer' }) });
    // the approval offers the units free from its start: the ended contract's unit from tomorrow
    await sommer.getByRole('button', { name: /Bestätigen/ }).click();
    const freedUnit = sommer
      .getByRole('group', { name: /Kühlfach/ })
      .getByRole('checkbox', { name: new RegExp(`^${coldName}\\b`) });
    await expect(sommer.getByRole('group', { name: /Kühlfach/ })).toBeVisible();
    await expect(freedUnit).toHaveCount(0);
    const tomorrow = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d) + 1))
      .toISOString()
      .slice(0, 10);
    await sommer.getByLabel('Vertragsbeginn').fill(tomorrow);
    await expect(freedUnit).toHaveCount(1);
    await sommer.getByRole('button', { name: 'Abbrechen' }).click();
    await sommer.getByRole('button', { name: /Ablehnen/ }).click();
    await sommer.getByRole('button', { name: 'Ablehnen und E-Mail senden' }).click();
    await expect(
      sommer.getByText('Bitte gib einen Grund an (er geht an den Direktvermarkter).'),
    ).toBeVisible();
    await sommer.getByLabel(/Grund der Ablehnung/).fill('Alle Kühlfächer sind vergeben.');
    await sommer.getByRole('button', { name: 'Ablehnen und E-Mail senden' }).click();
    await expect(page.getByText(/Die Buchung von Hof Sommer ist abgelehnt/)).toBeVisible();
    const rejection = await shop.waitForMail(other, (m) =>
      m.subject.startsWith('Deine Buchungsanfrage'),
    );
    expect(rejection.text).toContain('Der Grund: Alle Kühlfächer sind vergeben.');
  },
);

test(
  'a producer sees its approved contract and gives notice in the trial; the unit is free the next day',
  { tag: '@db' },
  async ({ page, request, shop }) => {
    const email = await registeredProducer(request, shop, 'Vogel');
    await confirmAddress(request, shop, email);

    // the owner approves with the proposed units
    await signInAsAdmin(page, '/admin/pending-bookings');
    const item = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Hof Vogel' }) });
    await item.getByRole('button', { name: /Bestätigen/ }).click();
    // the units proposed depend on what the other test of this shop left free
    const approve = item.getByRole('button', { name: /^Mit \d+ Mietf(ach|ächern) bestätigen$/ });
    await expect(approve).toBeVisible();
    const chosen = Number(/\d+/.exec(await approve.innerText())![0]);
    expect(chosen).toBeGreaterThan(0);
    await expect(item.getByRole('checkbox', { checked: true })).toHaveCount(chosen);
    await approve.click();
    const notice = page.getByText(/Die Buchung ist bestätigt: Vertrag V-\d{4}-\d{4}\./);
    await expect(notice).toBeVisible();
    const number = /V-\d{4}-\d{4}/.exec(await notice.innerText())![0];
    await page.getByRole('button', { name: 'Abmelden' }).click();

    // the producer signs in and finds it
    await page.goto('/vendor/login');
    await page.getByLabel('E-Mail-Adresse').fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    const area = page.getByRole('navigation', { name: 'Direktvermarkter-Bereich' });
    await area.getByRole('link', { name: 'Meine Buchungen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Meine Buchungen' })).toBeVisible();
    await expect(page.getByText(`Vertrag ${number}: geplant`)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await area.getByRole('link', { name: 'Konto und Kündigung' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Konto und Kündigung' }),
    ).toBeVisible();
    const card = page.getByRole('article', { name: `Vertrag ${number}` });
    await expect(card.getByText(/Wenn du jetzt kündigst, endet der Vertrag heute/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await card.getByRole('button', { name: 'Kündigen …' }).click();
    await card.getByRole('button', { name: /^Ja, zum \d{2}\.\d{2}\.\d{4} kündigen$/ }).click();
    await expect(card.getByText(`Dein Vertrag ${number} endet am`)).toBeVisible();
    const mail = await shop.waitForMail(email, (m) => m.subject.includes('endet am'));
    expect(mail.text).toContain('wir haben deine Kündigung vom');

    // the owner (after the producer signed out) sees the units held through today only
    await page.goto('/vendor/dashboard');
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/$/);
    await signInAsAdmin(page, '/admin/mietfaecher');
    const held = page.getByRole('listitem').filter({ hasText: `Vertrag ${number}` });
    await expect(held).toHaveCount(chosen);
    await expect(held.first()).toContainText(/belegt bis \d{2}\.\d{2}\.\d{4}/);
  },
);

test(
  'the owner’s view: open requests with the e-mail flag, a producer found by name, its business data masked',
  { tag: '@db' },
  async ({ page, request, shop }) => {
    await registeredProducer(request, shop, 'Brandl');
    const email = await registeredProducer(request, shop, 'Kraus');
    await confirmAddress(request, shop, email);
    const login = await request.post(`${shop.baseURL}/api/vendor-auth/login`, {
      data: { email, password: TEST_PASSWORD },
    });
    const business = await request.put(`${shop.baseURL}/api/vendor-auth/business`, {
      headers: { authorization: `Bearer ${(await login.json()).token}` },
      data: {
        taxStatus: 'kleinunternehmer',
        steuernummer: '216/123/45678',
        iban: 'DE89 3704 0044 0532 0130 00',
        kontoinhaber: 'Karl Kraus',
        currentPassword: TEST_PASSWORD,
      },
    });
    expect(business.status(), await business.text()).toBe(200);
    // a second request of the same producer: one Verkaufsblock for 3 months
    const second = await request.post(`${shop.baseURL}/api/vendor-auth/additional-booking`, {
      headers: { authorization: `Bearer ${(await login.json()).token}` },
      data: {
        packageData: {
          ...CATALOG_PACKAGE_DATA,
          packageCounts: { 'block-a': 1 },
          packageOptions: [{ id: 'block-a', name: 'Verkaufsblock Lage A', price: 35 }],
          rentalDuration: 3,
          zusatzleistungen: { lagerservice: false, versandservice: false },
        },
      },
    });
    expect(second.status(), await second.text()).toBe(200);

    await signInAsAdmin(page);
    const requests = page.getByRole('region', { name: 'Offene Buchungsanfragen' });
    const brandl = requests.getByRole('listitem').filter({ hasText: 'Hof Brandl' });
    await expect(brandl).toContainText('E-Mail nicht bestätigt');
    await expect(brandl).toContainText(
      '2 × Verkaufsblock Lage A, 1 × gekühlt · 6 Monate · Premium-Modell',
    );
    const krausRequests = requests.getByRole('listitem').filter({ hasText: 'Hof Kraus' });
    await expect(krausRequests).toHaveCount(2);
    await expect(krausRequests.first()).toContainText('E-Mail bestätigt');
    await expectNoSeriousA11yViolations(page);

    // the quick search leads to the producer's page in Benutzer
    await page.getByLabel('Name, Firma, E-Mail oder Ort').fill('Kraus');
    await page
      .getByRole('region', { name: 'Direktvermarkter finden' })
      .getByRole('link', { name: 'Hof Kraus' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hof Kraus' })).toBeVisible();
    await expect(page.getByText('Kleinunternehmer nach § 19 UStG')).toBeVisible();
    await expect(page.getByText('216/123/45678')).toBeVisible();
    await expect(page.getByText('DE89 **** **** **** **30 00')).toBeVisible();
    await expect(page.getByText('Karl Kraus')).toBeVisible();
    await expect(page.getByText('0532 0130')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Offene Buchungen: the flag, the request's date and package, the producer linked
    await page
      .getByRole('navigation', { name: 'Verwaltung' })
      .getByRole('link', { name: 'Offene Buchungen' })
      .click();
    const item = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Hof Brandl' }) });
    await expect(item).toContainText('E-Mail nicht bestätigt');
    await expect(item).toContainText(/Registrierung vom \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr/);
    // two requests of one producer told apart: which of them, when, what
    const kraus = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Hof Kraus' }) });
    await expect(kraus).toHaveCount(2);
    await expect(kraus.first()).toContainText('Anfrage 1 von 2 dieses Direktvermarkters');
    await expect(kraus.first()).toContainText('2 × Verkaufsblock Lage A, 1 × gekühlt · 6 Monate');
    await expect(kraus.last()).toContainText(/Zusätzliche Buchung vom \d{2}\.\d{2}\.\d{4}/);
    await expect(kraus.last()).toContainText('Anfrage 2 von 2 dieses Direktvermarkters');
    await expect(kraus.last()).toContainText('1 × Verkaufsblock Lage A · 3 Monate');
    await item.getByRole('link', { name: 'Hof Brandl' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hof Brandl' })).toBeVisible();
    await expect(page.getByText('noch keine Bankverbindung')).toBeVisible();
  },
);

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the shop floor and the queue fit the screen', async ({ page }) => {
    await signInAsAdmin(page, '/admin/mietfaecher');
    for (const [path, title] of [
      ['/admin/mietfaecher', 'Mietfächer'],
      ['/admin/pending-bookings', 'Offene Buchungen'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);
    }
  });
});
