import { clock } from '@housnkuh/shared/clock';
import { registrationBody, TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { linkToken } from '@housnkuh/test-support/smtp-catcher';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { outbox } from '../src/modules/mail/schema';
import { OutboxWorker } from '../src/modules/mail/outbox';
import { smtpTransport, type MailTransport } from '../src/modules/mail/transport';
import { accountMailRenderers as vendorMailRenderers } from '../src/modules/accounts/link-mails';
import { vendors } from '../src/modules/vendors/schema';
import { appWithSmtp, createTestApp, signedInAdmin } from './helpers';

const { t, smtp } = appWithSmtp({
  config: { rateLimits: { global: 100_000, forms: 1000, login: 1000, sensitive: 100_000 } },
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const get = (url: string) => t.app.inject({ method: 'GET', url });

/** Every text of every row of every table, as JSON. */
async function everyRow(): Promise<string[]> {
  const rowsOf = async <T>(query: SQL) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rowsOf<{ table_schema: string; table_name: string }>(
    sql`select table_schema, table_name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  const texts: string[] = [];
  for (const table of tables) {
    const rows = await rowsOf<{ row: string }>(
      sql.raw(
        `select row_to_json(r)::text as row from "${table.table_schema}"."${table.table_name}" r`,
      ),
    );
    texts.push(...rows.map((r) => r.row));
  }
  return texts;
}

/**
 * Anything that looks like a link token: 43 base64url characters, whatever
 * follows "token=", or a stored SHA-256 (64 hex digits), which must not work
 * as a token either.
 */
function tokenLike(texts: string[]): Set<string> {
  const found = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(/(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g)) {
      found.add(match[0]);
    }
    for (const match of text.matchAll(/(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])/g))
      found.add(match[0]);
    for (const match of text.matchAll(/token=([A-Za-z0-9_%-]{10,})/g)) found.add(match[1]!);
  }
  return found;
}

describe('no usable token at rest', () => {
  it('after the link mails are sent, no row of any table holds a token the API accepts', async () => {
    // an account that stays unconfirmed
    await post('/api/vendor-auth/register', registrationBody('offen@beispiel.de'));
    // a confirmed account that asks for a new password
    await post('/api/vendor-auth/register', registrationBody('reset@beispiel.de'));
    const welcome = await smtp.waitFor((m) => m.to === 'reset@beispiel.de');
    expect(
      (await get(`/api/vendor-auth/confirm/${linkToken(welcome.text, '/vendor/confirm')}`))
        .statusCode,
    ).toBe(200);
    await post('/api/vendor-auth/forgot-password', { email: 'reset@beispiel.de' });
    // an account that asks for its confirmation link again
    await post('/api/vendor-auth/register', registrationBody('nochmal@beispiel.de'));
    await smtp.waitFor((m) => m.to === 'nochmal@beispiel.de');
    await t.database.db
      .update(vendors)
      .set({ confirmationSentAt: new Date(clock.nowMs() - 10 * 60_000) })
      .where(eq(vendors.email, 'nochmal@beispiel.de'));
    await post('/api/vendor-auth/resend-confirmation', { email: 'nochmal@beispiel.de' });
    // a newsletter sign-up
    await post('/api/newsletter/subscribe', { email: 'leser@beispiel.de', type: 'customer' });

    const confirmMail = await smtp.waitFor((m) => m.to === 'offen@beispiel.de');
    const resetMail = await smtp.waitFor(
      (m) => m.to === 'reset@beispiel.de' && m.subject.startsWith('Neues Passwort'),
    );
    await vi.waitFor(
      () => expect(smtp.mails.filter((m) => m.to === 'nochmal@beispiel.de')).toHaveLength(2),
      { timeout: 10_000 },
    );
    const newsletterMail = await smtp.waitFor((m) => m.to === 'leser@beispiel.de');
    // a confirmed subscriber who gets a newsletter with an unsubscribe link
    await post('/api/newsletter/subscribe', { email: 'abonnent@beispiel.de', type: 'customer' });
    const subscribed = await smtp.waitFor((m) => m.to === 'abonnent@beispiel.de');
    expect(
      (await get(`/api/newsletter/confirm/${linkToken(subscribed.text, '/newsletter/confirm')}`))
        .statusCode,
    ).toBe(200);
    const adminToken = await signedInAdmin(t);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/admin/newsletter/send',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { subject: 'Neu im Laden', body: 'Honig ist da.', audience: 'customer' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const issueMail = await smtp.waitFor(
      (m) => m.to === 'abonnent@beispiel.de' && m.subject === 'Neu im Laden',
    );
    // everything is sent
    await vi.waitFor(
      async () =>
        expect(
          await t.database.db
            .select()
            .from(outbox)
            .where(inArray(outbox.status, ['pending', 'sending'])),
        ).toHaveLength(0),
      { timeout: 10_000 },
    );

    const candidates = tokenLike(await everyRow());
    // the scan reads the real rows: it sees the stored hash of the newsletter's unsubscribe link
    const links = (
      (await t.database.db.execute(
        sql`select token_hash from newsletter_unsubscribe_links`,
      )) as unknown as { rows: { token_hash: string }[] }
    ).rows;
    expect(links).toHaveLength(1);
    expect(candidates.has(links[0]!.token_hash)).toBe(true);
    expect(candidates.size).toBeGreaterThan(0);
    for (const candidate of candidates) {
      const confirm = await get(`/api/vendor-auth/confirm/${encodeURIComponent(candidate)}`);
      expect(confirm.statusCode, `vendor confirmation accepts ${candidate}`).not.toBe(200);
      const reset = await post('/api/vendor-auth/reset-password', {
        token: candidate,
        password: 'Neu2025!',
        confirmPassword: 'Neu2025!',
      });
      expect(reset.statusCode, `password reset accepts ${candidate}`).not.toBe(200);
      const newsletter = await get(`/api/newsletter/confirm/${encodeURIComponent(candidate)}`);
      expect(newsletter.statusCode, `newsletter confirmation accepts ${candidate}`).not.toBe(200);
      const unsubscribe = await post('/api/newsletter/unsubscribe', { token: candidate });
      expect(unsubscribe.statusCode, `newsletter unsubscribe accepts ${candidate}`).not.toBe(200);
    }

    // the tokens exist only in the mails, and there they work
    const mailed = [
      linkToken(confirmMail.text, '/vendor/confirm'),
      linkToken(resetMail.text, '/vendor/passwort-zuruecksetzen'),
      linkToken(newsletterMail.text, '/newsletter/confirm'),
      linkToken(issueMail.text, '/newsletter/abmelden'),
    ];
    for (const token of mailed) {
      // the scan would see it, as a bare token and in a link
      expect(tokenLike([`{"a":"${token}"}`, `abmelden?token=${token}`])).toEqual(new Set([token]));
      expect(candidates.has(token)).toBe(false);
    }
    expect((await get(`/api/vendor-auth/confirm/${mailed[0]}`)).statusCode).toBe(200);
    expect(
      (
        await post('/api/vendor-auth/reset-password', {
          token: mailed[1],
          password: 'Neu2025!',
          confirmPassword: 'Neu2025!',
        })
      ).statusCode,
    ).toBe(200);
    expect((await get(`/api/newsletter/confirm/${mailed[2]}`)).statusCode).toBe(200);
    expect((await post('/api/newsletter/unsubscribe', { token: mailed[3] })).statusCode).toBe(200);
    expect(
      (
        await post('/api/vendor-auth/login', {
          email: 'reset@beispiel.de',
          password: TEST_PASSWORD,
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('link mails rendered at sending', () => {
  it('a reset mail whose first delivery failed is sent on the retry with a working link', async () => {
    const own = await createTestApp({
      env: { SMTP_URL: smtp.url },
      config: { rateLimits: { global: 10_000, forms: 1000, login: 1000, sensitive: 1000 } },
      build: { startOutbox: false },
    });
    try {
      const register = await own.app.inject({
        method: 'POST',
        url: '/api/vendor-auth/register',
        payload: registrationBody('wieder@beispiel.de'),
      });
      expect(register.statusCode).toBe(200);
      await own.app.inject({
        method: 'POST',
        url: '/api/vendor-auth/forgot-password',
        payload: { email: 'wieder@beispiel.de' },
      });
      // the mail server refuses the first attempt of each mail
      const real = smtpTransport(smtp.url);
      const refused = new Set<string>();
      const flaky: MailTransport = {
        kind: 'smtp',
        async send(mail) {
          if (!refused.has(mail.messageId)) {
            refused.add(mail.messageId);
            throw new Error('421 try again later');
          }
          await real.send(mail);
        },
        close: () => real.close(),
      };
      const deps = {
        db: own.database.db,
        settings: () => own.app.settings.get(),
        publicUrl: 'http://shop.test',
      };
      const worker = new OutboxWorker(
        own.database.db,
        flaky,
        {
          from: 'housnkuh <info@housnkuh.de>',
          messageIdDomain: 'shop.test',
          pollMs: 50,
          backoffMs: () => 0,
          renderers: vendorMailRenderers(deps),
        },
        own.app.log,
      );
      await worker.runOnce();
      expect(smtp.mails.filter((m) => m.to === 'wieder@beispiel.de')).toHaveLength(0);
      await worker.runOnce();
      const reset = await smtp.waitFor(
        (m) => m.to === 'wieder@beispiel.de' && m.subject.startsWith('Neues Passwort'),
      );
      const response = await own.app.inject({
        method: 'POST',
        url: '/api/vendor-auth/reset-password',
        payload: {
          token: linkToken(reset.text, '/vendor/passwort-zuruecksetzen'),
          password: 'Neu2025!',
          confirmPassword: 'Neu2025!',
        },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});
