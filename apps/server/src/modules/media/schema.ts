// The media module's tables (only it writes them; docs/decisions/0013): pictures and their sizes.
import { customType, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, stampedAt, parentIdColumn } from '../../db/columns';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Pictures (vendor profile and banner); stored in the database so any instance can serve them. */
export const images = pgTable(
  'images',
  {
    id: idColumn(),
    vendorId: uuid('vendor_id'),
    /** profile | banner */
    kind: text('kind').notNull(),
    createdAt: stampedAt('created_at'),
  },
  (table) => [index('images_vendor_idx').on(table.vendorId)],
);

/** One WebP per width; the picture's id changes when it is replaced, so these never change. */
export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: parentIdColumn('image_id', () => images.id),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: bytea('data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.imageId, table.width] })],
);
