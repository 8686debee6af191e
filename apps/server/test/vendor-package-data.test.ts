import { DEFAULT_FAQS, RETIRED_OPENING_HOURS_ANSWER } from '@housnkuh/shared/faq-defaults';
import { addDays, formatIsoDay } from '@housnkuh/shared/format';
import { packageDataAnswerSchema } from '@housnkuh/shared/schemas/booking';
import { registrationBody, TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { linkToken } from '@housnkuh/test-support/smtp-catcher';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { seedDatabase } from '../src/db/seed';
import { faqs } from '../src/modules/content/schema';
import { outbox } from '../src/modules/mail/schema';
import { settings } from '../src/modules/content/schema';
import { bookingRequests } from '../src/modules/bookings/schema';
import { vendors } from '../src/modules/vendors/schema';
import { appWithSmtp, pinDay, postAndGet } from './helpers';

// the day the file's tests run on (10:00 in Kronach): none of them sees it change
const today = pinDay();
const { t, smtp } = appWithSmtp({
  config: { rateLimits: { global: 10_000, forms: 1000, login: 1000, sensitive: 1000 } },
});
beforeEach(async () => {
  await t.app.settings.update({ openingDate: null });
});

const { post, get } = postAndGet(t);

const confirmToken = (text: string) => linkToken(text, '/vendor/confirm');

async function confirmLink(email: string) {
  const mail = await smtp.waitFor((m) => m.to === email && m.subject.includes('bestätigen'));
  return `/api/vendor-auth/confirm/${confirmToken(mail.text)}`;
}

async function loggedIn(email: string) {
  const response = await post('/api/vendor-auth/register', registrationBody(email));
  expect(response.statusCode).toBe(200);
  expect((await get(await confirmLink(email))).statusCode).toBe(200);
  const login = await post('/api/vendor-auth/login', { email, password: TEST_PASSWORD });
  return { token: login.json().token as string, id: response.json().userId as string };
}

/** registrationBody's package as spec §3 names it, priced by the server (prices in euros). */
const HUBER_PACKAGE = {
  selectedProvisionType: 'premium',
  packageCounts: { 'block-a': 2, 'block-cold': 1 },
  packageOptions: [
    { id: 'block-a', name: 'Verkaufsblock Lage A', price: 35 },
    { id: 'block-cold', name: 'gekühlt', price: 50 },
  ],
  rentalDuration: 6,
  // 2 × 35 € + 50 € + 20 € Lagerservice = 140 €, 5 % off for 6 months
  totalCost: { monthly: 133, oneTime: 0, provision: 7 },
  discount: 0.05,
  zusatzleistungen: { lagerservice: true, versandservice: false },
};

const SMALL_WINDOW = {
  selectedProvisionType: 'basic',
  packageCounts: { 'window-small': 1 },
  rentalDuration: 12,
};

describe('pre-registration without a package', () => {
  it('is accepted with or without packageData; without, no booking request is stored', async () => {
    const { packageData: _left, ...withoutPackage } = registrationBody('interesse@beispiel.de');
    const response = await post('/api/vendor-auth/preregister', withoutPackage);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: expect.stringContaining('Vor-Registrierung erfolgreich!'),
      userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      openingInfo: { isOpen: false, openingDate: null },
    });
    const userId = response.json().userId as string;
    expect(
      await t.database.db
        .select()
        .from(bookingRequests)
        .where(eq(bookingRequests.vendorId, userId)),
    ).toHaveLength(0);

    // the producer gets the confirmation link, the shop a notice without package
    const mail = await smtp.waitFor((m) => m.to === 'interesse@beispiel.de');
    expect(mail.subject).toBe(
      'Deine Vor-Registrierung bei housnkuh: bitte E-Mail-Adresse bestätigen',
    );
    expect(mail.text).not.toContain('Dein gewähltes Paket');
    const notice = await smtp.waitFor(
      (m) => m.to === 'info@housnkuh.de' && m.subject === 'Neue Vor-Registrierung: Hof Huber',
    );
    expect(notice.text).toContain('Noch ohne Paket');

    // confirming shows no package; the profile has no pending booking
    const confirm = await get(`/api/vendor-auth/confirm/${confirmToken(mail.text)}`);
    expect(confirm.json().vendor.packageData).toBeNull();
    const login = await post('/api/vendor-auth/login', {
      email: 'interesse@beispiel.de',
      password: TEST_PASSWORD,
    });
    const profile = await get(`/api/vendor-auth/profile/${userId}`, login.json().token);
    expect(profile.json().profile.pendingBooking).toBeNull();

    // null counts as no package, too; a package that is sent is still checked
    const withNull = await post(
      '/api/vendor-auth/preregister',
      registrationBody('interesse2@beispiel.de', { packageData: null }),
    );
    expect(withNull.statusCode).toBe(200);
    const badPackage = await post(
      '/api/vendor-auth/preregister',
      registrationBody('interesse3@beispiel.de', {
        packageData: { packageCounts: { 'block-a': 0 }, rentalDuration: 3 },
      }),
    );
    expect(badPackage.statusCode).toBe(400);
    expect(badPackage.json().errors).toContainEqual({
      field: 'packageData.packageCounts',
      message: 'Bitte wähle mindestens eine Verkaufsfläche aus',
    });
  });

  it('a registration (after the opening) still needs a package', async () => {
    const { packageData: _left, ...withoutPackage } = registrationBody('ohne@beispiel.de');
    const response = await post('/api/vendor-auth/register', withoutPackage);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({
      field: 'packageData',
      message: expect.any(String),
    });
    expect(
      await t.database.db.select().from(vendors).where(eq(vendors.email, 'ohne@beispiel.de')),
    ).toHaveLength(0);
  });
});

describe('package data in the shape of spec §3', () => {
  it('confirmation, bookings and the profile answer selectedProvisionType … zusatzleistungen, server-priced', async () => {
    const response = await post('/api/vendor-auth/register', registrationBody('form@beispiel.de'));
    const userId = response.json().userId as string;
    const confirm = await get(await confirmLink('form@beispiel.de'));
    // the client sent prices 0, a total of 1 € and 90 % off: the server's figures count
    expect(confirm.json().vendor.packageData).toEqual(HUBER_PACKAGE);

    const login = await post('/api/vendor-auth/login', {
      email: 'form@beispiel.de',
      password: TEST_PASSWORD,
    });
    const token = login.json().token as string;
    const bookings = (await get(`/api/vendor-auth/bookings/${userId}`, token)).json().bookings;
    expect(bookings).toHaveLength(1);
    expect(bookings[0].packageData).toEqual(HUBER_PACKAGE);

    const profile = (await get(`/api/vendor-auth/profile/${userId}`, token)).json().profile;
    expect(profile.pendingBooking).toEqual({
      id: bookings[0].id,
      createdAt: bookings[0].createdAt,
      packageData: HUBER_PACKAGE,
    });

    const more = await post(
      '/api/vendor-auth/additional-booking',
      { userId, packageData: { ...SMALL_WINDOW, packageCounts: { 'block-other': 1 } } },
      token,
    );
    expect(more.json().booking.packageData).toEqual({
      selectedProvisionType: 'basic',
      packageCounts: { 'block-other': 1 },
      packageOptions: [
        { id: 'block-other', name: 'Flexibler Bereich', price: 0, priceDisplay: 'auf Anfrage' },
      ],
      rentalDuration: 12,
      totalCost: { monthly: 0, oneTime: 0, provision: 4 },
      discount: 0.1,
      zusatzleistungen: { lagerservice: false, versandservice: false },
    });

    // no internal names anywhere package data is answered
    for (const body of [
      confirm.body,
      JSON.stringify(bookings),
      JSON.stringify(profile),
      more.body,
    ]) {
      expect(body).not.toMatch(/"(provisionType|provisionRate|items)":|"price":\{/);
    }
    expect(packageDataAnswerSchema.safeParse(bookings[0].packageData).success).toBe(true);
  });
});

describe('the confirmation link', () => {
  it('answers with name, e-mail and package only once; afterwards only "already confirmed"', async () => {
    await post('/api/vendor-auth/register', registrationBody('einmal@beispiel.de'));
    const link = await confirmLink('einmal@beispiel.de');
    const first = await get(link);
    expect(first.json()).toMatchObject({
      alreadyConfirmed: false,
      vendor: { email: 'einmal@beispiel.de', name: 'Anna Huber' },
    });
    for (let i = 0; i < 2; i++) {
      const again = await get(link);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({
        success: true,
        message: 'Dein Account ist bereits bestätigt. Du kannst dich anmelden.',
        alreadyConfirmed: true,
      });
      expect(again.body).not.toContain('einmal@beispiel.de');
      expect(again.body).not.toContain('Anna Huber');
    }
  });

  it('gives the data to one of two parallel calls only', async () => {
    await post('/api/vendor-auth/register', registrationBody('parallel@beispiel.de'));
    const link = await confirmLink('parallel@beispiel.de');
    const answers = await Promise.all([get(link), get(link), get(link)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.body.includes('parallel@beispiel.de'))).toHaveLength(1);
  });
});

describe('additional booking', () => {
  it('a retried identical request answers with the first booking and books and mails once', async () => {
    const { token, id } = await loggedIn('retry@beispiel.de');
    const before = await t.database.db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.vendorId, id));
    const body = { userId: id, packageData: SMALL_WINDOW };
    const first = await post('/api/vendor-auth/additional-booking', body, token);
    const retry = await post('/api/vendor-auth/additional-booking', body, token);
    const parallel = await Promise.all([
      post('/api/vendor-auth/additional-booking', body, token),
      post('/api/vendor-auth/additional-booking', body, token),
    ]);
    for (const response of [first, retry, ...parallel]) {
      expect(response.statusCode).toBe(200);
      expect(response.json().booking).toMatchObject({
        id: first.json().booking.id,
        status: 'pending',
        monthlyPrice: 2700,
      });
    }
    const after = await t.database.db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.vendorId, id));
    expect(after).toHaveLength(before.length + 1);
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'retry@beispiel.de'));
    expect(mails.filter((m) => m.kind === 'booking-received')).toHaveLength(1);

    // a different package is a new booking; once the first is cancelled, the same one books again
    const other = await post(
      '/api/vendor-auth/additional-booking',
      { userId: id, packageData: { ...SMALL_WINDOW, rentalDuration: 6 } },
      token,
    );
    expect(other.json().booking.id).not.toBe(first.json().booking.id);
    await post(`/api/vendor-auth/cancel-trial-booking/${first.json().booking.id}`, {}, token);
    const anew = await post('/api/vendor-auth/additional-booking', body, token);
    expect(anew.json().booking.id).not.toBe(first.json().booking.id);
  });

  // The answer is made from the stored row, never read back after the commit (that once failed
  // after a booking was stored, and the retry booked twice). What can still fail is the
  // transaction itself (the waiting list reads the contracts to know what is free): then nothing
  // is stored and nothing mailed, and the retry books once.
  it('a fault inside the booking stores and mails nothing; the retry books once', async () => {
    const { token, id } = await loggedIn('lesefehler@beispiel.de');
    const body = { userId: id, packageData: { ...SMALL_WINDOW, packageCounts: { 'block-b': 3 } } };
    const mailsBefore = await t.database.db.$count(outbox);
    await t.database.db.execute(sql`alter table contracts rename to contracts_away`);
    let response;
    try {
      response = await post('/api/vendor-auth/additional-booking', body, token);
    } finally {
      await t.database.db.execute(sql`alter table contracts_away rename to contracts`);
    }
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, message: expect.any(String) });
    const additional = async () =>
      (
        await t.database.db.select().from(bookingRequests).where(eq(bookingRequests.vendorId, id))
      ).filter((b) => b.origin === 'additional');
    expect(await additional()).toHaveLength(0);
    expect(await t.database.db.$count(outbox)).toBe(mailsBefore);

    const retry = await post('/api/vendor-auth/additional-booking', body, token);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({
      success: true,
      booking: { status: 'pending', origin: 'additional', monthlyPrice: 4050 },
    });
    expect(await additional()).toHaveLength(1);
  });
});

describe('the opening, from the setting', () => {
  const openingAnswer = async () => {
    const body = (await get('/api/faqs/public')).json() as {
      faqs: { question: string; answer: string }[];
    };
    return body.faqs.find((faq) => faq.question === 'Wann hat der Laden geöffnet?')!.answer;
  };

  it('the FAQ and the pre-registration answer follow the three phases', async () => {
    expect(await openingAnswer()).toMatch(
      /^Der Laden hat noch nicht geöffnet – die Eröffnung steht bald bevor\./,
    );
    const soon = await post('/api/vendor-auth/preregister', registrationBody('phase1@beispiel.de'));
    expect(soon.json().openingInfo.message).toBe(
      'Dein kostenloser Probemonat (30 Tage ohne Miete) beginnt mit der Eröffnung des Ladens, die bald bevorsteht.',
    );

    const ahead = addDays(today, 40);
    await t.app.settings.update({ openingDate: ahead });
    expect(await openingAnswer()).toMatch(
      new RegExp(`^Der Laden hat noch nicht geöffnet – wir öffnen am ${formatIsoDay(ahead)}\\.`),
    );
    const planned = await post(
      '/api/vendor-auth/preregister',
      registrationBody('phase2@beispiel.de'),
    );
    expect(planned.json().openingInfo).toEqual({
      isOpen: false,
      openingDate: ahead,
      message: `Dein kostenloser Probemonat (30 Tage ohne Miete) beginnt mit der Eröffnung des Ladens am ${formatIsoDay(ahead)}.`,
    });
    const mail = await smtp.waitFor((m) => m.to === 'phase2@beispiel.de');
    expect(mail.text).toContain(`beginnt mit der Eröffnung des Ladens am ${formatIsoDay(ahead)}.`);

    const past = addDays(today, -3);
    await t.app.settings.update({ openingDate: past });
    expect(await openingAnswer()).toMatch(
      new RegExp(
        `^Der Laden hat seit dem ${formatIsoDay(past)} geöffnet\\. Geöffnet ist an 7 Tagen`,
      ),
    );
  });

  it('at start, an install with the outdated initial values gets the new ones; own values stay', async () => {
    const db = t.database.db;
    const openingFaq = DEFAULT_FAQS.find((faq) => faq.id === 'allgemein-oeffnungszeiten')!;
    await db
      .update(settings)
      .set({ value: { active: true, closingDate: '2025-06-01' } })
      .where(eq(settings.key, 'contest'));
    await db.insert(settings).values({ key: 'openingLabel', value: 'Sommer 2025' });
    await db
      .update(faqs)
      .set({ answer: RETIRED_OPENING_HOURS_ANSWER })
      .where(eq(faqs.seedKey, openingFaq.id));

    await seedDatabase(db, { demo: false });
    const rows = await db.select().from(settings);
    expect(rows.find((row) => row.key === 'contest')!.value).toEqual({
      active: true,
      closingDate: null,
    });
    expect(rows.find((row) => row.key === 'openingLabel')).toBeUndefined();
    const [faq] = await db.select().from(faqs).where(eq(faqs.seedKey, openingFaq.id));
    expect(faq!.answer).toBe(openingFaq.answer);

    // an admin's own closing date and answer are left alone
    await db
      .update(settings)
      .set({ value: { active: true, closingDate: '2027-03-31' } })
      .where(eq(settings.key, 'contest'));
    await db.update(faqs).set({ answer: 'Eigene Antwort' }).where(eq(faqs.seedKey, openingFaq.id));
    await seedDatabase(db, { demo: false });
    const [contest] = await db.select().from(settings).where(eq(settings.key, 'contest'));
    expect(contest!.value).toEqual({ active: true, closingDate: '2027-03-31' });
    const [own] = await db.select().from(faqs).where(eq(faqs.seedKey, openingFaq.id));
    expect(own!.answer).toBe('Eigene Antwort');
  });
});
