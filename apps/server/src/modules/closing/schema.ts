// The closing module's table (docs/decisions/0033): the months the settlement has finalized. It
// is a module of its own, below both, so that the contracts module can ask whether a day lies in
// a settled month without importing the settlement module (which imports contracts).
import { clock } from '@housnkuh/shared/clock';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A month ('YYYY-MM') once finalized: contracts may no longer change on its days. */
export const closedMonths = pgTable('closed_months', {
  month: text('month').primaryKey(),
  closedAt: timestamp('closed_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => clock.now()),
});
