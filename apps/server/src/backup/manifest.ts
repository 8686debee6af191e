import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../lib/paths';

/** Runs one SQL statement (PGlite or node-postgres) and gives its rows. */
export type Query = (sql: string) => Promise<Record<string, unknown>[]>;

export const MANIFEST_FORMAT = 'housnkuh-backup/1';

export interface ManifestDocument {
  number: string;
  type: string;
  issuedOn: string;
  /** The SHA-256 the documents table stores for its PDF; null: the PDF was not rendered yet. */
  sha256: string | null;
}

export interface ManifestPaymentRun {
  month: string;
  messageId: string;
  executionDate: string;
  count: number;
  totalCents: number;
  createdAt: string;
  downloadedAt: string | null;
  transferredOn: string | null;
  discardedAt: string | null;
}

export interface ManifestMember {
  name: string;
  size: number;
  sha256: string;
}

/** What a backup holds, read from the database copy itself (so it describes exactly that copy). */
export interface DatabaseSummary {
  /** The last migration applied (the file's tag, e.g. 0028_product_deposit). */
  schemaVersion: string;
  /** Rows per table of the public schema. */
  tables: Record<string, number>;
  documents: ManifestDocument[];
  /** Every payment run, newest first (their SEPA files can be matched against them). */
  paymentRuns: ManifestPaymentRun[];
}

export interface Manifest extends DatabaseSummary {
  format: typeof MANIFEST_FORMAT;
  createdAt: string;
  database: 'embedded' | 'postgres';
  members: ManifestMember[];
}

export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function sha256OfFile(file: string): string {
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'r');
  try {
    const chunk = Buffer.alloc(1 << 20);
    let read: number;
    while ((read = fs.readSync(fd, chunk, 0, chunk.length, null)) > 0) {
      hash.update(chunk.subarray(0, read));
    }
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/** The migrations this program knows, oldest first: their tags and Drizzle's `created_at`. */
export function knownMigrations(): { tag: string; when: number }[] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string; when: number }[] };
  return journal.entries.map((entry) => ({ tag: entry.tag, when: entry.when }));
}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : String(value);
}

function bytesOf(value: unknown): Buffer | null {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.length);
  throw new Error('unexpected bytea value');
}

/** A name safe to put into SQL as a quoted identifier. */
function identifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export interface DocumentCheck {
  number: string;
  /** What is wrong with its PDF, or null. */
  problem: string | null;
}

/**
 * Reads the summary of a database (the copy in a backup, or a restored one) and checks every
 * document's PDF bytes against the SHA-256 stored beside them.
 */
export async function summarize(
  query: Query,
): Promise<{ summary: DatabaseSummary; problems: string[] }> {
  const problems: string[] = [];
  const [migration] = await query(
    'select created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  const when = Number(migration?.created_at ?? Number.NaN);
  const schemaVersion =
    knownMigrations().find((entry) => entry.when === when)?.tag ?? `unbekannt (${when})`;

  const tables: Record<string, number> = {};
  const names = await query(
    "select table_name::text as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  for (const { name } of names) {
    const [row] = await query(`select count(*)::text as n from public.${identifier(String(name))}`);
    tables[String(name)] = Number(row?.n ?? 0);
  }

  const documents: ManifestDocument[] = [];
  if ('documents' in tables) {
    // in batches, so ten years of PDFs are never in memory at once
    let after = '';
    for (;;) {
      const rows = await query(
        `select number, type, issued_on::text as issued_on, sha256, pdf from documents where number > '${after.replaceAll("'", "''")}' order by number limit 200`,
      );
      for (const row of rows) {
        const number = String(row.number);
        const stored = text(row.sha256);
        const pdf = bytesOf(row.pdf);
        if (pdf && stored === null) problems.push(`${number}: PDF ohne gespeicherten SHA-256`);
        if (pdf && stored !== null && sha256(pdf) !== stored) {
          problems.push(`${number}: die PDF-Bytes passen nicht zu ihrem SHA-256`);
        }
        if (!pdf && stored !== null) problems.push(`${number}: SHA-256 ohne PDF`);
        documents.push({
          number,
          type: String(row.type),
          issuedOn: String(row.issued_on),
          sha256: pdf ? stored : null,
        });
      }
      if (rows.length < 200) break;
      after = String(rows.at(-1)!.number);
    }
  }

  const paymentRuns: ManifestPaymentRun[] =
    'payment_runs' in tables
      ? (
          await query(
            `select month, message_id, execution_date::text as execution_date, count, total_cents::text as total_cents,
                    created_at::text as created_at, downloaded_at::text as downloaded_at,
                    transferred_on::text as transferred_on, discarded_at::text as discarded_at
             from payment_runs order by created_at desc`,
          )
        ).map((row) => ({
          month: String(row.month),
          messageId: String(row.message_id),
          executionDate: String(row.execution_date),
          count: Number(row.count),
          totalCents: Number(row.total_cents),
          createdAt: String(row.created_at),
          downloadedAt: text(row.downloaded_at),
          transferredOn: text(row.transferred_on),
          discardedAt: text(row.discarded_at),
        }))
      : [];

  return { summary: { schemaVersion, tables, documents, paymentRuns }, problems };
}

/** Where a database copy differs from the manifest (counts, documents, their hashes). */
export function compareSummary(manifest: DatabaseSummary, actual: DatabaseSummary): string[] {
  const problems: string[] = [];
  if (manifest.schemaVersion !== actual.schemaVersion) {
    problems.push(
      `Schema-Version: Manifest ${manifest.schemaVersion}, Datenbank ${actual.schemaVersion}`,
    );
  }
  const names = new Set([...Object.keys(manifest.tables), ...Object.keys(actual.tables)]);
  for (const name of [...names].sort()) {
    const expected = manifest.tables[name];
    const found = actual.tables[name];
    if (expected !== found) {
      problems.push(
        `Tabelle ${name}: ${expected ?? 'fehlt'} Zeilen laut Manifest, ${found ?? 'fehlt'} in der Datenbank`,
      );
    }
  }
  const byNumber = new Map(actual.documents.map((document) => [document.number, document]));
  for (const document of manifest.documents) {
    const found = byNumber.get(document.number);
    if (!found) problems.push(`Dokument ${document.number} fehlt`);
    else if (found.sha256 !== document.sha256) {
      problems.push(`Dokument ${document.number}: SHA-256 anders als im Manifest`);
    }
    byNumber.delete(document.number);
  }
  for (const number of byNumber.keys()) problems.push(`Dokument ${number} fehlt im Manifest`);
  return problems;
}

/** The highest document number of each type (RE, VA, ST …). */
export function lastDocumentNumbers(documents: ManifestDocument[]): Record<string, string> {
  const last: Record<string, string> = {};
  for (const { type, number } of documents) {
    if (!last[type] || number > last[type]) last[type] = number;
  }
  return last;
}
