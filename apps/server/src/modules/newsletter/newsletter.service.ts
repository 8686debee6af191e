import { clock } from '@housnkuh/shared/clock';
import { SERVER, SUCCESS } from '@housnkuh/shared/messages';
import type { NewsletterSubscribe } from '@housnkuh/shared/schemas/newsletter';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { TransactionRollbackError, and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  newsletterConsents,
  newsletterIssues,
  newsletterSubscribers,
  newsletterUnsubscribeLinks,
} from './schema';
import { transaction } from '../../db/transaction';
import { enqueueDeferredMail, renderDraft, type MailRenderer } from '../mail/public';
import { newsletterConfirmationMail, newsletterIssueMail } from './mails';
import { hashToken, newToken } from '../../lib/tokens';
import { InvalidError } from '../../lib/domain-errors';
import { isUniqueViolation } from '../../db/errors';

export const CONFIRM_VALID_DAYS = 7;
/** A pending address gets at most one confirmation mail in this time. */
export const RESEND_AFTER_MS = 10 * 60_000;

export const CONSENT_TEXT_VERSION = 'newsletter-2025-04';
export function consentText(shopName: string): string {
  return (
    `Ja, ich möchte den Newsletter von ${shopName} mit Neuigkeiten aus dem Laden, neuen ` +
    'Direktvermarktern und Aktionen per E-Mail erhalten. Meine Einwilligung kann ich jederzeit ' +
    'über den Abmeldelink in jeder E-Mail oder per Nachricht an den Laden widerrufen.'
  );
}

export interface NewsletterContext {
  db: Database;
  settings: SiteSettings;
  publicUrl: string;
}

export interface SubscribeOutcome {
  message: string;
  /** True when a confirmation mail was queued. */
  mailQueued: boolean;
}

/**
 * Double opt-in, step 1. The answer is the same whether the address is new,
 * pending or confirmed, so it reveals nothing about who subscribed.
 */
export async function subscribe(
  ctx: NewsletterContext,
  input: NewsletterSubscribe,
  now = clock.now(),
): Promise<SubscribeOutcome> {
  try {
    return await subscribeOnce(ctx, input, now);
  } catch (error) {
    // Two sign-ups of a new address at the same moment: the second finds the first's row.
    if (isUniqueViolation(error)) return subscribeOnce(ctx, input, now);
    throw error;
  }
}

async function subscribeOnce(
  ctx: NewsletterContext,
  input: NewsletterSubscribe,
  now: Date,
): Promise<SubscribeOutcome> {
  const mailQueued = await transaction(ctx.db, async (tx) => {
    const [existing] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, input.email))
      .for('update');

    const due = !(
      existing?.status === 'confirmed' ||
      (existing?.status === 'pending' &&
        existing.confirmationSentAt &&
        now.getTime() - existing.confirmationSentAt.getTime() < RESEND_AFTER_MS)
    );

    // The same statements run for every address, so the answer takes as long
    // for a known one as for a new one; when no mail is due they are undone.
    try {
      await transaction(tx, async (savepoint) => {
        const fields = {
          name: input.name ?? null,
          type: input.type,
          status: 'pending',
          // the link's token is issued when the mail is sent (newsletterMailRenderers)
          confirmTokenHash: null,
          confirmTokenExpiresAt: null,
          confirmationSentAt: now,
          confirmedAt: null,
          unsubscribedAt: null,
          updatedAt: now,
        };
        const [subscriber] = await savepoint
          .insert(newsletterSubscribers)
          .values({ email: input.email, createdAt: now, ...fields })
          .onConflictDoUpdate({ target: newsletterSubscribers.email, set: fields })
          .returning({ id: newsletterSubscribers.id });
        await savepoint.insert(newsletterConsents).values({
          subscriberId: subscriber!.id,
          textVersion: CONSENT_TEXT_VERSION,
          consentText: consentText(ctx.settings.shopName),
          givenAt: now,
        });
        await enqueueDeferredMail(savepoint, {
          to: input.email,
          kind: 'newsletter-confirm',
          params: { subscriberId: subscriber!.id },
        });
        if (!due) savepoint.rollback();
      });
    } catch (error) {
      if (!(error instanceof TransactionRollbackError)) throw error;
    }
    return due;
  });
  return { message: SUCCESS.newsletterSubscribe, mailQueued };
}

/** The personal unsubscribe link in a newsletter mail. */
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/newsletter/abmelden?token=${encodeURIComponent(token)}`;

/**
 * The confirmation mail and the newsletter mails, rendered when the outbox
 * sends them: their tokens are issued here and exist only in the mail
 * (docs/decisions/0004, 0023).
 */
export function newsletterMailRenderers(deps: {
  db: Database;
  settings: () => Promise<SiteSettings>;
  publicUrl: string;
}): Record<string, MailRenderer> {
  return {
    'newsletter-confirm': async (params, mail) => {
      if (typeof params.subscriberId !== 'string') return null;
      const subscriberId = params.subscriberId;
      const settings = await deps.settings();
      return deps.db.transaction(async (tx) => {
        const [subscriber] = await tx
          .select()
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.id, subscriberId))
          .for('update');
        if (!subscriber || subscriber.status !== 'pending') return null;
        const token = newToken();
        await tx
          .update(newsletterSubscribers)
          .set({
            confirmTokenHash: hashToken(token),
            confirmTokenExpiresAt: new Date(
              mail.now.getTime() + CONFIRM_VALID_DAYS * 24 * 60 * 60_000,
            ),
            updatedAt: mail.now,
          })
          .where(eq(newsletterSubscribers.id, subscriber.id));
        return {
          ...(await renderDraft(
            tx,
            newsletterConfirmationMail(settings, {
              name: subscriber.name ?? undefined,
              confirmUrl: `${deps.publicUrl}/newsletter/confirm?token=${token}`,
              validDays: CONFIRM_VALID_DAYS,
            }),
          )),
          secret: token,
        };
      });
    },
    'newsletter-issue': async (params, mail) => {
      const { issueId, subscriberId } = params;
      if (typeof issueId !== 'string' || typeof subscriberId !== 'string') return null;
      const settings = await deps.settings();
      return deps.db.transaction(async (tx) => {
        const [subscriber] = await tx
          .select()
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.id, subscriberId));
        const [issue] = await tx
          .select()
          .from(newsletterIssues)
          .where(eq(newsletterIssues.id, issueId));
        // unsubscribed (or removed) since the newsletter was sent: no mail
        if (!subscriber || subscriber.status !== 'confirmed' || !issue) return null;
        const token = newToken();
        await tx.insert(newsletterUnsubscribeLinks).values({
          tokenHash: hashToken(token),
          subscriberId: subscriber.id,
          createdAt: mail.now,
        });
        return {
          ...(await renderDraft(
            tx,
            newsletterIssueMail(settings, {
              subject: issue.subject,
              body: issue.body,
              name: subscriber.name,
              unsubscribeUrl: unsubscribeUrl(deps.publicUrl, token),
            }),
          )),
          secret: token,
        };
      });
    },
  };
}

/** Double opt-in, step 2: the link from the mail. Clicking it again is fine. */
export async function confirm(db: Database, token: string, now = clock.now()): Promise<string> {
  return db.transaction(async (tx) => {
    const [subscriber] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(
        and(
          eq(newsletterSubscribers.confirmTokenHash, hashToken(token)),
          gt(newsletterSubscribers.confirmTokenExpiresAt, now),
        ),
      )
      .for('update');
    if (!subscriber || subscriber.status === 'unsubscribed') {
      throw new InvalidError(SERVER.newsletterTokenInvalid);
    }
    if (subscriber.status === 'pending') {
      await tx
        .update(newsletterSubscribers)
        .set({ status: 'confirmed', confirmedAt: now, updatedAt: now })
        .where(eq(newsletterSubscribers.id, subscriber.id));
      await tx
        .update(newsletterConsents)
        .set({ confirmedAt: now })
        .where(eq(newsletterConsents.subscriberId, subscriber.id));
    }
    return SUCCESS.newsletterConfirmed;
  });
}
