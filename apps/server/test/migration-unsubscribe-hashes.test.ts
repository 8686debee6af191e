import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import { hashToken } from '../src/lib/tokens';
import { testConfig } from './helpers';
import { upgradedDatabase } from './migration-fixtures';

/**
 * Migrations 0011-0013 (and whatever comes after) on a database that the
 * release before them filled: subscribers with their raw unsubscribe token,
 * sent newsletters in the outbox with the link. The old links must still
 * work, and the kept copies must lose them.
 */

/** The last migration of the release before the hashed unsubscribe links. */
const LAST_OLD_MIGRATION = 10;

/** 43 base64url characters, as the old release made them. */
const OLD_TOKEN = 'Ab3_-xYz09KLmnOPqrSTuvWXyz0123456789_-AbCdE';
const OTHER_TOKEN = 'Zz9-_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789ab';

/** The newsletter as the old release kept it, with the given value after "token=". */
const issueText = (token: string) =>
  `Hallo Lea,\n\nHonig ist da.\n\nAbmelden: http://shop.test/newsletter/abmelden?token=${token}\n`;
const issueHtml = (token: string) =>
  `<p>Honig ist da.</p><p><a href="http://shop.test/newsletter/abmelden?token=${token}">Abmelden</a></p>`;

/** What the old release had stored: two subscribers and the newsletter sent to the first. */
const OLD_ROWS = [
  `insert into newsletter_subscribers (email, name, type, status, confirmed_at, unsubscribe_token)
   values ('leser@beispiel.de', 'Lea', 'customer', 'confirmed', now(), '${OLD_TOKEN}'),
          ('andere@beispiel.de', null, 'customer', 'confirmed', now(), '${OTHER_TOKEN}')`,
  `insert into outbox (to_address, subject, text_body, html_body, kind, status, attempts, sent_at)
   values ('leser@beispiel.de', 'Neu im Laden', '${issueText(OLD_TOKEN)}', '${issueHtml(OLD_TOKEN)}',
     'newsletter-issue', 'sent', 1, now())`,
];

describe('migrating a database with raw unsubscribe tokens and sent newsletters', () => {
  let database: DatabaseHandle | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  // a fresh PGlite (initdb) and every migration: in the hook, with its longer timeout
  beforeAll(async () => {
    database = await upgradedDatabase(LAST_OLD_MIGRATION, OLD_ROWS);
    app = await buildApp(testConfig(), { logger: false, database, startOutbox: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('keeps the old unsubscribe links working and removes them from the kept newsletters', async () => {
    const rowsOf = async <T>(query: string) =>
      ((await database!.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

    // the column is gone, the hashes are the app's own (hashToken)
    expect(
      await rowsOf(
        `select column_name from information_schema.columns
         where table_name = 'newsletter_subscribers' and column_name = 'unsubscribe_token'`,
      ),
    ).toEqual([]);
    const links = await rowsOf<{ email: string; token_hash: string }>(
      `select s.email, l.token_hash from newsletter_unsubscribe_links l
       join newsletter_subscribers s on s.id = l.subscriber_id order by s.email`,
    );
    expect(links).toEqual([
      { email: 'andere@beispiel.de', token_hash: hashToken(OTHER_TOKEN) },
      { email: 'leser@beispiel.de', token_hash: hashToken(OLD_TOKEN) },
    ]);

    // the kept copy no longer holds the token, nor any part of it: only where the link was
    const kept = await rowsOf<{ text_body: string; html_body: string; status: string }>(
      `select text_body, html_body, status from outbox where kind = 'newsletter-issue'`,
    );
    expect(kept).toEqual([
      {
        text_body: issueText('[Link entfernt]'),
        html_body: issueHtml('[Link entfernt]'),
        status: 'sent',
      },
    ]);

    // the link in the mail the subscriber already has still works
    const response = await app!.inject({
      method: 'POST',
      url: '/api/newsletter/unsubscribe',
      payload: { token: OLD_TOKEN },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true });
    const subscribers = await rowsOf<{ email: string; status: string; unsubscribed: boolean }>(
      `select email, status, unsubscribed_at is not null as unsubscribed
       from newsletter_subscribers order by email`,
    );
    expect(subscribers).toEqual([
      { email: 'andere@beispiel.de', status: 'confirmed', unsubscribed: false },
      { email: 'leser@beispiel.de', status: 'unsubscribed', unsubscribed: true },
    ]);
  });
});
