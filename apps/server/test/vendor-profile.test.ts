import { VALIDATION } from '@housnkuh/shared/messages';
import { PROFILE_MESSAGES, isValidIban, maskIban } from '@housnkuh/shared/schemas/vendor-profile';
import { registrationBody, TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { linkToken } from '@housnkuh/test-support/smtp-catcher';
import { clock } from '@housnkuh/shared/clock';
import { eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../src/modules/accounts/schema';
import { tags } from '../src/modules/directory/schema';
import { vendors } from '../src/modules/vendors/schema';
import { PICTURE_UPLOADS_PER_HOUR } from '../src/modules/profiles/profiles.routes';
import { appRoutes, appWithSmtp, pngDeclaring, signedInAdmin, pinDay } from './helpers';

// the day the file's tests run on (10:00 in Kronach): none of them sees it change
const today = pinDay();
const { t, smtp } = appWithSmtp({
  config: { rateLimits: { global: 10_000, forms: 1000, login: 1000, sensitive: 1000 } },
});
let adminToken = '';

beforeAll(async () => {
  adminToken = await signedInAdmin(t);
  await t.app.settings.update({ openingDate: '2026-07-01' });
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (
  token: string | null,
  method: Method,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });

/** A registered, confirmed and signed-in producer. */
async function producer(email: string) {
  const response = await call(null, 'POST', '/api/vendor-auth/register', registrationBody(email));
  expect(response.statusCode).toBe(200);
  const mail = await smtp.waitFor((m) => m.to === email && m.subject.includes('bestätigen'));
  await call(null, 'GET', `/api/vendor-auth/confirm/${linkToken(mail.text, '/vendor/confirm')}`);
  const login = await call(null, 'POST', '/api/vendor-auth/login', {
    email,
    password: TEST_PASSWORD,
  });
  return { id: response.json().userId as string, token: login.json().token as string };
}

async function profileOf(token: string) {
  const me = await call(token, 'GET', '/api/vendor-auth/check');
  const response = await call(token, 'GET', `/api/vendor-auth/profile/${me.json().user.id}`);
  expect(response.statusCode).toBe(200);
  return response.json().profile;
}

async function productTags() {
  return t.app.db.select().from(tags).where(eq(tags.category, 'product'));
}

async function fullBody(overrides: Record<string, unknown> = {}) {
  const [honey, eggs] = await productTags();
  return {
    name: 'Anna Beispiel',
    unternehmen: 'Imkerei Sonnenhang',
    slogan: 'Honig vom Frankenwald',
    beschreibung: 'Wir imkern seit 1998 am Sonnenhang.\nBlütenhonig, Waldhonig, Wachs.',
    telefon: '09261 12345',
    publicEmail: 'hallo@imkerei-sonnenhang.de',
    website: 'www.imkerei-sonnenhang.de',
    facebook: '',
    instagram: 'https://instagram.com/imkerei.sonnenhang',
    oeffnungszeiten: {
      montag: '',
      dienstag: '',
      mittwoch: '',
      donnerstag: '',
      freitag: '14–18 Uhr',
      samstag: '9–12 Uhr',
      sonntag: '',
    },
    tagIds: [honey!.id, eggs!.id],
    strasse: 'Hauptstraße',
    hausnummer: '1',
    plz: '96317',
    ort: 'Kronach',
    profileVisible: true,
    ...overrides,
  };
}

describe('PUT /api/vendor-auth/profile', () => {
  it('saves every public field; the own profile answers them; an unchanged address is not geocoded again', async () => {
    const { token } = await producer('profil-1@beispiel.de');
    const before = await profileOf(token);
    expect(before).toMatchObject({
      publicEmail: 'profil-1@beispiel.de',
      profileVisible: true,
      listed: false,
      tagIds: [],
      business: { taxStatus: null, ibanMasked: null },
    });
    const body = await fullBody({
      strasse: before.strasse,
      hausnummer: before.hausnummer,
      plz: before.plz,
      ort: before.ort,
    });
    // the geocoder of the test app is never reached: mark the address as found first
    await t.app.db
      .update(vendors)
      .set({ geocodeStatus: 'ok', lat: 50.24, lng: 11.33 })
      .where(eq(vendors.id, before.id));
    const saved = await call(token, 'PUT', '/api/vendor-auth/profile', body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(PROFILE_MESSAGES.saved);
    expect(saved.json().profile).toMatchObject({
      name: 'Anna Beispiel',
      unternehmen: 'Imkerei Sonnenhang',
      slogan: 'Honig vom Frankenwald',
      publicEmail: 'hallo@imkerei-sonnenhang.de',
      website: 'https://www.imkerei-sonnenhang.de',
      facebook: null,
      instagram: 'https://instagram.com/imkerei.sonnenhang',
      geocodeStatus: 'ok',
    });
    expect(saved.json().profile.oeffnungszeiten.samstag).toBe('9–12 Uhr');
    expect([...saved.json().profile.tagIds].sort()).toEqual([...body.tagIds].sort());
    // the directory's search finds the new company name
    const [row] = await t.app.db.select().from(vendors).where(eq(vendors.id, before.id));
    expect(row!.searchText).toContain('sonnenhang');
  });

  it('a changed address is queued for geocoding again (coordinates dropped until found)', async () => {
    const { id, token } = await producer('profil-2@beispiel.de');
    await t.app.db
      .update(vendors)
      .set({ geocodeStatus: 'ok', lat: 50.24, lng: 11.33, nextGeocodeAt: null })
      .where(eq(vendors.id, id));
    const saved = await call(
      token,
      'PUT',
      '/api/vendor-auth/profile',
      await fullBody({ strasse: 'Lucas-Cranach-Straße', hausnummer: '7' }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(PROFILE_MESSAGES.savedAddress);
    const [row] = await t.app.db.select().from(vendors).where(eq(vendors.id, id));
    expect(row).toMatchObject({ geocodeStatus: 'pending', lat: null, lng: null });
    expect(row!.nextGeocodeAt).not.toBeNull();
  });

  it('refuses every bad field with a German message and changes nothing', async () => {
    const { id, token } = await producer('profil-3@beispiel.de');
    const [before] = await t.app.db.select().from(vendors).where(eq(vendors.id, id));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'name', 'Bitte gib deinen vollständigen Namen ein'],
      [{ website: 'javascript:alert(1)' }, 'website', PROFILE_MESSAGES.url],
      [{ instagram: 'kein link' }, 'instagram', PROFILE_MESSAGES.url],
      [{ publicEmail: 'anna@' }, 'publicEmail', PROFILE_MESSAGES.publicEmail],
      [{ telefon: 'abc' }, 'telefon', 'Bitte gib eine gültige Telefonnummer ein'],
      [{ plz: '123' }, 'plz', VALIDATION.plz],
      [{ slogan: 'x'.repeat(151) }, 'slogan', 'Bitte höchstens 150 Zeichen eingeben'],
      [{ beschreibung: 'x'.repeat(3001) }, 'beschreibung', 'Bitte höchstens 3000 Zeichen eingeben'],
      [{ tagIds: ['00000000-0000-4000-8000-000000000000'] }, 'tagIds', PROFILE_MESSAGES.unknownTag],
      [{ tagIds: 'honig' }, 'tagIds', PROFILE_MESSAGES.unknownTag],
      [{ profileVisible: 'ja' }, 'profileVisible', 'Bitte ja oder nein angeben'],
      [{ slogan: 'zwei\nZeilen' }, 'slogan', VALIDATION.singleLine],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await call(
        token,
        'PUT',
        '/api/vendor-auth/profile',
        await fullBody(overrides),
      );
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      const errors = response.json().errors as { field: string; message: string }[];
      expect(errors.find((error) => error.field.startsWith(field))?.message, field).toBe(message);
    }
    const hours = await fullBody();
    (hours.oeffnungszeiten as Record<string, string>).montag = 'x'.repeat(101);
    expect((await call(token, 'PUT', '/api/vendor-auth/profile', hours)).statusCode).toBe(400);
    const unknown = await call(token, 'PUT', '/api/vendor-auth/profile', {
      ...(await fullBody()),
      isPublic: true,
    });
    expect(unknown.statusCode).toBe(400);
    const [after] = await t.app.db.select().from(vendors).where(eq(vendors.id, id));
    expect(after).toEqual(before);
  });

  it('needs a producer session: 401 without a token, 401 with an admin token', async () => {
    const body = await fullBody();
    expect((await call(null, 'PUT', '/api/vendor-auth/profile', body)).statusCode).toBe(401);
    expect((await call(adminToken, 'PUT', '/api/vendor-auth/profile', body)).statusCode).toBe(401);
  });
});

describe('profile pictures', () => {
  const png = () =>
    sharp({ create: { width: 800, height: 500, channels: 3, background: '#c05621' } })
      .png()
      .toBuffer();

  it('stores a JPEG/PNG/WebP re-encoded, serves it, replaces and removes it', async () => {
    const { token } = await producer('bild-1@beispiel.de');
    const upload = await call(
      token,
      'PUT',
      '/api/vendor-auth/profile/pictures/profile',
      await png(),
      {
        'content-type': 'image/png',
      },
    );
    expect(upload.statusCode).toBe(200);
    const url = upload.json().profile.profilBild as string;
    expect(url).toMatch(/^\/api\/images\/[0-9a-f-]+\/192$/);
    const image = await call(null, 'GET', url);
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(192);

    const jpeg = await sharp(await png())
      .jpeg()
      .toBuffer();
    const banner = await call(token, 'PUT', '/api/vendor-auth/profile/pictures/banner', jpeg, {
      'content-type': 'image/jpeg',
    });
    expect(banner.statusCode).toBe(200);
    expect(banner.json().profile.bannerBild).toMatch(/\/1280$/);

    const replaced = await call(
      token,
      'PUT',
      '/api/vendor-auth/profile/pictures/profile',
      await sharp(await png())
        .webp()
        .toBuffer(),
      {
        'content-type': 'image/webp',
      },
    );
    expect(replaced.json().profile.profilBild).not.toBe(url);
    expect((await call(null, 'GET', url)).statusCode).toBe(404);

    const removed = await call(token, 'DELETE', '/api/vendor-auth/profile/pictures/profile');
    expect(removed.json()).toMatchObject({ message: PROFILE_MESSAGES.imageRemoved });
    expect(removed.json().profile.profilBild).toBeNull();
  });

  it('refuses other files with a message and keeps the picture', async () => {
    const { token } = await producer('bild-2@beispiel.de');
    const gif = await sharp(await png())
      .gif()
      .toBuffer();
    const cases: [Buffer, string, number, string][] = [
      [gif, 'image/gif', 400, 'Erlaubt sind JPEG, PNG und WebP.'],
      [
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="red"/></svg>',
        ),
        'image/svg+xml',
        400,
        'Erlaubt sind JPEG, PNG und WebP.',
      ],
      [
        Buffer.from('kein Bild'),
        'application/octet-stream',
        400,
        'Die Datei ist kein lesbares Bild.',
      ],
      [
        Buffer.alloc(10 * 1024 * 1024 + 1),
        'image/png',
        400,
        'Das Bild ist zu groß (höchstens 10 MB).',
      ],
      [Buffer.alloc(0), 'image/png', 400, PROFILE_MESSAGES.imageMissing],
      // 32 KB that decode to 268 megapixels
      [
        pngDeclaring(16383, 16383),
        'image/png',
        400,
        'Das Bild hat zu viele Pixel (höchstens 40 Megapixel).',
      ],
    ];
    for (const [data, type, status, message] of cases) {
      const response = await call(token, 'PUT', '/api/vendor-auth/profile/pictures/profile', data, {
        'content-type': type,
      });
      expect(response.statusCode, type).toBe(status);
      expect(response.json().message, type).toBe(message);
    }
    const tooLarge = await call(
      token,
      'PUT',
      '/api/vendor-auth/profile/pictures/profile',
      Buffer.alloc(11 * 1024 * 1024),
      {
        'content-type': 'image/png',
      },
    );
    expect(tooLarge.statusCode).toBe(413);
    const text = await call(token, 'PUT', '/api/vendor-auth/profile/pictures/profile', 'hallo', {
      'content-type': 'text/plain',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(PROFILE_MESSAGES.imageMissing);
    const wrongKind = await call(
      token,
      'PUT',
      '/api/vendor-auth/profile/pictures/avatar',
      await png(),
      {
        'content-type': 'image/png',
      },
    );
    expect(wrongKind.statusCode).toBe(400);
    expect((await profileOf(token)).profilBild).toBeNull();
    expect(
      (
        await call(null, 'PUT', '/api/vendor-auth/profile/pictures/profile', await png(), {
          'content-type': 'image/png',
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('picture uploads per producer', () => {
  it(`takes ${PICTURE_UPLOADS_PER_HOUR} pictures an hour from one producer, whatever its address, then a German 429`, async () => {
    const { token } = await producer('bilderflut@beispiel.de');
    const other = await producer('bilderruhe@beispiel.de');
    const picture = pngDeclaring(40, 40);
    const upload = (as: string, address: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/vendor-auth/profile/pictures/profile',
        remoteAddress: address,
        headers: { authorization: `Bearer ${as}`, 'content-type': 'image/png' },
        payload: picture,
      });
    for (let n = 1; n <= PICTURE_UPLOADS_PER_HOUR; n++) {
      expect((await upload(token, `198.51.100.${n}`)).statusCode, `upload ${n}`).toBe(200);
    }
    const refused = await upload(token, '203.0.113.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(PROFILE_MESSAGES.tooManyUploads);
    // another producer is not held up
    expect((await upload(other.token, '198.51.100.1')).statusCode).toBe(200);
  });
});

describe('in the directory', () => {
  it('an approved and released producer appears with its profile and real units; its own switch hides it', async () => {
    const { id, token } = await producer('verzeichnis@beispiel.de');
    await call(
      token,
      'PUT',
      '/api/vendor-auth/profile',
      await fullBody({ unternehmen: 'Hof Verzeichnis' }),
    );
    const pending = (await call(adminToken, 'GET', '/api/admin/pending-bookings')).json().bookings;
    const booking = pending.find((b: { vendor: { id: string } }) => b.vendor.id === id);
    const units = (await call(adminToken, 'GET', '/api/admin/mietfaecher')).json().mietfaecher as {
      id: string;
      name: string;
      optionId: string;
      state: string;
    }[];
    const free = (option: string, n: number) =>
      units.filter((u) => u.optionId === option && u.state === 'free').slice(0, n);
    const chosen = [...free('block-a', 2), ...free('block-cold', 1)];
    const approve = await call(
      adminToken,
      'POST',
      `/api/admin/pending-bookings/${booking.id}/approve`,
      {
        mietfachIds: chosen.map((u) => u.id),
        startDate: today,
      },
    );
    expect(approve.statusCode).toBe(200);
    const profileUrl = `/api/vendor-auth/public/profile/${id}`;
    expect((await call(null, 'GET', profileUrl)).statusCode).toBe(404);
    const release = await call(adminToken, 'PATCH', `/api/admin/users/vendors/${id}`, {
      isPublic: true,
    });
    expect(release.statusCode).toBe(200);

    const shown = await call(null, 'GET', profileUrl);
    expect(shown.statusCode).toBe(200);
    const vendor = shown.json().vendor;
    expect(vendor).toMatchObject({
      unternehmen: 'Hof Verzeichnis',
      email: 'hallo@imkerei-sonnenhang.de',
      website: 'https://www.imkerei-sonnenhang.de',
      oeffnungszeiten: { samstag: '9–12 Uhr', montag: '' },
    });
    expect(vendor.tags).toHaveLength(2);
    expect(vendor.mietfaecher.map((u: { name: string }) => u.name).sort()).toEqual(
      chosen.map((u) => u.name).sort(),
    );
    const list = await call(
      null,
      'GET',
      '/api/vendor-auth/public/profiles?search=Hof%20Verzeichnis',
    );
    expect(list.json().vendors.map((v: { id: string }) => v.id)).toEqual([id]);
    expect((await profileOf(token)).listed).toBe(true);

    // the producer withdraws its consent: gone from the directory, the admin's release stays
    await call(token, 'PUT', '/api/vendor-auth/profile', await fullBody({ profileVisible: false }));
    expect((await call(null, 'GET', profileUrl)).statusCode).toBe(404);
    expect(await profileOf(token)).toMatchObject({
      isPublic: true,
      profileVisible: false,
      listed: false,
    });
  });
});

describe('PUT /api/vendor-auth/business', () => {
  const IBAN = 'DE89 3704 0044 0532 0130 00';

  it('checks IBANs by their check digits', () => {
    expect(isValidIban(IBAN)).toBe(true);
    expect(isValidIban('DE89370400440532013001')).toBe(false);
    expect(isValidIban('DE8937040044053201300')).toBe(false);
    expect(isValidIban('AT611904300234573201')).toBe(true);
    expect(maskIban(IBAN)).toBe('DE89 **** **** **** **30 00');
  });

  it('saves tax data; a bank account needs the current password and is mailed', async () => {
    const { token } = await producer('geld-1@beispiel.de');
    const tax = await call(token, 'PUT', '/api/vendor-auth/business', {
      taxStatus: 'regelbesteuert',
      steuernummer: '216/123/45678',
    });
    expect(tax.statusCode).toBe(200);
    expect(tax.json()).toMatchObject({
      message: PROFILE_MESSAGES.businessSaved,
      business: { taxStatus: 'regelbesteuert', steuernummer: '216/123/45678', ibanMasked: null },
    });

    const body = {
      taxStatus: 'regelbesteuert',
      steuernummer: '216/123/45678',
      iban: IBAN,
      kontoinhaber: 'Anna Beispiel',
    };
    const noPassword = await call(token, 'PUT', '/api/vendor-auth/business', body);
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors).toContainEqual({
      field: 'currentPassword',
      message: PROFILE_MESSAGES.currentPassword,
    });
    const wrong = await call(token, 'PUT', '/api/vendor-auth/business', {
      ...body,
      currentPassword: 'Falsch123!',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(PROFILE_MESSAGES.wrongPassword);
    expect((await profileOf(token)).business.ibanMasked).toBeNull();

    const saved = await call(token, 'PUT', '/api/vendor-auth/business', {
      ...body,
      currentPassword: TEST_PASSWORD,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: PROFILE_MESSAGES.bankChanged,
      business: { ibanMasked: 'DE89 **** **** **** **30 00', kontoinhaber: 'Anna Beispiel' },
    });
    const mail = await smtp.waitFor(
      (m) => m.to === 'geld-1@beispiel.de' && m.subject.includes('Bankverbindung'),
    );
    expect(mail.text).toContain('DE89 **** **** **** **30 00');
    expect(mail.text).not.toContain('0532');

    // the same account again (only the tax number changes): no password, no mail
    const again = await call(token, 'PUT', '/api/vendor-auth/business', {
      ...body,
      steuernummer: '216/123/45679',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(PROFILE_MESSAGES.businessSaved);
  });

  it('refuses bad business data with German messages', async () => {
    const { token } = await producer('geld-2@beispiel.de');
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'taxStatus', PROFILE_MESSAGES.taxStatus],
      [{ taxStatus: 'regelbesteuert' }, 'steuernummer', PROFILE_MESSAGES.taxId],
      [
        { taxStatus: 'kleinunternehmer', steuernummer: '12' },
        'steuernummer',
        PROFILE_MESSAGES.steuernummer,
      ],
      [{ taxStatus: 'kleinunternehmer', ustIdNr: 'DE12' }, 'ustIdNr', PROFILE_MESSAGES.ustIdNr],
      [
        {
          taxStatus: 'kleinunternehmer',
          iban: 'DE89370400440532013001',
          kontoinhaber: 'A',
          currentPassword: TEST_PASSWORD,
        },
        'iban',
        PROFILE_MESSAGES.iban,
      ],
      [
        { taxStatus: 'kleinunternehmer', iban: IBAN, currentPassword: TEST_PASSWORD },
        'kontoinhaber',
        PROFILE_MESSAGES.kontoinhaber,
      ],
      // a holder only in another script would leave the SEPA transfer without a name
      [
        {
          taxStatus: 'kleinunternehmer',
          iban: IBAN,
          kontoinhaber: 'Иван Петров',
          currentPassword: TEST_PASSWORD,
        },
        'kontoinhaber',
        PROFILE_MESSAGES.kontoinhaberLatin,
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await call(token, 'PUT', '/api/vendor-auth/business', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors, field).toContainEqual({ field, message });
    }
    expect((await profileOf(token)).business.taxStatus).toBeNull();
  });
});

describe('password and data export', () => {
  it('counts wrong current passwords per account from every address: after 5, bank and password changes wait 15 minutes', async () => {
    const { token } = await producer('raten@beispiel.de');
    const bank = (currentPassword: string, address: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/vendor-auth/business',
        remoteAddress: address,
        headers: { authorization: `Bearer ${token}` },
        payload: {
          taxStatus: 'kleinunternehmer',
          iban: 'DE89 3704 0044 0532 0130 00',
          kontoinhaber: 'Mallory',
          currentPassword,
        },
      });
    const password = (currentPassword: string, address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/vendor-auth/password',
        remoteAddress: address,
        headers: { authorization: `Bearer ${token}` },
        payload: {
          currentPassword,
          newPassword: 'Uebernommen1!',
          confirmPassword: 'Uebernommen1!',
        },
      });
    // five guesses from five addresses, on both forms
    const guesses = [
      await bank('Falsch001!', '198.51.100.1'),
      await password('Falsch002!', '198.51.100.2'),
      await bank('Falsch003!', '198.51.100.3'),
      await password('Falsch004!', '198.51.100.4'),
      await bank('Falsch005!', '198.51.100.5'),
    ];
    expect(guesses.map((response) => response.statusCode)).toEqual([400, 400, 400, 400, 400]);
    // now the account's checks wait, from any address, even with the right password
    for (const refused of [
      await bank(TEST_PASSWORD, '198.51.100.6'),
      await password(TEST_PASSWORD, '203.0.113.7'),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(PROFILE_MESSAGES.tooManyPasswordFailures);
    }
    expect((await profileOf(token)).business.ibanMasked).toBeNull();
    // 15 minutes later the right password works again
    await t.database.db
      .update(loginFailures)
      .set({ createdAt: new Date(clock.nowMs() - 16 * 60_000) })
      .where(like(loginFailures.accountKey, 'current-password:%'));
    expect((await bank(TEST_PASSWORD, '198.51.100.6')).statusCode).toBe(200);
    expect((await password(TEST_PASSWORD, '198.51.100.6')).statusCode).toBe(200);
  });

  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const { token } = await producer('passwort@beispiel.de');
    const other = (
      await call(null, 'POST', '/api/vendor-auth/login', {
        email: 'passwort@beispiel.de',
        password: TEST_PASSWORD,
      })
    ).json().token as string;
    const wrong = await call(token, 'POST', '/api/vendor-auth/password', {
      currentPassword: 'Falsch123!',
      newPassword: 'NeuesPasswort1!',
      confirmPassword: 'NeuesPasswort1!',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(PROFILE_MESSAGES.wrongPassword);
    const weak = await call(token, 'POST', '/api/vendor-auth/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'kurz',
      confirmPassword: 'kurz',
    });
    expect(weak.statusCode).toBe(400);
    const changed = await call(token, 'POST', '/api/vendor-auth/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'NeuesPasswort1!',
      confirmPassword: 'NeuesPasswort1!',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe(PROFILE_MESSAGES.passwordChanged);
    expect((await call(token, 'GET', '/api/vendor-auth/check')).statusCode).toBe(200);
    expect((await call(other, 'GET', '/api/vendor-auth/check')).statusCode).toBe(401);
    const login = await call(null, 'POST', '/api/vendor-auth/login', {
      email: 'passwort@beispiel.de',
      password: 'NeuesPasswort1!',
    });
    expect(login.statusCode).toBe(200);
  });

  it('downloads all own data as JSON, without password hashes, and only its own', async () => {
    const { id, token } = await producer('export@beispiel.de');
    await producer('export-andere@beispiel.de');
    const response = await call(token, 'GET', '/api/vendor-auth/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="meine-daten-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const data = response.json();
    expect(data.account).toMatchObject({ id, email: 'export@beispiel.de', ort: 'Kronach' });
    expect(data.bookings).toHaveLength(1);
    expect(response.body).not.toMatch(/argon2|passwordHash|tokenHash/);
    expect(response.body).not.toContain('export-andere@beispiel.de');
    expect((await call(null, 'GET', '/api/vendor-auth/export')).statusCode).toBe(401);
  });
});

describe('GET /api/vendor-auth/tags', () => {
  it('answers the product categories to choose from, only to a producer', async () => {
    const { token } = await producer('kategorien@beispiel.de');
    const response = await call(token, 'GET', '/api/vendor-auth/tags');
    expect(response.statusCode).toBe(200);
    const names = response.json().tags.map((tag: { name: string }) => tag.name);
    expect(names.length).toBeGreaterThanOrEqual(14);
    expect(names).toContain('Honig');
    expect((await call(null, 'GET', '/api/vendor-auth/tags')).statusCode).toBe(401);
  });
});

describe('who may call the producer routes', () => {
  /** The /api/vendor-auth routes anyone may call; every other one needs a producer's session. */
  const PUBLIC = new Set([
    'POST /api/vendor-auth/register',
    'POST /api/vendor-auth/preregister',
    'POST /api/vendor-auth/email-available',
    'GET /api/vendor-auth/confirm/:token',
    'POST /api/vendor-auth/resend-confirmation',
    'POST /api/vendor-auth/login',
    'POST /api/vendor-auth/forgot-password',
    'POST /api/vendor-auth/reset-password',
    'GET /api/vendor-auth/public/profiles',
    'GET /api/vendor-auth/public/profile/:id',
  ]);

  it('every other /api/vendor-auth route: 401 without a token and with an admin token', async () => {
    const routes = appRoutes(t.app)
      .filter(({ path }) => path.startsWith('/api/vendor-auth/'))
      .map(({ method, path }) => ({ method: method as Method, url: path }))
      .filter(({ method, url }) => !PUBLIC.has(`${method} ${url}`));
    // the session's own routes, among them this issue's
    for (const route of [
      'PUT /api/vendor-auth/profile',
      'PUT /api/vendor-auth/business',
      'POST /api/vendor-auth/password',
      'GET /api/vendor-auth/export',
      'GET /api/vendor-auth/tags',
      'GET /api/vendor-auth/contracts/:id/model',
      'GET /api/vendor-auth/products/labels.pdf',
    ]) {
      expect(routes.map(({ method, url }) => `${method} ${url}`)).toContain(route);
    }
    for (const { method, url } of routes) {
      const path = url.replace(/:[^/]+/g, crypto.randomUUID());
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      expect((await call(null, method, path, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(adminToken, method, path, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
