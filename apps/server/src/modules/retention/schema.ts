// The retention module's table (only it writes it; docs/decisions/0013 and 0092).
import { date, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, stampedAt } from '../../db/columns';

/**
 * What was removed of a producer, when and by whom: a producer deleted without anything to keep,
 * or the retained records removed by an admin after the retention period. No foreign key: the
 * producer is gone, this record stays (it names the producer only by its former id).
 */
export const vendorRemovals = pgTable('vendor_removals', {
  id: idColumn(),
  vendorId: uuid('vendor_id').notNull(),
  /** `immediate`: nothing to retain, removed with the deletion; `after-retention`: by an admin. */
  kind: text('kind').notNull(),
  /** The retention's last day that had passed (null for `immediate`). */
  retainedUntil: date('retained_until', { mode: 'string' }),
  /** Rows removed per kind of record, e.g. { documents: 4, salesLines: 12 }. */
  rows: jsonb('rows').$type<Record<string, number>>().notNull(),
  /** Who removed it: the admin's name, or "Direktvermarkter (eigene Löschung)". */
  removedBy: text('removed_by').notNull(),
  removedById: uuid('removed_by_id'),
  removedAt: stampedAt('removed_at'),
});
