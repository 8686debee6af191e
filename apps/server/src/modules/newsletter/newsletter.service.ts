import { SERVER, SUCCESS } from '@housnkuh/shared/messages';
import type { NewsletterSubscribe } from '@housnkuh/shared/schemas/newsletter';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { newsletterConsents, newsletterSubscribers } from '../../db/schema/newsletter';
import { enqueueMail } from '../../mail/outbox';
import { newsletterConfirmationMail } from '../../mail/templates';
import { hashToken, newToken } from '../../lib/tokens';
import { HttpError } from '../../plugins/errors';
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
  now = new Date(),
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
  const mailQueued = await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, input.email))
      .for('update');

    if (existing?.status === 'confirmed') return false;
    if (
      existing?.status === 'pending' &&
      existing.confirmationSentAt &&
      now.getTime() - existing.confirmationSentAt.getTime() < RESEND_AFTER_MS
    ) {
      return false;
    }

    const token = newToken();
    const fields = {
      name: input.name ?? null,
      type: input.type,
      status: 'pending',
      confirmTokenHash: hashToken(token),
      confirmTokenExpiresAt: new Date(now.getTime() + CONFIRM_VALID_DAYS * 24 * 60 * 60_000),
      confirmationSentAt: now,
      confirmedAt: null,
      unsubscribedAt: null,
      updatedAt: now,
    };
    let subscriberId: string;
    if (existing) {
      await tx
        .update(newsletterSubscribers)
        .set(fields)
        .where(eq(newsletterSubscribers.id, existing.id));
      subscriberId = existing.id;
    } else {
      const [created] = await tx
        .insert(newsletterSubscribers)
        .values({ email: input.email, unsubscribeToken: newToken(), createdAt: now, ...fields })
        .returning({ id: newsletterSubscribers.id });
      subscriberId = created!.id;
    }
    await tx.insert(newsletterConsents).values({
      subscriberId,
      textVersion: CONSENT_TEXT_VERSION,
      consentText: consentText(ctx.settings.shopName),
      givenAt: now,
    });
    const mail = newsletterConfirmationMail(ctx.settings, {
      name: input.name,
      confirmUrl: `${ctx.publicUrl}/newsletter/confirm?token=${token}`,
      validDays: CONFIRM_VALID_DAYS,
    });
    await enqueueMail(tx, { to: input.email, kind: 'newsletter-confirm', ...mail });
    return true;
  });
  return { message: SUCCESS.newsletterSubscribe, mailQueued };
}

/** Double opt-in, step 2: the link from the mail. Clicking it again is fine. */
export async function confirm(db: Database, token: string, now = new Date()): Promise<string> {
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
      throw new HttpError(400, SERVER.newsletterTokenInvalid);
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
