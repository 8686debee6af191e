// The geocoding module's table (only it writes it; docs/decisions/0013): the geocoder's answers.
import { boolean, doublePrecision, pgTable, text } from 'drizzle-orm/pg-core';
import { stampedAt } from '../../db/columns';

/** Answers of the geocoding service per normalised address (also "not found"). */
export const geocodeCache = pgTable('geocode_cache', {
  addressKey: text('address_key').primaryKey(),
  found: boolean('found').notNull(),
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  fetchedAt: stampedAt('fetched_at'),
});
