import { clock } from '@housnkuh/shared/clock';
import { timingSafeEqual, createHash } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  type AdminSetupInput,
  type AdminUser,
} from '@housnkuh/shared/schemas/admin-auth';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { admins } from './schema';
import { transaction } from '../../db/transaction';
import { ConflictError, ForbiddenError } from '../../lib/domain-errors';
import { hashPassword } from '../../lib/passwords';
import { newToken } from '../../lib/tokens';
import { checkPassword } from './login.service';
import type { SessionInfo } from '../../plugins/auth';
import { createSession, findSession } from './sessions.service';

type AdminRow = typeof admins.$inferSelect;

/** Key of the advisory lock that makes the first admin's creation one at a time. */
const SETUP_LOCK = 4713;

export function adminUser(row: AdminRow): AdminUser {
  return { id: row.id, username: row.username, name: row.name, isAdmin: true };
}

/** Whether /admin/setup may still create the first admin. */
export async function setupNeeded(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(admins);
  return (row?.n ?? 0) === 0;
}

/** A code for /admin/setup when ADMIN_SETUP_CODE is not set: printed to the log at start. */
export function randomSetupCode(): string {
  return newToken().slice(0, 16);
}

function sameCode(given: string, expected: string): boolean {
  // hashes of equal length, so the comparison takes as long for every guess
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Creates the first admin and signs it in (POST /api/auth/setup). Only while
 * no admin exists (409, checked first, whatever the code) and only with the
 * setup code (403); two setups at once create one admin, the other gets 409.
 */
export async function setupFirstAdmin(
  db: Database,
  input: AdminSetupInput & { password: string },
  expectedCode: string,
  now = clock.now(),
): Promise<{ token: string; user: AdminUser }> {
  // "already set up" first: once an admin exists, every code gets 409, so the
  // answer never tells a right guess from a wrong one
  if (!(await setupNeeded(db))) throw new ConflictError(ADMIN_MESSAGES.setupDone);
  if (!sameCode(input.setupCode, expectedCode)) {
    throw new ForbiddenError(ADMIN_MESSAGES.setupCodeWrong);
  }
  const passwordHash = await hashPassword(input.password);
  return transaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK}::int)`);
    const [existing] = await tx.select({ n: count() }).from(admins);
    if ((existing?.n ?? 0) > 0) throw new ConflictError(ADMIN_MESSAGES.setupDone);
    const [row] = await tx
      .insert(admins)
      .values({ username: input.username, name: input.name, passwordHash })
      .returning();
    const session = await createSession(tx, 'admin', row!.id, now);
    return { token: session.token, user: adminUser(row!) };
  });
}

/**
 * An admin's login (POST /api/auth/login), with the same per-account and
 * per-client limits as vendors'. A deactivated admin is refused like a wrong
 * password: the answer does not tell that the account exists.
 */
export async function adminLogin(
  db: Database,
  username: string,
  password: string,
  client: string,
  now = clock.now(),
): Promise<{ token: string; user: AdminUser }> {
  const admin = await checkPassword(
    db,
    `admin:${username}`,
    client,
    password,
    async () => {
      const [row] = await db.select().from(admins).where(eq(admins.username, username));
      return row && !row.deactivatedAt ? row : undefined;
    },
    now,
  );
  const session = await createSession(db, 'admin', admin.id, now);
  return { token: session.token, user: adminUser(admin) };
}

/** The session of an admin token, while the admin is active. */
export async function findAdminSession(
  db: Database,
  token: string,
): Promise<SessionInfo | undefined> {
  const session = await findSession(db, token, 'admin');
  if (!session) return undefined;
  const [active] = await db
    .select({ name: admins.name })
    .from(admins)
    .where(and(eq(admins.id, session.accountId), isNull(admins.deactivatedAt)));
  return active ? { ...session, name: active.name } : undefined;
}

export async function findAdmin(db: Database, id: string): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id));
  return row;
}

/** `cli admin create`: an admin with a password, whether or not others exist. */
export async function createAdmin(
  db: Database,
  input: { username: string; name: string; password: string },
): Promise<AdminUser> {
  const [taken] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(eq(admins.username, input.username));
  if (taken) throw new ConflictError(ADMIN_MESSAGES.usernameTaken);
  const [row] = await db
    .insert(admins)
    .values({
      username: input.username,
      name: input.name,
      passwordHash: await hashPassword(input.password),
    })
    .returning();
  return adminUser(row!);
}
