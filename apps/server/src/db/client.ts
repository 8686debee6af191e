import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as accounts from './schema/accounts';
import * as contact from './schema/contact';
import * as contest from './schema/contest';
import * as faqs from './schema/faqs';
import * as media from './schema/media';
import * as newsletter from './schema/newsletter';
import * as outbox from './schema/outbox';
import * as settings from './schema/settings';
import * as vendors from './schema/vendors';
import { MIGRATIONS_DIR } from '../lib/paths';
import { acquireDataDirLock } from './lock';

export const schema = {
  ...settings,
  ...faqs,
  ...vendors,
  ...newsletter,
  ...outbox,
  ...contact,
  ...contest,
  ...accounts,
  ...media,
};
export type Schema = typeof schema;

/** The same Drizzle API over PGlite (embedded) and node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Something to run queries on: the database or an open transaction. */
export type Executor = Database | Transaction;

export type DatabaseMode = 'embedded' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  mode: DatabaseMode;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it the embedded database is used. */
  url?: string | undefined;
  /** Directory of the embedded database; 'memory' for a throwaway one (tests). */
  dataDir: string;
}

/** Any fixed number: serialises migrations of several instances starting at once. */
const MIGRATION_LOCK_KEY = 4_711_2025;

async function openEmbedded(dataDir: string): Promise<DatabaseHandle> {
  const release = dataDir === 'memory' ? () => {} : acquireDataDirLock(dataDir);
  let client: PGlite;
  try {
    client = dataDir === 'memory' ? new PGlite() : new PGlite(path.join(dataDir, 'pgdata'));
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db: db as unknown as Database,
      mode: 'embedded',
      async ping() {
        try {
          await client.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      async close() {
        try {
          if (!client.closed) await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema });
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(db, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  return {
    db: db as unknown as Database,
    mode: 'postgres',
    async ping() {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url) : openEmbedded(options.dataDir);
}
