// The vendors module's table (only it writes it; docs/decisions/0013): the producers' records.
import { clock } from '@housnkuh/shared/clock';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { idColumn, stampedAt } from '../../db/columns';

/** Producers (Direktvermarkter): account, public profile and address. */
export const vendors = pgTable(
  'vendors',
  {
    id: idColumn(),
    email: text('email').notNull().unique(),
    /** argon2id; null for accounts that cannot log in (e.g. demo data). */
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    telefon: text('telefon'),
    unternehmen: text('unternehmen'),
    slogan: text('slogan'),
    beschreibung: text('beschreibung'),
    website: text('website'),
    strasse: text('strasse'),
    hausnummer: text('hausnummer'),
    plz: text('plz'),
    ort: text('ort'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** pending | ok | failed | manual */
    geocodeStatus: text('geocode_status').notNull().default('pending'),
    geocodeAttempts: integer('geocode_attempts').notNull().default(0),
    /** When the geocoding worker tries (again); null once settled. */
    nextGeocodeAt: timestamp('next_geocode_at', { withTimezone: true })
      .defaultNow()
      .$defaultFn(() => clock.now()),
    /** The e-mail address shown on the public profile (null: none shown). */
    publicEmail: text('public_email'),
    /** The producer agrees to be listed; an admin's release (isPublic) is needed as well. */
    profileVisible: boolean('profile_visible').notNull().default(true),
    /** Restock notices by mail: `single` (one mail each) or `daily` (one summary a day). */
    restockMail: text('restock_mail').notNull().default('single'),
    /** regelbesteuert | kleinunternehmer | pauschaliert (§ 24); null until the producer says. */
    taxStatus: text('tax_status'),
    steuernummer: text('steuernummer'),
    ustIdNr: text('ust_id_nr'),
    /** Compact (no spaces), check digits verified; for the payout. */
    iban: text('iban'),
    kontoinhaber: text('kontoinhaber'),
    bankChangedAt: timestamp('bank_changed_at', { withTimezone: true }),
    facebook: text('facebook'),
    instagram: text('instagram'),
    /** { montag: '8–12 Uhr', … } */
    oeffnungszeiten: jsonb('oeffnungszeiten').notNull().default({}),
    /** verified | pending | unverified, set by an admin */
    verifyStatus: text('verify_status').notNull().default('unverified'),
    /** Released for the public directory by an admin. */
    isPublic: boolean('is_public').notNull().default(false),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** Locked by an admin: no login, sessions ended; null while usable. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** When the last confirmation mail went out (re-sending is limited). */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    /** registration | preregistration | demo */
    registrationKind: text('registration_kind').notNull().default('registration'),
    comments: text('comments'),
    /** normalizeForSearch of name, company, description, town and tag names (search-index.ts). */
    searchText: text('search_text').notNull().default(''),
    /** Sort keys: the name and the company, normalised. */
    nameKey: text('name_key').notNull().default(''),
    companyKey: text('company_key').notNull().default(''),
    /**
     * Deletion with retention (docs/decisions/0092): when the producer asked for its account's
     * deletion (null: never, or withdrawn); when it was carried out (the profile gone, the row
     * kept with what the documents name); and the last day the tax law keeps it (31 December of
     * the year of its latest document + 10 years), after which the admin may remove it.
     */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    retainedUntil: date('retained_until', { mode: 'string' }),
    profileImageId: uuid('profile_image_id'),
    bannerImageId: uuid('banner_image_id'),
    createdAt: stampedAt('created_at'),
    updatedAt: stampedAt('updated_at'),
  },
  (table) => [
    index('vendors_public_idx').on(table.isPublic),
    // The directory's sort orders over the producers it may show (released, profile switched
    // on): a page of the many walks one of these and stops after the page (decision "directory
    // at 10,000").
    index('vendors_listed_name_idx')
      .on(table.nameKey, table.id)
      .where(sql`${table.isPublic} and ${table.profileVisible}`),
    index('vendors_listed_company_idx')
      .on(table.companyKey, table.nameKey, table.id)
      .where(sql`${table.isPublic} and ${table.profileVisible}`),
    index('vendors_listed_created_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.isPublic} and ${table.profileVisible}`),
    // The search's `search_text like '%word%'`: the producers holding the word's trigrams
    // (pg_trgm; migration 0033 creates the extension), then the LIKE checks each of them.
    // Without fastupdate: a change goes into the index at once instead of a pending list that
    // only a vacuum empties (the embedded database has no autovacuum; a long list made every
    // search slow and the planner skip the index).
    index('vendors_search_trgm_idx')
      .using('gin', table.searchText.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    index('vendors_geocode_idx').on(table.geocodeStatus, table.nextGeocodeAt),
  ],
);
