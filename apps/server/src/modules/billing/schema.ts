// The billing module's table (only it writes it; docs/decisions/0013): the shop's own billing
// data, one row (issue 26, docs/decisions/0035-billing-sepa-datev.md).
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { foreignId } from '../../db/foreign-key';
import { stampedAt } from '../../db/columns';

/** One row (id 1): tax ids, bank account, payment term, DATEV numbers and accounts. */
export const billingSettings = pgTable(
  'billing_settings',
  {
    id: integer('id').primaryKey().default(1),
    steuernummer: text('steuernummer'),
    ustIdNr: text('ust_id_nr'),
    iban: text('iban'),
    bic: text('bic'),
    kontoinhaber: text('kontoinhaber'),
    zahlungszielTage: integer('zahlungsziel_tage').notNull().default(14),
    datevBeraternummer: integer('datev_beraternummer'),
    datevMandantennummer: integer('datev_mandantennummer'),
    datevSachkontenlaenge: integer('datev_sachkontenlaenge').notNull().default(4),
    datevErloeskontoMiete: integer('datev_erloeskonto_miete').notNull().default(8400),
    datevErloeskontoProvision: integer('datev_erloeskonto_provision').notNull().default(8519),
    /** A charge of the shop at 7 % (a manual line): an automatic account (SKR03 8300). */
    datevErloeskontoErmaessigt: integer('datev_erloeskonto_ermaessigt').notNull().default(8300),
    datevDebitorenkontoStart: integer('datev_debitorenkonto_start').notNull().default(10000),
    datevVerrechnungskonto: integer('datev_verrechnungskonto').notNull().default(1590),
    /** The shop's expense for refunds that are no supply (AGB § 8), against the clearing account. */
    datevAufwandskontoErstattung: integer('datev_aufwandskonto_erstattung').notNull().default(4900),
    /** soll (agreed amounts: the VAT period is the service month) | ist (§ 20 UStG) */
    besteuerung: text('besteuerung').notNull().default('soll'),
    /** 'YYYY-MM': the first month this system settles (null: the opening month). */
    abrechnungAb: text('abrechnung_ab'),
    updatedAt: stampedAt('updated_at'),
  },
  (table) => [check('billing_settings_one_row', sql`${table.id} = 1`)],
);

/**
 * The producer's debitor account in the DATEV export, given once on its first
 * export and kept (docs/decisions/0035). Only producers with documents get one,
 * and those are never removed.
 */
export const datevDebitors = pgTable('datev_debitors', {
  vendorId: uuid('vendor_id')
    .primaryKey()
    .references(() => foreignId('vendors'), { onDelete: 'restrict' }),
  account: integer('account').notNull().unique(),
  createdAt: stampedAt('created_at'),
});
