// Progress of a month's finalizing (issue 31, docs/decisions/0044). Finalizing runs in
// one transaction, so its state is invisible to other connections until it commits: the running
// call keeps its progress beside it for GET /admin/abrechnungen/:month/fortschritt, which adds the
// PDFs rendered of the month's documents (rendered after the commit). Embedded database (one
// instance): in this process's memory. PostgreSQL (maybe several instances, docs/decisions/0050):
// in settlement_finalize_progress, written on a connection of its own, and counted only while the
// finalizing holds its lock (a row left by an instance that died is no progress).
import type { FinalizeProgress } from '@housnkuh/shared/schemas/settlement';
import { eq, sql } from 'drizzle-orm';
import { isSharedDatabase, type Executor } from '../../db/client';
import { pdfCountOfMonth } from '../documents/public';
import { monthOfPath } from './month';
import { settlementFinalizeProgress } from './schema';

/** Key space of the per-month finalize lock (pg_advisory_xact_lock(int, int)). */
const FINALIZE_LOCK_SPACE = 260_034;

/** The month as the second key of its finalize lock: 2026-11 → 202611. */
const monthKey = (month: string) => Number(month.replace('-', ''));

/**
 * Takes the finalize lock of `month` in the finalizing transaction, without waiting; false: the
 * month is being finalized by another call (on this instance or another one).
 */
export async function tryLockFinalize(tx: Executor, month: string): Promise<boolean> {
  const result = await tx.execute(
    sql`select pg_try_advisory_xact_lock(${FINALIZE_LOCK_SPACE}::int, ${monthKey(month)}::int) as locked`,
  );
  return (result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked === true;
}

/** Whether a finalizing of `month` holds its lock now (any instance). */
export async function finalizeRunning(db: Executor, month: string): Promise<boolean> {
  const result = await db.execute(
    sql`select exists (select 1 from pg_locks where locktype = 'advisory' and classid = ${FINALIZE_LOCK_SPACE}::oid and objid = ${monthKey(month)}::oid and objsubid = 2 and granted) as running`,
  );
  return (result as unknown as { rows: { running: boolean }[] }).rows[0]?.running === true;
}

interface Tracked {
  progress: FinalizeProgress;
  /** PostgreSQL: the database the row is written to, outside the finalizing transaction. */
  db: Executor | undefined;
  /** The row's writes, one after the other; `dirty`: one more is due after the current one. */
  writing: Promise<void> | undefined;
  dirty: boolean;
}

const running = new Map<string, Tracked>();

/** Writes the current progress of `month` (coalesced: at most one write waiting). */
function persist(month: string, tracked: Tracked): void {
  const db = tracked.db;
  if (!db) return;
  if (tracked.writing) {
    tracked.dirty = true;
    return;
  }
  tracked.writing = (async () => {
    do {
      tracked.dirty = false;
      const values = { ...tracked.progress };
      await db
        .insert(settlementFinalizeProgress)
        .values({ month, ...values })
        .onConflictDoUpdate({ target: settlementFinalizeProgress.month, set: values })
        .catch(() => {}); // progress is shown, never needed: a failed write is no failed finalize
    } while (tracked.dirty && running.get(month) === tracked);
    tracked.writing = undefined;
  })();
}

/**
 * The finalizing of `month` has begun: checking the data and computing the drafts. `db`: the
 * database (not the transaction) where a shared database keeps the progress.
 */
export function progressStarted(month: string, db?: Executor): void {
  const tracked: Tracked = {
    progress: { phase: 'pruefen', done: 0, total: 0 },
    db: db && isSharedDatabase(db) ? db : undefined,
    writing: undefined,
    dirty: false,
  };
  running.set(month, tracked);
  persist(month, tracked);
}

/** The documents are being issued for `total` producers (`done` of them so far). */
export function progressIssuing(month: string, total: number): void {
  const tracked = running.get(month);
  if (!tracked) return;
  tracked.progress = { phase: 'belege', done: 0, total };
  persist(month, tracked);
}

/** One more producer settled. */
export function progressStep(month: string): void {
  const tracked = running.get(month);
  if (!tracked || tracked.progress.phase !== 'belege') return;
  tracked.progress.done = Math.min(tracked.progress.total, tracked.progress.done + 1);
  persist(month, tracked);
}

/** The finalizing ended (committed or refused). */
export async function progressEnded(month: string): Promise<void> {
  const tracked = running.get(month);
  if (!tracked) return;
  running.delete(month);
  if (!tracked.db) return;
  await tracked.writing;
  await tracked.db
    .delete(settlementFinalizeProgress)
    .where(eq(settlementFinalizeProgress.month, month))
    .catch(() => {});
}

async function sharedProgress(db: Executor, month: string): Promise<FinalizeProgress | null> {
  const [row] = await db
    .select()
    .from(settlementFinalizeProgress)
    .where(eq(settlementFinalizeProgress.month, month));
  if (!row || !(await finalizeRunning(db, month))) return null;
  return { phase: row.phase as FinalizeProgress['phase'], done: row.done, total: row.total };
}

/** GET /api/admin/abrechnungen/:month/fortschritt */
export async function progressOfMonth(db: Executor, month: string) {
  monthOfPath(month);
  // this instance's own finalizing as it is now; another instance's from the database
  const local = running.get(month);
  const finalizing = local
    ? { ...local.progress }
    : isSharedDatabase(db)
      ? await sharedProgress(db, month)
      : null;
  return { finalizing, pdfs: await pdfCountOfMonth(db, month) };
}
