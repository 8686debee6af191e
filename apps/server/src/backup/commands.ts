import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { clock } from '@housnkuh/shared/clock';
import { formatDateTime, formatEuro } from '@housnkuh/shared/format';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { dumpPglite, EMBEDDED_EXTENSIONS, openDatabase } from '../db/client';
import { DataDirLockedError, acquireDataDirLock, dataDirLockHolder } from '../db/lock';
import { MIGRATIONS_DIR, sepaFilesDir } from '../lib/paths';
import {
  MANIFEST_FORMAT,
  compareSummary,
  knownMigrations,
  lastDocumentNumbers,
  sha256,
  sha256OfFile,
  summarize,
  type DatabaseSummary,
  type Manifest,
  type ManifestMember,
  type Query,
} from './manifest';
import { pgDump, pgRestore, requireTool, summarizeDump } from './postgres-tools';
import { requestBackup } from './socket';
import {
  TarError,
  extractTarMember,
  readTarIndex,
  readTarMember,
  writeTar,
  type TarMember,
} from './tar';

/**
 * Backup, verify and restore (`cli.js backup|verify|restore FILE`; docs/decisions/0052-backups.md).
 * The archive is a tar file: manifest.json (what the copy holds), manifest.sha256, the database
 * (embedded: database.tar.gz, PGlite's data directory; PostgreSQL: database.pgdump, pg_dump's
 * custom format) and the data directory's files/ (the payment runs' SEPA files).
 */

/** A refusal or a problem the owner can act on: the CLI prints the message, exit code 2. */
export class BackupError extends Error {}

export interface BackupTarget {
  /** PostgreSQL; without it the embedded database in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
}

export interface Output {
  line(text: string): void;
  warn(text: string): void;
}

const MANIFEST = 'manifest.json';
const MANIFEST_HASH = 'manifest.sha256';
const EMBEDDED_DUMP = 'database.tar.gz';
const POSTGRES_DUMP = 'database.pgdump';
const FILES = 'files';

function pgliteQuery(client: PGlite): Query {
  return async (sql) => (await client.query<Record<string, unknown>>(sql)).rows;
}

function pgQuery(client: pg.Client): Query {
  return async (sql) => (await client.query(sql)).rows as Record<string, unknown>[];
}

/** Every file below DATA_DIR/files, as archive names (files/…) and paths. */
function dataFiles(dataDir: string): { name: string; path: string; size: number }[] {
  const root = path.join(dataDir, FILES);
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      return {
        name: `${FILES}/${path.relative(root, full).split(path.sep).join('/')}`,
        path: full,
        size: fs.statSync(full).size,
      };
    })
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** Whether DATA_DIR holds an embedded database. */
function hasEmbeddedDatabase(dataDir: string): boolean {
  const pgdata = path.join(dataDir, 'pgdata');
  return fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0;
}

/**
 * A consistent copy of the embedded database: from the running server (it holds the data
 * directory; backup/socket.ts), else by opening the directory here for the moment of the copy.
 */
async function embeddedCopy(dataDir: string, out: Output): Promise<Buffer> {
  if (!hasEmbeddedDatabase(dataDir)) {
    throw new BackupError(`In ${dataDir} ist keine Datenbank (pgdata fehlt): nichts zu sichern.`);
  }
  const fromServer = async (pid: number) => {
    out.line(`Der Server (pid ${pid}) läuft: er erstellt die Kopie, ohne anzuhalten …`);
    try {
      return await requestBackup(dataDir);
    } catch (error) {
      throw new BackupError(
        `Der laufende Server (pid ${pid}) hat keine Kopie geliefert: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
  };
  const holder = dataDirLockHolder(dataDir);
  if (holder !== null) return fromServer(holder);
  let release: () => void;
  try {
    release = acquireDataDirLock(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) return fromServer(error.pid);
    throw error;
  }
  try {
    const client = new PGlite(path.join(dataDir, 'pgdata'), { extensions: EMBEDDED_EXTENSIONS });
    await client.waitReady;
    try {
      return await dumpPglite(client);
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/** The summary of an embedded copy, read from an in-memory database loaded from it. */
async function summarizeEmbeddedCopy(copy: Buffer) {
  const client = await PGlite.create({
    loadDataDir: new Blob([copy]),
    extensions: EMBEDDED_EXTENSIONS,
  });
  try {
    return await summarize(pgliteQuery(client));
  } finally {
    await client.close();
  }
}

function scratchDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'housnkuh-backup-'));
}

/** Writes a backup of the database (and DATA_DIR/files) to `file`; refuses to overwrite one. */
export async function createBackup(
  file: string,
  target: BackupTarget,
  out: Output,
): Promise<{ manifest: Manifest; problems: string[] }> {
  const destination = path.resolve(file);
  if (fs.existsSync(destination)) {
    throw new BackupError(`${destination} gibt es schon; eine Sicherung wird nie überschrieben.`);
  }
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  const scratch = scratchDir();
  try {
    let database: { name: string; data: Buffer | { path: string; size: number }; sha256: string };
    let summary: { summary: DatabaseSummary; problems: string[] };
    if (target.databaseUrl) {
      requireTool('pg_dump');
      const dumpFile = path.join(scratch, POSTGRES_DUMP);
      const client = new pg.Client({ connectionString: target.databaseUrl });
      client.on('error', () => {});
      await client.connect();
      try {
        // pg_dump and the manifest read the same snapshot: the manifest describes the dump exactly
        await client.query('begin isolation level repeatable read read only');
        const [{ snapshot }] = (await client.query('select pg_export_snapshot() as snapshot'))
          .rows as [{ snapshot: string }];
        await pgDump(target.databaseUrl, snapshot, dumpFile);
        summary = await summarize(pgQuery(client));
        await client.query('commit');
      } finally {
        await client.end().catch(() => {});
      }
      database = {
        name: POSTGRES_DUMP,
        data: { path: dumpFile, size: fs.statSync(dumpFile).size },
        sha256: sha256OfFile(dumpFile),
      };
    } else {
      const copy = await embeddedCopy(target.dataDir, out);
      summary = await summarizeEmbeddedCopy(copy);
      database = { name: EMBEDDED_DUMP, data: copy, sha256: sha256(copy) };
    }

    const files = dataFiles(target.dataDir).map((entry) => ({
      name: entry.name,
      data: fs.readFileSync(entry.path),
    }));
    const members: ManifestMember[] = [
      {
        name: database.name,
        size: Buffer.isBuffer(database.data) ? database.data.length : database.data.size,
        sha256: database.sha256,
      },
      ...files.map((entry) => ({
        name: entry.name,
        size: entry.data.length,
        sha256: sha256(entry.data),
      })),
    ];
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      createdAt: clock.now().toISOString(),
      database: target.databaseUrl ? 'postgres' : 'embedded',
      ...summary.summary,
      members,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    const temporary = `${destination}.${process.pid}.tmp`;
    try {
      writeTar(
        temporary,
        [
          { name: MANIFEST, data: manifestBytes },
          { name: MANIFEST_HASH, data: Buffer.from(`${sha256(manifestBytes)}  ${MANIFEST}\n`) },
          { name: database.name, data: database.data },
          ...files,
        ],
        Math.floor(clock.now().getTime() / 1000),
      );
      // the name appears only for a complete archive
      fs.linkSync(temporary, destination);
    } finally {
      fs.rmSync(temporary, { force: true });
    }
    return { manifest, problems: summary.problems };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

function sha256OfMember(file: string, member: TarMember): string {
  if (member.size <= 64 << 20) return sha256(readTarMember(file, member));
  const scratch = scratchDir();
  try {
    const copy = path.join(scratch, 'member');
    extractTarMember(file, member, copy);
    return sha256OfFile(copy);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

export interface Checked {
  manifest: Manifest | null;
  index: TarMember[];
  problems: string[];
}

/**
 * Checks a backup without restoring it: the archive readable, the manifest unchanged (its
 * SHA-256), every member present with its size and SHA-256, and the database copy itself
 * readable with the manifest's row counts and documents, every PDF's bytes matching its
 * SHA-256.
 */
export async function verifyBackup(
  file: string,
  options: { database: boolean } = { database: true },
): Promise<Checked> {
  const problems: string[] = [];
  let index: TarMember[];
  try {
    index = readTarIndex(file);
  } catch (error) {
    if (error instanceof TarError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
      return {
        manifest: null,
        index: [],
        problems: [`Archiv nicht lesbar: ${(error as Error).message}`],
      };
    }
    throw error;
  }
  const byName = new Map(index.map((member) => [member.name, member]));
  const manifestMember = byName.get(MANIFEST);
  const hashMember = byName.get(MANIFEST_HASH);
  if (!manifestMember || !hashMember) {
    return { manifest: null, index, problems: ['Das Archiv hat kein Manifest: keine Sicherung.'] };
  }
  const manifestBytes = readTarMember(file, manifestMember);
  const recorded = readTarMember(file, hashMember).toString('utf8').split(/\s+/)[0];
  if (recorded !== sha256(manifestBytes)) {
    problems.push('Das Manifest passt nicht zu seinem SHA-256 (verändert oder beschädigt).');
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8')) as Manifest;
  } catch {
    return { manifest: null, index, problems: [...problems, 'Das Manifest ist kein JSON.'] };
  }
  if (manifest.format !== MANIFEST_FORMAT) {
    return {
      manifest: null,
      index,
      problems: [...problems, `Unbekanntes Format: ${String(manifest.format)}`],
    };
  }
  const listed = new Set<string>([MANIFEST, MANIFEST_HASH]);
  for (const entry of manifest.members) {
    listed.add(entry.name);
    const member = byName.get(entry.name);
    if (!member) problems.push(`${entry.name} fehlt im Archiv`);
    else if (member.size !== entry.size)
      problems.push(`${entry.name}: Größe anders als im Manifest`);
    else if (sha256OfMember(file, member) !== entry.sha256) {
      problems.push(`${entry.name}: SHA-256 anders als im Manifest`);
    }
  }
  for (const member of index) {
    if (!listed.has(member.name)) problems.push(`${member.name} steht nicht im Manifest`);
  }
  if (problems.length > 0 || !options.database) return { manifest, index, problems };

  // the database copy itself: readable, with the manifest's counts and documents
  try {
    let actual: { summary: DatabaseSummary; problems: string[] };
    if (manifest.database === 'postgres') {
      requireTool('pg_restore');
      const scratch = scratchDir();
      try {
        const dump = path.join(scratch, POSTGRES_DUMP);
        extractTarMember(file, byName.get(POSTGRES_DUMP)!, dump);
        actual = await summarizeDump(dump);
      } finally {
        fs.rmSync(scratch, { recursive: true, force: true });
      }
    } else {
      actual = await summarizeEmbeddedCopy(readTarMember(file, byName.get(EMBEDDED_DUMP)!));
    }
    problems.push(...actual.problems, ...compareSummary(manifest, actual.summary));
  } catch (error) {
    if (error instanceof BackupError) throw error;
    if (error instanceof Error && error.name === 'ToolMissingError') throw error;
    problems.push(
      `Die Datenbank-Kopie ist nicht lesbar: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return { manifest, index, problems };
}

/** What a verified backup holds, in a few lines. */
export function describeBackup(manifest: Manifest, out: Output) {
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  const withPdf = manifest.documents.filter((document) => document.sha256 !== null).length;
  out.line(
    `Sicherung vom ${formatDateTime(manifest.createdAt)} (${manifest.database === 'postgres' ? 'PostgreSQL' : 'eingebettete Datenbank'}, Schema ${manifest.schemaVersion})`,
  );
  out.line(
    `  ${rows} Zeilen in ${Object.keys(manifest.tables).length} Tabellen; ${manifest.documents.length} Dokumente, ${withPdf} mit PDF (SHA-256 geprüft)`,
  );
  const last = lastDocumentNumbers(manifest.documents);
  out.line('Letzte Dokumentnummern in der Sicherung:');
  if (Object.keys(last).length === 0) out.line('  (keine Dokumente)');
  for (const [type, number] of Object.entries(last).sort()) out.line(`  ${type}: ${number}`);
  out.line('Letzte Zahlungsläufe in der Sicherung:');
  if (manifest.paymentRuns.length === 0) out.line('  (keine Zahlungsläufe)');
  for (const run of manifest.paymentRuns.slice(0, 5)) {
    const state = run.discardedAt
      ? 'verworfen'
      : run.transferredOn
        ? `überwiesen am ${run.transferredOn}`
        : run.downloadedAt
          ? `heruntergeladen ${formatDateTime(run.downloadedAt)}`
          : 'noch nicht heruntergeladen';
    out.line(
      `  ${run.month} ${run.messageId}: ${run.count} Zahlungen, ${formatEuro(run.totalCents)}, Ausführung ${run.executionDate}, ${state}`,
    );
  }
}

/** The database of `target` is empty (nothing restored into it yet), else the refusal. */
async function refuseNonEmpty(target: BackupTarget): Promise<void> {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    client.on('error', () => {});
    await client.connect();
    try {
      const { rows } = await client.query(
        "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
      );
      if ((rows[0] as { n: number }).n > 0) {
        throw new BackupError(
          `Die Datenbank ${new URL(target.databaseUrl).pathname.slice(1)} ist nicht leer (${(rows[0] as { n: number }).n} Tabellen). ` +
            'Wiederherstellen nur in eine leere Datenbank (z. B. createdb housnkuh_neu, dann DATABASE_URL darauf).',
        );
      }
    } finally {
      await client.end().catch(() => {});
    }
    return;
  }
  const holder = dataDirLockHolder(target.dataDir);
  if (holder !== null) {
    throw new BackupError(
      `In ${target.dataDir} läuft ein Server (pid ${holder}). Wiederherstellen nur in ein leeres Datenverzeichnis, ohne laufenden Server.`,
    );
  }
  if (hasEmbeddedDatabase(target.dataDir)) {
    throw new BackupError(
      `In ${target.dataDir} ist schon eine Datenbank (pgdata). Wiederherstellen nur in ein leeres ` +
        'Datenverzeichnis: DATA_DIR auf ein neues Verzeichnis setzen (die alte Datenbank bleibt unberührt).',
    );
  }
}

/**
 * Brings a backup back into an empty data directory or database (refuses a non-empty one),
 * after verifying it; then brings its schema up to date and tells what the backup knew last.
 */
export async function restoreBackup(file: string, target: BackupTarget, out: Output) {
  await refuseNonEmpty(target);
  // the embedded copy's content is checked where it is restored to (no second copy in memory)
  const checked = await verifyBackup(file, { database: !!target.databaseUrl });
  const { manifest } = checked;
  if (!manifest || checked.problems.length > 0) {
    throw new BackupError(
      `Die Sicherung ist nicht in Ordnung, nichts wurde wiederhergestellt:\n  ${checked.problems.join('\n  ')}`,
    );
  }
  if (!knownMigrations().some((entry) => entry.tag === manifest.schemaVersion)) {
    throw new BackupError(
      `Die Sicherung hat das Schema ${manifest.schemaVersion}, das diese Version nicht kennt: mit der Version wiederherstellen, die sie erstellt hat (oder einer neueren).`,
    );
  }
  const wanted = target.databaseUrl ? 'postgres' : 'embedded';
  if (manifest.database !== wanted) {
    throw new BackupError(
      manifest.database === 'postgres'
        ? 'Die Sicherung stammt aus PostgreSQL: zum Wiederherstellen DATABASE_URL auf eine leere Datenbank setzen.'
        : 'Die Sicherung stammt aus der eingebetteten Datenbank: zum Wiederherstellen DATABASE_URL weglassen und DATA_DIR auf ein leeres Verzeichnis setzen.',
    );
  }
  await refuseNonEmpty(target);
  const byName = new Map(checked.index.map((member) => [member.name, member]));

  let restored: { summary: DatabaseSummary; problems: string[] };
  if (target.databaseUrl) {
    requireTool('pg_restore');
    const scratch = scratchDir();
    try {
      const dump = path.join(scratch, POSTGRES_DUMP);
      extractTarMember(file, byName.get(POSTGRES_DUMP)!, dump);
      await pgRestore(target.databaseUrl, dump);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
    const client = new pg.Client({ connectionString: target.databaseUrl });
    client.on('error', () => {});
    await client.connect();
    try {
      restored = await summarize(pgQuery(client));
    } finally {
      await client.end().catch(() => {});
    }
  } else {
    const pgdata = path.join(target.dataDir, 'pgdata');
    const release = acquireDataDirLock(target.dataDir);
    try {
      const client = await PGlite.create(pgdata, {
        loadDataDir: new Blob([readTarMember(file, byName.get(EMBEDDED_DUMP)!)]),
        extensions: EMBEDDED_EXTENSIONS,
      });
      try {
        restored = await summarize(pgliteQuery(client));
        const differences = [...restored.problems, ...compareSummary(manifest, restored.summary)];
        if (differences.length > 0) {
          throw new BackupError(
            `Die Sicherung ist nicht in Ordnung, nichts wurde wiederhergestellt:\n  ${differences.join('\n  ')}`,
          );
        }
        // the schema of this version (a backup of an older one is migrated now)
        await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.close();
      }
    } catch (error) {
      // nothing half restored stays behind
      fs.rmSync(pgdata, { recursive: true, force: true });
      throw error;
    } finally {
      release();
    }
  }
  const differences = [...restored.problems, ...compareSummary(manifest, restored.summary)];
  if (differences.length > 0) {
    throw new BackupError(
      `Die wiederhergestellte Datenbank weicht von der Sicherung ab:\n  ${differences.join('\n  ')}`,
    );
  }
  if (target.databaseUrl) {
    // the schema of this version (a backup of an older one is migrated now)
    const opened = await openDatabase({ url: target.databaseUrl, dataDir: target.dataDir });
    await opened.close();
  }

  // the files: those from the backup that are missing; never one that is there
  const sepaDir = sepaFilesDir(target.dataDir);
  const before = fs.existsSync(sepaDir) ? fs.readdirSync(sepaDir) : [];
  for (const member of checked.index.filter((entry) => entry.name.startsWith(`${FILES}/`))) {
    const destination = path.join(target.dataDir, ...member.name.split('/'));
    if (fs.existsSync(destination)) continue;
    fs.mkdirSync(path.dirname(destination), { recursive: true });
    fs.writeFileSync(destination, readTarMember(file, member), { flag: 'wx' });
  }

  out.line(`Wiederhergestellt aus ${path.resolve(file)}.`);
  describeBackup(manifest, out);
  out.warn(
    `ACHTUNG: Alles, was nach dem ${formatDateTime(manifest.createdAt)} ausgestellt (Rechnungen, ` +
      'Abrechnungen, Stornos) oder an die Bank gegeben wurde (Zahlungsläufe), kennt das ' +
      'wiederhergestellte System nicht. Vor neuen Dokumenten und Zahlungsläufen mit der Bank und ' +
      'den versandten Dokumenten abgleichen: Nummern würden sonst doppelt vergeben, Zahlungen doppelt ausgeführt.',
  );
  const known = new Set(manifest.paymentRuns.map((run) => run.messageId));
  const unknown = before.filter(
    (name) => name.endsWith('.xml') && ![...known].some((id) => name.includes(id)),
  );
  if (unknown.length > 0) {
    out.warn(
      `ACHTUNG: Diese SEPA-Dateien in ${sepaDir} gehören zu Zahlungsläufen, die die Sicherung nicht kennt – sie können schon bei der Bank sein:\n  ${unknown.join('\n  ')}`,
    );
  }
  return manifest;
}
