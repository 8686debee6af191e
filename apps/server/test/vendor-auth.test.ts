import { clock } from '@housnkuh/shared/clock';
import { registrationBody, TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { linkToken } from '@housnkuh/test-support/smtp-catcher';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { accountTokens, loginFailures, sessions } from '../src/modules/accounts/schema';
import { outbox } from '../src/modules/mail/schema';
import { bookingRequests } from '../src/modules/bookings/schema';
import { vendors } from '../src/modules/vendors/schema';
import { storeImage } from '../src/modules/media/images.service';
import { loginFailureDelayMs } from '../src/modules/accounts/login.service';
import { appWithSmtp, createTestApp, postAndGet } from './helpers';

const { t, smtp } = appWithSmtp({
  config: { rateLimits: { global: 10_000, forms: 1000, login: 1000, sensitive: 1000 } },
});

const { post, get } = postAndGet(t);
/** A login from a given client address (the tests' other requests come from 127.0.0.1). */
const loginFrom = (client: string, email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/vendor-auth/login',
    payload: { email, password },
    remoteAddress: client,
  });
const ATTACKER_CLIENT = '198.51.100.23';
const OWNER_CLIENT = '203.0.113.77';

/** Registers, confirms by the mailed link and logs in; returns the session token and id. */
async function registeredVendor(email: string) {
  const response = await post('/api/vendor-auth/register', registrationBody(email));
  expect(response.statusCode).toBe(200);
  const mail = await smtp.waitFor((m) => m.to === email && m.subject.includes('bestätigen'));
  const confirm = await get(`/api/vendor-auth/confirm/${linkToken(mail.text, '/vendor/confirm')}`);
  expect(confirm.statusCode).toBe(200);
  const login = await post('/api/vendor-auth/login', { email, password: TEST_PASSWORD });
  expect(login.statusCode).toBe(200);
  return { token: login.json().token as string, id: response.json().userId as string };
}

describe('registration', () => {
  it('stores an unconfirmed vendor and the booking priced from the catalog, and mails both sides', async () => {
    const response = await post('/api/vendor-auth/register', registrationBody('anna@beispiel.de'));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      message:
        'Registrierung erfolgreich! Bitte bestätige jetzt deine E-Mail-Adresse über den Link, den wir dir geschickt haben.',
      userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });

    const [vendor] = await t.database.db.select().from(vendors).where(eq(vendors.id, body.userId));
    expect(vendor).toMatchObject({
      email: 'anna@beispiel.de',
      name: 'Anna Huber',
      emailConfirmedAt: null,
    });
    expect(vendor!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const [booking] = await t.database.db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.vendorId, body.userId));
    // 2 × 35 € + 50 € + 20 € Lagerservice = 140 €, 6 months: 5 % off = 133 €
    expect(booking).toMatchObject({
      status: 'pending',
      origin: 'registration',
      monthlyPriceCents: 13300,
    });
    expect(booking!.packageData).toMatchObject({
      items: [
        { id: 'block-a', price: 3500, count: 2 },
        { id: 'block-cold', price: 5000, count: 1 },
      ],
      price: { subtotal: 14000, discount: 5, monthlyTotal: 13300 },
    });

    const mail = await smtp.waitFor((m) => m.to === 'anna@beispiel.de');
    expect(mail.subject).toBe('Deine Registrierung bei housnkuh: bitte E-Mail-Adresse bestätigen');
    // display names in singular and plural, not the spec's 'gekühlt'
    expect(mail.text).toContain('2 × Verkaufsblöcke Lage A à 35,00 € = 70,00 €');
    expect(mail.text).toContain('1 × Kühlfach à 50,00 € = 50,00 €');
    expect(mail.text).toContain('Lagerservice: +20,00 € im Monat');
    expect(mail.text).toContain('Monatlich: 133,00 €');
    expect(mail.text).toMatch(/http:\/\/shop\.test\/vendor\/confirm\?token=[A-Za-z0-9_-]{43}/);
    const notice = await smtp.waitFor(
      (m) => m.to === 'info@housnkuh.de' && m.subject.includes('Hof Huber'),
    );
    expect(notice.subject).toBe('Neue Registrierung: Hof Huber');
    // named like the admin area's page
    expect(notice.text).toContain(
      'Die Anfrage steht im Verwaltungsbereich unter „Offene Buchungen“.',
    );
  });

  it('says on the e-mail field when the address is registered already', async () => {
    await post('/api/vendor-auth/register', registrationBody('doppelt@beispiel.de'));
    const again = await post('/api/vendor-auth/register', registrationBody('Doppelt@Beispiel.de'));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      message: 'Bitte korrigiere die markierten Felder',
      errors: [
        {
          field: 'email',
          message:
            'Diese E-Mail-Adresse ist bereits registriert. Bitte melde dich an oder setze dein Passwort zurück.',
        },
      ],
    });
  });

  it('caps each area at the units the shop has, with a German message, and stores nothing', async () => {
    const before = (await t.database.db.select().from(vendors)).length;
    const response = await post(
      '/api/vendor-auth/register',
      registrationBody('viel@beispiel.de', {
        packageData: { packageCounts: { 'window-large': 30, 'block-a': 2 }, rentalDuration: 3 },
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: 'Bitte korrigiere die markierten Felder',
      errors: [
        {
          field: 'packageData.packageCounts.window-large',
          message: 'Höchstens 1 × Schaufenster groß möglich.',
        },
      ],
    });
    expect((await t.database.db.select().from(vendors)).length).toBe(before);
    expect(smtp.mails.filter((m) => m.to === 'viel@beispiel.de')).toHaveLength(0);
  });

  it("mails 'Preis auf Anfrage' for a package of only the flexible area, not 0,00 €", async () => {
    const response = await post(
      '/api/vendor-auth/register',
      registrationBody('flexibel@beispiel.de', {
        packageData: { packageCounts: { 'block-other': 1 }, rentalDuration: 3 },
      }),
    );
    expect(response.statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to === 'flexibel@beispiel.de');
    expect(mail.text).toContain('1 × Flexibler Bereich: Preis auf Anfrage');
    expect(mail.text).toContain('Monatlich: Preis auf Anfrage');
    expect(mail.text).not.toContain('0,00 €');
  });

  it('rejects bad input field by field and stores nothing', async () => {
    const before = (await t.database.db.select().from(vendors)).length;
    const response = await post(
      '/api/vendor-auth/register',
      registrationBody('kaputt@beispiel.de', {
        email: 'kaputt',
        password: 'kurz',
        confirmPassword: 'anders',
        name: '',
        plz: '123',
        agreeToTerms: false,
        packageData: { packageCounts: { 'block-a': 0 }, rentalDuration: 5 },
      }),
    );
    expect(response.statusCode).toBe(400);
    const fields = Object.fromEntries(
      (response.json().errors as { field: string; message: string }[]).map((e) => [
        e.field,
        e.message,
      ]),
    );
    expect(fields).toMatchObject({
      email: 'Bitte gib eine gültige E-Mail-Adresse ein',
      password: 'Das Passwort muss mindestens 8 Zeichen lang sein',
      name: 'Bitte gib deinen vollständigen Namen ein',
      plz: 'Bitte gib eine gültige Postleitzahl ein (5 Ziffern)',
      agreeToTerms: 'Bitte stimme den Nutzungsbedingungen und der Datenschutzerklärung zu',
      'packageData.packageCounts': 'Bitte wähle mindestens eine Verkaufsfläche aus',
      'packageData.rentalDuration': 'Bitte wähle eine Mietdauer von 3, 6 oder 12 Monaten',
    });
    expect((await t.database.db.select().from(vendors)).length).toBe(before);
  });

  it('refuses extra services with the basic model', async () => {
    const response = await post(
      '/api/vendor-auth/register',
      registrationBody('basis@beispiel.de', {
        packageData: {
          selectedProvisionType: 'basic',
          packageCounts: { 'block-b': 1 },
          rentalDuration: 3,
          zusatzleistungen: { lagerservice: true },
        },
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        field: 'packageData.zusatzleistungen',
        message: 'Zusatzleistungen sind nur mit dem Premium-Provisionsmodell (7 %) verfügbar',
      },
    ]);
  });

  it('a pre-registration answers with the opening information', async () => {
    const response = await post(
      '/api/vendor-auth/preregister',
      registrationBody('vorab@beispiel.de'),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: expect.stringContaining('Vor-Registrierung erfolgreich!'),
      openingInfo: {
        isOpen: false,
        openingDate: null,
        message:
          'Dein kostenloser Probemonat (30 Tage ohne Miete) beginnt mit der Eröffnung des Ladens, die bald bevorsteht.',
      },
    });
    const mail = await smtp.waitFor((m) => m.to === 'vorab@beispiel.de');
    expect(mail.subject).toContain('Vor-Registrierung');
  });
});

describe('e-mail availability (checked when the modal leaves step 1)', () => {
  it('says whether an address has an account, in any spelling, and changes nothing', async () => {
    const free = await post('/api/vendor-auth/email-available', { email: 'frei@beispiel.de' });
    expect(free.statusCode).toBe(200);
    expect(free.json()).toEqual({ success: true, available: true });

    await post('/api/vendor-auth/register', registrationBody('vergeben@beispiel.de'));
    const before = (await t.database.db.select().from(vendors)).length;
    const taken = await post('/api/vendor-auth/email-available', {
      email: ' Vergeben@Beispiel.DE ',
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({
      success: true,
      available: false,
      message:
        'Diese E-Mail-Adresse ist bereits registriert. Bitte melde dich an oder setze dein Passwort zurück.',
    });
    expect((await t.database.db.select().from(vendors)).length).toBe(before);
  });

  it('answers bad input with the German field message, never a 500', async () => {
    for (const payload of [{ email: 'kaputt' }, {}, { email: 42 }, { email: 'x'.repeat(300) }]) {
      const response = await post('/api/vendor-auth/email-available', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        errors: [{ field: 'email', message: 'Bitte gib eine gültige E-Mail-Adresse ein' }],
      });
    }
  });
});

describe('confirmation and login', () => {
  it('logs in only after the e-mail address is confirmed, and never says which part was wrong', async () => {
    await post('/api/vendor-auth/register', registrationBody('ben@beispiel.de'));
    const early = await post('/api/vendor-auth/login', {
      email: 'ben@beispiel.de',
      password: TEST_PASSWORD,
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toContain('Bitte bestätige zuerst deine E-Mail-Adresse');

    const wrongPassword = await post('/api/vendor-auth/login', {
      email: 'ben@beispiel.de',
      password: 'Falsch1!',
    });
    const unknownUser = await post('/api/vendor-auth/login', {
      email: 'niemand@beispiel.de',
      password: TEST_PASSWORD,
    });
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        message: 'Invalid credentials or authentication failed',
      });
    }

    const mail = await smtp.waitFor((m) => m.to === 'ben@beispiel.de');
    const token = linkToken(mail.text, '/vendor/confirm');
    const confirm = await get(`/api/vendor-auth/confirm/${token}`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({
      success: true,
      message: 'Account erfolgreich bestätigt!',
      alreadyConfirmed: false,
      vendor: {
        name: 'Anna Huber',
        email: 'ben@beispiel.de',
        packageData: { totalCost: { monthly: 133 } },
        contractData: { status: 'pending', shopOpen: false, trialDays: 30 },
      },
    });
    // the link may be opened again, also after it expired, but answers without personal data
    const second = await get(`/api/vendor-auth/confirm/${token}`);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({
      success: true,
      message: 'Dein Account ist bereits bestätigt. Du kannst dich anmelden.',
      alreadyConfirmed: true,
    });
    await t.database.db.update(accountTokens).set({ expiresAt: new Date(clock.nowMs() - 1000) });
    const later = await get(`/api/vendor-auth/confirm/${token}`);
    expect(later.statusCode).toBe(200);
    expect(later.json().message).toBe(
      'Dein Account ist bereits bestätigt. Du kannst dich anmelden.',
    );

    const login = await post('/api/vendor-auth/login', {
      email: 'BEN@beispiel.de',
      password: TEST_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      success: true,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      user: {
        email: 'ben@beispiel.de',
        name: 'Anna Huber',
        isVendor: true,
        accountStatus: 'Vor-registriert',
      },
    });
    const stored = await t.database.db.select().from(sessions);
    expect(JSON.stringify(stored)).not.toContain(login.json().token);
  });

  it('answers unknown, malformed and expired confirmation links cleanly', async () => {
    expect((await get(`/api/vendor-auth/confirm/${'x'.repeat(43)}`)).statusCode).toBe(400);
    expect((await get('/api/vendor-auth/confirm/kurz')).statusCode).toBe(400);
    await post('/api/vendor-auth/register', registrationBody('spaet@beispiel.de'));
    const token = linkToken(
      (await smtp.waitFor((m) => m.to === 'spaet@beispiel.de')).text,
      '/vendor/confirm',
    );
    await t.database.db.update(accountTokens).set({ expiresAt: new Date(clock.nowMs() - 1000) });
    const expired = await get(`/api/vendor-auth/confirm/${token}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(
      'Dieser Bestätigungslink ist abgelaufen. Bitte fordere einen neuen an oder wende dich an uns.',
    );
  });

  it('re-sends the confirmation with the same answer for any address', async () => {
    await post('/api/vendor-auth/register', registrationBody('nochmal@beispiel.de'));
    await t.database.db
      .update(vendors)
      .set({ confirmationSentAt: new Date(clock.nowMs() - 10 * 60_000) })
      .where(eq(vendors.email, 'nochmal@beispiel.de'));
    const known = await post('/api/vendor-auth/resend-confirmation', {
      email: 'nochmal@beispiel.de',
    });
    const unknown = await post('/api/vendor-auth/resend-confirmation', {
      email: 'gibtsnicht@beispiel.de',
    });
    expect(known.json()).toEqual(unknown.json());
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'nochmal@beispiel.de'));
    expect(mails.filter((m) => m.kind === 'vendor-confirm')).toHaveLength(2);
  });

  it('check, logout and an expired session', async () => {
    const { token } = await registeredVendor('carla@beispiel.de');
    const check = await get('/api/vendor-auth/check', token);
    expect(check.statusCode).toBe(200);
    expect(check.json().user.email).toBe('carla@beispiel.de');

    for (const header of [undefined, 'Bearer', 'Bearer kaputt', `Basic ${token}`]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/vendor-auth/check',
        headers: header ? { authorization: header } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        message: 'Keine gültige Authentifizierung gefunden',
      });
    }

    expect((await post('/api/vendor-auth/logout', {}, token)).statusCode).toBe(200);
    expect((await get('/api/vendor-auth/check', token)).statusCode).toBe(401);

    const second = await post('/api/vendor-auth/login', {
      email: 'carla@beispiel.de',
      password: TEST_PASSWORD,
    });
    await t.database.db.update(sessions).set({ expiresAt: new Date(clock.nowMs() - 1000) });
    expect((await get('/api/vendor-auth/check', second.json().token)).statusCode).toBe(401);
  });

  it('stops logins to an account after 10 failures in 15 minutes', async () => {
    await registeredVendor('dora@beispiel.de');
    await t.database.db.delete(loginFailures);
    for (let i = 0; i < 10; i++) {
      const response = await post('/api/vendor-auth/login', {
        email: 'dora@beispiel.de',
        password: `Falsch${i}!A`,
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await post('/api/vendor-auth/login', {
      email: 'dora@beispiel.de',
      password: TEST_PASSWORD,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toContain('Zu viele fehlgeschlagene Anmeldeversuche');
    // a password reset lifts the lock at once
    await post('/api/vendor-auth/forgot-password', { email: 'dora@beispiel.de' });
    const mail = await smtp.waitFor(
      (m) => m.to === 'dora@beispiel.de' && m.subject.startsWith('Neues Passwort'),
    );
    const reset = await post('/api/vendor-auth/reset-password', {
      token: linkToken(mail.text, '/vendor/passwort-zuruecksetzen'),
      password: 'Wieder1!',
      confirmPassword: 'Wieder1!',
    });
    expect(reset.statusCode).toBe(200);
    const login = await post('/api/vendor-auth/login', {
      email: 'dora@beispiel.de',
      password: 'Wieder1!',
    });
    expect(login.statusCode).toBe(200);
  }, 60_000);

  it('lifts the lock after the 15 minutes', async () => {
    await registeredVendor('ella@beispiel.de');
    for (let i = 0; i < 10; i++) {
      await post('/api/vendor-auth/login', { email: 'ella@beispiel.de', password: `Falsch${i}!A` });
    }
    const blocked = await post('/api/vendor-auth/login', {
      email: 'ella@beispiel.de',
      password: TEST_PASSWORD,
    });
    expect(blocked.statusCode).toBe(429);
    await t.database.db
      .update(loginFailures)
      .set({ createdAt: new Date(clock.nowMs() - 16 * 60_000) });
    const login = await post('/api/vendor-auth/login', {
      email: 'ella@beispiel.de',
      password: TEST_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
  }, 60_000);

  it('checks at most 10 of 20 parallel wrong passwords from one client; the others get 429, so does the right one from there', async () => {
    await registeredVendor('heinz@beispiel.de');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/api/vendor-auth/login', { email: 'heinz@beispiel.de', password: `Falsch${i}!A` }),
      ),
    );
    const refused = answers.filter((a) => a.statusCode === 401);
    const limited = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(10);
    expect(limited).toHaveLength(10);
    for (const answer of limited) {
      expect(answer.json().message).toBe(
        'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warte 15 Minuten oder setze dein Passwort zurück.',
      );
    }
    const blocked = await post('/api/vendor-auth/login', {
      email: 'heinz@beispiel.de',
      password: TEST_PASSWORD,
    });
    expect(blocked.statusCode).toBe(429);
    expect(
      await t.database.db
        .select()
        .from(loginFailures)
        .where(eq(loginFailures.accountKey, 'vendor:heinz@beispiel.de')),
    ).toHaveLength(10);
    // the owner, from their own client, is not locked out
    const owner = await loginFrom(OWNER_CLIENT, 'heinz@beispiel.de', TEST_PASSWORD);
    expect(owner.statusCode).toBe(200);
  }, 60_000);

  it("an attacker's wrong passwords never lock the owner out; the attacker stays locked out", async () => {
    await registeredVendor('jana@beispiel.de');
    await t.database.db.delete(loginFailures);
    for (let round = 0; round < 2; round++) {
      // the attacker: ten wrong passwords, then 429 – also for the right one
      for (let i = 0; i < 10; i++) {
        const wrong = await loginFrom(ATTACKER_CLIENT, 'jana@beispiel.de', `Falsch${round}${i}!A`);
        expect(wrong.statusCode, `round ${round}, #${i + 1}`).toBe(round === 0 ? 401 : 429);
      }
      const attackerRight = await loginFrom(ATTACKER_CLIENT, 'jana@beispiel.de', TEST_PASSWORD);
      expect(attackerRight.statusCode).toBe(429);
      expect(attackerRight.json().message).toContain('Zu viele fehlgeschlagene Anmeldeversuche');

      // the owner: a typo is an ordinary 401 (answered late), the right password logs in
      const typo = await loginFrom(OWNER_CLIENT, 'jana@beispiel.de', 'Vertippt1!');
      expect(typo.statusCode).toBe(401);
      const owner = await loginFrom(OWNER_CLIENT, 'jana@beispiel.de', TEST_PASSWORD);
      expect(owner.statusCode).toBe(200);
      expect(owner.json().user.email).toBe('jana@beispiel.de');
    }
    // the owner's login did not lift the attacker's lockout
    expect((await loginFrom(ATTACKER_CLIENT, 'jana@beispiel.de', TEST_PASSWORD)).statusCode).toBe(
      429,
    );
  }, 60_000);

  it('answers wrong passwords later the more the account has, from any client', () => {
    expect([0, 1, 2, 3, 4, 5, 8, 20].map(loginFailureDelayMs)).toEqual([
      0, 0, 0, 100, 200, 400, 2000, 2000,
    ]);
  });
});

describe('bookings', () => {
  it('lists the own bookings, adds one priced from the catalog, and cancels a pending one', async () => {
    const { token, id } = await registeredVendor('emil@beispiel.de');
    const list = await get(`/api/vendor-auth/bookings/${id}`, token);
    expect(list.statusCode).toBe(200);
    expect(list.json().bookings).toHaveLength(1);
    expect(list.json().bookings[0]).toMatchObject({
      status: 'pending',
      statusLabel: 'Angefragt',
      monthlyPrice: 13300,
      cancellable: true,
    });

    // more units than the shop has: refused, nothing booked
    const tooMany = await post(
      '/api/vendor-auth/additional-booking',
      { packageData: { packageCounts: { 'block-table': 4 }, rentalDuration: 3 } },
      token,
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual([
      {
        field: 'packageData.packageCounts.block-table',
        message: 'Höchstens 3 × Verkaufstische möglich.',
      },
    ]);
    expect((await get(`/api/vendor-auth/bookings/${id}`, token)).json().bookings).toHaveLength(1);

    const more = await post(
      '/api/vendor-auth/additional-booking',
      {
        userId: id,
        packageData: {
          selectedProvisionType: 'basic',
          packageCounts: { 'window-small': 1 },
          rentalDuration: 12,
          packageOptions: [{ id: 'window-small', name: 'x', price: 1 }],
          totalCost: { monthly: 0, provision: 4 },
        },
      },
      token,
    );
    expect(more.statusCode).toBe(200);
    expect(more.json()).toMatchObject({
      success: true,
      message:
        'Vielen Dank! Deine Buchung ist eingegangen. Wir melden uns innerhalb von 2 Werktagen bei dir.',
      // 30 € − 10 % = 27 €
      booking: { origin: 'additional', monthlyPrice: 2700, status: 'pending' },
    });
    await smtp.waitFor(
      (m) => m.to === 'emil@beispiel.de' && m.subject.includes('zusätzliche Buchung'),
    );

    const bookingId = more.json().booking.id;
    const cancel = await post(
      `/api/vendor-auth/cancel-trial-booking/${bookingId}`,
      { reason: 'Doch zu klein' },
      token,
    );
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({ success: true, message: 'Deine Buchung ist storniert.' });
    const again = await post(`/api/vendor-auth/cancel-trial-booking/${bookingId}`, {}, token);
    expect(again.statusCode).toBe(409);
    const after = (await get(`/api/vendor-auth/bookings/${id}`, token)).json().bookings;
    expect(after.find((b: { id: string }) => b.id === bookingId)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Doch zu klein',
      cancellable: false,
    });

    const trial = await get('/api/vendor-auth/trial-status', token);
    expect(trial.json()).toMatchObject({
      success: true,
      data: { status: 'waiting', shopOpen: false },
    });
  });

  it("keeps every vendor out of every other vendor's data", async () => {
    const a = await registeredVendor('vendor-a@beispiel.de');
    const b = await registeredVendor('vendor-b@beispiel.de');
    const bBooking = (await get(`/api/vendor-auth/bookings/${b.id}`, b.token)).json().bookings[0]
      .id;

    const attempts = [
      await get(`/api/vendor-auth/bookings/${b.id}`, a.token),
      await get(`/api/vendor-auth/profile/${b.id}`, a.token),
      await post(
        '/api/vendor-auth/additional-booking',
        { userId: b.id, packageData: { packageCounts: { 'block-b': 1 }, rentalDuration: 3 } },
        a.token,
      ),
      await post(`/api/vendor-auth/cancel-trial-booking/${bBooking}`, {}, a.token),
    ];
    expect(attempts.map((r) => r.statusCode)).toEqual([403, 403, 403, 404]);
    for (const response of attempts) {
      expect(response.body).not.toContain('vendor-b@beispiel.de');
      expect(response.body).not.toContain(bBooking);
      expect(response.json().success).toBe(false);
    }
    // B's booking is untouched
    const bBookings = (await get(`/api/vendor-auth/bookings/${b.id}`, b.token)).json().bookings;
    expect(bBookings[0].status).toBe('pending');
    // and A sees its own profile
    const own = await get(`/api/vendor-auth/profile/${a.id}`, a.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().profile).toMatchObject({ email: 'vendor-a@beispiel.de', plz: '96317' });
  });

  it('answers unknown and malformed booking ids with 404 and no 500', async () => {
    const { token } = await registeredVendor('fritz@beispiel.de');
    for (const id of ['0b9a1c9e-0000-4000-8000-000000000000', 'nicht-uuid', '%27--']) {
      const response = await post(`/api/vendor-auth/cancel-trial-booking/${id}`, {}, token);
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('forgot and reset password', () => {
  it('same answer for known and unknown addresses; the link works once, within an hour', async () => {
    const { token: oldSession } = await registeredVendor('greta@beispiel.de');
    const known = await post('/api/vendor-auth/forgot-password', { email: 'greta@beispiel.de' });
    const unknown = await post('/api/vendor-auth/forgot-password', {
      email: 'niemand@beispiel.de',
    });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());

    const mail = await smtp.waitFor(
      (m) => m.to === 'greta@beispiel.de' && m.subject.startsWith('Neues Passwort'),
    );
    const token = linkToken(mail.text, '/vendor/passwort-zuruecksetzen');
    const weak = await post('/api/vendor-auth/reset-password', {
      token,
      password: 'schwach',
      confirmPassword: 'schwach',
    });
    expect(weak.statusCode).toBe(400);

    const reset = await post('/api/vendor-auth/reset-password', {
      token,
      password: 'Neu2025!',
      confirmPassword: 'Neu2025!',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(
      'Dein neues Passwort ist gespeichert. Du kannst dich jetzt anmelden.',
    );
    // the old session ended, the old password no longer works, the new one does
    expect((await get('/api/vendor-auth/check', oldSession)).statusCode).toBe(401);
    expect(
      (
        await post('/api/vendor-auth/login', {
          email: 'greta@beispiel.de',
          password: TEST_PASSWORD,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/vendor-auth/login', { email: 'greta@beispiel.de', password: 'Neu2025!' }))
        .statusCode,
    ).toBe(200);

    const reused = await post('/api/vendor-auth/reset-password', {
      token,
      password: 'Noch3mal!',
      confirmPassword: 'Noch3mal!',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(
      'Dieser Link ist ungültig oder abgelaufen. Bitte fordere einen neuen an.',
    );

    // an expired link
    await t.database.db.delete(accountTokens);
    await post('/api/vendor-auth/forgot-password', { email: 'greta@beispiel.de' });
    const second = await smtp.waitFor(
      (m) =>
        m.to === 'greta@beispiel.de' &&
        m.subject.startsWith('Neues Passwort') &&
        !m.text.includes(token),
    );
    await t.database.db.update(accountTokens).set({ expiresAt: new Date(clock.nowMs() - 1000) });
    const expired = await post('/api/vendor-auth/reset-password', {
      token: linkToken(second.text, '/vendor/passwort-zuruecksetzen'),
      password: 'Neu2026!',
      confirmPassword: 'Neu2026!',
    });
    expect(expired.statusCode).toBe(400);
  });
  it('a password change while signed in revokes an earlier reset link', async () => {
    const { token: session } = await registeredVendor('hilde@beispiel.de');
    await post('/api/vendor-auth/forgot-password', { email: 'hilde@beispiel.de' });
    const mail = await smtp.waitFor(
      (m) => m.to === 'hilde@beispiel.de' && m.subject.startsWith('Neues Passwort'),
    );
    const link = linkToken(mail.text, '/vendor/passwort-zuruecksetzen');
    const changed = await post(
      '/api/vendor-auth/password',
      {
        currentPassword: TEST_PASSWORD,
        newPassword: 'Geaendert1!',
        confirmPassword: 'Geaendert1!',
      },
      session,
    );
    expect(changed.statusCode).toBe(200);
    const late = await post('/api/vendor-auth/reset-password', {
      token: link,
      password: 'Fremd2026!',
      confirmPassword: 'Fremd2026!',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(
      'Dieser Link ist ungültig oder abgelaufen. Bitte fordere einen neuen an.',
    );
    // the changed password stands
    expect(
      (
        await post('/api/vendor-auth/login', {
          email: 'hilde@beispiel.de',
          password: 'Geaendert1!',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('the profile picture', () => {
  it('comes with the user record of login, check and profile, and can be loaded', async () => {
    const { token, id } = await registeredVendor('ida@beispiel.de');
    const before = await get('/api/vendor-auth/check', token);
    expect(before.json().user.profilBild).toBeNull();

    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#c0392b' },
    })
      .png()
      .toBuffer();
    const imageId = await storeImage(t.database.db, { vendorId: id, kind: 'profile', data: png });
    await t.database.db.update(vendors).set({ profileImageId: imageId }).where(eq(vendors.id, id));

    const url = `/api/images/${imageId}/192`;
    const login = await post('/api/vendor-auth/login', {
      email: 'ida@beispiel.de',
      password: TEST_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.profilBild).toBe(url);
    expect((await get('/api/vendor-auth/check', token)).json().user.profilBild).toBe(url);
    expect((await get(`/api/vendor-auth/profile/${id}`, token)).json().profile.profilBild).toBe(
      url,
    );
    const image = await get(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });
});

describe('per-client limits', () => {
  it('answers login, registration, the e-mail check, confirmation and password reset with a German 429 past the limit', async () => {
    const limited = await createTestApp({
      config: { rateLimits: { global: 1000, forms: 2, login: 2, sensitive: 2 } },
    });
    try {
      const calls: [string, () => Promise<LightMyRequestResponse>][] = [
        [
          'login',
          () =>
            limited.app.inject({
              method: 'POST',
              url: '/api/vendor-auth/login',
              payload: { email: 'niemand@beispiel.de', password: 'Falsch1!A' },
            }),
        ],
        [
          'registration',
          () =>
            limited.app.inject({
              method: 'POST',
              url: '/api/vendor-auth/register',
              payload: registrationBody(`limit${Math.random()}@beispiel.de`, { name: '' }),
            }),
        ],
        [
          'e-mail check',
          () =>
            limited.app.inject({
              method: 'POST',
              url: '/api/vendor-auth/email-available',
              payload: { email: 'niemand@beispiel.de' },
            }),
        ],
        [
          'confirmation',
          () =>
            limited.app.inject({
              method: 'GET',
              url: `/api/vendor-auth/confirm/${'x'.repeat(43)}`,
            }),
        ],
        [
          'password reset request',
          () =>
            limited.app.inject({
              method: 'POST',
              url: '/api/vendor-auth/forgot-password',
              payload: { email: 'niemand@beispiel.de' },
            }),
        ],
        [
          'password reset',
          () =>
            limited.app.inject({
              method: 'POST',
              url: '/api/vendor-auth/reset-password',
              payload: { token: 'x'.repeat(43), password: 'Neu2025!', confirmPassword: 'Neu2025!' },
            }),
        ],
      ];
      for (const [name, call] of calls) {
        for (let i = 0; i < 2; i++) {
          expect((await call()).statusCode, `${name} #${i + 1}`).not.toBe(429);
        }
        const third = await call();
        expect(third.statusCode, name).toBe(429);
        expect(third.json(), name).toMatchObject({
          success: false,
          message: 'Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.',
        });
        expect(third.headers['retry-after'], name).toBeDefined();
      }
    } finally {
      await limited.close();
    }
  }, 60_000);
});
