// The directory module's tables (only it writes them; docs/decisions/0013): the tags and which
// producer carries which.
import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { idColumn, vendorIdColumn, stampedAt, parentIdColumn } from '../../db/columns';

/** Product tags: the 14 categories of the map filter, and any an admin adds. */
export const tags = pgTable('tags', {
  id: idColumn(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  icon: text('icon'),
  color: text('color'),
  description: text('description'),
  category: text('category').notNull().default('product'),
  createdAt: stampedAt('created_at'),
});

export const vendorTags = pgTable(
  'vendor_tags',
  {
    vendorId: vendorIdColumn(),
    tagId: parentIdColumn('tag_id', () => tags.id),
  },
  (table) => [
    primaryKey({ columns: [table.vendorId, table.tagId] }),
    index('vendor_tags_tag_idx').on(table.tagId),
  ],
);
