import { spawn } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inStoreEan } from '@housnkuh/shared/ean';
import { createScratchDatabase, type ScratchDatabase } from '@housnkuh/test-support/postgres';
import { TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Manifest } from '../src/backup/manifest';
import { readTarIndex, readTarMember } from '../src/backup/tar';
import { EMBEDDED_EXTENSIONS, openDatabase, type Database } from '../src/db/client';
import { createAdmin } from '../src/modules/accounts/public';
import { renderMissingPdfs } from '../src/modules/documents/public';
import { producer } from './documents-fixtures';
import { dayByDay, tempDir, testConfig } from './helpers';
import { importSalesLines, product } from './sales-fixtures';

// Backups (issue 32, docs/decisions/0052-backups.md): `cli.js backup` while the server runs
// (embedded: the running server hands over a consistent copy; PostgreSQL: pg_dump), `verify`,
// and `restore` into an empty target only; on the database the suite runs on (DATABASE_URL).

const CLI = path.resolve(import.meta.dirname, '../dist/cli.js');
const postgres = process.env.DATABASE_URL;

const at = dayByDay('2026-09-20');

/** The built CLI as its own process; asynchronous, so the server in this process can answer it. */
function cli(args: string[], env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, DATABASE_URL: '', DEMO_DATA: 'false', LOG_LEVEL: 'warn', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function scratchDatabase(): Promise<ScratchDatabase> {
  const scratch = await createScratchDatabase(postgres!, 'housnkuh_backup');
  cleanups.push(() => scratch.drop());
  return scratch;
}

/** The rows of a query (PGlite and node-postgres both answer with `rows`). */
async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Rows per table of the public schema. */
async function counts(db: Database): Promise<Record<string, number>> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select table_name::text as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rows<{ n: string }>(
      db,
      sql.raw(`select count(*)::text as n from public."${name}"`),
    );
    result[name] = Number(row!.n);
  }
  return result;
}

/** Every document's number, stored SHA-256 and the SHA-256 of its PDF bytes as read now. */
async function documentHashes(db: Database) {
  const documents = await rows<{ number: string; sha256: string | null; pdf: Uint8Array | null }>(
    db,
    sql`select number, sha256, pdf from documents order by number`,
  );
  return documents.map((row) => ({
    number: row.number,
    stored: row.sha256,
    actual: row.pdf ? createHash('sha256').update(Buffer.from(row.pdf)).digest('hex') : null,
  }));
}

function manifestOf(file: string): Manifest {
  const member = readTarIndex(file).find((entry) => entry.name === 'manifest.json')!;
  return JSON.parse(readTarMember(file, member).toString('utf8')) as Manifest;
}

async function settleSeptember(app: FastifyInstance) {
  const call = async (
    token: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
  ) => {
    const response = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    return response;
  };
  const login = async () =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'eva', password: TEST_PASSWORD },
      })
    ).json().token as string;

  await createAdmin(app.db, { username: 'eva', name: 'Eva Muster', password: TEST_PASSWORD });
  const token = await login();
  const settings = await app.settings.get();
  await app.settings.update({
    openingDate: '2026-09-01',
    phone: '09261 123456',
    legal: { ...settings.legal, ownerName: 'Eva Muster', legalForm: 'Einzelunternehmen' },
  });
  const billing = (await call(token, 'GET', '/api/admin/billing-settings')).json().settings;
  await call(token, 'PUT', '/api/admin/billing-settings', {
    ...billing,
    steuernummer: '218/123/45678',
    iban: 'DE89370400440532013000',
    kontoinhaber: 'Eva Muster',
  });
  const anna = (await producer(app.db, 'Anna Müller')).id;
  const bernd = (await producer(app.db, 'Bernd Huber')).id;
  await product(app.db, anna, { name: 'Honig', ean: inStoreEan(3701), priceCents: 1000 });
  await product(app.db, bernd, { name: 'Käse', ean: inStoreEan(3702), priceCents: 2000 });
  await importSalesLines(app, token, [
    `R-1;1;10.09.2026 09:15;${inStoreEan(3701)};Honig;1;10,00;7`,
    `R-2;1;11.09.2026 10:15;${inStoreEan(3702)};Käse;1;20,00;7`,
  ]);

  at('2026-10-05');
  const later = await login();
  await call(later, 'POST', '/api/admin/abrechnungen', { month: '2026-09' });
  await call(later, 'POST', '/api/admin/abrechnungen/2026-09/finalize');
  await renderMissingPdfs(app.db);
  const run = (await call(later, 'POST', '/api/admin/abrechnungen/2026-09/zahlungslauf', {})).json()
    .run as { id: string; messageId: string };
  const file = await call(later, 'GET', `/api/admin/zahlungslaeufe/${run.id}/sepa.xml`);
  return { run, xml: file.body, token: later };
}

describe(`backup, verify and restore (${postgres ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('backs up while the server runs; after changes, restores into an empty target only: same rows, every PDF matches its SHA-256, the last numbers and runs told', async () => {
    if (!fs.existsSync(CLI)) throw new Error('the server is not built: run `npm run build` first');
    const dataDir = tempDir();
    const live = postgres ? await scratchDatabase() : undefined;
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      ...(live ? { DATABASE_URL: live.url } : {}),
    };
    if (!live) {
      // the suite's migrated template as the data directory (no initdb: seconds)
      const template = inject('embeddedTemplate');
      if (template) {
        const seeded = await PGlite.create(path.join(dataDir, 'pgdata'), {
          loadDataDir: new Blob([fs.readFileSync(template)]),
          extensions: EMBEDDED_EXTENSIONS,
        });
        await seeded.close();
      }
    }
    // the server as in production: it opens the data directory (or database) itself
    const app = await buildApp(
      testConfig(env, {
        rateLimits: { global: 10_000, forms: 1000, login: 1000, sensitive: 1000 },
      }),
      { logger: false, startOutbox: false, startCleanup: false },
    );
    await app.ready();
    cleanups.push(() => app.close());

    const { run, xml } = await settleSeptember(app);
    // the downloaded SEPA file is kept as a file too
    const sepaFile = path.join(
      dataDir,
      'files',
      'zahlungslaeufe',
      `zahlungslauf-2026-09-${run.messageId}.xml`,
    );
    expect(fs.readFileSync(sepaFile, 'utf8')).toBe(xml);

    const before = await counts(app.db);
    const documents = await documentHashes(app.db);
    expect(documents.map((document) => document.number)).toEqual([
      'RE-2026-00001',
      'RE-2026-00002',
      'VA-2026-00001',
      'VA-2026-00002',
    ]);
    for (const document of documents) expect(document.actual).toBe(document.stored);

    // the backup, while the server runs (and answers)
    const file = path.join(tempDir(), 'housnkuh.tar');
    const backup = await cli(['backup', file], env);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain(`Sicherung geschrieben: ${file}`);
    expect(backup.stdout).toContain('VA-2026-00002');
    expect(backup.stdout).toContain(`2026-09 ${run.messageId}: 2 Zahlungen, 28,57 €`);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const manifest = manifestOf(file);
    expect(manifest.database).toBe(postgres ? 'postgres' : 'embedded');
    expect(manifest.tables).toEqual(before);
    expect(manifest.documents.map(({ number, sha256 }) => ({ number, sha256 }))).toEqual(
      documents.map(({ number, stored }) => ({ number, sha256: stored })),
    );
    expect(manifest.paymentRuns.map((entry) => entry.messageId)).toEqual([run.messageId]);
    expect(manifest.members.map((member) => member.name)).toContain(
      `files/zahlungslaeufe/zahlungslauf-2026-09-${run.messageId}.xml`,
    );
    // never overwritten
    const again = await cli(['backup', file], env);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('gibt es schon');

    const verified = await cli(['verify', file], {});
    expect(verified.stderr).toBe('');
    expect(verified.status).toBe(0);
    expect(verified.stdout).toContain('Sicherung in Ordnung');
    expect(verified.stdout).toContain('4 Dokumente, 4 mit PDF');

    // a damaged copy: one byte of the database changed
    const damaged = path.join(tempDir(), 'beschaedigt.tar');
    const bytes = fs.readFileSync(file);
    const database = readTarIndex(file).find((member) => member.name.startsWith('database.'))!;
    bytes[database.offset + Math.floor(database.size / 2)]! ^= 0xff;
    fs.writeFileSync(damaged, bytes);
    const refused = await cli(['verify', damaged], {});
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('SHA-256 anders als im Manifest');

    // the data changes after the backup: a new producer, the sessions gone
    await producer(app.db, 'Clara Nachher');
    await app.db.execute(sql`delete from sessions`);
    const after = await counts(app.db);
    expect(after).not.toEqual(before);

    // never into a database in use, or one that is not empty
    const intoLive = await cli(['restore', file], env);
    expect(intoLive.status).toBe(2);
    expect(intoLive.stderr).toMatch(postgres ? /ist nicht leer/ : /läuft ein Server/);
    expect(await counts(app.db)).toEqual(after);

    // into an empty one; a SEPA file of a run made after the backup is there already
    const target = tempDir();
    const empty = postgres ? await scratchDatabase() : undefined;
    const targetEnv = { DATA_DIR: target, ...(empty ? { DATABASE_URL: empty.url } : {}) };
    fs.mkdirSync(path.join(target, 'files', 'zahlungslaeufe'), { recursive: true });
    const laterRun = 'zahlungslauf-2026-10-HK-2026-10-1-0A1B2C3D.xml';
    fs.writeFileSync(path.join(target, 'files', 'zahlungslaeufe', laterRun), '<Document/>');
    const restored = await cli(['restore', file], targetEnv);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('Letzte Dokumentnummern in der Sicherung:');
    expect(restored.stdout).toContain('rechnung: RE-2026-00002');
    expect(restored.stdout).toContain('verkaufsabrechnung: VA-2026-00002');
    expect(restored.stdout).toContain(`2026-09 ${run.messageId}: 2 Zahlungen, 28,57 €`);
    expect(restored.stderr).toContain('kennt das wiederhergestellte System nicht');
    expect(restored.stderr).toContain(laterRun);
    expect(
      fs.readFileSync(
        path.join(target, 'files', 'zahlungslaeufe', path.basename(sepaFile)),
        'utf8',
      ),
    ).toBe(xml);

    // a second restore into the now filled target: refused
    const twice = await cli(['restore', file], targetEnv);
    expect(twice.status).toBe(2);
    expect(twice.stderr).toMatch(postgres ? /ist nicht leer/ : /schon eine Datenbank/);

    // the restored database: the rows of the moment of the backup, every PDF's bytes intact
    const reopened = await openDatabase({ url: empty?.url, dataDir: target });
    try {
      expect(await counts(reopened.db)).toEqual(before);
      const restoredDocuments = await documentHashes(reopened.db);
      expect(restoredDocuments).toEqual(documents);
      for (const document of restoredDocuments) expect(document.actual).toBe(document.stored);
    } finally {
      await reopened.close();
    }
  }, 240_000);
});

describe('backup on PostgreSQL without pg_dump', () => {
  it('says which package brings it, and exits with an error', async () => {
    const missing = await cli(['backup', path.join(tempDir(), 'x.tar')], {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:9/housnkuh',
      DATA_DIR: tempDir(),
      PATH: tempDir(),
    });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('pg_dump wurde nicht gefunden');
    expect(missing.stderr).toContain('apt-get install postgresql-client');
  }, 60_000);
});
