import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '@housnkuh/test-support/postgres';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { requireMachine } from '../../../scripts/machine.mjs';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a tarball of a migrated data directory each test file starts from. */
    embeddedTemplate: string | null;
    /** PostgreSQL (DATABASE_URL): a migrated database each test file copies. */
    postgresTemplate: string | null;
  }
}

/**
 * Once per run, before any test file: one migrated database that every file's
 * database is copied from (testDatabase() in helpers.ts), so no file pays for
 * a fresh PGlite (its initdb takes seconds) or for running the migrations.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  // pdftotext, zbarimg, xmllint (and pg_dump on PostgreSQL): named here when missing
  requireMachine('server', Boolean(adminUrl));
  if (adminUrl) {
    const template = await createScratchDatabase(adminUrl, 'housnkuh_template');
    const handle = await openDatabase({ url: template.url, dataDir: 'unused' });
    await handle.close();
    project.provide('embeddedTemplate', null);
    project.provide('postgresTemplate', new URL(template.url).pathname.slice(1));
    return () => template.drop();
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'housnkuh-template-'));
  const file = path.join(dir, 'migrated.tar');
  const handle = await openDatabase({ dataDir: 'memory' });
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('embeddedTemplate', file);
  project.provide('postgresTemplate', null);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
