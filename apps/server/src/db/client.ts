import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../lib/paths';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './errors';
import { acquireDataDirLock } from './lock';
import { schema } from './schema/index';

/**
 * Every table, for Drizzle: the modules' own and the few no module owns (./schema/index.ts).
 * Only the type leaves this file: a module takes its own tables from its schema.ts and another's
 * data through that module's public.ts (the boundary rule all-tables-only-for-the-client).
 */
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
  /** True when the database answers a trivial query within `timeoutMs` (default: the statement timeout). */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * Embedded only: a consistent copy of the data directory (a gzipped tarball, PGlite's
   * dumpDataDir), taken between transactions (docs/decisions/0052-backups.md).
   */
  dumpDataDir?: () => Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * A consistent copy of an open PGlite's data directory: no other transaction is open while it
 * is taken (PGlite's transaction lock, held by this read-only one), a checkpoint writes every
 * change to the files first, and no query runs during the copy (PGlite's query lock). Like a crash at a moment between two
 * transactions: PostgreSQL starts from it as after a clean stop.
 */
export async function dumpPglite(client: PGlite): Promise<Buffer> {
  // PGlite's transaction() holds the lock every query and transaction takes (query() takes it
  // too, so it must not be called inside); the dump itself only needs the query lock
  const blob = await client.transaction(async (tx) => {
    await tx.exec('checkpoint');
    return client.dumpDataDir('gzip');
  });
  return Buffer.from(await blob.arrayBuffer());
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it the embedded database is used. */
  url?: string | undefined;
  /** Directory of the embedded database; 'memory' for a throwaway one (tests). */
  dataDir: string;
  /**
   * Embedded, 'memory' only: start from this saved data directory (a tarball
   * from PGlite's dumpDataDir) instead of an empty one. The tests start each
   * file from one migrated copy, which skips PGlite's initdb (seconds).
   */
  loadDataDir?: Blob | undefined;
  /** PostgreSQL: how long to wait for a connection, new or from the pool (default 5 s). */
  connectTimeoutMs?: number | undefined;
  /**
   * PostgreSQL: how long one statement may run (the server cancels it); the
   * client gives up a second later when the server does not answer at all.
   * Also how long the health check waits, in both modes (default 5 s).
   */
  statementTimeoutMs?: number | undefined;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;

/** `select 1`, or false when it fails or takes longer than `timeoutMs`. */
async function answersWithin(query: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([query().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

const shared = new WeakSet<object>();

/**
 * True for a PostgreSQL database, which several instances may share (their background work
 * then claims leases, lib/leases.ts); false for the embedded one (one instance, one process).
 */
export function isSharedDatabase(db: Executor): boolean {
  return shared.has(db);
}

/** Any fixed number: serialises migrations of several instances starting at once. */
const MIGRATION_LOCK_KEY = 4_711_2025;

/**
 * The extensions the migrations create (pg_trgm: the directory's search index, migration 0033).
 * Every PGlite opened on the product's data must load them: writing a vendor updates that index.
 */
export const EMBEDDED_EXTENSIONS = { pg_trgm };

/**
 * The embedded PostgreSQL's settings: PGlite's own, with a smaller buffer cache (32 MB instead of
 * 128 MB). Its files are read through the operating system, which caches them too; the smaller
 * cache keeps the idle server's memory about 130 MB lower without slowing the pages (measured:
 * docs/decisions, "memory").
 */
const EMBEDDED_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
  extensions: EMBEDDED_EXTENSIONS,
};

/**
 * A new data directory's initdb leaves about 500 MB of WebAssembly memory behind as garbage
 * (the external memory of the process: 650 MB, 140 MB after a collection). An idle server
 * allocates too little for V8 to collect it soon, so a fresh `npm start` held 470 MB or 860 MB
 * when idle, by chance. One full collection after the first start frees it at once
 * (docs/decisions/0089).
 */
function collectInitdbGarbage() {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

async function openEmbedded(
  dataDir: string,
  pingTimeoutMs: number,
  loadDataDir: Blob | undefined,
): Promise<DatabaseHandle> {
  const release = dataDir === 'memory' ? () => {} : acquireDataDirLock(dataDir);
  let client: PGlite;
  const fresh = dataDir !== 'memory' && !fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'));
  try {
    client =
      dataDir === 'memory'
        ? new PGlite({ ...EMBEDDED_OPTIONS, ...(loadDataDir ? { loadDataDir } : {}) })
        : new PGlite(path.join(dataDir, 'pgdata'), EMBEDDED_OPTIONS);
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    if (fresh) collectInitdbGarbage();
    return {
      db: db as unknown as Database,
      mode: 'embedded',
      // a long transaction holds the embedded database: the check must not wait for it
      ping: (timeoutMs = pingTimeoutMs) => answersWithin(() => client.query('select 1'), timeoutMs),
      dumpDataDir: () => dumpPglite(client),
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

async function openPostgres(
  url: string,
  connectTimeoutMs: number,
  statementTimeoutMs: number,
): Promise<DatabaseHandle> {
  // Migrations (and waiting for another instance's) may take long: their own
  // connection has no statement timeout, only the connection timeout.
  const migrationClient = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: connectTimeoutMs,
  });
  migrationClient.on('error', () => {});
  try {
    await migrationClient.connect();
  } catch (error) {
    await migrationClient.end().catch(() => {});
    // a wrong password or database name says so itself
    if (!isDatabaseUnavailable(error)) throw error;
    throw new DatabaseUnavailableError('PostgreSQL did not answer the connection', error);
  }
  try {
    await migrationClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg(migrationClient, { schema }), {
      migrationsFolder: MIGRATIONS_DIR,
    });
  } finally {
    await migrationClient
      .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      .catch(() => {});
    await migrationClient.end().catch(() => {});
  }

  // Every request's queries: a database that stops answering costs a request
  // at most a few seconds (then 503), and waiting for a pooled connection is
  // bounded by the connection timeout, so the pool's queue cannot grow without end.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + 1_000,
    keepAlive: true,
  });
  // A client that loses its connection must not crash the process: idle ones
  // report to the pool, busy ones (e.g. inside a transaction) to this listener;
  // their queries fail (503) and the pool drops them.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  // the pool's first connection, opened now: a problem with it shows at the start
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    if (!isDatabaseUnavailable(error)) throw error;
    throw new DatabaseUnavailableError('PostgreSQL did not answer the connection', error);
  }
  const db = drizzleNodePg(pool, { schema });
  shared.add(db);
  return {
    db: db as unknown as Database,
    mode: 'postgres',
    ping: (timeoutMs = statementTimeoutMs) =>
      answersWithin(() => pool.query('select 1'), timeoutMs),
    async close() {
      await pool.end();
    },
  };
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  return options.url
    ? openPostgres(options.url, connectTimeoutMs, statementTimeoutMs)
    : openEmbedded(options.dataDir, statementTimeoutMs, options.loadDataDir);
}
