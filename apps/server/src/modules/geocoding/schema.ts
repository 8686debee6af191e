// The geocoding module's table (only it writes it; docs/decisions/0013): the geocoder's answers.
import { clock } from '@housnkuh/shared/clock';
import { boolean, doublePrecision, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Answers of the geocoding service per normalised address (also "not found"). */
export const geocodeCache = pgTable('geocode_cache', {
  addressKey: text('address_key').primaryKey(),
  found: boolean('found').notNull(),
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  fetchedAt: timestamp('fetched_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => clock.now()),
});
