import { clock } from '@housnkuh/shared/clock';
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Product tags: the 14 categories of the map filter, and any an admin adds. */
export const tags = pgTable('tags', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  icon: text('icon'),
  color: text('color'),
  description: text('description'),
  category: text('category').notNull().default('product'),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => clock.now()),
});

/** Producers (Direktvermarkter): account, public profile and address. */
export const vendors = pgTable(
  'vendors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    /** kleinunternehmer | regelbesteuert; null until the producer says (PRODUCT.md "Money"). */
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
    /** normalizeForSearch of name, company, description, town and tag names (see directory.service). */
    searchText: text('search_text').notNull().default(''),
    /** Sort keys: the name and the company, normalised. */
    nameKey: text('name_key').notNull().default(''),
    companyKey: text('company_key').notNull().default(''),
    profileImageId: uuid('profile_image_id'),
    bannerImageId: uuid('banner_image_id'),
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
    index('vendors_public_idx').on(table.isPublic),
    index('vendors_public_name_idx').on(table.isPublic, table.nameKey),
    index('vendors_public_company_idx').on(table.isPublic, table.companyKey),
    index('vendors_public_created_idx').on(table.isPublic, table.createdAt),
    index('vendors_geocode_idx').on(table.geocodeStatus, table.nextGeocodeAt),
  ],
);

export const vendorTags = pgTable(
  'vendor_tags',
  {
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.vendorId, table.tagId] }),
    index('vendor_tags_tag_idx').on(table.tagId),
  ],
);

/** Rental units (Mietfächer) of the shop floor. */
export const rentalUnits = pgTable('rental_units', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  /** The catalog option the unit is sold as, e.g. 'block-a'. */
  optionId: text('option_id').notNull(),
  beschreibung: text('beschreibung'),
  standort: text('standort'),
  groesse: text('groesse'),
  priceCents: integer('price_cents').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => clock.now()),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => clock.now()),
});

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
      .references(() => vendors.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    /** registration | preregistration | additional */
    origin: text('origin').notNull(),
    provisionType: text('provision_type').notNull(),
    rentalDuration: integer('rental_duration').notNull(),
    monthlyPriceCents: integer('monthly_price_cents').notNull(),
    /** PricedSelection of @housnkuh/shared/pricing */
    packageData: jsonb('package_data').notNull(),
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

/** Contracts: scheduled → active → ended | terminated (PRODUCT.md "Vendor lifecycle"). */
export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    /** The request this contract was made from (none for contracts entered by hand). */
    bookingRequestId: uuid('booking_request_id').references(() => bookingRequests.id, {
      onDelete: 'set null',
    }),
    /** V-2026-0001: per year without gaps (number_series). */
    number: text('number').unique(),
    status: text('status').notNull(),
    provisionType: text('provision_type').notNull(),
    rentalDuration: integer('rental_duration').notNull(),
    monthlyPriceCents: integer('monthly_price_cents').notNull(),
    startDate: date('start_date').notNull(),
    /** The last day of the contract, once a termination is recorded. */
    endDate: date('end_date'),
    /** vendor | shop | extraordinary: who ended it, and how. */
    terminationKind: text('termination_kind'),
    terminationReason: text('termination_reason'),
    /** The day the notice was given (the earliest end is computed from it). */
    noticeGivenOn: date('notice_given_on'),
    /** The package as priced on the server when it was booked. */
    packageSnapshot: jsonb('package_snapshot').notNull(),
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
    index('contracts_vendor_idx').on(table.vendorId),
    index('contracts_status_idx').on(table.status),
  ],
);

export const contractUnits = pgTable(
  'contract_units',
  {
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    rentalUnitId: uuid('rental_unit_id')
      .notNull()
      .references(() => rentalUnits.id, { onDelete: 'restrict' }),
    priceCents: integer('price_cents').notNull(),
    /** The days the contract holds the unit: from, and to (null: open-ended). */
    fromDate: date('from_date').notNull(),
    toDate: date('to_date'),
  },
  (table) => [
    primaryKey({ columns: [table.contractId, table.rentalUnitId] }),
    index('contract_units_unit_idx').on(table.rentalUnitId),
  ],
);

/**
 * The terms of a contract from a day on: model, units with their prices, extra
 * services and the monthly price. The first version starts with the contract;
 * a change from a later day adds one, the earlier ones stay (the settlement
 * of a month takes, for each day, the version valid on it).
 */
export const contractVersions = pgTable(
  'contract_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    validFrom: date('valid_from').notNull(),
    /** basic | premium */
    provisionType: text('provision_type').notNull(),
    monthlyPriceCents: integer('monthly_price_cents').notNull(),
    /** { lagerservice, versandservice } */
    zusatzleistungen: jsonb('zusatzleistungen').notNull(),
    /** [{ id, name, optionId, priceCents }] */
    units: jsonb('units').notNull(),
    reason: text('reason'),
    actorName: text('actor_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
  },
  (table) => [index('contract_versions_contract_idx').on(table.contractId, table.validFrom)],
);

/** Lagerservice: goods the shop stores for a producer, as they arrive (per producer). */
export const goodsIn = pgTable(
  'goods_in',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    what: text('what').notNull(),
    quantity: text('quantity').notNull(),
    storedAt: text('stored_at'),
    actorName: text('actor_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
  },
  (table) => [index('goods_in_vendor_idx').on(table.vendorId, table.day)],
);

/** What happened to a contract, by whom: its history (created, terminated, changed, …). */
export const contractEvents = pgTable(
  'contract_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    summary: text('summary').notNull(),
    /** The admin's name, 'Direktvermarkter' or 'System'. */
    actorName: text('actor_name').notNull(),
    data: jsonb('data'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
  },
  (table) => [index('contract_events_contract_idx').on(table.contractId, table.createdAt)],
);

/** Gapless numbers per series and year (contracts V-2026-0001; invoices later). */
export const numberSeries = pgTable(
  'number_series',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (table) => [primaryKey({ columns: [table.series, table.year] })],
);

/** Mails of a contract's lifecycle that went out once (trial ends in 7 days, …): never twice. */
export const contractNotices = pgTable(
  'contract_notices',
  {
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
  },
  (table) => [primaryKey({ columns: [table.contractId, table.kind] })],
);

/** The last run of each daily job per day, for the admin (and so a day runs once). */
export const jobRuns = pgTable(
  'job_runs',
  {
    name: text('name').notNull(),
    day: date('day').notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
    result: jsonb('result').notNull(),
  },
  (table) => [primaryKey({ columns: [table.name, table.day] })],
);
