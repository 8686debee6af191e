import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** The new database's connection string. */
  url: string;
  /** Drops the database, closing whatever is still connected to it. */
  drop(): Promise<void>;
}

async function run(connectionString: string, statement: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new PostgreSQL database next to the one `adminUrl` names (a test's
 * DATABASE_URL), named `<prefix>_<time>_<random>`: empty, or a copy of the
 * database `template` (one migrated or seeded once, copied in a moment;
 * nothing may be connected to it meanwhile); `drop()` removes it again.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix = 'housnkuh_test',
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  if (template !== undefined && !/^[a-z0-9_]+$/.test(template)) {
    throw new Error(`not a database name: ${template}`);
  }
  await run(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => run(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
