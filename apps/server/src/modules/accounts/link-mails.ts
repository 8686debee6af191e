import { waitlistedNames } from '@housnkuh/shared/availability';
import type { PricedSelection } from '@housnkuh/shared/pricing';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { and, count, eq, gt } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { accountTokens } from './schema';
import { hashToken, newToken } from '../../lib/tokens';
import { availableUnits, latestPackageOf } from '../bookings/public';
import { renderDraft, type MailRenderer } from '../mail/public';
import { passwordResetMail, setPasswordMail, vendorConfirmationMail } from './mails';
import { markConfirmationSent, vendorForUpdate } from '../vendors/public';

/** The chosen count per catalog type of a priced package. */
const countsOf = (pkg: PricedSelection) =>
  Object.fromEntries(pkg.items.map((item) => [item.id, item.count]));

export const CONFIRM_VALID_MS = 24 * 60 * 60_000;
export const RESET_VALID_MS = 60 * 60_000;
/** The first password's link, sent by the admin (docs/decisions/0047): 3 days. */
export const SET_PASSWORD_VALID_MS = 3 * 24 * 60 * 60_000;
/** One confirmation or reset mail per account in this time. */
export const MAIL_AGAIN_AFTER_MS = 5 * 60_000;

async function issueToken(
  tx: Executor,
  vendorId: string,
  purpose: 'confirm-email' | 'reset-password',
  validMs: number,
  now: Date,
): Promise<string> {
  await tx
    .delete(accountTokens)
    .where(and(eq(accountTokens.vendorId, vendorId), eq(accountTokens.purpose, purpose)));
  const token = newToken();
  await tx.insert(accountTokens).values({
    tokenHash: hashToken(token),
    purpose,
    vendorId,
    expiresAt: new Date(now.getTime() + validMs),
    createdAt: now,
  });
  return token;
}

export interface AccountMailDeps {
  db: Database;
  settings: () => Promise<SiteSettings>;
  publicUrl: string;
}

/**
 * The link mails of vendor accounts, rendered when the outbox sends them: the
 * token is issued here and exists only in the mail (docs/decisions/0004).
 * A link mailed less than 5 minutes ago is not mailed again.
 */
export function accountMailRenderers(deps: AccountMailDeps): Record<string, MailRenderer> {
  return {
    'vendor-confirm': async (params, mail) => {
      const resend = params.resend === true;
      const settings = await deps.settings();
      // the vendor's row stays locked until the link is issued: two instances
      // rendering two requests at once send one mail, not two
      return deps.db.transaction(async (tx) => {
        const vendor = await vendorForUpdate(
          tx,
          typeof params.vendorId === 'string' ? { id: params.vendorId } : { email: mail.to },
        );
        if (!vendor || vendor.emailConfirmedAt || !vendor.passwordHash) return null;
        if (
          resend &&
          mail.attempt === 1 &&
          vendor.confirmationSentAt &&
          mail.now.getTime() - vendor.confirmationSentAt.getTime() <= MAIL_AGAIN_AFTER_MS
        ) {
          return null;
        }
        const token = await issueToken(tx, vendor.id, 'confirm-email', CONFIRM_VALID_MS, mail.now);
        const pkg = await latestPackageOf(tx, vendor.id);
        if (resend) await markConfirmationSent(tx, vendor.id, mail.now);
        return {
          ...(await renderDraft(
            tx,
            vendorConfirmationMail(settings, {
              name: vendor.name,
              confirmUrl: `${deps.publicUrl}/vendor/confirm?token=${token}`,
              pkg,
              preregistration: vendor.registrationKind === 'preregistration',
              waitlisted: pkg ? waitlistedNames(await availableUnits(tx), countsOf(pkg)) : [],
            }),
          )),
          secret: token,
        };
      });
    },
    'password-reset': async (_params, mail) => {
      const settings = await deps.settings();
      return deps.db.transaction(async (tx) => {
        const vendor = await vendorForUpdate(tx, { email: mail.to });
        if (!vendor?.passwordHash) return null;
        if (mail.attempt === 1) {
          const [recent] = await tx
            .select({ n: count() })
            .from(accountTokens)
            .where(
              and(
                eq(accountTokens.vendorId, vendor.id),
                eq(accountTokens.purpose, 'reset-password'),
                gt(accountTokens.createdAt, new Date(mail.now.getTime() - MAIL_AGAIN_AFTER_MS)),
              ),
            );
          if ((recent?.n ?? 0) > 0) return null;
        }
        const token = await issueToken(tx, vendor.id, 'reset-password', RESET_VALID_MS, mail.now);
        return {
          ...(await renderDraft(
            tx,
            passwordResetMail(settings, {
              name: vendor.name,
              resetUrl: `${deps.publicUrl}/vendor/passwort-zuruecksetzen?token=${token}`,
            }),
          )),
          secret: token,
        };
      });
    },
    // the admin's link for a producer without a password (password-link.service.ts); the token
    // is a reset token, so the page that sets a new password sets the first one too
    'vendor-set-password': async (params, mail) => {
      if (typeof params.vendorId !== 'string') return null;
      const vendorId = params.vendorId;
      const settings = await deps.settings();
      return deps.db.transaction(async (tx) => {
        const vendor = await vendorForUpdate(tx, { id: vendorId });
        // sent only to the address it was meant for, and only while the account still has no password
        if (!vendor || vendor.passwordHash || vendor.lockedAt || vendor.email !== mail.to) {
          return null;
        }
        const token = await issueToken(
          tx,
          vendor.id,
          'reset-password',
          SET_PASSWORD_VALID_MS,
          mail.now,
        );
        return {
          ...(await renderDraft(
            tx,
            setPasswordMail(settings, {
              name: vendor.name,
              setUrl: `${deps.publicUrl}/vendor/passwort-zuruecksetzen?token=${token}`,
            }),
          )),
          secret: token,
        };
      });
    },
  };
}
