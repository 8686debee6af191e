import { pgTable, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The uuid `id` of another module's table, as the target of a foreign key.
 * A module's tables are its own (no module imports another's schema.ts), so a
 * foreign key across modules names the table as the SQL does: this stand-in
 * has the owner's table name and key column and nothing else. No schema file
 * exports it, so Drizzle and drizzle-kit know only the owner's table, and the
 * migration SQL is the same as with a reference to the owner's table itself.
 */
export function foreignId(table: string): AnyPgColumn {
  return pgTable(table, { id: uuid('id') }).id;
}
