// A database as an older release left it, then upgraded by today's migrations: the migration
// tests fill it with that release's rows and check what the newer migrations made of them.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createScratchDatabase } from '@housnkuh/test-support/postgres';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { expect } from 'vitest';
import { EMBEDDED_EXTENSIONS, openDatabase, type DatabaseHandle } from '../src/db/client';
import { MIGRATIONS_DIR } from '../src/lib/paths';
import { openScratchDatabase, tempDir } from './helpers';

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A migrations folder with the journal and SQL files up to `lastOld` (its index) only. */
function oldMigrationsFolder(lastOld: number): string {
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const entries = journal.entries.filter((entry) => entry.idx <= lastOld);
  expect(entries.map((entry) => entry.idx)).toEqual([...Array(lastOld + 1).keys()]);
  // the migrations under test must come after it
  expect(journal.entries.length).toBeGreaterThan(entries.length);
  const folder = tempDir('housnkuh-old-migrations-');
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries }, null, 2),
  );
  for (const entry of entries) {
    fs.copyFileSync(
      path.join(MIGRATIONS_DIR, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  }
  return folder;
}

/**
 * A database migrated up to migration `lastOld` and filled with `rows` (SQL statements), then
 * opened, which runs every later migration: PGlite in memory, or a scratch database on the
 * PostgreSQL of DATABASE_URL (dropped on close).
 */
export async function upgradedDatabase(lastOld: number, rows: string[]): Promise<DatabaseHandle> {
  const folder = oldMigrationsFolder(lastOld);
  try {
    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) {
      const client = new PGlite({ extensions: EMBEDDED_EXTENSIONS });
      try {
        await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
        for (const statement of rows) await client.query(statement);
        const dump = await client.dumpDataDir('none');
        return await openDatabase({ dataDir: 'memory', loadDataDir: dump });
      } finally {
        await client.close();
      }
    }
    const scratch = await createScratchDatabase(adminUrl, 'housnkuh_test');
    try {
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      try {
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder: folder });
        for (const statement of rows) await client.query(statement);
      } finally {
        await client.end();
      }
      return await openScratchDatabase(scratch);
    } catch (error) {
      await scratch.drop();
      throw error;
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
