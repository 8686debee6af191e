// The bookings module's table (only it writes it; docs/decisions/0013): booking requests.
import { clock } from '@housnkuh/shared/clock';
import type { PricedSelection } from '@housnkuh/shared/pricing';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { foreignId } from '../../db/foreign-key';

/**
 * A vendor's request for sales space: pending → approved | rejected | cancelled.
 * The package is stored as the server priced it from the catalog.
 */
export const bookingRequests = pgTable(
  'booking_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => foreignId('vendors'), { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    /** registration | preregistration | additional */
    origin: text('origin').notNull(),
    provisionType: text('provision_type').notNull(),
    rentalDuration: integer('rental_duration').notNull(),
    monthlyPriceCents: integer('monthly_price_cents').notNull(),
    packageData: jsonb('package_data').$type<PricedSelection>().notNull(),
    comments: text('comments'),
    cancelReason: text('cancel_reason'),
    rejectionReason: text('rejection_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
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
    index('booking_requests_vendor_idx').on(table.vendorId, table.createdAt),
    index('booking_requests_status_idx').on(table.status),
  ],
);
