// The content module's tables (only it writes them; docs/decisions/0013): settings and FAQs.
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, stampedAt } from '../../db/columns';

/** Site settings as key and JSON value (see @housnkuh/shared/schemas/settings). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  /** JSON; SQL NULL stands for a JSON null (e.g. no opening date yet). */
  value: jsonb('value'),
  updatedAt: stampedAt('updated_at'),
});

export const faqs = pgTable(
  'faqs',
  {
    id: idColumn(),
    /** Stable key of the initial data, null for FAQs an admin wrote. */
    seedKey: text('seed_key').unique(),
    category: text('category').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    keywords: text('keywords').array().notNull().default([]),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: stampedAt('created_at'),
    updatedAt: stampedAt('updated_at'),
  },
  (table) => [index('faqs_active_order_idx').on(table.isActive, table.sortOrder)],
);
