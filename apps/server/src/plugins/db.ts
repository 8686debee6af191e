import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import { seedDatabase } from '../db/seed';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    db: Database;
  }
}

/**
 * The database: the one given (tests), else opened from the config (PGlite in
 * DATA_DIR, or PostgreSQL), migrated and seeded; closed last if opened here.
 */
export const dbPlugin = fp(
  async (app: FastifyInstance, options: { database?: DatabaseHandle | undefined }) => {
    const { config } = app;
    const database =
      options.database ??
      (await openDatabase({
        url: config.databaseUrl,
        dataDir: config.dataDir,
        connectTimeoutMs: config.databaseConnectTimeoutMs,
        statementTimeoutMs: config.databaseStatementTimeoutMs,
      }));
    if (!options.database) app.addHook('onClose', async () => database.close());
    const seed = await seedDatabase(database.db, { demo: config.demoData });
    if (seed.seeded) app.log.info({ demoVendors: seed.demoVendors }, 'initial data loaded');
    app.decorate('database', database);
    app.decorate('db', database.db);
  },
  { name: 'db', dependencies: ['core'] },
);
