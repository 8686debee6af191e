import { spawn, spawnSync } from 'node:child_process';
import readline from 'node:readline';
import type { DatabaseSummary, ManifestDocument } from './manifest';
import { knownMigrations, sha256 } from './manifest';

/** pg_dump / pg_restore is not installed: the CLI says so and which package brings it. */
export class ToolMissingError extends Error {
  constructor(tool: string) {
    super(
      `${tool} wurde nicht gefunden. Bitte den PostgreSQL-Client installieren (Debian/Ubuntu: ` +
        `apt-get install postgresql-client; dieselbe Hauptversion wie der Server oder neuer). ` +
        `(${tool} not found: install the PostgreSQL client tools.)`,
    );
    this.name = 'ToolMissingError';
  }
}

/** The connection string without its password, and the password for PGPASSWORD (not in `ps`). */
function connection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    url: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env },
  };
}

export function requireTool(tool: 'pg_dump' | 'pg_restore') {
  const check = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (check.error) {
    if ((check.error as NodeJS.ErrnoException).code === 'ENOENT') throw new ToolMissingError(tool);
    throw check.error;
  }
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) =>
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT' ? new ToolMissingError(tool) : error,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} ist fehlgeschlagen (Code ${code}): ${stderr.trim()}`));
    });
  });
}

/** pg_dump in its custom format, of the snapshot another connection exported. */
export function pgDump(url: string, snapshot: string, file: string) {
  const target = connection(url);
  return run(
    'pg_dump',
    ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${target.url}`],
    target.env,
  );
}

/** pg_restore into an (empty) database, all or nothing. */
export function pgRestore(url: string, file: string) {
  const target = connection(url);
  return run(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${target.url}`,
      file,
    ],
    target.env,
  );
}

/** One field of COPY's text format: \N is null, backslash escapes as PostgreSQL writes them. */
function copyField(field: string): string | null {
  if (field === '\\N') return null;
  return field.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_, code: string) => {
    if (code.startsWith('x') && code.length > 1)
      return String.fromCharCode(parseInt(code.slice(1), 16));
    if (/^[0-7]/.test(code)) return String.fromCharCode(parseInt(code, 8));
    return (
      ({ b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' } as Record<string, string>)[code] ??
      code
    );
  });
}

function bare(name: string): string {
  return name.trim().replace(/^"(.*)"$/, '$1');
}

/**
 * Reads a custom-format dump without restoring it (`pg_restore --data-only -f -`): the rows of
 * every table, the last migration, and every document with the SHA-256 of its PDF bytes.
 */
export async function summarizeDump(
  file: string,
): Promise<{ summary: DatabaseSummary; problems: string[] }> {
  const child = spawn('pg_restore', ['--data-only', '--file=-', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', (error) =>
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? new ToolMissingError('pg_restore')
          : error,
      ),
    );
    child.on('close', resolve);
  });

  const tables: Record<string, number> = {};
  const documents: ManifestDocument[] = [];
  const problems: string[] = [];
  let lastMigration = Number.NaN;
  let current: { schema: string; table: string; columns: string[] } | null = null;
  const lines = readline.createInterface({ input: child.stdout, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!current) {
      const copy = /^COPY ([^ ]+) \((.*)\) FROM stdin;$/.exec(line);
      if (copy) {
        const [schema, table] = copy[1]!.split('.').map(bare);
        current = { schema: schema!, table: table!, columns: copy[2]!.split(',').map(bare) };
        if (schema === 'public') tables[table!] = 0;
      }
      continue;
    }
    if (line === '\\.') {
      current = null;
      continue;
    }
    if (current.schema === 'public') tables[current.table]! += 1;
    const fields = line.split('\t');
    const value = (column: string) => {
      const index = current!.columns.indexOf(column);
      return index < 0 ? null : copyField(fields[index] ?? '\\N');
    };
    if (current.schema === 'drizzle' && current.table === '__drizzle_migrations') {
      const when = Number(value('created_at'));
      if (!(when <= lastMigration)) lastMigration = when;
    }
    if (current.schema === 'public' && current.table === 'documents') {
      const number = value('number') ?? '';
      const stored = value('sha256');
      const hex = value('pdf');
      const pdf = hex === null ? null : Buffer.from(hex.replace(/^\\x/, ''), 'hex');
      if (pdf && stored !== null && sha256(pdf) !== stored) {
        problems.push(`${number}: die PDF-Bytes passen nicht zu ihrem SHA-256`);
      }
      documents.push({
        number,
        type: value('type') ?? '',
        issuedOn: value('issued_on') ?? '',
        sha256: pdf ? stored : null,
      });
    }
  }
  const code = await exited;
  if (code !== 0) throw new Error(`pg_restore konnte die Sicherung nicht lesen: ${stderr.trim()}`);
  documents.sort((a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
  const schemaVersion =
    knownMigrations().find((entry) => entry.when === lastMigration)?.tag ??
    `unbekannt (${lastMigration})`;
  return { summary: { schemaVersion, tables, documents, paymentRuns: [] }, problems };
}
