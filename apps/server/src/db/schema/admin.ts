import { clock } from '@housnkuh/shared/clock';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { contactRequests } from './contact';
import { contestEntries } from './contest';

/**
 * The shop's operators. The first is created at /admin/setup with the setup
 * code (or by `cli admin create`); admins create further admins. Sessions are
 * rows of `sessions` with kind 'admin' (8 hours).
 */
export const admins = pgTable('admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Lower case, unique; what the admin types to log in. */
  username: text('username').notNull().unique(),
  name: text('name').notNull(),
  /** argon2id */
  passwordHash: text('password_hash').notNull(),
  /** Deactivated admins cannot log in; the last active admin cannot be deactivated. */
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => clock.now()),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => clock.now()),
});

/**
 * Every change an admin makes: who, when, what, and the record before and
 * after (PRODUCT.md "Admin area"). Rows are never changed.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null once the admin is gone; the name stays. */
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    adminName: text('admin_name').notNull(),
    /** e.g. 'settings.update', 'faq.delete', 'vendor.lock' */
    action: text('action').notNull(),
    /** e.g. 'faq', 'vendor', 'settings' */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    /** A short German description for the list, e.g. 'FAQ „Wann hat der Laden geöffnet?“ geändert'. */
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
  },
  (table) => [
    index('admin_audit_created_idx').on(table.createdAt),
    index('admin_audit_entity_idx').on(table.entity, table.entityId),
  ],
);

/** Replies to contact messages, sent through the outbox and kept with the message. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactRequestId: uuid('contact_request_id')
      .notNull()
      .references(() => contactRequests.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    adminName: text('admin_name').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
  },
  (table) => [index('contact_replies_request_idx').on(table.contactRequestId, table.createdAt)],
);

/** A recorded draw of the contest: the right answers and the winner among the best. */
export const contestDraws = pgTable('contest_draws', {
  id: uuid('id').primaryKey().defaultRandom(),
  answers: text('answers').array().notNull(),
  bestScore: integer('best_score').notNull(),
  /** How many entries had the best score. */
  candidateCount: integer('candidate_count').notNull(),
  winnerEntryId: uuid('winner_entry_id').references(() => contestEntries.id, {
    onDelete: 'set null',
  }),
  winnerName: text('winner_name').notNull(),
  adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
  adminName: text('admin_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => clock.now()),
});

/** Newsletters an admin sent: one outbox mail per confirmed subscriber of the audience. */
export const newsletterIssues = pgTable('newsletter_issues', {
  id: uuid('id').primaryKey().defaultRandom(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  /** customer | vendor | all */
  audience: text('audience').notNull(),
  recipientCount: integer('recipient_count').notNull(),
  adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
  adminName: text('admin_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => clock.now()),
});

/**
 * An admin's version of a mail template (subject and body with placeholders);
 * without a row the code's default is used. Reset = delete the row.
 */
export const emailTemplates = pgTable('email_templates', {
  key: text('key').primaryKey(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => clock.now()),
});
