import { clock } from '@housnkuh/shared/clock';
import { registrationBody } from '@housnkuh/test-support/registration';
import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { schema } from '../src/db/schema/index';
import { newsletterSubscribers } from '../src/modules/newsletter/schema';
import { vendors } from '../src/modules/vendors/schema';
import { subscribe } from '../src/modules/newsletter/newsletter.service';
import { requestPasswordReset } from '../src/modules/accounts/password-reset.service';
import { resendConfirmation } from '../src/modules/accounts/registration.service';
import { createTestApp, type TestApp } from './helpers';

/**
 * Forgot-password, resend-confirmation and the newsletter sign-up must not
 * tell by their timing whether an address is known (issue 10): each path for
 * a known address must run the same database statements as for an unknown
 * one. Compared are the statements themselves, never durations.
 */
let t: TestApp;
let statements: string[] = [];
let logged: Database;

beforeAll(async () => {
  t = await createTestApp({
    config: { rateLimits: { global: 10_000, forms: 1000, login: 1000, sensitive: 1000 } },
  });
  // a second Drizzle over the same connection that writes down every statement
  const logger = { logQuery: (query: string) => statements.push(query) };
  const client = (t.database.db as unknown as { $client: unknown }).$client;
  logged = (t.database.mode === 'embedded'
    ? drizzlePglite(client as PGlite, { schema, logger })
    : drizzleNodePg(client as pg.Pool, { schema, logger })) as unknown as Database;
});
afterAll(async () => {
  await t.close();
});

/** The statements `action` runs; a savepoint that is undone counts like one that is kept. */
async function statementsOf(action: () => Promise<unknown>): Promise<string[]> {
  statements = [];
  await action();
  return statements.map((query) =>
    query.replace(/^(release savepoint|rollback to savepoint) /, 'end savepoint '),
  );
}

async function ctx() {
  return { db: logged, settings: await t.app.settings.get(), publicUrl: 'http://shop.test' };
}

describe('known and unknown addresses do the same work', () => {
  beforeAll(async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-auth/register',
      payload: registrationBody('bekannt@beispiel.de'),
    });
    expect(response.statusCode).toBe(200);
    // its last confirmation mail is old: a new one would be due
    await t.database.db
      .update(vendors)
      .set({ confirmationSentAt: new Date(clock.nowMs() - 60 * 60_000) })
      .where(eq(vendors.email, 'bekannt@beispiel.de'));
  });

  it('forgot-password', async () => {
    const known = await statementsOf(async () =>
      requestPasswordReset(await ctx(), 'bekannt@beispiel.de'),
    );
    const unknown = await statementsOf(async () =>
      requestPasswordReset(await ctx(), 'unbekannt@beispiel.de'),
    );
    expect(known.length).toBeGreaterThan(0);
    expect(unknown).toEqual(known);
  });

  it('resend-confirmation', async () => {
    const known = await statementsOf(async () =>
      resendConfirmation(await ctx(), 'bekannt@beispiel.de'),
    );
    const unknown = await statementsOf(async () =>
      resendConfirmation(await ctx(), 'unbekannt@beispiel.de'),
    );
    expect(known.length).toBeGreaterThan(0);
    expect(unknown).toEqual(known);
  });

  it('newsletter sign-up: new, confirmed and just signed-up addresses', async () => {
    await subscribe(await ctx(), {
      email: 'bestaetigt@beispiel.de',
      name: undefined,
      type: 'customer',
    });
    await t.database.db
      .update(newsletterSubscribers)
      .set({ status: 'confirmed', confirmedAt: clock.now() })
      .where(eq(newsletterSubscribers.email, 'bestaetigt@beispiel.de'));
    await subscribe(await ctx(), {
      email: 'gerade@beispiel.de',
      name: undefined,
      type: 'customer',
    });

    const fresh = await statementsOf(async () =>
      subscribe(await ctx(), { email: 'neu@beispiel.de', name: undefined, type: 'customer' }),
    );
    const confirmed = await statementsOf(async () =>
      subscribe(await ctx(), {
        email: 'bestaetigt@beispiel.de',
        name: undefined,
        type: 'customer',
      }),
    );
    const recent = await statementsOf(async () =>
      subscribe(await ctx(), { email: 'gerade@beispiel.de', name: undefined, type: 'customer' }),
    );
    expect(fresh.length).toBeGreaterThan(0);
    expect(confirmed).toEqual(fresh);
    expect(recent).toEqual(fresh);
  });
});
