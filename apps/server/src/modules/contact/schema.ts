// The contact module's tables (only it writes them; docs/decisions/0013): messages and replies.
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { foreignId } from '../../db/foreign-key';
import { idColumn, stampedAt, parentIdColumn } from '../../db/columns';

/** Messages from the contact form: the admin's inbox (/admin/contacts). */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: idColumn(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** new (neu) | in_progress (in Bearbeitung) | done (erledigt) */
    status: text('status').notNull().default('new'),
    createdAt: stampedAt('created_at'),
    updatedAt: stampedAt('updated_at'),
  },
  (table) => [
    index('contact_requests_status_idx').on(table.status, table.createdAt),
    index('contact_requests_email_idx').on(table.email, table.createdAt),
  ],
);

/** Replies to contact messages, sent through the outbox and kept with the message. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: idColumn(),
    contactRequestId: parentIdColumn('contact_request_id', () => contactRequests.id),
    adminId: uuid('admin_id').references(() => foreignId('admins'), { onDelete: 'set null' }),
    adminName: text('admin_name').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: stampedAt('created_at'),
  },
  (table) => [index('contact_replies_request_idx').on(table.contactRequestId, table.createdAt)],
);
