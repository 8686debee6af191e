import { clock } from '@housnkuh/shared/clock';
import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { foreignId } from './foreign-key';

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

/** A row's own id: a random UUID. */
export function idColumn() {
  return uuid('id').primaryKey().defaultRandom();
}

/** The row a row belongs to, by its `id` (`parent`); the row goes when that row goes. */
export function parentIdColumn(name: string, parent: () => AnyPgColumn) {
  return uuid(name).notNull().references(parent, { onDelete: 'cascade' });
}

/** The producer a row belongs to; the row goes when the producer's account goes. */
export function vendorIdColumn() {
  return parentIdColumn('vendor_id', () => foreignId('vendors'));
}
