import { clock } from '@housnkuh/shared/clock';
import { randomUUID } from 'node:crypto';
import { TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit } from '../src/modules/audit/schema';
import { admins } from '../src/modules/accounts/schema';
import { sessions } from '../src/modules/accounts/schema';
import { vendors } from '../src/modules/vendors/schema';
import { createSession } from '../src/modules/accounts/sessions.service';
import { appRoutes, createTestApp, type TestApp } from './helpers';

const SETUP_CODE = 'einrichtung-2026';
const ADMIN = { username: 'eva', name: 'Eva Muster', password: TEST_PASSWORD };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_SETUP_CODE: SETUP_CODE } });
});
afterAll(async () => {
  await t?.close();
});

const inject = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  {
    token,
    legacy,
    body,
    ip,
  }: { token?: string; legacy?: boolean; body?: unknown; ip?: string } = {},
) =>
  t.app.inject({
    method,
    url,
    remoteAddress: ip ?? '127.0.0.1',
    headers: token
      ? legacy
        ? { 'x-auth-token': token }
        : { authorization: `Bearer ${token}` }
      : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });

async function vendorToken(): Promise<string> {
  const [vendor] = await t.database.db
    .insert(vendors)
    .values({ email: `v-${randomUUID()}@beispiel.de`, name: 'Vera Verkauf' })
    .returning();
  return (await createSession(t.database.db, 'vendor', vendor!.id)).token;
}

let adminToken = '';

describe('admin setup (POST /api/auth/setup)', () => {
  it('says setup is needed, refuses a wrong code, creates exactly one admin of two at once', async () => {
    expect((await inject('GET', '/api/auth/setup')).json()).toEqual({
      success: true,
      setupNeeded: true,
    });
    const wrong = await inject('POST', '/api/auth/setup', {
      body: { ...ADMIN, setupCode: 'falsch-falsch' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('Der Einrichtungscode ist falsch.');

    const weak = await inject('POST', '/api/auth/setup', {
      body: { ...ADMIN, password: 'kurz', setupCode: SETUP_CODE },
    });
    expect(weak.statusCode).toBe(400);
    expect(await t.database.db.select().from(admins)).toHaveLength(0);

    const [first, second] = await Promise.all([
      inject('POST', '/api/auth/setup', { body: { ...ADMIN, setupCode: SETUP_CODE } }),
      inject('POST', '/api/auth/setup', {
        body: { ...ADMIN, username: 'otto', setupCode: SETUP_CODE },
      }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const winner = first.statusCode === 200 ? first : second;
    expect(winner.json()).toMatchObject({ success: true, user: { isAdmin: true } });
    expect(await t.database.db.select().from(admins)).toHaveLength(1);
    expect((await inject('GET', '/api/auth/setup')).json().setupNeeded).toBe(false);
    // from now on setup answers 409 even with the right code
    const again = await inject('POST', '/api/auth/setup', {
      body: { ...ADMIN, username: 'paul', setupCode: SETUP_CODE },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Es gibt bereits einen Administrator. Bitte melde dich an.');
    // and so does a wrong code: the answer must not confirm a guess
    const guess = await inject('POST', '/api/auth/setup', {
      body: { ...ADMIN, username: 'paul', setupCode: 'falsch-falsch-falsch' },
    });
    expect(guess.statusCode).toBe(409);
    expect(guess.json().message).toBe('Es gibt bereits einen Administrator. Bitte melde dich an.');
    // make 'eva' the admin the other tests use
    await t.database.db.delete(sessions);
    await t.database.db.delete(admins);
    const created = await inject('POST', '/api/auth/setup', {
      body: { ...ADMIN, setupCode: SETUP_CODE },
    });
    expect(created.statusCode).toBe(200);
  });
});

describe('admin login, check and logout', () => {
  it('logs in with the username, checks with Bearer and x-auth-token, logs out', async () => {
    const wrong = await inject('POST', '/api/auth/login', {
      body: { username: 'eva', password: 'Falsch123!' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      success: false,
      message: 'Invalid credentials or authentication failed',
    });

    const login = await inject('POST', '/api/auth/login', {
      body: { username: ' EVA ', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body.user).toEqual({
      id: expect.any(String),
      username: 'eva',
      name: 'Eva Muster',
      isAdmin: true,
    });
    adminToken = body.token;

    for (const legacy of [false, true]) {
      const check = await inject('GET', '/api/auth/check', { token: adminToken, legacy });
      expect(check.statusCode).toBe(200);
      expect(check.json().user.username).toBe('eva');
    }
    expect((await inject('GET', '/api/auth/check')).statusCode).toBe(401);

    const other = (
      await inject('POST', '/api/auth/login', {
        body: { username: 'eva', password: TEST_PASSWORD },
      })
    ).json().token as string;
    expect((await inject('POST', '/api/auth/logout', { token: other })).statusCode).toBe(200);
    expect((await inject('GET', '/api/auth/check', { token: other })).statusCode).toBe(401);
    // the first session lives on
    expect((await inject('GET', '/api/auth/check', { token: adminToken })).statusCode).toBe(200);
  });

  it('locks one client out after 10 wrong passwords, like vendors', async () => {
    for (let i = 0; i < 10; i++) {
      const response = await inject('POST', '/api/auth/login', {
        body: { username: 'eva', password: `Falsch${i}!A` },
        ip: '203.0.113.9',
      });
      expect(response.statusCode).toBe(401);
    }
    const locked = await inject('POST', '/api/auth/login', {
      body: { username: 'eva', password: TEST_PASSWORD },
      ip: '203.0.113.9',
    });
    expect(locked.statusCode).toBe(429);
    // the owner from elsewhere still gets in
    const owner = await inject('POST', '/api/auth/login', {
      body: { username: 'eva', password: TEST_PASSWORD },
      ip: '198.51.100.7',
    });
    expect(owner.statusCode).toBe(200);
  });

  it('refuses a deactivated admin and ends its sessions', async () => {
    const token = (
      await inject('POST', '/api/auth/login', {
        body: { username: 'eva', password: TEST_PASSWORD },
        ip: '198.51.100.8',
      })
    ).json().token as string;
    await t.database.db.update(admins).set({ deactivatedAt: clock.now() });
    expect((await inject('GET', '/api/auth/check', { token })).statusCode).toBe(401);
    const login = await inject('POST', '/api/auth/login', {
      body: { username: 'eva', password: TEST_PASSWORD },
      ip: '198.51.100.8',
    });
    expect(login.statusCode).toBe(401);
    await t.database.db.update(admins).set({ deactivatedAt: null });
  });

  it('ends an admin session after 8 hours', async () => {
    const token = (
      await inject('POST', '/api/auth/login', {
        body: { username: 'eva', password: TEST_PASSWORD },
      })
    ).json().token as string;
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.kind, 'admin'))
      .orderBy(sessions.createdAt);
    const lifetime = session!.expiresAt.getTime() - session!.createdAt.getTime();
    expect(Math.abs(lifetime - 8 * 60 * 60_000)).toBeLessThan(5_000);
    await t.database.db.update(sessions).set({ expiresAt: new Date(clock.nowMs() - 1000) });
    expect((await inject('GET', '/api/auth/check', { token })).statusCode).toBe(401);
    // a fresh login for the tests below
    adminToken = (
      await inject('POST', '/api/auth/login', {
        body: { username: 'eva', password: TEST_PASSWORD },
      })
    ).json().token as string;
  });
});

describe('who may call what', () => {
  it('every /api/admin route: 401 without a token or with a vendor token, not with an admin token', async () => {
    const routes = appRoutes(t.app)
      .filter(({ path }) => path.startsWith('/api/admin/'))
      .map(({ method, path }) => ({ method: method as 'GET', url: path }));
    expect(routes.length).toBeGreaterThanOrEqual(4);
    const vendor = await vendorToken();
    for (const { method, url } of routes) {
      const path = url.replace(/:[^/]+/g, randomUUID());
      const anonymous = await inject(method, path, { body: method === 'GET' ? undefined : {} });
      expect(anonymous.statusCode, `${method} ${url} without a token`).toBe(401);
      const asVendor = await inject(method, path, {
        token: vendor,
        body: method === 'GET' ? undefined : {},
      });
      expect([401, 403], `${method} ${url} with a vendor token`).toContain(asVendor.statusCode);
      const asAdmin = await inject(method, path, {
        token: adminToken,
        body: method === 'GET' ? undefined : {},
      });
      expect([401, 403], `${method} ${url} with an admin token`).not.toContain(asAdmin.statusCode);
    }
    // and an admin token opens no vendor route
    expect((await inject('GET', '/api/vendor-auth/check', { token: adminToken })).statusCode).toBe(
      401,
    );
    for (const url of ['/api/vendor-auth/sales', '/api/vendor-auth/sales.csv']) {
      const query = '?from=2026-10-01&to=2026-10-31&groupBy=day';
      expect((await inject('GET', url + query, { token: adminToken })).statusCode, url).toBe(401);
      expect((await inject('GET', url + query)).statusCode, url).toBe(401);
    }
  });
});

describe('settings (GET/PATCH /api/admin/settings)', () => {
  it('changes the opening date, shows it publicly at once and records who did it', async () => {
    const before = (await inject('GET', '/api/admin/settings', { token: adminToken })).json();
    expect(before.success).toBe(true);
    const patched = await inject('PATCH', '/api/admin/settings', {
      token: adminToken,
      body: { openingDate: '2027-07-01', address: { hausnummer: '17' } },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().settings.openingDate).toBe('2027-07-01');
    expect(patched.json().settings.address).toEqual({
      ...before.settings.address,
      hausnummer: '17',
    });
    const publicSettings = (await inject('GET', '/api/settings/public')).json().settings;
    expect(publicSettings.openingDate).toBe('2027-07-01');

    const [entry] = await t.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'settings.update'));
    expect(entry).toMatchObject({
      adminName: 'Eva Muster',
      entity: 'settings',
      before: { openingDate: before.settings.openingDate, address: before.settings.address },
      after: { openingDate: '2027-07-01' },
    });
    const log = (await inject('GET', '/api/admin/audit', { token: adminToken })).json();
    expect(log.entries[0]).toMatchObject({ action: 'settings.update', adminName: 'Eva Muster' });
  });

  it('refuses a bad value with field errors and changes nothing', async () => {
    const before = (await inject('GET', '/api/admin/settings', { token: adminToken })).json();
    for (const body of [
      { openingDate: '1. Juli' },
      { openingDate: '2026-02-31' },
      { contest: { closingDate: '2026-13-01' } },
      { address: { plz: '123' } },
      { coordinates: { lat: 91 } },
      { shopName: '   ' },
      { email: 'keine-adresse' },
      { unbekannt: true },
      { shopName: 'Zeile\u0000' },
    ]) {
      const response = await inject('PATCH', '/api/admin/settings', { token: adminToken, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().success).toBe(false);
      // a German message beside the field, never zod's English default
      for (const error of response.json().errors ?? []) {
        expect(error.message, JSON.stringify(body)).not.toMatch(/expected|Invalid|Too (small|big)/);
      }
    }
    const after = (await inject('GET', '/api/admin/settings', { token: adminToken })).json();
    expect(after).toEqual(before);
  });
});

describe('dashboard (GET /api/admin/dashboard)', () => {
  it('counts what needs doing', async () => {
    await inject('POST', '/api/contact', {
      body: {
        name: 'Karl Kunde',
        email: 'karl@beispiel.de',
        subject: 'Frage',
        message: 'Habt ihr Honig?',
      },
    });
    const response = await inject('GET', '/api/admin/dashboard', { token: adminToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      todos: { unreadContacts: 1, pendingBookings: 0, pendingSubscribers: 0, contestEntries: 0 },
      figures: { confirmedSubscribers: { customer: 0, vendor: 0 } },
    });
  });
});
