import { clock } from '@housnkuh/shared/clock';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Messages from the contact form: the admin's inbox (/admin/contacts). */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** new (neu) | in_progress (in Bearbeitung) | done (erledigt) */
    status: text('status').notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
  },
  (table) => [
    index('contact_requests_status_idx').on(table.status, table.createdAt),
    index('contact_requests_email_idx').on(table.email, table.createdAt),
  ],
);
