import { clock } from '@housnkuh/shared/clock';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { sessions } from './schema';
import { hashToken, newToken } from '../../lib/tokens';

import type { AccountKind, SessionInfo } from '../../plugins/auth';

export type SessionKind = AccountKind;

/** docs/product/accounts-and-sessions.md: vendor sessions last 7 days, admin sessions 8 hours. */
export const SESSION_LIFETIME_MS: Record<SessionKind, number> = {
  vendor: 7 * 24 * 60 * 60_000,
  admin: 8 * 60 * 60_000,
};

/** Opens a session and returns its bearer token; only the token's hash is stored. */
export async function createSession(
  db: Executor,
  kind: SessionKind,
  accountId: string,
  now = clock.now(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS[kind]);
  await db.insert(sessions).values({ tokenHash: hashToken(token), kind, accountId, expiresAt });
  return { token, expiresAt };
}

/** The session of a bearer token, if it exists, is of this kind and has not expired. */
export async function findSession(
  db: Database,
  token: string,
  kind: SessionKind,
  now = clock.now(),
): Promise<SessionInfo | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        eq(sessions.kind, kind),
        gt(sessions.expiresAt, now),
      ),
    );
  if (!row) return undefined;
  // last use, at most once a minute per session
  if (now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.id));
  }
  return { sessionId: row.id, kind, accountId: row.accountId, expiresAt: row.expiresAt };
}

export async function revokeSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of an account (password change or reset). */
export async function revokeAllSessions(
  db: Executor,
  kind: SessionKind,
  accountId: string,
): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.kind, kind), eq(sessions.accountId, accountId)));
}

/** Ends every other session of an account (its password changed in the session `keepSessionId`). */
export async function revokeOtherSessions(
  db: Executor,
  kind: SessionKind,
  accountId: string,
  keepSessionId: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.kind, kind),
        eq(sessions.accountId, accountId),
        ne(sessions.id, keepSessionId),
      ),
    );
}

/** Every session of a vendor: when it began and when it ends (its data export). */
export async function vendorSessionsOf(
  db: Executor,
  vendorId: string,
): Promise<{ createdAt: Date; expiresAt: Date }[]> {
  return db
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.kind, 'vendor'), eq(sessions.accountId, vendorId)));
}

/** Deletes the sessions that have expired; answers how many (account-cleanup.ts runs it). */
export async function deleteExpiredSessions(db: Executor, now = clock.now()): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ id: sessions.id });
  return deleted.length;
}
