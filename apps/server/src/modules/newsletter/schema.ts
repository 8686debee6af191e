// The newsletter module's tables (only it writes them; docs/decisions/0013): subscribers,
// their consents and the issues sent.
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { foreignId } from '../../db/foreign-key';
import { idColumn, stampedAt, parentIdColumn } from '../../db/columns';

/** pending (not yet confirmed) → confirmed → unsubscribed */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: idColumn(),
    email: text('email').notNull().unique(),
    name: text('name'),
    /** customer | vendor */
    type: text('type').notNull(),
    status: text('status').notNull().default('pending'),
    /** SHA-256 of the confirmation token; the token itself is only in the mail. */
    confirmTokenHash: text('confirm_token_hash').unique(),
    confirmTokenExpiresAt: timestamp('confirm_token_expires_at', { withTimezone: true }),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: stampedAt('created_at'),
    updatedAt: stampedAt('updated_at'),
  },
  (table) => [index('newsletter_status_idx').on(table.status)],
);

/**
 * The unsubscribe links mailed to a subscriber, as SHA-256 of their tokens:
 * each newsletter mail gets its own token when the outbox sends it, and every
 * link mailed stays good until the subscriber is deleted (docs/decisions/0023).
 */
export const newsletterUnsubscribeLinks = pgTable(
  'newsletter_unsubscribe_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    subscriberId: parentIdColumn('subscriber_id', () => newsletterSubscribers.id),
    createdAt: stampedAt('created_at'),
  },
  (table) => [index('newsletter_unsubscribe_links_subscriber_idx').on(table.subscriberId)],
);

/** Proof of consent (Art. 7 (1) GDPR): what was agreed to, when, and when it was confirmed. */
export const newsletterConsents = pgTable('newsletter_consents', {
  id: idColumn(),
  subscriberId: parentIdColumn('subscriber_id', () => newsletterSubscribers.id),
  textVersion: text('text_version').notNull(),
  consentText: text('consent_text').notNull(),
  givenAt: stampedAt('given_at'),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
});

/** Newsletters an admin sent: one outbox mail per confirmed subscriber of the audience. */
export const newsletterIssues = pgTable('newsletter_issues', {
  id: idColumn(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  /** customer | vendor | all */
  audience: text('audience').notNull(),
  recipientCount: integer('recipient_count').notNull(),
  adminId: uuid('admin_id').references(() => foreignId('admins'), { onDelete: 'set null' }),
  adminName: text('admin_name').notNull(),
  createdAt: stampedAt('created_at'),
});
