// Large CSV imports as a background job the Verkäufe page follows (docs/decisions/0051). The job
// lives in the database: the file's text, how many of its lines are read, the counts so far and
// the German reason of each line not stored. Each chunk of lines is stored in one transaction
// with the job's progress, so whichever instance takes the job up after a restart goes on where
// it stopped and counts nothing twice; a job that keeps breaking off is marked failed, never
// left hanging. One open job per file: a second identical upload joins it.
import { createHash, randomBytes } from 'node:crypto';
import type { SalesImportJob, SalesImportResult } from '@housnkuh/shared/schemas/sales';
import { SALES_MESSAGES } from '@housnkuh/shared/schemas/sales';
import { clock } from '@housnkuh/shared/clock';
import { isUuid } from '@housnkuh/shared/schemas/params';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { onWake, transaction, wakeAfterCommit } from '../../db/transaction';
import { NotFoundError } from '../../lib/domain-errors';
import { yieldToEventLoop } from '../../lib/pdf-queue';
import { Poller } from '../../lib/poller';
import {
  emptyTally,
  importResult,
  ownersOf,
  parseCsv,
  readCsv,
  splitDelivery,
  storeFresh,
  type CsvEncoding,
  type ImportError,
} from './import.service';
import type { ParsedLine } from './sales-lines';
import { salesImportJobErrors, salesImportJobs } from './schema';

/** A job's columns but its file (megabytes): what the API's answers and the worker's checks need. */
const { csv: _file, ...stateColumns } = getTableColumns(salesImportJobs);
type JobState = Omit<typeof salesImportJobs.$inferSelect, 'csv'>;
type JobRow = typeof salesImportJobs.$inferSelect;

/** Lines of the file stored per transaction (and per step of the progress). */
const CHUNK_LINES = 5000;
/** A job taken up more often than this (restarts in the middle) is given up, with its reason. */
const MAX_ATTEMPTS = 5;

/** The job as the API shows it; its errors only once it is done. */
async function jobView(db: Executor, row: JobState): Promise<SalesImportJob> {
  let result: SalesImportResult | null = null;
  if (row.status === 'done') {
    const errors: ImportError[] = await db
      .select({ line: salesImportJobErrors.line, message: salesImportJobErrors.message })
      .from(salesImportJobErrors)
      .where(eq(salesImportJobErrors.jobId, row.id))
      .orderBy(asc(salesImportJobErrors.line));
    result = {
      ...importResult(row, errors),
      encoding: row.encoding as CsvEncoding,
    };
  }
  return {
    id: row.id,
    status: row.status as SalesImportJob['status'],
    linesDone: row.linesDone,
    linesTotal: row.linesTotal,
    message: row.message,
    result,
  };
}

/**
 * POST /api/admin/sales/import of a large file: a new job, or the open job of the same file
 * (joined). The file's header is checked before (readCsv): a job never fails on it.
 */
export async function startImportJob(
  db: Database,
  input: { bytes: Uint8Array; text: string; encoding: CsvEncoding; linesTotal: number },
  adminId: string | null,
): Promise<{ job: SalesImportJob; joined: boolean }> {
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  // the open job of the same file may end between the insert and the read: then a new one
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const found = await transaction(db, async (tx) => {
      const [created] = await tx
        .insert(salesImportJobs)
        .values({
          sha256,
          csv: input.text,
          encoding: input.encoding,
          linesTotal: input.linesTotal,
          createdBy: adminId,
        })
        .onConflictDoNothing({
          target: salesImportJobs.sha256,
          where: sql`status in ('queued', 'running')`,
        })
        .returning(stateColumns);
      if (created) {
        wakeAfterCommit(tx, 'sales-import');
        return { job: await jobView(tx, created), joined: false };
      }
      const [open] = await tx
        .select(stateColumns)
        .from(salesImportJobs)
        .where(
          and(
            eq(salesImportJobs.sha256, sha256),
            inArray(salesImportJobs.status, ['queued', 'running']),
          ),
        );
      return open ? { job: await jobView(tx, open), joined: true } : undefined;
    });
    if (found) return found;
  }
  throw new Error('sales import job: neither created nor found');
}

/** GET /api/admin/sales/import-jobs/:id */
export async function importJob(db: Executor, id: string): Promise<SalesImportJob> {
  const [row] = isUuid(id)
    ? await db.select(stateColumns).from(salesImportJobs).where(eq(salesImportJobs.id, id))
    : [];
  if (!row) throw new NotFoundError(SALES_MESSAGES.importJobNotFound);
  return jobView(db, row);
}

/** GET /api/admin/sales/import-jobs/current: the oldest job still open, or null. */
export async function currentImportJob(db: Executor): Promise<SalesImportJob | null> {
  const [row] = await db
    .select(stateColumns)
    .from(salesImportJobs)
    .where(inArray(salesImportJobs.status, ['queued', 'running']))
    .orderBy(asc(salesImportJobs.createdAt))
    .limit(1);
  return row ? jobView(db, row) : null;
}

export interface ImportWorkerOptions {
  pollMs: number;
  /** How long a job stays with the instance that took it up without a word from it. */
  leaseMs: number;
  chunkLines?: number;
}

/** The job's lines, read once per taking up: what each line of the file is. */
interface Prepared {
  /** By line index (1 = the first line after the header): fresh line, duplicate, error or empty. */
  kinds: (
    | { kind: 'fresh'; entry: { line: number; parsed: ParsedLine } }
    | { kind: 'duplicate' }
    | { kind: 'error'; message: string }
    | { kind: 'empty' }
  )[];
  ownerOf: Parameters<typeof storeFresh>[3];
}

class LostJobError extends Error {}

/**
 * The background worker of import jobs: takes up one open job whose lease ran out (or that no
 * one holds), and stores it chunk by chunk. Runs on every instance; the lease and the row lock
 * of each chunk keep two instances from storing the same lines.
 */
export class SalesImportWorker {
  private readonly poller: Poller;
  private stopping = false;
  private readonly token = randomBytes(12).toString('hex');

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: ImportWorkerOptions,
  ) {
    // a job that ran to its end: there may be more
    this.poller = new Poller(
      () => this.runOnce(),
      options.pollMs,
      (error) => this.log.error({ err: error }, 'sales import job failed'),
    );
    onWake(db, 'sales-import', () => this.poller.kick());
  }

  start(): void {
    this.stopping = false;
    this.poller.start();
  }

  /** Stops after the chunk in progress; the job is left for the next start (lease released). */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.poller.stop();
  }

  /** Takes up one open job and works on it; answers whether it took one. */
  async runOnce(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    await this.work(job);
    return true;
  }

  /**
   * Takes up one open job and stores its next chunk only, keeping the lease (as an instance that
   * dies right after it would). Answers whether it took one.
   */
  async step(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    await this.work(job, 1);
    return true;
  }

  private async claim(): Promise<JobRow | undefined> {
    const now = clock.now();
    const result = await this.db.execute(sql`
      update ${salesImportJobs}
         set status = 'running', attempts = attempts + 1, lock_token = ${this.token},
             locked_until = ${new Date(now.getTime() + this.options.leaseMs).toISOString()}::timestamptz
       where id = (select id from ${salesImportJobs}
                    where status in ('queued', 'running')
                      and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz)
                    order by created_at
                    limit 1
                    for update skip locked)
      returning id`);
    const id = (result as unknown as { rows: { id: string }[] }).rows[0]?.id;
    if (!id) return undefined;
    const [row] = await this.db.select().from(salesImportJobs).where(eq(salesImportJobs.id, id));
    return row;
  }

  private async work(job: JobRow, maxChunks = Infinity): Promise<void> {
    if (job.attempts > MAX_ATTEMPTS) {
      await this.fail(job.id, SALES_MESSAGES.importJobGaveUp);
      return;
    }
    try {
      const prepared = await this.prepare(job);
      let done = job.linesDone;
      let chunks = 0;
      while (done < job.linesTotal && chunks < maxChunks) {
        if (this.stopping) {
          await this.release(job.id);
          return;
        }
        done = await this.storeChunk(job, prepared, done);
        chunks += 1;
        // other requests get their turn between chunks
        await yieldToEventLoop();
      }
    } catch (error) {
      if (error instanceof LostJobError) return;
      this.log.error({ err: error, job: job.id }, 'sales import job failed');
      await this.fail(job.id, SALES_MESSAGES.importJobFailed);
    }
  }

  /** The file's lines read and sorted out (the same every time: the file does not change). */
  private async prepare(job: JobRow): Promise<Prepared> {
    const { lines, columns } = readCsv(job.csv);
    const { parsed, errors } = parseCsv(lines, columns);
    const kinds: Prepared['kinds'] = Array.from({ length: lines.length }, () => ({
      kind: 'empty' as const,
    }));
    for (const error of errors)
      kinds[(error.line as number) - 1] = { kind: 'error', message: error.message };
    const verdicts = splitDelivery(parsed);
    const fresh: typeof parsed = [];
    parsed.forEach((entry, index) => {
      const verdict = verdicts[index]!;
      if (verdict === 'fresh') {
        fresh.push(entry);
        kinds[entry.line - 1] = { kind: 'fresh', entry };
      } else if (verdict === 'duplicate') kinds[entry.line - 1] = { kind: 'duplicate' };
      else kinds[entry.line - 1] = { kind: 'error', message: verdict };
    });
    return { kinds, ownerOf: await ownersOf(this.db, fresh) };
  }

  /** Stores the lines after `done` (one chunk) with the job's progress; answers the new count. */
  private async storeChunk(job: JobRow, prepared: Prepared, done: number): Promise<number> {
    const size = Math.min(this.options.chunkLines ?? CHUNK_LINES, job.linesTotal - done);
    return transaction(this.db, async (tx) => {
      const [held] = await tx
        .select({ linesDone: salesImportJobs.linesDone, lockToken: salesImportJobs.lockToken })
        .from(salesImportJobs)
        .where(eq(salesImportJobs.id, job.id))
        .for('update');
      // taken over by another instance (this one stalled past its lease): it goes on from there
      if (!held || held.lockToken !== this.token || held.linesDone !== done)
        throw new LostJobError();
      const tally = emptyTally();
      const errors: ImportError[] = [];
      const fresh: { line: number; parsed: ParsedLine }[] = [];
      // line index i (1 = after the header) is line number i + 1 of the file
      for (let index = done + 1; index <= done + size; index += 1) {
        const what = prepared.kinds[index]!;
        if (what.kind === 'fresh') fresh.push(what.entry);
        else if (what.kind === 'duplicate') tally.duplicates += 1;
        else if (what.kind === 'error') errors.push({ line: index + 1, message: what.message });
      }
      await storeFresh(tx, 'csv', fresh, prepared.ownerOf, tally, errors);
      if (errors.length > 0)
        await tx
          .insert(salesImportJobErrors)
          .values(
            errors.map((error) => ({
              jobId: job.id,
              line: error.line as number,
              message: error.message,
            })),
          )
          .onConflictDoNothing();
      const next = done + size;
      const finished = next >= job.linesTotal;
      const now = clock.now();
      await tx
        .update(salesImportJobs)
        .set({
          linesDone: next,
          imported: sql`${salesImportJobs.imported} + ${tally.imported}`,
          duplicates: sql`${salesImportJobs.duplicates} + ${tally.duplicates}`,
          unassigned: sql`${salesImportJobs.unassigned} + ${tally.unassigned}`,
          clarify: sql`${salesImportJobs.clarify} + ${tally.clarify}`,
          lateCount: sql`${salesImportJobs.lateCount} + ${tally.lateCount}`,
          ...(tally.lateMonth ? { lateMonth: tally.lateMonth } : {}),
          lockedUntil: finished ? null : new Date(now.getTime() + this.options.leaseMs),
          ...(finished
            ? { status: 'done', finishedAt: now, csv: '', lockToken: null }
            : { status: 'running' }),
        })
        .where(eq(salesImportJobs.id, job.id));
      return next;
    });
  }

  /** Leaves the job to the next instance or start at once (a clean stop). */
  private async release(id: string): Promise<void> {
    await this.db
      .update(salesImportJobs)
      .set({ lockedUntil: null, lockToken: null })
      .where(and(eq(salesImportJobs.id, id), eq(salesImportJobs.lockToken, this.token)));
  }

  private async fail(id: string, message: string): Promise<void> {
    await this.db
      .update(salesImportJobs)
      .set({
        status: 'failed',
        message,
        csv: '',
        lockToken: null,
        lockedUntil: null,
        finishedAt: clock.now(),
      })
      .where(eq(salesImportJobs.id, id));
  }
}
