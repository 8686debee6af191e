import { and, count, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newsletterConsents, newsletterSubscribers } from './schema';

/**
 * Deletes sign-ups never confirmed: those whose link expired before
 * `expiredBefore`, and those whose link was never mailed (e.g. the mail
 * failed for good) last changed before `unmailedBefore`. Answers how many.
 */
export async function deleteUnconfirmedSubscribers(
  db: Executor,
  expiredBefore: Date,
  unmailedBefore: Date,
): Promise<number> {
  const deleted = await db
    .delete(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.status, 'pending'),
        or(
          lt(newsletterSubscribers.confirmTokenExpiresAt, expiredBefore),
          and(
            isNull(newsletterSubscribers.confirmTokenExpiresAt),
            lt(newsletterSubscribers.updatedAt, unmailedBefore),
          ),
        ),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return deleted.length;
}

/** A subscriber of the past as it stands (addPastSubscribers). */
export interface PastSubscriber {
  email: string;
  name: string | null;
  /** customer | vendor */
  type: string;
  /** pending | confirmed */
  status: string;
  confirmedAt: Date | null;
  at: Date;
}

/**
 * Many subscribers of the past at once, without links, consents or mails (the bench's thousands
 * of subscribers): one INSERT per 1,000.
 */
export async function addPastSubscribers(
  db: Executor,
  subscribers: readonly PastSubscriber[],
): Promise<void> {
  for (let start = 0; start < subscribers.length; start += 1000) {
    await db.insert(newsletterSubscribers).values(
      subscribers.slice(start, start + 1000).map(({ at, ...subscriber }) => ({
        ...subscriber,
        createdAt: at,
      })),
    );
  }
}

/** When the address's running subscription (not ended) was confirmed, if there is one. */
export async function subscriptionOf(
  db: Executor,
  email: string,
): Promise<{ confirmedAt: Date | null } | undefined> {
  const [subscription] = await db
    .select({ confirmedAt: newsletterSubscribers.confirmedAt })
    .from(newsletterSubscribers)
    .where(
      and(eq(newsletterSubscribers.email, email), isNull(newsletterSubscribers.unsubscribedAt)),
    );
  return subscription;
}

/** Everything kept about an address's subscriptions, each with its consents (a data export). */
export async function subscriptionRecordsOf(db: Executor, email: string) {
  const subscribers = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  const consents = subscribers.length
    ? await db
        .select()
        .from(newsletterConsents)
        .where(
          inArray(
            newsletterConsents.subscriberId,
            subscribers.map((s) => s.id),
          ),
        )
    : [];
  return subscribers.map((subscriber) => ({
    ...subscriber,
    consents: consents.filter((consent) => consent.subscriberId === subscriber.id),
  }));
}

/** Subscribers by status and, once confirmed, by audience (the admin's dashboard). */
export async function countSubscribers(
  db: Executor,
  filter: { status: 'pending' } | { status: 'confirmed'; type: 'customer' | 'vendor' },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(newsletterSubscribers)
    .where(
      'type' in filter
        ? and(
            eq(newsletterSubscribers.status, filter.status),
            eq(newsletterSubscribers.type, filter.type),
          )
        : eq(newsletterSubscribers.status, filter.status),
    );
  return row?.n ?? 0;
}
