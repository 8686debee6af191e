// What a refused request must leave as it was: the database. Two ways to see a change, both on
// the embedded database and on PostgreSQL (docs/decisions/0055-api-fuzz-and-access-matrix.md):
// - snapshot(): each table's row count and a hash of its rows, compared before and after (the
//   access matrix; a few hundred requests);
// - a change log: a trigger on every table writes each inserted, deleted or really changed row's
//   table into fuzz_changes, read and emptied after each request (the fuzz; a snapshot of every
//   table twice per request would cost more than the request).
// Both leave out what changes legitimately when a request is refused (IGNORED).
import { sql } from 'drizzle-orm';
import type { Executor } from '../../src/db/client';

/**
 * Changes that are no change of the data a refusal must keep:
 * - sessions.last_used_at, pos_keys.last_used_at: a valid session or till key is marked as
 *   used (at most once a minute) when it authenticates, before the route refuses the request;
 * - documents.pdf, documents.sha256: a document's PDF is rendered after the commit that issued
 *   it, in the background (it may land during a later request); the bytes are set once;
 * - login_failures: a wrong password is counted (the lockout and the slow-down of logins), so a
 *   refused login writes a row by design;
 * - settlement_finalize_progress: on PostgreSQL a finalize announces its progress on a connection
 *   of its own (for the other instances) before it checks the month, and removes it when the call
 *   ends, refused or not (docs/decisions/0050): a row written and deleted again;
 * - the change log itself.
 */
export const IGNORED: { tables: string[]; columns: Record<string, string[]> } = {
  tables: [
    'login_failures',
    'settlement_finalize_progress',
    'fuzz_changes',
    '__drizzle_migrations',
  ],
  columns: {
    sessions: ['last_used_at'],
    pos_keys: ['last_used_at'],
    documents: ['pdf', 'sha256'],
  },
};

async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The tables of the app (schema public), without the ignored ones. */
export async function tablesOf(db: Executor): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return found.map((row) => row.name).filter((name) => !IGNORED.tables.includes(name));
}

/** Each table's row count and the MD5 of its rows (ignored columns left out), by table. */
export async function snapshot(db: Executor): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of await tablesOf(db)) {
    const drop = IGNORED.columns[table] ?? [];
    const row = drop.length
      ? `to_jsonb(t) - array[${drop.map((c) => `'${c}'`).join(',')}]`
      : 'to_jsonb(t)';
    const [found] = await rows<{ count: string | number; hash: string | null }>(
      db,
      sql.raw(
        `select count(*) as count, md5(coalesce(string_agg((${row})::text, '|' order by (${row})::text), '')) as hash from "${table}" t`,
      ),
    );
    result[table] = `${found!.count}:${found!.hash}`;
  }
  return result;
}

/** The tables whose snapshot differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>) {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (table) => before[table] !== after[table],
  );
}

/** Puts the change log's trigger on every table (test databases only). */
export async function installChangeLog(db: Executor): Promise<void> {
  await db.execute(
    sql`create table if not exists fuzz_changes (tbl text not null, op text not null)`,
  );
  await db.execute(
    sql.raw(`create or replace function fuzz_log_change() returns trigger language plpgsql as $$
      begin
        if TG_OP = 'UPDATE' and (to_jsonb(NEW) - coalesce(TG_ARGV, '{}'::text[])) = (to_jsonb(OLD) - coalesce(TG_ARGV, '{}'::text[])) then
          return null;
        end if;
        insert into fuzz_changes values (TG_TABLE_NAME, TG_OP);
        return null;
      end $$`),
  );
  for (const table of await tablesOf(db)) {
    const args = (IGNORED.columns[table] ?? []).map((c) => `'${c}'`).join(', ');
    await db.execute(sql.raw(`drop trigger if exists fuzz_log_change on "${table}"`));
    await db.execute(
      sql.raw(
        `create trigger fuzz_log_change after insert or update or delete on "${table}"
         for each row execute function fuzz_log_change(${args})`,
      ),
    );
  }
}

/** The changes logged since the last call (table → count), and the log emptied. */
export async function takeChanges(db: Executor): Promise<Record<string, number>> {
  const taken = await rows<{ tbl: string; op: string }>(
    db,
    sql`delete from fuzz_changes returning tbl, op`,
  );
  const counts: Record<string, number> = {};
  for (const { tbl, op } of taken) counts[`${op} ${tbl}`] = (counts[`${op} ${tbl}`] ?? 0) + 1;
  return counts;
}
