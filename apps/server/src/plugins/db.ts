import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import { seedDatabase } from '../db/seed';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    db: Database;
  }
}

/**
 * The database ready for the plugins: the one given (tests), else opened from
 * the config (PGlite in DATA_DIR, or PostgreSQL) and migrated; then seeded.
 * buildApp runs it before registering any plugin, so that a slow first start
 * (initdb, migrations and the demo data on a busy machine) is not cut off by
 * Fastify's plugin timeout; the log tells each step (docs/decisions/0025).
 */
export async function prepareDatabase(
  config: Config,
  log: FastifyBaseLogger,
  given?: DatabaseHandle,
): Promise<DatabaseHandle> {
  let database = given;
  if (!database) {
    const started = performance.now();
    log.info('Datenbank wird eingerichtet …');
    database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
    });
    log.info({ ms: Math.round(performance.now() - started) }, 'Migrationen angewendet');
  }
  try {
    const started = performance.now();
    const seed = await seedDatabase(database.db, { demo: config.demoData });
    if (seed.seeded) {
      const ms = Math.round(performance.now() - started);
      log.info({ ms }, 'Grunddaten angelegt');
      if (seed.demoVendors > 0) {
        log.info(
          { demoVendors: seed.demoVendors },
          `Demo-Daten angelegt (${seed.demoVendors} Direktvermarkter)`,
        );
      }
    }
  } catch (error) {
    if (!given) await database.close().catch(() => {});
    throw error;
  }
  return database;
}

/** The prepared database as `app.database` and `app.db`; closed last if `close` says so. */
export const dbPlugin = fp(
  async (app: FastifyInstance, options: { database: DatabaseHandle; close: boolean }) => {
    const { database } = options;
    if (options.close) app.addHook('onClose', async () => database.close());
    app.decorate('database', database);
    app.decorate('db', database.db);
  },
  { name: 'db', dependencies: ['core'] },
);
