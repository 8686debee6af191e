// Infrastructure no single module owns: leases of background work shared by several instances
// on one PostgreSQL (docs/decisions/0050). Its one writer is lib/leases.ts.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A lease on a piece of background work, by name ('cleanup', 'geocoding', 'pdf:<document id>'):
 * the instance that claimed it (`holder`, a random id per process) does the work until `until`;
 * another instance claims it only once that has passed (the holder died or the period is over).
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});
