// The contest module's tables (only it writes them; docs/decisions/0013): entries and draws.
import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { foreignId } from '../../db/foreign-key';
import { idColumn, stampedAt } from '../../db/columns';

/** Entries of the guessing contest (/vendors): one per e-mail address. */
export const contestEntries = pgTable('contest_entries', {
  id: idColumn(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  phone: text('phone'),
  /** The three producers the participant guessed. */
  guesses: text('guesses').array().notNull(),
  createdAt: stampedAt('created_at'),
});

/** A recorded draw of the contest: the right answers and the winner among the best. */
export const contestDraws = pgTable('contest_draws', {
  id: idColumn(),
  answers: text('answers').array().notNull(),
  bestScore: integer('best_score').notNull(),
  /** How many entries had the best score. */
  candidateCount: integer('candidate_count').notNull(),
  winnerEntryId: uuid('winner_entry_id').references(() => contestEntries.id, {
    onDelete: 'set null',
  }),
  winnerName: text('winner_name').notNull(),
  adminId: uuid('admin_id').references(() => foreignId('admins'), { onDelete: 'set null' }),
  adminName: text('admin_name').notNull(),
  createdAt: stampedAt('created_at'),
});
