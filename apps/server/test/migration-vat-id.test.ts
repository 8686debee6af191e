import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createScratchDatabase } from '@housnkuh/test-support/postgres';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { MIGRATIONS_DIR } from '../src/lib/paths';
import { tempDir, testConfig } from './helpers';

/**
 * Migration 0029 on a database of the release before it: the VAT id stood in the legal data
 * (settings key 'legal') and, maybe, in the billing data too. It must end up in the billing
 * data only (one already there wins), and the Impressum's data show it from there.
 */

/** The last migration of the release that still kept the VAT id with the legal data. */
const LAST_OLD_MIGRATION = 28;

interface Journal {
  entries: { idx: number; tag: string }[];
}

function oldMigrationsFolder(): string {
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const entries = journal.entries.filter((entry) => entry.idx <= LAST_OLD_MIGRATION);
  expect(entries.map((entry) => entry.idx)).toEqual([...Array(LAST_OLD_MIGRATION + 1).keys()]);
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

const legal = (vatId: string) =>
  `insert into settings (key, value) values ('legal', '${JSON.stringify({
    operatorName: 'housnkuh',
    ownerName: 'Eva Muster',
    legalForm: 'Einzelunternehmen',
    vatId,
    registerEntry: '',
    contentResponsible: '',
  })}'::jsonb)`;

/** A database migrated up to LAST_OLD_MIGRATION and filled with `rows`, then opened (all migrations). */
async function upgradedDatabase(rows: string[]): Promise<DatabaseHandle> {
  const folder = oldMigrationsFolder();
  try {
    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) {
      const client = new PGlite();
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
      const handle = await openDatabase({ url: scratch.url, dataDir: 'unused' });
      return {
        ...handle,
        async close() {
          await handle.close();
          await scratch.drop();
        },
      };
    } catch (error) {
      await scratch.drop();
      throw error;
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** After the upgrade: the billing data's VAT id, the stored legal data and the published one. */
async function afterUpgrade(rows: string[]) {
  const database = await upgradedDatabase(rows);
  const app = await buildApp(testConfig(), { logger: false, database, startOutbox: false });
  try {
    await app.ready();
    const rowsOf = async <T>(query: string) =>
      ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
    const [billing] = await rowsOf<{ ust_id_nr: string | null }>(
      'select ust_id_nr from billing_settings',
    );
    const [stored] = await rowsOf<{ value: Record<string, unknown> }>(
      `select value from settings where key = 'legal'`,
    );
    const published = await app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(published.statusCode).toBe(200);
    return {
      billing: billing?.ust_id_nr ?? null,
      stored: stored?.value,
      published: (published.json() as { settings: { legal: { vatId: string } } }).settings.legal
        .vatId,
    };
  } finally {
    await app.close();
    await database.close();
  }
}

describe('migrating the VAT id into the billing data', () => {
  it('moves a VAT id kept only with the legal data to the billing data', async () => {
    const result = await afterUpgrade([legal(' de 123 456 789 ')]);
    expect(result.billing).toBe('DE123456789');
    expect(result.stored).toEqual({
      operatorName: 'housnkuh',
      ownerName: 'Eva Muster',
      legalForm: 'Einzelunternehmen',
      registerEntry: '',
      contentResponsible: '',
    });
    expect(result.published).toBe('DE123456789');
  });

  it('keeps the billing data’s VAT id when both have one, and drops the old copy', async () => {
    const result = await afterUpgrade([
      legal('DE111111111'),
      `insert into billing_settings (id, ust_id_nr) values (1, 'DE222222222')`,
    ]);
    expect(result.billing).toBe('DE222222222');
    expect(result.stored).not.toHaveProperty('vatId');
    expect(result.published).toBe('DE222222222');
  });

  it('leaves the billing data alone when the legal data had none', async () => {
    const result = await afterUpgrade([legal('')]);
    expect(result.billing).toBeNull();
    expect(result.stored).not.toHaveProperty('vatId');
    expect(result.published).toBe('');
  });
});
