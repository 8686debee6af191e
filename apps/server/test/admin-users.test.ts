import { clock } from '@housnkuh/shared/clock';
import { randomUUID } from 'node:crypto';
import { TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { count, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { admins, loginFailures, sessions } from '../src/modules/accounts/schema';
import { adminAudit } from '../src/modules/audit/schema';
import { contracts } from '../src/modules/contracts/schema';
import { vendors } from '../src/modules/vendors/schema';
import { createAdmin } from '../src/modules/accounts/public';
import { createSession } from '../src/modules/accounts/sessions.service';
import { updateAdminAccount } from '../src/modules/accounts/admin-users.service';
import { ConflictError } from '../src/lib/domain-errors';
import { hashPassword } from '../src/lib/passwords';
import { startedApp } from './helpers';

const t = startedApp();

const inject = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  { token, body }: { token?: string; body?: unknown } = {},
) =>
  t.app.inject({
    method,
    url,
    remoteAddress: `10.0.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 200)}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });

async function login(username: string, password = TEST_PASSWORD): Promise<string> {
  const response = await inject('POST', '/api/auth/login', { body: { username, password } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token;
}

let eva: string;
let evaId: string;
beforeAll(async () => {
  const admin = await createAdmin(t.database.db, {
    username: 'eva',
    name: 'Eva Muster',
    password: TEST_PASSWORD,
  });
  evaId = admin.id;
  eva = await login('eva');
});

describe('admins (GET/POST/PATCH /api/admin/users/admins)', () => {
  it('creates an admin, refuses a taken name and bad input with German messages, changes nothing then', async () => {
    const created = await inject('POST', '/api/admin/users/admins', {
      token: eva,
      body: { username: 'Max.Mueller', name: 'Max Müller', password: TEST_PASSWORD },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().admin).toMatchObject({
      username: 'max.mueller',
      name: 'Max Müller',
      active: true,
    });
    expect(created.body).not.toContain('passwordHash');

    const taken = await inject('POST', '/api/admin/users/admins', {
      token: eva,
      body: { username: 'max.mueller', name: 'Noch einer', password: TEST_PASSWORD },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Diesen Benutzernamen gibt es schon.');

    for (const body of [
      { username: 'ä', name: 'X', password: TEST_PASSWORD },
      { username: 'otto', name: '', password: TEST_PASSWORD },
      { username: 'otto', name: 'Otto', password: 'kurz' },
      { username: 'otto', name: 'Otto', password: TEST_PASSWORD, isAdmin: false },
    ]) {
      const response = await inject('POST', '/api/admin/users/admins', { token: eva, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().success).toBe(false);
    }
    const list = (await inject('GET', '/api/admin/users/admins', { token: eva })).json();
    expect(list.admins.map((a: { username: string }) => a.username)).toEqual([
      'eva',
      'max.mueller',
    ]);
    const [entry] = await t.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'admin.create'));
    expect(entry).toMatchObject({
      adminName: 'Eva Muster',
      summary: 'Administrator „max.mueller“ angelegt',
    });
    expect(JSON.stringify(entry!.after)).not.toContain('argon2');
  });

  it('renames; a new password ends the admin’s other sessions; deactivation ends all and refuses the login', async () => {
    const list = (await inject('GET', '/api/admin/users/admins', { token: eva })).json();
    const max = list.admins.find((a: { username: string }) => a.username === 'max.mueller');
    const maxToken = await login('max.mueller');

    const renamed = await inject('PATCH', `/api/admin/users/admins/${max.id}`, {
      token: eva,
      body: { name: 'Maximilian Müller' },
    });
    expect(renamed.json().admin.name).toBe('Maximilian Müller');
    expect((await inject('GET', '/api/auth/check', { token: maxToken })).statusCode).toBe(200);

    const newPassword = 'Neues!Passwort9';
    // another admin's password only with the acting admin's own: without it or with a wrong one, nothing changes
    for (const [currentPassword, message] of [
      [undefined, 'Bitte gib dein Passwort ein, um ein Passwort zu setzen.'],
      ['Falsch!Passwort1', 'Dein Passwort stimmt nicht.'],
    ] as const) {
      const refused = await inject('PATCH', `/api/admin/users/admins/${max.id}`, {
        token: eva,
        body: { password: newPassword, currentPassword },
      });
      expect(refused.statusCode, String(currentPassword)).toBe(400);
      expect(refused.json().errors).toContainEqual({ field: 'currentPassword', message });
    }
    expect((await inject('GET', '/api/auth/check', { token: maxToken })).statusCode).toBe(200);
    const [unchanged] = await t.database.db.select().from(admins).where(eq(admins.id, max.id));
    expect(unchanged!.passwordChangedAt).toBeNull();
    // and it counts towards the acting admin's own limit of wrong current passwords
    const [failures] = await t.database.db
      .select({ n: count() })
      .from(loginFailures)
      .where(eq(loginFailures.accountKey, `current-password:admin:${evaId}`));
    expect(failures!.n).toBe(1);

    const changed = await inject('PATCH', `/api/admin/users/admins/${max.id}`, {
      token: eva,
      body: { password: newPassword, currentPassword: TEST_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().admin.passwordChangedAt).not.toBeNull();
    expect((await inject('GET', '/api/auth/check', { token: maxToken })).statusCode).toBe(401);
    const maxAgain = await login('max.mueller', newPassword);

    // one's own password: this session stays, the others end
    const evaElsewhere = await login('eva');
    const own = await inject('PATCH', `/api/admin/users/admins/${evaId}`, {
      token: eva,
      body: { password: TEST_PASSWORD, currentPassword: TEST_PASSWORD },
    });
    expect(own.statusCode).toBe(200);
    expect((await inject('GET', '/api/auth/check', { token: eva })).statusCode).toBe(200);
    expect((await inject('GET', '/api/auth/check', { token: evaElsewhere })).statusCode).toBe(401);

    const off = await inject('PATCH', `/api/admin/users/admins/${max.id}`, {
      token: eva,
      body: { active: false },
    });
    expect(off.json().admin.active).toBe(false);
    expect((await inject('GET', '/api/auth/check', { token: maxAgain })).statusCode).toBe(401);
    const refused = await inject('POST', '/api/auth/login', {
      body: { username: 'max.mueller', password: newPassword },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Invalid credentials or authentication failed');

    const on = await inject('PATCH', `/api/admin/users/admins/${max.id}`, {
      token: eva,
      body: { active: true },
    });
    expect(on.json().admin.active).toBe(true);
    await login('max.mueller', newPassword);
  });

  it('never deactivates the last active admin, not even two at once', async () => {
    const list = (await inject('GET', '/api/admin/users/admins', { token: eva })).json();
    const max = list.admins.find((a: { username: string }) => a.username === 'max.mueller');
    const maxToken = await login('max.mueller', 'Neues!Passwort9');
    // each deactivates the other at the same time: one must stay
    const [a, b] = await Promise.all([
      inject('PATCH', `/api/admin/users/admins/${max.id}`, { token: eva, body: { active: false } }),
      inject('PATCH', `/api/admin/users/admins/${evaId}`, {
        token: maxToken,
        body: { active: false },
      }),
    ]);
    // one is deactivated; the other's request is refused: 409 when both were signed in when
    // they reached the lock, 401 when the first had already ended the other's session (which
    // one happens is the machine's timing; the lock itself is checked without it below)
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const refused = a.statusCode === 200 ? b : a;
    expect(refused.json().message).toBe(
      refused.statusCode === 409
        ? 'Der letzte aktive Administrator kann nicht deaktiviert werden.'
        : 'Invalid credentials or authentication failed',
    );
    const after = (await inject('GET', '/api/admin/users/admins', { token: eva })).json();
    const active = (after.admins ?? []).filter((x: { active: boolean }) => x.active);
    // eva may be the one deactivated: then read the list with max's token
    const admins =
      active.length > 0
        ? active
        : (await inject('GET', '/api/admin/users/admins', { token: maxToken }))
            .json()
            .admins.filter((x: { active: boolean }) => x.active);
    expect(admins).toHaveLength(1);
    // restore both for the other tests
    const survivor = admins[0].username === 'eva' ? eva : maxToken;
    const other = admins[0].username === 'eva' ? max.id : evaId;
    await inject('PATCH', `/api/admin/users/admins/${other}`, {
      token: survivor,
      body: { active: true },
    });
    if (admins[0].username !== 'eva') eva = await login('eva');
  });

  it('of two deactivations at once that would leave no admin, exactly one is refused with 409', async () => {
    const list = (await inject('GET', '/api/admin/users/admins', { token: eva })).json();
    const active = list.admins.filter((x: { active: boolean }) => x.active);
    expect(active).toHaveLength(2);
    const [first, second] = active as { id: string; name: string }[];
    // both signed in and past the authentication: the service's lock decides alone
    const results = await Promise.allSettled([
      updateAdminAccount(t.database.db, { ...first!, sessionId: randomUUID() }, second!.id, {
        active: false,
      }),
      updateAdminAccount(t.database.db, { ...second!, sessionId: randomUUID() }, first!.id, {
        active: false,
      }),
    ]);
    const failed = results.filter((result) => result.status === 'rejected');
    expect(failed).toHaveLength(1);
    const reason = (failed[0] as PromiseRejectedResult).reason as Error;
    expect(reason).toBeInstanceOf(ConflictError);
    expect(reason.message).toBe('Der letzte aktive Administrator kann nicht deaktiviert werden.');
    const still = await t.database.db
      .select({ id: admins.id })
      .from(admins)
      .where(isNull(admins.deactivatedAt));
    expect(still).toHaveLength(1);
    // restore the other for the next tests, and eva's token if she was the one
    const gone = still[0]!.id === first!.id ? second! : first!;
    await t.database.db.update(admins).set({ deactivatedAt: null }).where(eq(admins.id, gone.id));
    if (gone.id === evaId) eva = await login('eva');
  });

  it('answers 404 for an unknown admin and 400 for an empty change', async () => {
    for (const id of [randomUUID(), 'kein-uuid']) {
      const response = await inject('PATCH', `/api/admin/users/admins/${id}`, {
        token: eva,
        body: { name: 'X Y' },
      });
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe('Diesen Administrator gibt es nicht.');
    }
    const empty = await inject('PATCH', `/api/admin/users/admins/${evaId}`, {
      token: eva,
      body: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBeTruthy();
  });
});

describe('vendors (GET/PATCH /api/admin/users/vendors)', () => {
  let vendorId: string;
  let vendorToken: string;
  beforeAll(async () => {
    const db = t.database.db;
    const rows = Array.from({ length: 60 }, (_, n) => ({
      email: `hof${n}@beispiel.de`,
      name: `Bäuerin ${String(n).padStart(2, '0')}`,
      unternehmen: n % 2 ? `Hof Sonnenschein ${n}` : `Imkerei Summ ${n}`,
      ort: 'Kronach',
      emailConfirmedAt: n % 3 ? clock.now() : null,
      verifyStatus: n % 5 === 0 ? 'verified' : 'unverified',
    }));
    await db.insert(vendors).values(rows);
    const [vendor] = await db
      .insert(vendors)
      .values({
        email: 'anna@beispiel.de',
        name: 'Anna Huber',
        unternehmen: 'Hofladen Huber',
        passwordHash: await hashPassword(TEST_PASSWORD),
        emailConfirmedAt: clock.now(),
        strasse: 'Hauptstraße',
        hausnummer: '1',
        plz: '96317',
        ort: 'Kronach',
      })
      .returning();
    vendorId = vendor!.id;
    await db.insert(contracts).values({
      vendorId,
      status: 'active',
      provisionType: 'basic',
      rentalDuration: 3,
      monthlyPriceCents: 3500,
      startDate: '2026-11-01',
      packageSnapshot: {},
    });
    vendorToken = (await createSession(db, 'vendor', vendorId)).token;
  });

  it('pages, searches and filters on the server', async () => {
    const first = (
      await inject('GET', '/api/admin/users/vendors?limit=25&page=1', { token: eva })
    ).json();
    expect(first.pagination).toMatchObject({ page: 1, limit: 25, totalCount: 61, totalPages: 3 });
    expect(first.vendors).toHaveLength(25);
    const third = (
      await inject('GET', '/api/admin/users/vendors?limit=25&page=3', { token: eva })
    ).json();
    expect(third.vendors).toHaveLength(11);

    const search = (
      await inject('GET', `/api/admin/users/vendors?search=${encodeURIComponent('imkerei summ')}`, {
        token: eva,
      })
    ).json();
    expect(search.pagination.totalCount).toBe(30);
    const byMail = (
      await inject('GET', '/api/admin/users/vendors?search=anna%40beispiel', { token: eva })
    ).json();
    expect(byMail.vendors.map((v: { id: string }) => v.id)).toEqual([vendorId]);
    // the pattern's own characters are taken literally
    const literal = (
      await inject('GET', '/api/admin/users/vendors?search=%25', { token: eva })
    ).json();
    expect(literal.pagination.totalCount).toBe(0);

    const unconfirmed = (
      await inject('GET', '/api/admin/users/vendors?account=unconfirmed', { token: eva })
    ).json();
    expect(unconfirmed.pagination.totalCount).toBe(20);
    const verified = (
      await inject('GET', '/api/admin/users/vendors?verifyStatus=verified&limit=100', {
        token: eva,
      })
    ).json();
    expect(verified.pagination.totalCount).toBe(12);
    for (const url of [
      '/api/admin/users/vendors?account=egal',
      '/api/admin/users/vendors?verifyStatus=ja',
      '/api/admin/users/vendors?isPublic=vielleicht',
      '/api/admin/users/vendors?page=0',
      '/api/admin/users/vendors?limit=100000',
      '/api/admin/users/vendors?sort=zufall',
    ]) {
      const response = await inject('GET', url, { token: eva });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });

  it('shows the detail: contact, address, bookings, consent dates', async () => {
    const detail = (
      await inject('GET', `/api/admin/users/vendors/${vendorId}`, { token: eva })
    ).json().vendor;
    expect(detail).toMatchObject({
      name: 'Anna Huber',
      email: 'anna@beispiel.de',
      account: 'active',
      address: { strasse: 'Hauptstraße', hausnummer: '1', plz: '96317', ort: 'Kronach' },
      bookings: [],
      listed: false,
    });
    expect(detail.consents.registeredAt).toBeTruthy();
    expect(detail.consents.emailConfirmedAt).toBeTruthy();
    for (const id of [randomUUID(), 'x']) {
      const missing = await inject('GET', `/api/admin/users/vendors/${id}`, { token: eva });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Diesen Direktvermarkter gibt es nicht.');
    }
  });

  it('shows the business data with the IBAN masked, to admins only', async () => {
    await t.database.db
      .update(vendors)
      .set({
        taxStatus: 'kleinunternehmer',
        steuernummer: '216/123/45678',
        iban: 'DE89370400440532013000',
        kontoinhaber: 'Anna Huber',
      })
      .where(eq(vendors.id, vendorId));
    const response = await inject('GET', `/api/admin/users/vendors/${vendorId}`, { token: eva });
    expect(response.statusCode).toBe(200);
    expect(response.json().vendor.business).toMatchObject({
      taxStatus: 'kleinunternehmer',
      steuernummer: '216/123/45678',
      ibanMasked: 'DE89 **** **** **** **30 00',
      kontoinhaber: 'Anna Huber',
    });
    // the whole IBAN never leaves the server
    expect(response.body).not.toContain('0532');
    expect(response.body).not.toContain('DE89370400440532013000');
    // the contracts with their units and dates are there too
    expect(response.json().vendor.contracts).toEqual([
      expect.objectContaining({ status: 'active', startDate: '2026-11-01' }),
    ]);

    const anonymous = await inject('GET', `/api/admin/users/vendors/${vendorId}`);
    expect(anonymous.statusCode).toBe(401);
    const asVendor = await inject('GET', `/api/admin/users/vendors/${vendorId}`, {
      token: vendorToken,
    });
    expect([401, 403]).toContain(asVendor.statusCode);
    expect(asVendor.body).not.toContain('216/123/45678');
  });

  it('releases the profile into the public directory and withdraws it', async () => {
    const released = await inject('PATCH', `/api/admin/users/vendors/${vendorId}`, {
      token: eva,
      body: { isPublic: true, verifyStatus: 'verified' },
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().vendor).toMatchObject({
      isPublic: true,
      verifyStatus: 'verified',
      listed: true,
    });
    const publicProfile = await inject('GET', `/api/vendor-auth/public/profile/${vendorId}`);
    expect(publicProfile.statusCode).toBe(200);
    const directory = (await inject('GET', '/api/vendor-auth/public/profiles?limit=100')).json();
    expect(directory.vendors.map((v: { id: string }) => v.id)).toContain(vendorId);

    await inject('PATCH', `/api/admin/users/vendors/${vendorId}`, {
      token: eva,
      body: { isPublic: false },
    });
    expect((await inject('GET', `/api/vendor-auth/public/profile/${vendorId}`)).statusCode).toBe(
      404,
    );
    const log = await t.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.entityId, vendorId));
    expect(log.map((entry) => entry.summary)).toEqual(
      expect.arrayContaining([
        'Direktvermarkter „Hofladen Huber“: Verifizierung: verified, Profil freigegeben',
        'Direktvermarkter „Hofladen Huber“: Freigabe zurückgezogen',
      ]),
    );
  });

  it('locking ends the sessions and refuses the login; unlocking allows it again', async () => {
    expect((await inject('GET', '/api/vendor-auth/check', { token: vendorToken })).statusCode).toBe(
      200,
    );
    const locked = await inject('PATCH', `/api/admin/users/vendors/${vendorId}`, {
      token: eva,
      body: { locked: true },
    });
    expect(locked.json().vendor.account).toBe('locked');
    expect((await inject('GET', '/api/vendor-auth/check', { token: vendorToken })).statusCode).toBe(
      401,
    );
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.accountId, vendorId)),
    ).toEqual([]);
    const refused = await inject('POST', '/api/vendor-auth/login', {
      body: { email: 'anna@beispiel.de', password: TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('gesperrt');

    await inject('PATCH', `/api/admin/users/vendors/${vendorId}`, {
      token: eva,
      body: { locked: false },
    });
    const allowed = await inject('POST', '/api/vendor-auth/login', {
      body: { email: 'anna@beispiel.de', password: TEST_PASSWORD },
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('refuses bad changes with German messages and changes nothing; a vendor token gets 403', async () => {
    const before = (
      await inject('GET', `/api/admin/users/vendors/${vendorId}`, { token: eva })
    ).json();
    for (const body of [{}, { verifyStatus: 'super' }, { isPublic: 'ja' }, { email: 'x@y.de' }]) {
      const response = await inject('PATCH', `/api/admin/users/vendors/${vendorId}`, {
        token: eva,
        body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(/[a-zäöü]/);
    }
    const after = (
      await inject('GET', `/api/admin/users/vendors/${vendorId}`, { token: eva })
    ).json();
    expect(after).toEqual(before);
    const asVendor = await inject('PATCH', `/api/admin/users/vendors/${vendorId}`, {
      token: (await createSession(t.database.db, 'vendor', vendorId)).token,
      body: { isPublic: true },
    });
    expect([401, 403]).toContain(asVendor.statusCode);
  });
});
