import { clock } from '@housnkuh/shared/clock';
import { SUCCESS } from '@housnkuh/shared/messages';
import type { Contact } from '@housnkuh/shared/schemas/contact';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { and, count, eq, gt } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { contactRequests } from './schema';
import { transaction } from '../../db/transaction';
import { enqueueMail } from '../mail/public';
import { CONFIRMATIONS_PER_HOUR, contactConfirmationMail, contactNotificationMail } from './mails';

/**
 * Stores the message for the admin inbox and, in the same transaction, queues
 * the notification to the shop and the confirmation to the sender.
 */
export async function submitContact(
  db: Database,
  settings: SiteSettings,
  input: Contact,
  now = clock.now(),
): Promise<{ message: string }> {
  await transaction(db, async (tx) => {
    const [recent] = await tx
      .select({ n: count() })
      .from(contactRequests)
      .where(
        and(
          eq(contactRequests.email, input.email),
          gt(contactRequests.createdAt, new Date(now.getTime() - 60 * 60_000)),
        ),
      );
    await tx.insert(contactRequests).values({
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      subject: input.subject,
      message: input.message,
      createdAt: now,
      updatedAt: now,
    });
    await enqueueMail(tx, {
      to: settings.email,
      replyTo: input.email,
      kind: 'contact-notification',
      ...contactNotificationMail(settings, input),
    });
    if ((recent?.n ?? 0) < CONFIRMATIONS_PER_HOUR) {
      await enqueueMail(tx, {
        to: input.email,
        kind: 'contact-confirmation',
        ...contactConfirmationMail(settings, { name: input.name }),
      });
    }
  });
  return { message: SUCCESS.contact };
}

/** A message of the past as it stands (addPastContactRequests). */
export interface PastContactRequest {
  name: string;
  email: string;
  subject: string;
  message: string;
  /** new | in_progress | done */
  status: string;
  at: Date;
}

/**
 * Many messages of the past at once, without mails (the bench's thousands of messages): one
 * INSERT per 1,000.
 */
export async function addPastContactRequests(
  db: Executor,
  requests: readonly PastContactRequest[],
): Promise<void> {
  for (let start = 0; start < requests.length; start += 1000) {
    await db.insert(contactRequests).values(
      requests.slice(start, start + 1000).map(({ at, ...request }) => ({
        ...request,
        createdAt: at,
        updatedAt: at,
      })),
    );
  }
}

/** Every message sent from this address, as stored (its sender's data export). */
export async function contactRequestsFrom(db: Executor, email: string) {
  return db.select().from(contactRequests).where(eq(contactRequests.email, email));
}

/** How many messages nobody has looked at yet (the admin's dashboard). */
export async function countNewContactRequests(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contactRequests)
    .where(eq(contactRequests.status, 'new'));
  return row?.n ?? 0;
}
