import { clock } from '@housnkuh/shared/clock';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Entries of the guessing contest (/vendors): one per e-mail address. */
export const contestEntries = pgTable('contest_entries', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  phone: text('phone'),
  /** The three producers the participant guessed. */
  guesses: text('guesses').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => clock.now()),
});
