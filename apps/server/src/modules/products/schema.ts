// The products module's table (only it writes it; docs/decisions/0013): the producers' articles
// with their EAN-13, as the till sells them and the labels print them (PRODUCT.md "Money").
import { clock } from '@housnkuh/shared/clock';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { foreignId } from '../../db/foreign-key';

/** A producer's article. Never deleted once a sale names it: deactivated instead. */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => foreignId('vendors'), { onDelete: 'cascade' }),
    name: text('name').notNull(),
    beschreibung: text('beschreibung'),
    /** Gross price per selling unit, in cents. */
    priceCents: integer('price_cents').notNull(),
    /** One of SELLING_UNITS (packages/shared/src/products.ts). */
    unit: text('unit').notNull(),
    /** The content in thousandths of its measure (250 g = 250000), for the base price. */
    contentThousandths: integer('content_thousandths'),
    /** g | kg | ml | l */
    contentMeasure: text('content_measure'),
    /** In basis points (7,8 % = 780), one of the rates of the producer's tax status. */
    vatRateBp: integer('vat_rate_bp').notNull(),
    /** EAN-13: the producer's GTIN or an in-store number (prefix 20); unique, never reused. */
    ean: text('ean').notNull().unique(),
    /** The shop assigned the number (prefix 20, counter ean-instore in number_series). */
    eanInStore: boolean('ean_in_store').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The deposit (Pfand) the product carries, if any: the EAN the till rings it up with and its
     * gross amount. A line of that EAN right after the product on a receipt is the same
     * producer's sale (PRODUCT.md; docs/decisions/0046).
     */
    depositEan: text('deposit_ean'),
    depositCents: integer('deposit_cents'),
    /** normalizeForSearch of name and EAN, for the lists' search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
  },
  (table) => [
    index('products_vendor_idx').on(table.vendorId, table.name),
    index('products_active_idx').on(table.isActive),
    index('products_deposit_ean_idx').on(table.depositEan),
  ],
);
