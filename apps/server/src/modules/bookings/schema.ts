// The bookings module's table (only it writes it; docs/decisions/0013): booking requests.
import type { PricedSelection } from '@housnkuh/shared/pricing';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { foreignId } from '../../db/foreign-key';
import { idColumn, vendorIdColumn, stampedAt, parentIdColumn } from '../../db/columns';

/**
 * A vendor's request for sales space: pending → approved | rejected | cancelled.
 * The package is stored as the server priced it from the catalog.
 */
export const bookingRequests = pgTable(
  'booking_requests',
  {
    id: idColumn(),
    vendorId: vendorIdColumn(),
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
    createdAt: stampedAt('created_at'),
    updatedAt: stampedAt('updated_at'),
  },
  (table) => [
    index('booking_requests_vendor_idx').on(table.vendorId, table.createdAt),
    index('booking_requests_status_idx').on(table.status),
  ],
);

/**
 * The waiting list (docs/decisions/0074): a pending request that asked for a type with too few
 * free units. Its place is `position` (lower first); it is on the list while it waits or holds an
 * offer; it leaves when the request is decided, withdrawn, removed by the admin (with a reason),
 * or its offer is declined or lapses.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: idColumn(),
    bookingRequestId: parentIdColumn('booking_request_id', () => bookingRequests.id),
    position: integer('position').generatedByDefaultAsIdentity().notNull(),
    /** waiting | offered | accepted | removed | declined | lapsed | closed */
    status: text('status').notNull().default('waiting'),
    removedReason: text('removed_reason'),
    createdAt: stampedAt('created_at'),
    updatedAt: stampedAt('updated_at'),
  },
  (table) => [
    uniqueIndex('waitlist_entries_booking_idx').on(table.bookingRequestId),
    index('waitlist_entries_open_idx')
      .on(table.position)
      .where(sql`status in ('waiting', 'offered', 'accepted')`),
  ],
);

/**
 * An offer to the first on the list: valid through `valid_until` (a Berlin day), reached by the
 * link in its mail (only the token's hash is stored, issued when the mail is sent).
 * open → accepted (a pending request for the admin) | declined | lapsed | withdrawn; accepted → done.
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: idColumn(),
    entryId: parentIdColumn('entry_id', () => waitlistEntries.id),
    bookingRequestId: parentIdColumn('booking_request_id', () => bookingRequests.id),
    status: text('status').notNull().default('open'),
    offeredOn: date('offered_on').notNull(),
    validUntil: date('valid_until').notNull(),
    tokenHash: text('token_hash').unique(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: stampedAt('created_at'),
  },
  (table) => [index('waitlist_offers_entry_idx').on(table.entryId)],
);

/**
 * The units an offer reserves. One unit is reserved by one offer at a time: the partial unique
 * index is the last word when two runs would reserve it at once (docs/decisions/0074).
 */
export const waitlistOfferUnits = pgTable(
  'waitlist_offer_units',
  {
    offerId: parentIdColumn('offer_id', () => waitlistOffers.id),
    rentalUnitId: parentIdColumn('rental_unit_id', () => foreignId('rental_units')),
    optionId: text('option_id').notNull(),
    unitName: text('unit_name').notNull(),
    released: boolean('released').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.offerId, table.rentalUnitId] }),
    uniqueIndex('waitlist_offer_units_reserved_idx')
      .on(table.rentalUnitId)
      .where(sql`released = false`),
  ],
);
