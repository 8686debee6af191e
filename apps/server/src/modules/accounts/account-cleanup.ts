import { clock } from '@housnkuh/shared/clock';
import { RETENTION_DAYS } from '@housnkuh/shared/retention';
import { and, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { accountTokens, loginFailures } from './schema';
import { isSharedDatabase } from '../../db/client';
import { claimLease } from '../../lib/leases';
import { PollingJob } from '../../lib/poller';
import { hasContract } from '../contracts/public';
import { hasDocuments } from '../documents/public';
import { deleteMailsBefore } from '../mail/public';
import { CONFIRM_VALID_DAYS, deleteUnconfirmedSubscribers } from '../newsletter/public';
import { deleteUnconfirmedVendors } from '../vendors/public';
import { LOGIN_WINDOW_MS } from './login.service';
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
export async function cleanUpAccounts(db: Executor, now = clock.now()): Promise<CleanupResult> {
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

const DAY_MS = 24 * 60 * 60_000;

export interface RetentionResult {
  mails: number;
  newsletterSubscribers: number;
  vendors: number;
}

/**
 * Deletes what is kept only for a stated time (RETENTION_DAYS, also on the
 * privacy page): sent and finally failed mails, newsletter sign-ups never
 * confirmed, and producer accounts whose address was never confirmed (with
 * their booking requests; an account with a contract stays).
 */
export async function applyRetention(db: Executor, now = clock.now()): Promise<RetentionResult> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  // each owner deletes its own rows (docs/decisions/0013)
  const mails = await deleteMailsBefore(db, before(RETENTION_DAYS.mails));
  const subscribers = await deleteUnconfirmedSubscribers(
    db,
    before(RETENTION_DAYS.unconfirmedNewsletter),
    // the link was never mailed (e.g. the mail failed for good): as if it had been, at sign-up
    before(RETENTION_DAYS.unconfirmedNewsletter + CONFIRM_VALID_DAYS),
  );
  // accounts the shop created itself (no password yet) are not sign-ups; one with a contract or
  // a document (never deleted, docs/decisions/0034) stays
  const unconfirmed = await deleteUnconfirmedVendors(
    db,
    before(RETENTION_DAYS.unconfirmedAccounts),
    (vendorId) => sql`(${hasContract(vendorId)} or ${hasDocuments(vendorId)})`,
  );
  return { mails, newsletterSubscribers: subscribers, vendors: unconfirmed };
}

/** The lease of the periodic cleanup (job_leases). */
export const CLEANUP_LEASE = 'cleanup';

/** The periodic cleanup, like the outbox and geocoding workers (lib/poller.ts). */
export class AccountCleanupWorker extends PollingJob {
  constructor(db: Executor, log: FastifyBaseLogger, pollMs = CLEANUP_EVERY_MS) {
    super(
      async () => {
        // several instances on one PostgreSQL: one of them cleans up per period (lib/leases.ts);
        // the lease is kept, not given back, so the others skip this period
        if (isSharedDatabase(db) && !(await claimLease(db, CLEANUP_LEASE, pollMs * 0.9))) return;
        const result = await cleanUpAccounts(db);
        if (result.sessions + result.loginFailures + result.accountTokens > 0)
          log.debug(result, 'expired account data deleted');
        const retention = await applyRetention(db);
        if (retention.mails + retention.newsletterSubscribers + retention.vendors > 0)
          log.info(retention, 'data past its retention period deleted');
      },
      pollMs,
      log,
      'account cleanup failed',
    );
  }
}
