// Large sales CSVs are imported as a background job the page follows (docs/decisions/0051): the
// job's state is in the database, a second identical upload joins it, a job broken off by a
// restart goes on where it stopped (nothing counted twice), and one that keeps breaking off is
// marked failed with a German reason.
import { clock } from '@housnkuh/shared/clock';
import { inStoreEan } from '@housnkuh/shared/ean';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SalesImportWorker } from '../src/modules/sales/import-jobs.service';
import { salesImportJobs, salesLines } from '../src/modules/sales/schema';
import { createTestApp, pinDay, signedInAdmin } from './helpers';
import { producer, product } from './sales-fixtures';

pinDay('2026-03-20');

const HEADER = 'beleg;position;zeitpunkt;ean;artikel;menge;einzelpreis_brutto;mwst_satz';
const HONEY = inStoreEan(201);
const UNKNOWN = inStoreEan(998);
/** Files of more lines than this become a job here (the shop's default is 10,000). */
const JOB_LINES = 100;

/**
 * A till export of `count` lines on receipts of four positions: every tenth an EAN no product
 * has, every 97th line unreadable (a quantity of "viel").
 */
function tillCsv(prefix: string, count: number): { csv: string; bad: number[]; unknown: number } {
  const lines = [HEADER];
  const bad: number[] = [];
  let unknown = 0;
  for (let i = 0; i < count; i += 1) {
    const receipt = `${prefix}-${Math.floor(i / 4)}`;
    const position = (i % 4) + 1;
    const time = `17.03.2026 ${String(8 + Math.floor((i % 600) / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`;
    if (i % 97 === 96) {
      lines.push(`${receipt};${position};${time};${HONEY};Honig;viel;6,50;7`);
      bad.push(lines.length);
    } else if (i % 10 === 9) {
      lines.push(`${receipt};${position};${time};${UNKNOWN};Pfandbon;1;0,15;19`);
      unknown += 1;
    } else lines.push(`${receipt};${position};${time};${HONEY};Honig;1;6,50;7`);
  }
  return { csv: lines.join('\n'), bad, unknown };
}

async function setUp(startSalesImport: boolean) {
  const t = await createTestApp({
    config: { salesImportJobLines: JOB_LINES, salesImportLeaseMs: 60_000 },
    build: { startSalesImport },
  });
  const token = await signedInAdmin(t);
  const hof = await producer(t.database.db, { name: 'Berta Imker', unternehmen: 'Imkerei Berta' });
  await product(t.database.db, hof, { name: 'Blütenhonig', ean: HONEY, priceCents: 650 });
  const upload = (csv: string, auth = token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/sales/import',
      headers: {
        ...(auth ? { authorization: `Bearer ${auth}` } : {}),
        'content-type': 'text/csv; charset=utf-8',
      },
      payload: csv,
    });
  const get = (url: string, auth = token) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: auth ? { authorization: `Bearer ${auth}` } : {},
    });
  return { t, token, upload, get };
}

/** Asks for the job as the page does until it is over. */
async function follow(get: Awaited<ReturnType<typeof setUp>>['get'], id: string) {
  const seen: number[] = [];
  for (;;) {
    const response = await get(`/api/admin/sales/import-jobs/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const { job, message } = response.json();
    seen.push(job.linesDone);
    if (job.status === 'done' || job.status === 'failed') return { job, message, seen };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a large import with the worker running', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp(true);
  });
  afterAll(async () => {
    await s?.t.close();
  });

  it('a small file still answers with its result at once', async () => {
    const { csv } = tillCsv('KLEIN', JOB_LINES);
    const response = await s.upload(csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, imported: 99, unassigned: 10 });
    expect(response.json().errors).toEqual([{ line: 98, message: expect.stringMatching(/Menge/) }]);
  });

  it('a large file runs as a job: the page follows its lines and sees the same summary and German line errors', async () => {
    const { csv, bad, unknown } = tillCsv('GROSS', 1200);
    const response = await s.upload(csv);
    expect(response.statusCode, response.body).toBe(202);
    const accepted = response.json();
    expect(accepted.message).toBe('Große Datei (1.200 Zeilen): Der Import läuft im Hintergrund.');
    expect(accepted.job).toMatchObject({ linesTotal: 1200, result: null, message: null });

    const { job, message } = await follow(s.get, accepted.job.id);
    expect(message).toBe('Import abgeschlossen.');
    expect(job).toMatchObject({ status: 'done', linesDone: 1200, linesTotal: 1200 });
    expect(job.result).toMatchObject({
      success: true,
      imported: 1200 - bad.length,
      duplicates: 0,
      unassigned: unknown,
      clarify: 0,
      late: null,
      encoding: 'utf-8',
    });
    expect(job.result.errors.map((error: { line: number }) => error.line)).toEqual(bad);
    expect(job.result.errors[0].message).toMatch(/Menge/);
    const [stored] = await s.t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(salesLines)
      .where(sql`${salesLines.receiptId} like 'GROSS-%'`);
    expect(stored!.n).toBe(1200 - bad.length);

    // the same file again: a new job, every line a duplicate
    const again = await s.upload(csv);
    expect(again.statusCode).toBe(202);
    expect(again.json().job.id).not.toBe(accepted.job.id);
    const replay = await follow(s.get, again.json().job.id);
    expect(replay.job.result).toMatchObject({
      imported: 0,
      duplicates: 1200 - bad.length,
    });
    expect(replay.job.result.errors).toHaveLength(bad.length);
  });

  it('refuses without an admin, and names an unknown job in German', async () => {
    const { csv } = tillCsv('FREMD', 300);
    expect((await s.upload(csv, '')).statusCode).toBe(401);
    expect((await s.get('/api/admin/sales/import-jobs/current', '')).statusCode).toBe(401);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'kein-import']) {
      const unknownJob = await s.get(`/api/admin/sales/import-jobs/${id}`);
      expect(unknownJob.statusCode).toBe(404);
      expect(unknownJob.json()).toMatchObject({
        success: false,
        message: 'Diesen Import gibt es nicht.',
      });
    }
    const [jobs] = await s.t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(salesImportJobs)
      .where(eq(salesImportJobs.linesTotal, 300));
    expect(jobs!.n).toBe(0);
  });
});

describe('import jobs across restarts and instances', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    // the app's own worker stays off: the test plays the instances
    s = await setUp(false);
  });
  afterAll(async () => {
    await s?.t.close();
  });

  const worker = () =>
    new SalesImportWorker(s.t.database.db, s.t.app.log, {
      pollMs: 60_000,
      leaseMs: 60_000,
      chunkLines: 250,
    });

  it('a second identical upload joins the open job; the current job is there for the page', async () => {
    const { csv } = tillCsv('NEU', 1000);
    const first = await s.upload(csv);
    expect(first.statusCode).toBe(202);
    const second = await s.upload(csv);
    expect(second.statusCode).toBe(202);
    expect(second.json().job.id).toBe(first.json().job.id);
    expect(second.json().message).toBe(
      'Diese Datei wird gerade schon importiert: Du siehst den laufenden Import.',
    );
    const other = await s.upload(tillCsv('ANDERS', 300).csv);
    expect(other.json().job.id).not.toBe(first.json().job.id);

    const current = await s.get('/api/admin/sales/import-jobs/current');
    expect(current.json().job).toMatchObject({
      id: first.json().job.id,
      status: 'queued',
      linesDone: 0,
    });
    const waiting = await s.get(`/api/admin/sales/import-jobs/${first.json().job.id}`);
    expect(waiting.json().message).toBe('Der Import wartet auf den Start.');
  });

  it('a job broken off by a restart goes on where it stopped, counting nothing twice', async () => {
    const id = (await s.get('/api/admin/sales/import-jobs/current')).json().job.id;
    // one instance stores a chunk and dies (its lease stays)
    const dying = worker();
    expect(await dying.step()).toBe(true);
    const midway = await s.get(`/api/admin/sales/import-jobs/${id}`);
    expect(midway.json().job).toMatchObject({ status: 'running', linesDone: 250, result: null });
    expect(midway.json().message).toBe('Import läuft: 250 von 1.000 Zeilen gelesen.');

    // the restarted server's worker leaves the job alone while the lease runs (it does the
    // other file meanwhile) …
    const restarted = worker();
    expect(await restarted.runOnce()).toBe(true);
    expect((await s.get(`/api/admin/sales/import-jobs/${id}`)).json().job.linesDone).toBe(250);
    expect(await restarted.runOnce()).toBe(false);
    // … and takes the job up once it has run out
    clock.set(clock.nowMs() + 61_000);
    expect(await restarted.runOnce()).toBe(true);
    const { job } = await follow(s.get, id);
    const { bad, unknown } = tillCsv('NEU', 1000);
    expect(job.status).toBe('done');
    expect(job.result).toMatchObject({
      imported: 1000 - bad.length,
      duplicates: 0,
      unassigned: unknown,
    });
    expect(job.result.errors).toHaveLength(bad.length);
    // taken up twice; its text is gone once it is over
    const [row] = await s.t.database.db
      .select()
      .from(salesImportJobs)
      .where(eq(salesImportJobs.id, id));
    expect(row!.attempts).toBe(2);
    expect(row!.csv).toBe('');
    expect((await s.get('/api/admin/sales/import-jobs/current')).json().job).toBeNull();
  });

  it('a job that keeps breaking off is marked failed with a German reason, never left hanging', async () => {
    const { csv } = tillCsv('KAPUTT', 500);
    const id = (await s.upload(csv)).json().job.id;
    await s.t.database.db
      .update(salesImportJobs)
      .set({ attempts: 5 })
      .where(eq(salesImportJobs.id, id));
    expect(await worker().runOnce()).toBe(true);
    const failed = await s.get(`/api/admin/sales/import-jobs/${id}`);
    expect(failed.json().job).toMatchObject({ status: 'failed', result: null });
    expect(failed.json().message).toMatch(
      /^Der Import wurde mehrmals unterbrochen .* schon importierte Zeilen werden übersprungen\.$/,
    );
    // the same file can be uploaded again: a new job
    const again = await s.upload(csv);
    expect(again.json().job.id).not.toBe(id);
  });
});
