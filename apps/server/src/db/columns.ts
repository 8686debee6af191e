import { clock } from '@housnkuh/shared/clock';
import { timestamp } from 'drizzle-orm/pg-core';

/**
 * A point in time a row gets when it is written without one (created, updated, recorded …): the
 * shop's clock, which tests can set (the SQL default `now()` for rows written by SQL alone).
 */
export function stampedAt(name: string) {
  return timestamp(name, { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => clock.now());
}
