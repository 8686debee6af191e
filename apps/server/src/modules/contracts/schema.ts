// The contracts module's tables (only it writes them; docs/decisions/0013): rental units,
// contracts with their units, versions, history and reminders, goods in, the daily job's runs.
import type { PackageSnapshot, VersionUnit, Zusatzleistungen } from '@housnkuh/shared/pricing';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { foreignId } from '../../db/foreign-key';
import { idColumn, vendorIdColumn, stampedAt, parentIdColumn } from '../../db/columns';

/** Rental units (Mietfächer) of the shop floor. */
export const rentalUnits = pgTable('rental_units', {
  id: idColumn(),
  name: text('name').notNull().unique(),
  /** The catalog option the unit is sold as, e.g. 'block-a'. */
  optionId: text('option_id').notNull(),
  beschreibung: text('beschreibung'),
  standort: text('standort'),
  groesse: text('groesse'),
  priceCents: integer('price_cents').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: stampedAt('created_at'),
  updatedAt: stampedAt('updated_at'),
});

/** Contracts: scheduled → active → ended | terminated (docs/product/vendor-lifecycle.md). */
export const contracts = pgTable(
  'contracts',
  {
    id: idColumn(),
    vendorId: vendorIdColumn(),
    /** The request this contract was made from (none for contracts entered by hand). */
    bookingRequestId: uuid('booking_request_id').references(() => foreignId('booking_requests'), {
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
    packageSnapshot: jsonb('package_snapshot').$type<PackageSnapshot>().notNull(),
    createdAt: stampedAt('created_at'),
    updatedAt: stampedAt('updated_at'),
  },
  (table) => [
    index('contracts_vendor_idx').on(table.vendorId),
    index('contracts_status_idx').on(table.status),
    // the directory's "listed" test and the first start, per vendor, from the index alone
    index('contracts_listable_vendor_idx')
      .on(table.vendorId, table.startDate)
      .where(sql`status in ('scheduled', 'active')`),
  ],
);

export const contractUnits = pgTable(
  'contract_units',
  {
    contractId: parentIdColumn('contract_id', () => contracts.id),
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
    id: idColumn(),
    contractId: parentIdColumn('contract_id', () => contracts.id),
    validFrom: date('valid_from').notNull(),
    /** basic | premium */
    provisionType: text('provision_type').notNull(),
    monthlyPriceCents: integer('monthly_price_cents').notNull(),
    zusatzleistungen: jsonb('zusatzleistungen').$type<Zusatzleistungen>().notNull(),
    units: jsonb('units').$type<VersionUnit[]>().notNull(),
    reason: text('reason'),
    actorName: text('actor_name').notNull(),
    createdAt: stampedAt('created_at'),
  },
  (table) => [index('contract_versions_contract_idx').on(table.contractId, table.validFrom)],
);

/**
 * Lagerservice: goods the shop stored for a producer, as they arrived (per producer), logged as
 * free text before the automated inventory. Read only now: a goods-in is a store-room delivery
 * (stock_movements; docs/decisions/0066); the old rows stay as the log before it.
 */
export const goodsIn = pgTable(
  'goods_in',
  {
    id: idColumn(),
    vendorId: vendorIdColumn(),
    day: date('day').notNull(),
    what: text('what').notNull(),
    quantity: text('quantity').notNull(),
    storedAt: text('stored_at'),
    actorName: text('actor_name').notNull(),
    createdAt: stampedAt('created_at'),
  },
  (table) => [index('goods_in_vendor_idx').on(table.vendorId, table.day)],
);

/** What happened to a contract, by whom: its history (created, terminated, changed, …). */
export const contractEvents = pgTable(
  'contract_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contractId: parentIdColumn('contract_id', () => contracts.id),
    action: text('action').notNull(),
    summary: text('summary').notNull(),
    /** The admin's name, 'Direktvermarkter' or 'System'. */
    actorName: text('actor_name').notNull(),
    data: jsonb('data'),
    createdAt: stampedAt('created_at'),
  },
  (table) => [index('contract_events_contract_idx').on(table.contractId, table.createdAt)],
);

/** Mails of a contract's lifecycle that went out once (trial ends in 7 days, …), or were skipped: never twice. */
export const contractNotices = pgTable(
  'contract_notices',
  {
    contractId: parentIdColumn('contract_id', () => contracts.id),
    kind: text('kind').notNull(),
    /** Recorded, not mailed: its day had passed before the contract was approved (0028). */
    skipped: boolean('skipped').notNull().default(false),
    sentAt: stampedAt('sent_at'),
  },
  (table) => [primaryKey({ columns: [table.contractId, table.kind] })],
);

/** The last run of each daily job per day, for the admin (and so a day runs once). */
export const jobRuns = pgTable(
  'job_runs',
  {
    name: text('name').notNull(),
    day: date('day').notNull(),
    finishedAt: stampedAt('finished_at'),
    result: jsonb('result').notNull(),
  },
  (table) => [primaryKey({ columns: [table.name, table.day] })],
);
