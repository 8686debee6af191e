import { randomBytes } from 'node:crypto';
import { addDays, formatIsoDay } from '@housnkuh/shared/format';
import {
  CATALOG_PACKAGE_DATA,
  registrationBody,
  TEST_PASSWORD,
} from '@housnkuh/test-support/registration';
import { linkToken } from '@housnkuh/test-support/smtp-catcher';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  ADMIN,
  confirmedProducer,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  quietVisits,
  runDay,
  signInAsAdmin,
  signInAsProducer,
  test,
  withConsent,
  type Shop,
} from './fixtures';

// the shop opened today (the run's day, at 10:00 throughout): an approved
// contract starts its trial at once. A worker of its own.
const today = runDay();
test.use({ clock: '10:00', siteSettings: { openingDate: today } });

quietVisits();

async function adminToken(request: APIRequestContext, shop: Shop) {
  const login = await request.post(`${shop.baseURL}/api/auth/login`, {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  expect(login.status()).toBe(200);
  return (await login.json()).token as string;
}

/** The owner approves the producer's booking with the proposed units (over the API). */
async function approved(request: APIRequestContext, shop: Shop, token: string, vendorId: string) {
  const headers = { authorization: `Bearer ${token}` };
  const pending = await (
    await request.get(`${shop.baseURL}/api/admin/pending-bookings`, { headers })
  ).json();
  const booking = pending.bookings.find(
    (b: { vendor: { id: string } }) => b.vendor.id === vendorId,
  );
  const units = (
    await (await request.get(`${shop.baseURL}/api/admin/mietfaecher`, { headers })).json()
  ).mietfaecher as { id: string; name: string; optionId: string; state: string }[];
  // any free unit with a price (the demo producers and the other tests hold some)
  const chosen = units
    .filter((u) => u.state === 'free' && u.optionId !== 'block-other')
    .slice(0, 1);
  const response = await request.post(
    `${shop.baseURL}/api/admin/pending-bookings/${booking.id}/approve`,
    { headers, data: { mietfachIds: chosen.map((u) => u.id), startDate: today } },
  );
  expect(response.status(), await response.text()).toBe(200);
  return { unit: chosen[0]!.name, contract: (await response.json()).contract };
}

const area = (page: Page) => page.getByRole('navigation', { name: 'Direktvermarkter-Bereich' });

test(
  'approved → the trial passes (the daily job run for given days) → notice → the contract ends and its unit is free',
  { tag: '@db' },
  async ({ page, request, shop }) => {
    // registered, and the address confirmed with the link from the mail, in the browser
    const email = `brunner.${randomBytes(3).toString('hex')}@beispiel.de`;
    const registered = await request.post(`${shop.baseURL}/api/vendor-auth/register`, {
      data: registrationBody(email, {
        name: 'Brunner',
        unternehmen: 'Hof Brunner',
        packageData: CATALOG_PACKAGE_DATA,
      }),
    });
    expect(registered.status()).toBe(200);
    const id = (await registered.json()).userId as string;
    const confirmMail = await shop.waitForMail(email, (m) =>
      m.text.includes('/vendor/confirm?token='),
    );
    await page.goto(`/vendor/confirm?token=${linkToken(confirmMail.text, '/vendor/confirm')}`);
    await expect(page.getByText(`deine E-Mail-Adresse ${email} ist bestätigt`)).toBeVisible();

    // the owner approves in the admin area
    await signInAsAdmin(page, '/admin/pending-bookings');
    const item = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Hof Brunner' }) });
    await item.getByRole('button', { name: /Bestätigen/ }).click();
    const approve = item.getByRole('button', { name: /^Mit \d+ Mietf(ach|ächern) bestätigen$/ });
    await approve.click();
    const notice = page.getByText(/Die Buchung ist bestätigt: Vertrag V-\d{4}-\d{4}\./);
    await expect(notice).toBeVisible();
    const number = /V-\d{4}-\d{4}/.exec(await notice.innerText())![0];
    await page.getByRole('button', { name: 'Abmelden' }).click();

    // the producer sees the contract in its trial, with the dates
    const trialEnd = addDays(today, 29);
    await signInAsProducer(page, email);
    await expect(
      page.getByText(`Probemonat aktiv: noch 30 Tage (bis ${formatIsoDay(trialEnd)})`),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Dein Stand' })).toContainText('monatlich');
    await expectNoSeriousA11yViolations(page);
    await area(page).getByRole('link', { name: 'Probemonat' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dein Probemonat' })).toBeVisible();
    await expect(
      page.getByText(
        `Dein Probemonat läuft vom ${formatIsoDay(today)} bis ${formatIsoDay(trialEnd)}: noch 30 Tage (heute eingerechnet).`,
      ),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // the trial passes: the daily job, run for the days it matters, mails each step once
    const token = await adminToken(request, shop);
    const runFor = async (day: string) => {
      const response = await request.post(`${shop.baseURL}/api/admin/vertraege/lifecycle`, {
        headers: { authorization: `Bearer ${token}` },
        data: { day },
      });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()).lifecycle.result as { mails: number; ended: number };
    };
    await runFor(addDays(trialEnd, -7));
    const week = await shop.waitForMail(email, (m) => m.subject.includes('endet in 7 Tagen'));
    expect(week.text).toContain(`endet am ${formatIsoDay(trialEnd)}`);
    await runFor(addDays(trialEnd, -1));
    await shop.waitForMail(email, (m) => m.subject.includes('endet morgen'));
    await runFor(addDays(trialEnd, 1));
    const term = await shop.waitForMail(email, (m) =>
      m.subject.startsWith('Willkommen in der regulären Laufzeit'),
    );
    expect(term.text).toContain(number);
    expect((await runFor(addDays(trialEnd, 1))).mails).toBe(0);

    // the producer gives notice (today it is still in its trial: the contract ends today)
    await page.goto('/vendor/dashboard');
    await area(page).getByRole('link', { name: 'Konto und Kündigung' }).click();
    const card = page.getByRole('article', { name: `Vertrag ${number}` });
    await card.getByRole('button', { name: 'Kündigen …' }).click();
    await card.getByRole('button', { name: `Ja, zum ${formatIsoDay(today)} kündigen` }).click();
    await expect(
      card.getByText(`Dein Vertrag ${number} endet am ${formatIsoDay(today)}`),
    ).toBeVisible();

    // the next day the job ends the contract: its units are held through today only
    expect((await runFor(addDays(today, 1))).ended).toBeGreaterThanOrEqual(1);
    const units = (
      await (
        await request.get(`${shop.baseURL}/api/admin/mietfaecher`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()
    ).mietfaecher as { holder: { vendorId: string } | null; occupiedUntil: string | null }[];
    const held = units.filter((unit) => unit.holder?.vendorId === id);
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((unit) => unit.occupiedUntil === today)).toBe(true);
    // the owner (after the producer signed out) sees it on the shop floor
    await page.goto('/vendor/dashboard');
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/$/);
    await signInAsAdmin(page, '/admin/mietfaecher');
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: `Vertrag ${number}` })
        .first(),
    ).toContainText(`belegt bis ${formatIsoDay(today)}`);
  },
);

test(
  'a producer on the waiting list gets the offer when a demo contract ends → the link → a request for the approval',
  { tag: '@db' },
  async ({ page, request, shop }) => {
    const token = await adminToken(request, shop);
    const headers = { authorization: `Bearer ${token}` };
    // the one large shop window is the demo distillery's
    const [window] = (
      await (
        await request.get(`${shop.baseURL}/api/admin/mietfaecher?optionId=window-large`, {
          headers,
        })
      ).json()
    ).mietfaecher as { name: string; holder: { contractId: string } | null }[];
    expect(window?.holder).not.toBeNull();

    // a producer asks for it anyway: its request goes on the waiting list
    const email = `winter.${randomBytes(3).toString('hex')}@beispiel.de`;
    const registered = await request.post(`${shop.baseURL}/api/vendor-auth/register`, {
      data: registrationBody(email, {
        name: 'Winter',
        unternehmen: 'Hof Winter',
        packageData: {
          selectedProvisionType: 'basic',
          packageCounts: { 'window-large': 1 },
          rentalDuration: 3,
        },
      }),
    });
    expect(registered.status(), await registered.text()).toBe(200);

    // the shop ends the demo contract today; the next day the daily job ends it, the list offers
    const ended = await request.post(
      `${shop.baseURL}/api/admin/vertraege/${window!.holder!.contractId}/extraordinary`,
      { headers, data: { endDate: today, reason: 'Die Brennerei zieht aus.' } },
    );
    expect(ended.status(), await ended.text()).toBe(200);
    const tomorrow = addDays(today, 1);
    const job = await request.post(`${shop.baseURL}/api/admin/vertraege/lifecycle`, {
      headers,
      data: { day: tomorrow },
    });
    expect((await job.json()).lifecycle.result.ended).toBeGreaterThanOrEqual(1);
    const run = await request.post(`${shop.baseURL}/api/admin/warteliste/run`, {
      headers,
      data: { day: tomorrow },
    });
    expect((await run.json()).result.offered).toBe(1);
    const offer = await shop.waitForMail(email, (m) =>
      m.subject.startsWith('Ein Mietfach ist frei'),
    );
    expect(offer.text).toContain(`bis einschließlich ${formatIsoDay(addDays(tomorrow, 7))}`);

    // the link shows the offer; accepting makes the request wait for the owner's approval
    await page.goto(`/warteliste/angebot?token=${linkToken(offer.text, '/warteliste/angebot')}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ein Mietfach ist frei' }),
    ).toBeVisible();
    await expect(page.getByText('S3 (Schaufenster groß)')).toBeVisible();
    await page.getByRole('button', { name: 'Angebot annehmen' }).click();
    await expect(page.getByRole('heading', { name: 'Angebot angenommen' })).toBeVisible();
    await signInAsAdmin(page, '/admin/pending-bookings');
    await expect(
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Hof Winter' }) }),
    ).toContainText('Angebot der Warteliste angenommen: S3 für diese Anfrage reserviert.');
    // the Mietfächer page says the unit is held for the offer
    await page.goto('/admin/mietfaecher?typ=window-large');
    await expect(page.getByRole('listitem').filter({ hasText: 'S3' })).toContainText(
      'Für ein Angebot der Warteliste reserviert · Hof Winter (Angebot angenommen, wartet auf Bestätigung) · Warteliste',
    );
  },
);

test(
  'a producer builds its profile with a picture; released, the public profile shows it',
  { tag: '@db' },
  async ({ page, request, shop }) => {
    const { email, id } = await confirmedProducer(request, shop, 'Kastner');
    const token = await adminToken(request, shop);
    const { unit } = await approved(request, shop, token, id);
    const release = await request.patch(`${shop.baseURL}/api/admin/users/vendors/${id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { isPublic: true },
    });
    expect(release.status()).toBe(200);

    await signInAsProducer(page, email);
    await area(page).getByRole('link', { name: 'Mein Profil' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mein Profil' })).toBeVisible();
    // typed as soon as the field is there
    await page.getByLabel('Slogan').fill('Käse aus dem Frankenwald');
    await page.getByLabel('Unternehmen oder Hof', { exact: false }).fill('Käserei Kastner');
    await page.getByLabel('Beschreibung').fill('Rohmilchkäse von unseren eigenen Kühen.');
    await page.getByLabel('Website').fill('javascript:alert(1)');
    await page.getByLabel('Samstag').fill('9–12 Uhr');
    await page.getByRole('checkbox', { name: 'Milchprodukte' }).check();
    const preview = page.getByRole('region', { name: /Vorschau/ });
    await expect(preview).toContainText('Käse aus dem Frankenwald');
    await expect(preview).toContainText('Käserei Kastner');
    await page.getByRole('button', { name: 'Profil speichern' }).click();
    await expect(
      page.getByText('Bitte eine Web-Adresse angeben, z. B. www.hof-beispiel.de'),
    ).toBeVisible();
    await page.getByLabel('Website').fill('www.kaeserei-kastner.de');
    await page.getByRole('button', { name: 'Profil speichern' }).click();
    await expect(page.getByText('Dein Profil ist gespeichert.')).toBeVisible();

    // a picture: other files are refused, a PNG is stored and shown
    const pictures = page.getByRole('region', { name: 'Bilder' });
    const fileInput = pictures.getByLabel('Bild hochladen').first();
    await fileInput.setInputFiles({
      name: 'notizen.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('kein Bild'),
    });
    await expect(pictures.getByText('Erlaubt sind JPEG, PNG und WebP.')).toBeVisible();
    const png = await sharp({
      create: { width: 600, height: 600, channels: 3, background: '#e07a5f' },
    })
      .png()
      .toBuffer();
    await fileInput.setInputFiles({ name: 'kuh.png', mimeType: 'image/png', buffer: png });
    await expect(pictures.getByText('Das Bild ist gespeichert.')).toBeVisible();
    await expect(pictures.getByRole('img', { name: 'Profilbild (aktuell)' })).toBeVisible();

    // business data: an IBAN with a typo is refused; a right one needs the password
    const business = page.getByRole('form', { name: 'Geschäftsdaten' });
    await business.getByLabel('Kleinunternehmer nach § 19 UStG (keine Umsatzsteuer)').check();
    await business.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
    await business.getByLabel('Kontoinhaber').fill('Lena Kastner');
    await business.getByRole('button', { name: 'Geschäftsdaten speichern' }).click();
    await expect(
      business.getByText('Diese IBAN ist ungültig. Bitte prüfe sie noch einmal (Tippfehler?).'),
    ).toBeVisible();
    await business.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await business.getByLabel('Aktuelles Passwort').fill(TEST_PASSWORD);
    await business.getByRole('button', { name: 'Geschäftsdaten speichern' }).click();
    await expect(business.getByText(/Deine Geschäftsdaten sind gespeichert\./)).toBeVisible();
    await expect(business.getByText(/Hinterlegt: DE89 \*{4}/)).toBeVisible();
    const bankMail = await shop.waitForMail(email, (m) => m.subject.includes('Bankverbindung'));
    expect(bankMail.text).toContain('DE89 **** **** **** **30 00');
    await expectNoSeriousA11yViolations(page);

    // the public profile shows it, with its unit
    await page.goto(`/direktvermarkter/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Käserei Kastner' })).toBeVisible();
    await expect(page.getByText('Käse aus dem Frankenwald')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Profilbild von Käserei Kastner' })).toHaveAttribute(
      'src',
      /\/api\/images\//,
    );
    await expect(page.getByRole('region', { name: 'Öffnungszeiten' })).toContainText('9–12 Uhr');
    await expect(page.getByText(unit, { exact: true }).first()).toBeVisible();

    // and on the map, with its units (the address was found by the geocoding stand-in)
    await withConsent(page, 'accepted');
    await page.goto('/direktvermarkter/karte');
    const onMap = page
      .getByRole('list', { name: 'Direktvermarkter', exact: true })
      .getByRole('button', { name: /^Käserei Kastner/ });
    await expect(onMap).toBeVisible();
    await onMap.click();
    await expect(page.getByRole('region', { name: 'Käserei Kastner', exact: true })).toBeVisible();

    // the producer hides its profile: gone from the directory
    await page.goto('/vendor/profile');
    await page.getByLabel('Profil öffentlich zeigen (Verzeichnis und Karte)').uncheck();
    await page.getByRole('button', { name: 'Profil speichern' }).click();
    await expect(page.getByText('Dein Profil ist gespeichert.')).toBeVisible();
    await expect(page.getByText('Du hast „Profil öffentlich zeigen“ ausgeschaltet.')).toBeVisible();
    const hidden = await request.get(`${shop.baseURL}/api/vendor-auth/public/profile/${id}`);
    expect(hidden.status()).toBe(404);
  },
);

test(
  'a producer changes its password and downloads its data',
  { tag: '@db' },
  async ({ page, request, shop }) => {
    const { email } = await confirmedProducer(request, shop, 'Seitz');
    await signInAsProducer(page, email);
    await area(page).getByRole('link', { name: 'Konto und Kündigung' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Konto und Kündigung' }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const form = page.getByRole('region', { name: 'Passwort ändern' });
    // the special characters that count (spec §5)
    await expect(
      form.getByText(
        'Erlaubt sind nur Buchstaben ohne Umlaute, Zahlen und die Sonderzeichen @$!%*?&.',
      ),
    ).toBeVisible();
    await form.getByLabel('Aktuelles Passwort').fill('Falsch!123');
    await form.getByLabel('Neues Passwort', { exact: true }).fill('Neu!Passwort2');
    await form.getByLabel('Neues Passwort wiederholen').fill('Neu!Passwort2');
    await form.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(form.getByText('Das aktuelle Passwort stimmt nicht.').first()).toBeVisible();
    await form.getByLabel('Aktuelles Passwort').fill(TEST_PASSWORD);
    await form.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(form.getByText(/Dein Passwort ist geändert\./)).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Daten herunterladen (JSON)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^meine-daten-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(
      await new Promise<string>((resolve, reject) => {
        void file.createReadStream().then((stream) => {
          let text = '';
          stream.on('data', (chunk) => (text += chunk));
          stream.on('end', () => resolve(text));
          stream.on('error', reject);
        });
      }),
    );
    expect(data.account.email).toBe(email);
    expect(JSON.stringify(data)).not.toContain('argon2');

    // the new password is the one that works
    await page.goto('/vendor/dashboard');
    await page.getByRole('button', { name: 'Abmelden' }).click();
    // signed out, the producer is on the home page (a new page load before that would cut the
    // sign-out short and leave the session in the browser)
    await expect(page).toHaveURL(/\/$/);
    await signInAsProducer(page, email, 'Neu!Passwort2');
  },
);

test(
  'the owner changes a contract from a day and switches a service; the producer switches the model',
  { tag: '@db' },
  async ({ page, request, shop }) => {
    const { email, id } = await confirmedProducer(request, shop, 'Hofmann');
    const token = await adminToken(request, shop);
    const { contract } = await approved(request, shop, token, id);
    const number = contract.number as string;

    // the owner: a second unit from the first of next month, in the contract's page
    await signInAsAdmin(page, `/admin/vertraege/${contract.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Vertrag ${number}` })).toBeVisible();
    const change = page.getByRole('region', { name: 'Ändern ab einem Tag' });
    await change.getByRole('listitem').getByRole('checkbox', { checked: false }).first().check();
    await change
      .getByRole('button', { name: /^Änderung ab \d{2}\.\d{2}\.\d{4} eintragen …$/ })
      .click();
    await expect(change.getByText('Bitte gib einen Grund für die Änderung an.')).toBeVisible();
    await change.getByLabel('Grund der Änderung').fill('Zweites Fach gewünscht');
    await change
      .getByRole('button', { name: /^Änderung ab \d{2}\.\d{2}\.\d{4} eintragen …$/ })
      .click();
    // confirmed first, with the producer's mail
    const confirm = page.getByRole('dialog', { name: 'Änderung eintragen?' });
    await expect(confirm).toContainText('ändert sich ab');
    await confirm.getByRole('button', { name: /^Ja, ab .* ändern und E-Mail senden$/ }).click();
    await expect(change.getByText(/Die Änderung ab dem .* ist eingetragen/)).toBeVisible();
    const versions = page.getByRole('region', { name: 'Versionen' });
    await expect(versions.getByRole('listitem')).toHaveCount(2);
    await expect(versions.getByText(/\(geplant\)/)).toBeVisible();
    await expect(versions).toContainText('Zweites Fach gewünscht');
    await expectNoSeriousA11yViolations(page);
    await shop.waitForMail(email, (m) => m.subject.includes('ändert sich ab'));

    // Zusatzleistungen: Versandservice on from the first of next month; goods-in for the Lagerservice
    await page
      .getByRole('navigation', { name: 'Verwaltung' })
      .getByRole('link', { name: 'Zusatzleistungen' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Zusatzleistungen' })).toBeVisible();
    const card = page.getByRole('article', { name: new RegExp(`${number} · Hof Hofmann`) });
    await expect(card).toContainText('Heute: Lagerservice');
    await card.getByRole('checkbox', { name: 'Versandservice' }).check();
    await card.getByLabel('Grund').fill('Versand ab nächstem Monat');
    await card.getByRole('button', { name: 'Speichern' }).click();
    await expect(
      card.getByText(/Ab \d{2}\.\d{2}\.\d{4}: Lagerservice, Versandservice/),
    ).toBeVisible();
    // the storage service's goods-in is a delivery of one of the producer's products into the
    // store room (docs/decisions/0059): the producer has a product
    const login = await request.post(`${shop.baseURL}/api/vendor-auth/login`, {
      data: { email, password: TEST_PASSWORD },
    });
    const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
    const business = await request.put(`${shop.baseURL}/api/vendor-auth/business`, {
      headers,
      data: { taxStatus: 'kleinunternehmer' },
    });
    expect(business.status(), await business.text()).toBe(200);
    const created = await request.post(`${shop.baseURL}/api/vendor-auth/products`, {
      headers,
      data: { name: 'Bergkäse', priceCents: 2890, unit: 'Stück', vatRate: 0 },
    });
    expect(created.status(), await created.text()).toBe(200);
    await page
      .getByLabel('Direktvermarkter (mit Lagerservice)')
      .selectOption({ label: 'Hof Hofmann' });
    const goods = page.getByRole('form', { name: 'Neuer Wareneingang' });
    await goods.getByLabel('Produkt').selectOption({ label: 'Bergkäse' });
    await goods.getByRole('button', { name: 'Wareneingang eintragen' }).click();
    await expect(
      goods.getByText('Bitte gib die Menge als Zahl größer als 0 ein, z. B. 12 oder 0,352.'),
    ).toBeVisible();
    await goods.getByLabel('Menge (Stück)').fill('3');
    await goods.getByLabel('Lagerort', { exact: false }).fill('Kühlraum');
    await goods.getByRole('button', { name: 'Wareneingang eintragen' }).click();
    await expect(goods.getByText('Bergkäse: eingetragen, im Lager jetzt 3 Stück.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Abmelden' }).click();

    // the producer switches to the Basismodell from the first of next month
    await signInAsProducer(page, email);
    await area(page).getByRole('link', { name: 'Modell wechseln' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Modell wechseln' })).toBeVisible();
    const offer = page.getByRole('article', { name: `Vertrag ${number}` });
    await expect(offer).toContainText('Wechsel zum Basismodell (4 % Provision)');
    await expect(offer).toContainText('Lagerservice und Versandservice enden mit dem Wechsel');
    await expectNoSeriousA11yViolations(page);
    await offer.getByRole('button', { name: 'Zum Basismodell wechseln …' }).click();
    await offer.getByRole('button', { name: 'Ja, zum Basismodell wechseln' }).click();
    await expect(offer.getByText(/läuft dein Vertrag im Basismodell/)).toBeVisible();
    await area(page).getByRole('link', { name: 'Meine Buchungen' }).click();
    await expect(page.getByText(/Ab \d{2}\.\d{2}\.\d{4}: Basismodell/)).toBeVisible();
  },
);

test("the area's menu shows every entry: all eleven on a desktop, a Menü button on a phone; Meine Buchungen names where to give notice", async ({
  page,
  request,
  shop,
}) => {
  const { email } = await confirmedProducer(request, shop, 'Reiter');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsProducer(page, email);
  const links = area(page).getByRole('link');
  await expect(links).toHaveCount(11);
  // every entry is on the screen, none scrolled away sideways
  for (const link of await links.all()) await expect(link).toBeInViewport();
  const navBox = (await area(page).boundingBox())!;

  await area(page).getByRole('link', { name: 'Meine Buchungen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Buchungen' })).toBeVisible();
  // the bar does not move from page to page
  expect((await area(page).boundingBox())!.height).toBe(navBox.height);
  await page.getByRole('link', { name: 'Vertrag kündigen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Konto und Kündigung' })).toBeVisible();

  // a phone: one compact row with the Menü button, the page itself does not scroll sideways
  await page.setViewportSize({ width: 390, height: 844 });
  const bar = (await area(page).boundingBox())!;
  expect(bar.height).toBeLessThanOrEqual(48);
  await expectNoSidewaysScroll(page);
  const menu = area(page).getByRole('button', { name: 'Menü: Konto und Kündigung' });
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(area(page).getByRole('link')).toHaveCount(11);
  for (const link of await area(page).getByRole('link').all()) await expect(link).toBeInViewport();
  await expectNoSeriousA11yViolations(page);
  await area(page).getByRole('link', { name: 'Probemonat' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Probemonat/ })).toBeVisible();
  await expect(area(page).getByRole('button', { name: /^Menü/ })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});
