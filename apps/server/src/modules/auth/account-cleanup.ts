import { and, eq, isNotNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { accountTokens, loginFailures } from '../../db/schema/accounts';
import { Poller } from '../../lib/poller';
import { LOGIN_WINDOW_MS } from '../vendor-auth/vendor-auth.service';
import { deleteExpiredSessions } from './sessions.service';

/** How often the cleanup runs (and once at start). */
export const CLEANUP_EVERY_MS = 60 * 60_000;
/**
 * Confirmation links are kept this long after they expired: opening an old
 * link still says "already confirmed" or "expired" instead of "invalid".
 */
export const CONFIRM_TOKEN_KEEP_MS = 30 * 24 * 60 * 60_000;

export interface CleanupResult {
  sessions: number;
  loginFailures: number;
  accountTokens: number;
}

/**
 * Deletes what no one needs any more: expired sessions, failed logins older
 * than the 15-minute window, reset links that were used or expired, and
 * confirmation links 30 days after they expired.
 */
export async function cleanUpAccounts(db: Executor, now = new Date()): Promise<CleanupResult> {
  const sessions = await deleteExpiredSessions(db, now);
  const failures = await db
    .delete(loginFailures)
    .where(lt(loginFailures.createdAt, new Date(now.getTime() - LOGIN_WINDOW_MS)))
    .returning({ id: loginFailures.id });
  const tokens = await db
    .delete(accountTokens)
    .where(
      or(
        lt(accountTokens.expiresAt, new Date(now.getTime() - CONFIRM_TOKEN_KEEP_MS)),
        // a reset link answers alike when used, expired or unknown: no reason to keep it
        and(
          eq(accountTokens.purpose, 'reset-password'),
          or(isNotNull(accountTokens.usedAt), lt(accountTokens.expiresAt, now)),
        ),
      ),
    )
    .returning({ id: accountTokens.id });
  return { sessions, loginFailures: failures.length, accountTokens: tokens.length };
}

/** The periodic cleanup, like the outbox and geocoding workers (lib/poller.ts). */
export class AccountCleanupWorker {
  private readonly poller: Poller;

  constructor(
    private readonly db: Executor,
    private readonly log: FastifyBaseLogger,
    pollMs = CLEANUP_EVERY_MS,
  ) {
    this.poller = new Poller(
      async () => {
        const result = await cleanUpAccounts(this.db);
        if (result.sessions + result.loginFailures + result.accountTokens > 0) {
          this.log.debug(result, 'expired account data deleted');
        }
        return false;
      },
      pollMs,
      (error) => this.log.error({ err: error }, 'account cleanup failed'),
    );
  }

  start(): void {
    this.poller.start();
  }

  async stop(): Promise<void> {
    await this.poller.stop();
  }
}
