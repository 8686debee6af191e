import { clock } from '@housnkuh/shared/clock';
import { ACCOUNT, ERRORS } from '@housnkuh/shared/messages';
import type { VendorUser } from '@housnkuh/shared/schemas/vendor';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginFailures } from './schema';
import {
  ForbiddenError,
  TooManyAttemptsError,
  UnauthenticatedError,
} from '../../lib/domain-errors';
import { verifyAgainstNothing, verifyPassword } from '../../lib/passwords';
import { findVendorByEmail, type VendorRow } from '../vendors/public';
import type { AccountContext } from './registration.service';
import { createSession } from './sessions.service';
import { vendorUser } from './vendor-user.service';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_MAX_FAILURES = 10;

/** Key space of the per-account login lock (pg_advisory_xact_lock(int, int)). */
const LOGIN_LOCK_SPACE = 4712;
/** Wrong passwords for an account (from all clients) before its answers slow down. */
const LOGIN_SLOW_AFTER = 3;
const LOGIN_MAX_DELAY_MS = 2000;

/**
 * How long a wrong password is answered late, from the account's failures of
 * the last 15 minutes from all clients: nothing for the first three, then
 * 100 ms doubling per failure, at most 2 s.
 */
export function loginFailureDelayMs(accountFailures: number): number {
  if (accountFailures < LOGIN_SLOW_AFTER) return 0;
  return Math.min(LOGIN_MAX_DELAY_MS, 100 * 2 ** (accountFailures - LOGIN_SLOW_AFTER));
}

/**
 * Claims one login attempt for an account from a client, before its password
 * is checked: under a per-account lock, counts the failures of the last 15
 * minutes and, unless this client already has 10 for this account, records
 * this attempt as a failure. Parallel requests therefore cannot all pass the
 * count before any failure is stored. The lockout is per (account, client),
 * so nobody can lock the owner out from elsewhere (docs/decisions/0011);
 * answers the account's failures from all clients before this one (they slow
 * wrong answers down), or null when this client is locked out.
 */
async function claimLoginAttempt(
  db: Database,
  accountKey: string,
  clientKey: string,
  now: Date,
): Promise<{ id: string; accountFailures: number } | null> {
  return db.transaction(async (tx) => {
    // released with the transaction; PGlite runs transactions one at a time anyway
    await tx.execute(
      sql`select pg_advisory_xact_lock(${LOGIN_LOCK_SPACE}::int, hashtext(${accountKey}::text))`,
    );
    const [counts] = await tx
      .select({
        all: count(),
        fromClient:
          sql<number>`count(*) filter (where ${loginFailures.clientKey} = ${clientKey})`.mapWith(
            Number,
          ),
      })
      .from(loginFailures)
      .where(
        and(
          eq(loginFailures.accountKey, accountKey),
          gt(loginFailures.createdAt, new Date(now.getTime() - LOGIN_WINDOW_MS)),
        ),
      );
    if ((counts?.fromClient ?? 0) >= LOGIN_MAX_FAILURES) return null;
    const [row] = await tx
      .insert(loginFailures)
      .values({ accountKey, clientKey, createdAt: now })
      .returning({ id: loginFailures.id });
    return { id: row!.id, accountFailures: counts?.all ?? 0 };
  });
}

/**
 * The password check every login shares (vendors and admins). `client` is
 * the client's address (request.ip): 10 wrong passwords for an account from
 * one client lock that client out of it for 15 minutes (429); other clients,
 * the owner among them, can still log in, only their wrong passwords are
 * answered late while the account is under attack. An unknown account is
 * checked against nothing, so it takes as long. `refuse` may turn a right
 * password away without counting it as a failure (e.g. an unconfirmed
 * address). Answers the account.
 */
export async function checkPassword<T extends { passwordHash: string | null }>(
  db: Database,
  accountKey: string,
  client: string,
  password: string,
  find: () => Promise<T | undefined>,
  now: Date,
  refuse?: (account: T) => Error | undefined,
): Promise<T> {
  const attempt = await claimLoginAttempt(db, accountKey, client, now);
  if (!attempt) throw new TooManyAttemptsError(ACCOUNT.tooManyFailures);
  /** The attempt was no wrong password after all: it does not count. */
  const withdraw = () => db.delete(loginFailures).where(eq(loginFailures.id, attempt.id));

  let account: T | undefined;
  let ok: boolean;
  try {
    account = await find();
    ok = account?.passwordHash
      ? await verifyPassword(account.passwordHash, password)
      : await verifyAgainstNothing(password);
  } catch (error) {
    await withdraw().catch(() => undefined);
    throw error;
  }
  if (!account || !ok) {
    // the claimed attempt stays as the failure. The delay is a timer: it
    // holds no database connection and no CPU, and each client can have at
    // most 10 such answers per account pending (then 429 at once).
    const delay = loginFailureDelayMs(attempt.accountFailures);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    throw new UnauthenticatedError(ERRORS.invalidCredentials);
  }
  const refusal = refuse?.(account);
  if (refusal) {
    await withdraw();
    throw refusal;
  }
  // this client's failures are forgiven; others' keep their lockout and the slow-down
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.accountKey, accountKey), eq(loginFailures.clientKey, client)));
  return account;
}

/** Wrong current passwords per account (from all clients) in 15 minutes before its checks wait. */
export const CURRENT_PASSWORD_MAX_FAILURES = 5;

/**
 * The current password a signed-in account gives for a sensitive change (its
 * bank account, its password, another admin's password). The per-client
 * limits alone let a stolen session guess from many addresses, so wrong
 * answers count per account, whichever client sends them (`loginFailures`
 * under `current-password:<account>`): after 5 in 15 minutes every check of
 * the account is refused with a 429, the right password too, until the
 * oldest of them is 15 minutes old. A right password clears the count.
 * Answers whether the password is right; the caller says what a wrong one means.
 */
export async function checkCurrentPassword(
  db: Database,
  account: { kind: 'vendor' | 'admin'; id: string; passwordHash: string | null },
  password: string,
  tooMany: string,
  now = clock.now(),
): Promise<boolean> {
  const accountKey = `current-password:${account.kind}:${account.id}`;
  // claimed before the check, under the account's lock, so parallel guesses cannot all pass
  const claimed = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${LOGIN_LOCK_SPACE}::int, hashtext(${accountKey}::text))`,
    );
    const [failures] = await tx
      .select({ n: count() })
      .from(loginFailures)
      .where(
        and(
          eq(loginFailures.accountKey, accountKey),
          gt(loginFailures.createdAt, new Date(now.getTime() - LOGIN_WINDOW_MS)),
        ),
      );
    if ((failures?.n ?? 0) >= CURRENT_PASSWORD_MAX_FAILURES) return null;
    const [row] = await tx
      .insert(loginFailures)
      .values({ accountKey, clientKey: '', createdAt: now })
      .returning({ id: loginFailures.id });
    return row!.id;
  });
  if (!claimed) throw new TooManyAttemptsError(tooMany, LOGIN_WINDOW_MS / 1000);
  let ok: boolean;
  try {
    ok = account.passwordHash
      ? await verifyPassword(account.passwordHash, password)
      : await verifyAgainstNothing(password);
  } catch (error) {
    await db
      .delete(loginFailures)
      .where(eq(loginFailures.id, claimed))
      .catch(() => undefined);
    throw error;
  }
  // a wrong one stays as the failure; a right one forgives the account's failures
  if (ok) await db.delete(loginFailures).where(eq(loginFailures.accountKey, accountKey));
  return ok;
}

/** A vendor's login (spec §7 POST /vendor-auth/login): only with a confirmed address. */
export async function login(
  ctx: AccountContext,
  email: string,
  password: string,
  client: string,
  now = clock.now(),
): Promise<{ token: string; user: VendorUser }> {
  const vendor: VendorRow = await checkPassword(
    ctx.db,
    `vendor:${email}`,
    client,
    password,
    () => findVendorByEmail(ctx.db, email),
    now,
    (found) =>
      found.lockedAt
        ? new ForbiddenError(ACCOUNT.accountLocked)
        : found.emailConfirmedAt
          ? undefined
          : new ForbiddenError(ACCOUNT.notConfirmed),
  );
  const session = await createSession(ctx.db, 'vendor', vendor.id, now);
  return { token: session.token, user: await vendorUser(ctx, vendor) };
}
