// The closing module's table (docs/decisions/0033): the months the settlement has finalized. It
// is a module of its own, below both, so that the contracts module can ask whether a day lies in
// a settled month without importing the settlement module (which imports contracts).
import { pgTable, text } from 'drizzle-orm/pg-core';
import { stampedAt } from '../../db/columns';

/** A month ('YYYY-MM') once finalized: contracts may no longer change on its days. */
export const closedMonths = pgTable('closed_months', {
  month: text('month').primaryKey(),
  closedAt: stampedAt('closed_at'),
});
