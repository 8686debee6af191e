// The documents module's table (only it writes it; docs/decisions/0013, 0034): the shop's
// invoices, the sales statements and their cancellations as issued. A row never changes and is
// never deleted; the database refuses it (triggers of migration documents_immutable). The one
// change allowed: storing the PDF and its SHA-256 once, after the numbering transaction.
import type { DocumentParties } from '@housnkuh/shared/schemas/documents';
import type { Settlement } from '@housnkuh/shared/settlement';
import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { foreignId } from '../../db/foreign-key';
import { idColumn, stampedAt } from '../../db/columns';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const documents = pgTable(
  'documents',
  {
    id: idColumn(),
    /** rechnung | verkaufsabrechnung | storno */
    type: text('type').notNull(),
    /** RE-2026-00001, VA-2026-00001, ST-2026-00001 */
    number: text('number').notNull().unique(),
    /** The year of the number (the issue day's year). */
    year: integer('year').notNull(),
    /** The settled month, 'YYYY-MM' (a storno: the original's). */
    month: text('month').notNull(),
    /** Never cascade: a producer with documents stays. */
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => foreignId('vendors'), { onDelete: 'restrict' }),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    totalGrossCents: bigint('total_gross_cents', { mode: 'number' }).notNull(),
    /** A statement: its invoice; a storno: the cancelled document. */
    refersToId: uuid('refers_to_id').references((): AnyPgColumn => documents.id, {
      onDelete: 'restrict',
    }),
    /** A storno's reason. */
    reason: text('reason'),
    /**
     * The Settlement figures the document shows (a storno: the original's, negated). `json`, not
     * `jsonb`: stored and read whole, never queried inside, and a month's documents carry every
     * sales line (docs/decisions/0086).
     */
    content: json('content').$type<Settlement>().notNull(),
    /** Both parties as issued ({ shop, producer }). */
    parties: jsonb('parties').$type<DocumentParties>().notNull(),
    pdf: bytea('pdf'),
    /** SHA-256 (hex) of pdf. */
    sha256: text('sha256'),
    createdAt: stampedAt('created_at'),
  },
  (table) => [
    index('documents_vendor_idx').on(table.vendorId, table.month),
    index('documents_issued_idx').on(table.issuedOn),
    index('documents_refers_idx').on(table.refersToId),
    // a document is cancelled once
    uniqueIndex('documents_one_storno_idx')
      .on(table.refersToId)
      .where(sql`${table.type} = 'storno'`),
  ],
);
