// Infrastructure no single module owns: gapless number series (contract numbers now, invoice
// numbers later). Its one writer is lib/number-series.ts.
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

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
