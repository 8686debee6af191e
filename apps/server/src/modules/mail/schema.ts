// The mail module's tables (only it writes them; docs/decisions/0013): the outbox and the
// admins' versions of the templates.
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { stampedAt } from '../../db/columns';

/**
 * Mail outbox: written in the same transaction as the change that causes the
 * mail; the outbox worker (outbox.ts, started by plugins/mail.ts) delivers it
 * (docs/decisions/0004).
 * status: pending → sending → sent, or back to pending with a later
 * next_attempt_at, or failed after the last attempt. A sending row whose lease
 * ran out goes back to pending (its attempt counted).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    /** Where answers go, e.g. the sender of a contact message. */
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** The template that produced it, e.g. 'newsletter-confirm'. */
    kind: text('kind').notNull(),
    /**
     * A mail with a link token is stored without it: kind and these
     * parameters; the worker issues the token and renders the mail when it
     * sends it, and keeps only a copy with the link removed.
     */
    params: jsonb('params'),
    /**
     * Attachments by reference (`[{ kind: 'document', id }]`), never a copy of the bytes: the
     * resolver registered for the kind gives the file when the mail is sent (docs/decisions/0034).
     */
    attachments: jsonb('attachments'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: stampedAt('next_attempt_at'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: stampedAt('created_at'),
  },
  (table) => [index('outbox_due_idx').on(table.status, table.nextAttemptAt)],
);

/**
 * An admin's version of a mail template (subject and body with placeholders);
 * without a row the code's default is used. Reset = delete the row.
 */
export const emailTemplates = pgTable('email_templates', {
  key: text('key').primaryKey(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: stampedAt('updated_at'),
});
