import { clock } from '@housnkuh/shared/clock';
import { ACCOUNT, ERRORS } from '@housnkuh/shared/messages';
import { PROFILE_MESSAGES } from '@housnkuh/shared/schemas/vendor-profile';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accountTokens, loginFailures } from './schema';
import { InvalidError, NotFoundError } from '../../lib/domain-errors';
import { hashPassword } from '../../lib/passwords';
import { checkCurrentPassword } from './login.service';
import { hashToken } from '../../lib/tokens';
import { enqueueDeferredMail } from '../mail/public';
import { findVendor, setVendorPassword } from '../vendors/public';
import type { AccountContext } from './registration.service';
import { revokeAllSessions, revokeOtherSessions } from './sessions.service';

/**
 * Queues a reset link. Known and unknown addresses take the same path (one
 * outbox row); the worker decides whether a mail is due (accountMailRenderers).
 */
export async function requestPasswordReset(ctx: AccountContext, email: string) {
  await enqueueDeferredMail(ctx.db, { to: email, kind: 'password-reset', params: {} });
  return { message: ACCOUNT.resetRequested };
}

/** Ends every unused reset link of the account: a new password makes earlier links worthless. */
async function revokeResetLinks(tx: Executor, vendorId: string): Promise<void> {
  await tx
    .delete(accountTokens)
    .where(
      and(
        eq(accountTokens.vendorId, vendorId),
        eq(accountTokens.purpose, 'reset-password'),
        isNull(accountTokens.usedAt),
      ),
    );
}

export async function resetPassword(
  ctx: AccountContext,
  token: string,
  password: string,
  now = clock.now(),
) {
  const valid = and(
    eq(accountTokens.tokenHash, hashToken(token)),
    eq(accountTokens.purpose, 'reset-password'),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
  );
  // check the link before the costly hash; checked again, locked, in the transaction
  const [known] = await ctx.db.select({ id: accountTokens.id }).from(accountTokens).where(valid);
  if (!known) throw new InvalidError(ACCOUNT.resetInvalid);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(accountTokens).where(valid).for('update');
    if (!row) throw new InvalidError(ACCOUNT.resetInvalid);
    await tx.update(accountTokens).set({ usedAt: now }).where(eq(accountTokens.id, row.id));
    await revokeResetLinks(tx, row.vendorId);
    const vendor = await findVendor(tx, row.vendorId);
    // whoever can read the mailbox has proven the address
    await setVendorPassword(tx, row.vendorId, passwordHash, now, vendor?.emailConfirmedAt ?? now);
    await revokeAllSessions(tx, 'vendor', row.vendorId);
    // whoever can reset the password may log in again at once
    if (vendor) {
      await tx
        .delete(loginFailures)
        .where(
          inArray(loginFailures.accountKey, [
            `vendor:${vendor.email}`,
            `current-password:vendor:${vendor.id}`,
          ]),
        );
    }
  });
  return { message: ACCOUNT.resetDone };
}

/**
 * The signed-in producer sets a new password with its current one. Every
 * other session of the account ends (a stolen session is shut out), this one
 * stays.
 */
export async function changePassword(
  ctx: AccountContext,
  vendorId: string,
  sessionId: string,
  currentPassword: string,
  newPassword: string,
) {
  const vendor = await findVendor(ctx.db, vendorId);
  if (!vendor) throw new NotFoundError(ERRORS.booking404);
  const ok = await checkCurrentPassword(
    ctx.db,
    { kind: 'vendor', id: vendor.id, passwordHash: vendor.passwordHash },
    currentPassword,
    PROFILE_MESSAGES.tooManyPasswordFailures,
  );
  if (!ok) {
    throw new InvalidError(PROFILE_MESSAGES.wrongPassword, [
      { field: 'currentPassword', message: PROFILE_MESSAGES.wrongPassword },
    ]);
  }
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    await setVendorPassword(tx, vendorId, passwordHash, clock.now());
    await revokeResetLinks(tx, vendorId);
    await revokeOtherSessions(tx, 'vendor', vendorId, sessionId);
  });
  return { message: PROFILE_MESSAGES.passwordChanged };
}
