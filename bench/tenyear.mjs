// The bench's ten-year section (BENCH_ONLY=tenyear, called from bench/run.mjs): the first year
// against the tenth on the embedded database and on PostgreSQL.
//
// The data (bench/tenyear-data.ts) is generated once per generator version and kept:
//   embedded:   bench/.cache/tenyear-v<version>/{year1,year10} (PGlite data directories)
//   PostgreSQL: the databases housnkuh_tenyear_v<version>_year1 / _year10 (used as templates)
// year1 holds months 1–11 settled and the lines of month 12; year10 months 1–119 settled and the
// lines of month 120. Each measurement works on a copy (a copied directory, a database created
// from the template), so the cached data stays as generated.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATA = path.join(ROOT, 'bench/tenyear-data.ts');
/** Keep in step with TENYEAR_VERSION in bench/tenyear-data.ts. */
const VERSION = 1;
/** Ten years; BENCH_TENYEAR_MONTHS=36 measures the third year instead (a shorter generation). */
const MONTHS = Number(process.env.BENCH_TENYEAR_MONTHS ?? 120);
const CACHE = path.join(ROOT, `bench/.cache/tenyear-v${VERSION}-${MONTHS}`);
const PG_PREFIX = `housnkuh_tenyear_v${VERSION}_${MONTHS}`;
const FIRST_MONTH = '2016-11';
const PRODUCER_EMAIL = 'hof-0@zehnjahre.example';
/** Fixed: the cached data sets keep it. */
const PASSWORD = 'Zehn-Jahre!2026';
const YEARS = [
  { name: 'first year', key: 'year1', month: 12 },
  { name: 'last year', key: 'year10', month: MONTHS },
];

const monthNo = (n) => {
  const [y, m] = FIRST_MONTH.split('-').map(Number);
  const index = y * 12 + (m - 1) + (n - 1);
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};
const lastDay = (month) => {
  const [y, m] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

async function generator(env, args, label) {
  const child = promisify(execFile)(process.execPath, ['--import', 'tsx', DATA, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, BENCH_LABEL: label },
    maxBuffer: 64 * 1024 * 1024,
  });
  child.child.stdout.pipe(process.stdout);
  child.child.stderr.pipe(process.stderr);
  await child;
}

async function pgQuery(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

const dbUrl = (base, name) => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Generates the embedded data set unless it is cached; answers the seconds it took (or null). */
async function embeddedData(password) {
  const done = path.join(CACHE, 'embedded-done.json');
  if (fs.existsSync(done) && fs.existsSync(path.join(CACHE, 'year10'))) return null;
  const started = Date.now();
  const work = path.join(CACHE, 'embedded-work');
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const env = { DATA_DIR: work, DATABASE_URL: '' };
  await generator(env, ['init', password], 'embedded');
  await generator(env, ['months', '1', '11'], 'embedded');
  fs.rmSync(path.join(CACHE, 'year1'), { recursive: true, force: true });
  fs.cpSync(work, path.join(CACHE, 'year1'), { recursive: true });
  await generator(env, ['months', '12', String(MONTHS - 1)], 'embedded');
  fs.rmSync(path.join(CACHE, 'year10'), { recursive: true, force: true });
  fs.renameSync(work, path.join(CACHE, 'year10'));
  const seconds = (Date.now() - started) / 1000;
  fs.writeFileSync(done, JSON.stringify({ seconds }));
  return seconds;
}

/** Generates the PostgreSQL data set unless it is cached; answers the seconds (or null). */
async function postgresData(base, password) {
  const names = (
    await pgQuery(base, `select datname from pg_database where datname like '${PG_PREFIX}_%'`)
  ).rows.map((row) => row.datname);
  if (names.includes(`${PG_PREFIX}_year10`) && names.includes(`${PG_PREFIX}_year1`)) return null;
  const started = Date.now();
  const work = `${PG_PREFIX}_work`;
  for (const name of [work, `${PG_PREFIX}_year1`, `${PG_PREFIX}_year10`])
    await pgQuery(base, `drop database if exists ${name} with (force)`);
  await pgQuery(base, `create database ${work}`);
  const env = { DATABASE_URL: dbUrl(base, work), DATA_DIR: os.tmpdir() };
  await generator(env, ['init', password], 'postgres');
  await generator(env, ['months', '1', '11'], 'postgres');
  await pgQuery(base, `create database ${PG_PREFIX}_year1 template ${work}`);
  await generator(env, ['months', '12', String(MONTHS - 1)], 'postgres');
  await pgQuery(base, `alter database ${work} rename to ${PG_PREFIX}_year10`);
  return (Date.now() - started) / 1000;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** One server on a copy of one year's data: the reads (median of 5), drafts, finalize. */
async function measureYear({ startServer, stopServer, mode, env, year, password }) {
  const month = monthNo(year.month);
  const previous = monthNo(year.month - 1);
  const yearStart = `${monthNo(year.month - 11)}-01`;
  const { base, child } = await startServer({ ...env, DEMO_DATA: 'false' });
  const figures = {};
  try {
    const login = async (url, body) => {
      const response = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return /** @type {{ token: string }} */ (await response.json()).token;
    };
    const admin = await login('/api/auth/login', { username: 'bench', password });
    const producer = await login('/api/vendor-auth/login', { email: PRODUCER_EMAIL, password });
    const call = async (token, method, url, body) => {
      const started = process.hrtime.bigint();
      const response = await fetch(`${base}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${bytes}`);
      return { ms, bytes };
    };
    const json = (answer) => JSON.parse(answer.bytes.toString('utf8'));
    const read = async (key, token, url) => {
      const times = [];
      let answer;
      for (let i = 0; i < 5; i++) {
        answer = await call(token, 'GET', url);
        times.push(answer.ms);
      }
      figures[key] = { ms: median(times), answer };
      return answer;
    };
    const vendorId = json(
      await call(admin, 'GET', `/api/admin/documents?month=${previous}`),
    ).documents.find((document) => document.vendorName === 'Hof 0').vendorId;
    const report = await read(
      'sales report of a year (by month)',
      producer,
      `/api/vendor-auth/sales?from=${yearStart}&to=${lastDay(month)}&groupBy=month`,
    );
    figures['sales report of a year (by month)'].note = `${json(report).rows.length} months`;
    const daily = await read(
      'sales report of a year (by day)',
      producer,
      `/api/vendor-auth/sales?from=${yearStart}&to=${lastDay(month)}&groupBy=day`,
    );
    figures['sales report of a year (by day)'].note = `${json(daily).rows.length} days`;
    const revenue = await read(
      'revenue page (GET /api/admin/revenue, 12 months)',
      admin,
      `/api/admin/revenue?from=${monthNo(year.month - 11)}&to=${month}`,
    );
    figures['revenue page (GET /api/admin/revenue, 12 months)'].note =
      `${json(revenue).months.length} months`;
    const list = await read(
      'documents list of a month (GET /api/admin/documents?month=)',
      admin,
      `/api/admin/documents?month=${previous}`,
    );
    const documents = json(list).documents;
    figures['documents list of a month (GET /api/admin/documents?month=)'].note =
      `${documents.length} documents`;
    const own = await read(
      "a producer's documents (GET /api/admin/documents?vendorId=)",
      admin,
      `/api/admin/documents?vendorId=${vendorId}`,
    );
    figures["a producer's documents (GET /api/admin/documents?vendorId=)"].note =
      `${json(own).documents.length} documents (grows with the years by design)`;
    const pdf = await read(
      'one PDF download (stored, last month)',
      admin,
      `/api/admin/documents/${documents[0].id}/pdf`,
    );
    figures['one PDF download (stored, last month)'].note =
      `${Math.round(pdf.bytes.length / 1024)} KiB`;
    // the month: drafts (three times, the median), then finalize once
    const drafts = [];
    let draft;
    for (let i = 0; i < 3; i++) {
      draft = await call(admin, 'POST', '/api/admin/abrechnungen', { month });
      drafts.push(draft.ms);
    }
    figures['settlement drafts of the month'] = {
      ms: median(drafts),
      note: `${json(draft).items.length} producers`,
    };
    const final = await call(admin, 'POST', `/api/admin/abrechnungen/${month}/finalize`);
    figures['settlement finalize of the month'] = {
      ms: final.ms,
      note: `${json(final).documents.length} documents`,
    };
  } catch (error) {
    figures.failed = { ms: null, note: String(error.message ?? error) };
  } finally {
    await stopServer(child);
  }
  return { mode, year: year.name, month, figures };
}

/**
 * The section: generates (or finds) the data sets of both databases at once, then measures each
 * database's first and tenth year; prints the table with the ratio tenth/first.
 */
export async function benchTenYears({ databases, pgUrl, startServer, stopServer }) {
  const password = PASSWORD;
  fs.mkdirSync(CACHE, { recursive: true });
  const generation = {};
  let pgReachable = databases.includes('postgres');
  if (pgReachable) {
    try {
      await pgQuery(pgUrl, 'select 1');
    } catch (error) {
      console.log(`\nPostgreSQL not reachable at ${pgUrl}: ${error.message}`);
      pgReachable = false;
    }
  }
  const made = await Promise.all([
    databases.includes('embedded') ? embeddedData(password) : undefined,
    pgReachable ? postgresData(pgUrl, password) : undefined,
  ]);
  if (made[0] !== undefined) generation.embedded = made[0];
  if (made[1] !== undefined) generation.postgres = made[1];
  const runs = [];
  for (const year of YEARS) {
    if (databases.includes('embedded')) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'housnkuh-tenyear-'));
      try {
        fs.cpSync(path.join(CACHE, year.key), dir, { recursive: true });
        runs.push(
          await measureYear({
            startServer,
            stopServer,
            mode: 'embedded',
            env: { DATA_DIR: dir, DATABASE_URL: '' },
            year,
            password,
          }),
        );
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
    if (pgReachable) {
      const name = `${PG_PREFIX}_run_${randomBytes(3).toString('hex')}`;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'housnkuh-tenyear-'));
      await pgQuery(pgUrl, `create database ${name} template ${PG_PREFIX}_${year.key}`);
      try {
        runs.push(
          await measureYear({
            startServer,
            stopServer,
            mode: 'postgres',
            env: { DATABASE_URL: dbUrl(pgUrl, name), DATA_DIR: dir },
            year,
            password,
          }),
        );
      } finally {
        await pgQuery(pgUrl, `drop database if exists ${name} with (force)`);
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  const modes = [...new Set(runs.map((run) => run.mode))];
  console.log(
    `\nYears of data: 50 producers, 10,000 sales lines a month; first year = month 12 (${monthNo(12)}) on months 1–11 settled, last = month ${MONTHS} (${monthNo(MONTHS)}) on ${MONTHS - 1} months settled (target: last ≤ 1.5 × first)`,
  );
  for (const mode of modes) {
    const seconds = generation[mode];
    console.log(
      `data set ${mode}: ${seconds == null ? `cached (${mode === 'embedded' ? CACHE : `${PG_PREFIX}_year1/_year10`})` : `generated in ${Math.round(seconds)} s`}`,
    );
  }
  const steps = [...new Set(runs.flatMap((run) => Object.keys(run.figures)))];
  console.log(
    `| step | ${modes.map((m) => `${m} first ms | ${m} year ${MONTHS / 12} ms | ${m} ×`).join(' | ')} | answer (last year) |`,
  );
  console.log(`|---|${modes.map(() => '---:|---:|---:').join('|')}|---|`);
  const rows = [];
  for (const step of steps) {
    const cells = [];
    let note = '';
    for (const mode of modes) {
      const first = runs.find((run) => run.mode === mode && run.year === 'first year')?.figures[
        step
      ];
      const tenth = runs.find((run) => run.mode === mode && run.year === 'last year')?.figures[
        step
      ];
      const ratio = first?.ms && tenth?.ms ? tenth.ms / first.ms : null;
      cells.push(
        first?.ms == null ? '–' : first.ms.toFixed(0),
        tenth?.ms == null ? '–' : tenth.ms.toFixed(0),
        ratio == null ? '–' : ratio.toFixed(2),
      );
      note ||= tenth?.note ?? first?.note ?? '';
      rows.push({ step, mode, firstMs: first?.ms ?? null, tenthMs: tenth?.ms ?? null, ratio });
    }
    console.log(`| ${step} | ${cells.join(' | ')} | ${note} |`);
  }
  return { generationSeconds: generation, rows };
}

/** `node bench/tenyear.mjs generate`: only the data sets (both databases at once). */
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'generate') {
  const pgUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  const databases = (process.env.BENCH_DATABASES ?? 'embedded,postgres').split(',');
  const made = await Promise.all([
    databases.includes('embedded') ? embeddedData(PASSWORD) : null,
    databases.includes('postgres') ? postgresData(pgUrl, PASSWORD) : null,
  ]);
  console.log(
    `generated in ${made.map((s) => (s == null ? 'cached' : `${Math.round(s)} s`)).join(', ')}`,
  );
}
