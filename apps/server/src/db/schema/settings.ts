import { clock } from '@housnkuh/shared/clock';
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Site settings as key and JSON value (see @housnkuh/shared/schemas/settings). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  /** JSON; SQL NULL stands for a JSON null (e.g. no opening date yet). */
  value: jsonb('value'),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => clock.now()),
});
