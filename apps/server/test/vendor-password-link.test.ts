import { clock } from '@housnkuh/shared/clock';
import { TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { linkToken } from '@housnkuh/test-support/smtp-catcher';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/modules/accounts/sessions.service';
import { adminAudit } from '../src/modules/audit/schema';
import { outbox } from '../src/modules/mail/schema';
import { vendors } from '../src/modules/vendors/schema';
import { hashPassword } from '../src/lib/passwords';
import { appWithSmtp, signedInAdmin } from './helpers';

// docs/decisions/0047: the admin mails a producer without a password a link to set
// one; "Passwort vergessen?" promises no mail it does not send.

const { t, smtp } = appWithSmtp({
  config: { rateLimits: { global: 10_000, forms: 1000, login: 1000, sensitive: 1000 } },
});

const inject = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });

const sendLink = (id: string, token?: string, body: object = {}) =>
  inject('POST', `/api/admin/users/vendors/${id}/password-link`, token, body);

let admin: string;
let demoId: string;
let withPasswordId: string;
let lockedId: string;
let madeUpId: string;
beforeAll(async () => {
  admin = await signedInAdmin(t);
  const db = t.database.db;
  const rows = await db
    .insert(vendors)
    .values([
      { email: 'demo@beispiel.de', name: 'Demo Hof', emailConfirmedAt: clock.now() },
      {
        email: 'mit@beispiel.de',
        name: 'Mit Passwort',
        passwordHash: await hashPassword(TEST_PASSWORD),
        emailConfirmedAt: clock.now(),
      },
      { email: 'gesperrt@beispiel.de', name: 'Gesperrt', lockedAt: clock.now() },
      { email: 'info@hof.example', name: 'Hof Ausgedacht', emailConfirmedAt: clock.now() },
    ])
    .returning({ id: vendors.id });
  [demoId, withPasswordId, lockedId, madeUpId] = rows.map((row) => row.id) as [
    string,
    string,
    string,
    string,
  ];
});

describe('POST /api/admin/users/vendors/:id/password-link', () => {
  it('is for admins only: nobody else, no producer (not even for itself), 404 for unknown ids', async () => {
    const vendorToken = (await createSession(t.database.db, 'vendor', withPasswordId)).token;
    expect((await sendLink(demoId)).statusCode).toBe(401);
    expect((await sendLink(demoId, vendorToken)).statusCode).toBe(401);
    expect((await sendLink(withPasswordId, vendorToken)).statusCode).toBe(401);
    for (const id of ['0b9a1c9e-0000-4000-8000-000000000000', 'nicht-uuid']) {
      const response = await sendLink(id, admin);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Diesen Direktvermarkter gibt es nicht.');
    }
    const detail = await inject('GET', `/api/admin/users/vendors/${demoId}`, vendorToken);
    expect(detail.statusCode).toBe(401);
  });

  it('mails the producer a link; the admin sees neither link nor password; it is in the Protokoll; the producer then signs in', async () => {
    const before = await inject('GET', `/api/admin/users/vendors/${demoId}`, admin);
    expect(before.json().vendor.hasPassword).toBe(false);

    const response = await sendLink(demoId, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message:
        'Der Link ist unterwegs an demo@beispiel.de. Damit legt der Direktvermarkter sein Passwort selbst fest; der Link ist 3 Tage gültig und funktioniert nur einmal.',
    });
    const mail = await smtp.waitFor((m) => m.to === 'demo@beispiel.de');
    expect(mail.subject).toContain('Passwort festlegen');
    const token = linkToken(mail.text, '/vendor/passwort-zuruecksetzen');
    expect(response.body).not.toContain(token);

    const [entry] = await t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'vendor.password-link'), eq(adminAudit.entityId, demoId)));
    expect(entry).toMatchObject({
      entity: 'vendor',
      summary: 'Link zum Festlegen des Passworts an demo@beispiel.de (Demo Hof) geschickt',
    });
    expect(JSON.stringify(entry)).not.toContain(token);

    const set = await inject('POST', '/api/vendor-auth/reset-password', undefined, {
      token,
      password: 'Neu2025!',
      confirmPassword: 'Neu2025!',
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await inject('POST', '/api/vendor-auth/login', undefined, {
      email: 'demo@beispiel.de',
      password: 'Neu2025!',
    });
    expect(login.statusCode, login.body).toBe(200);

    // now it has a password: no second link from the admin
    const again = await sendLink(demoId, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Dieser Direktvermarkter hat schon ein Passwort. Ein neues legt er selbst unter „Passwort vergessen?“ fest.',
    );
    const after = await inject('GET', `/api/admin/users/vendors/${demoId}`, admin);
    expect(after.json().vendor.hasPassword).toBe(true);
  });

  it('refuses an account with a password and a locked one, and mails nothing then', async () => {
    expect((await sendLink(withPasswordId, admin)).statusCode).toBe(409);
    const locked = await sendLink(lockedId, admin);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(
      'Dieses Konto ist gesperrt. Entsperre es zuerst, dann kannst du den Link schicken.',
    );
    const queued = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'vendor-set-password'));
    expect(queued.map((row) => row.toAddress)).toEqual(['demo@beispiel.de']);
  });
});

describe('a made-up address (a demo producer): the link goes to an address the owner reads', () => {
  it('becomes the login address, in the Protokoll; refused when taken, malformed, or the account has a password', async () => {
    const taken = await sendLink(madeUpId, admin, { email: 'mit@beispiel.de' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Diese E-Mail-Adresse gehört schon zu einem anderen Konto.');
    const bad = await sendLink(madeUpId, admin, { email: 'kein-at' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: 'email', message: 'Bitte gib eine gültige E-Mail-Adresse ein.' },
    ]);
    const other = await sendLink(withPasswordId, admin, { email: 'fremd@beispiel.de' });
    expect(other.statusCode).toBe(409);
    const [unchanged] = await t.database.db
      .select()
      .from(vendors)
      .where(eq(vendors.id, withPasswordId));
    expect(unchanged!.email).toBe('mit@beispiel.de');

    const response = await sendLink(madeUpId, admin, { email: ' Inhaber@Beispiel.de ' });
    expect(response.statusCode, response.body).toBe(200);
    const mail = await smtp.waitFor((m) => m.to === 'inhaber@beispiel.de');
    expect(linkToken(mail.text, '/vendor/passwort-zuruecksetzen')).toBeTruthy();
    const [vendor] = await t.database.db.select().from(vendors).where(eq(vendors.id, madeUpId));
    expect(vendor).toMatchObject({ email: 'inhaber@beispiel.de', emailConfirmedAt: null });
    const [entry] = await t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'vendor.login-email'), eq(adminAudit.entityId, madeUpId)));
    expect(entry).toMatchObject({
      before: { email: 'info@hof.example' },
      after: { email: 'inhaber@beispiel.de' },
    });
  });
});

describe('"Passwort vergessen?" and the login say what is true, with "du"', () => {
  it('answers the same for an account without password, with one, and an unknown address, and promises no mail', async () => {
    const answers = await Promise.all(
      ['gesperrt@beispiel.de', 'mit@beispiel.de', 'niemand@beispiel.de'].map((email) =>
        inject('POST', '/api/vendor-auth/forgot-password', undefined, { email }),
      ),
    );
    const bodies = answers.map((answer) => answer.json());
    expect(bodies[0]).toEqual(bodies[1]);
    expect(bodies[1]).toEqual(bodies[2]);
    expect(bodies[0].message).toBe(
      'Wenn zu dieser Adresse ein Konto mit Passwort gehört, schicken wir dir einen Link, mit dem du ein neues Passwort festlegst; er ist eine Stunde gültig. Kommt keine E-Mail an, schau in deinen Spam-Ordner oder melde dich bei uns.',
    );
  });

  it('a wrong password is told with "du"', async () => {
    const response = await inject('POST', '/api/vendor-auth/login', undefined, {
      email: 'mit@beispiel.de',
      password: 'Falsch123!',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).not.toMatch(/\bSie\b|\bIhr/);
  });
});
