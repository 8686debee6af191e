// npm run bench: figures, not assertions. Prints a table and writes bench/results/latest.json.
//
// 1. price calculations per second (shared domain, in one process);
// 2. requests per second and p99 latency of API endpoints, on the embedded
//    database and on PostgreSQL; server and load generator (autocannon) run as
//    separate processes.
//
// PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test; each run uses a fresh database.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = path.join(ROOT, 'apps/server/dist/server.js');
const AUTOCANNON = path.join(ROOT, 'node_modules/autocannon/autocannon.js');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/** The directory query of the bench: filtered, sorted, 20 results per page. */
const DIRECTORY_QUERY =
  '/api/vendor-auth/public/profiles?search=regionale&tags=obst-gemuese,fleisch-wurst,milchprodukte,backwaren,honig,eier,wein-spirituosen&verifyStatus=verified&sortBy=unternehmen&sortOrder=desc&page=1&limit=20';
const DIRECTORY_SIZES = (process.env.BENCH_DIRECTORY_SIZES ?? '100,1000,10000')
  .split(',')
  .map(Number);

/** Endpoints to load; later issues add theirs here. */
// the FAQ answer is kept 5 s in the server's memory (app.ts), so this measures the API
// layer more than the database; the directory below goes to the database every time
const ENDPOINTS = [{ name: 'GET /api/faqs/public (5 s cache)', path: '/api/faqs/public' }];

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child };
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('server did not start');
}

function stopServer(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

function autocannon(url, seconds, headers = []) {
  const out = execFileSync(
    process.execPath,
    [
      AUTOCANNON,
      '-c',
      String(CONNECTIONS),
      '-d',
      String(seconds),
      ...headers.flatMap((header) => ['-H', header]),
      '-j',
      url,
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const result = JSON.parse(out);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function withPostgres(fn) {
  const name = `housnkuh_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (error) {
    return { skipped: `PostgreSQL not reachable at ${PG_URL}: ${error.message}` };
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    const cleanup = new pg.Client({ connectionString: PG_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}

/** A fresh temporary DATA_DIR for `fn`, removed afterwards. */
async function withDataDir(fn) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'housnkuh-bench-'));
  try {
    return await fn(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function benchApi(mode, env) {
  const { base, child } = await startServer(env);
  const rows = [];
  try {
    for (const endpoint of ENDPOINTS) {
      autocannon(`${base}${endpoint.path}`, 2); // warm-up
      rows.push({
        mode,
        endpoint: endpoint.name,
        ...autocannon(`${base}${endpoint.path}`, DURATION),
      });
    }
  } finally {
    await stopServer(child);
  }
  return rows;
}

if (!fs.existsSync(SERVER)) {
  console.error('Build first: npm run build');
  process.exit(1);
}

console.log(
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
);
console.log(`Load: autocannon, ${CONNECTIONS} connections, ${DURATION} s per endpoint\n`);

const pricing = JSON.parse(
  execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/pricing.ts')], {
    encoding: 'utf8',
    cwd: ROOT,
  }),
);
console.log('Price calculation');
for (const row of pricing) {
  console.log(`  ${row.name}: ${row.opsPerSecond.toLocaleString('de-DE')} pro Sekunde`);
}

const api = [
  ...(await withDataDir((dir) => benchApi('embedded', { DATA_DIR: dir, DATABASE_URL: '' }))),
];
const postgres = await withPostgres((url) =>
  withDataDir((dir) => benchApi('postgres', { DATABASE_URL: url, DATA_DIR: dir })),
);
if (Array.isArray(postgres)) api.push(...postgres);
else console.log(`\n${postgres.skipped}`);

console.log('\nAPI');
console.log('| database | endpoint | requests/s | p50 ms | p99 ms | non-2xx |');
console.log('|---|---|---:|---:|---:|---:|');
for (const row of api) {
  console.log(
    `| ${row.mode} | ${row.endpoint} | ${row.requestsPerSecond} | ${row.p50Ms} | ${row.p99Ms} | ${row.non2xx} |`,
  );
}

/** Generated vendors in a fresh database, then the server on it under load. */
async function benchDirectory(mode, size, env) {
  execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench/directory-data.ts'), String(size)],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const { base, child } = await startServer({ ...env, DEMO_DATA: 'false' });
  try {
    const check = await (await fetch(`${base}${DIRECTORY_QUERY}`)).json();
    autocannon(`${base}${DIRECTORY_QUERY}`, 2); // warm-up
    return {
      mode,
      vendors: size,
      results: check.vendors?.length ?? 0,
      matching: check.pagination?.totalCount ?? 0,
      ...autocannon(`${base}${DIRECTORY_QUERY}`, DURATION),
    };
  } finally {
    await stopServer(child);
  }
}

const directory = [];
for (const size of DIRECTORY_SIZES) {
  directory.push(
    await withDataDir((dir) =>
      benchDirectory('embedded', size, { DATA_DIR: dir, DATABASE_URL: '' }),
    ),
  );
  // only where PostgreSQL answered above (its skip reason is printed there)
  if (!Array.isArray(postgres)) continue;
  directory.push(
    await withPostgres((url) =>
      withDataDir((dir) => benchDirectory('postgres', size, { DATABASE_URL: url, DATA_DIR: dir })),
    ),
  );
}

console.log('\nDirectory: GET /api/vendor-auth/public/profiles, search + 7 tags + verify status,');
console.log('sorted by company descending, first page of 20');
console.log(
  '| database | vendors | matching | on the page | requests/s | p50 ms | p99 ms | non-2xx |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const row of directory) {
  console.log(
    `| ${row.mode} | ${row.vendors.toLocaleString('en-US')} | ${row.matching} | ${row.results} | ${row.requestsPerSecond} | ${row.p50Ms} | ${row.p99Ms} | ${row.non2xx} |`,
  );
}

/** The admin's lists on N rows each: searched, filtered, a page deep in the list. */
const ADMIN_SIZES = (process.env.BENCH_ADMIN_SIZES ?? '1000,10000').split(',').map(Number);
const ADMIN_PASSWORD = 'Bench!2026';
const ADMIN_LISTS = [
  {
    name: 'vendors: search + filter, page 2',
    path: '/api/admin/users/vendors?search=hof&verifyStatus=verified&page=2&limit=25',
  },
  {
    name: 'contacts: search + status, page 3',
    path: '/api/admin/contacts?search=kronach&status=new&page=3&limit=25',
  },
  {
    name: 'subscribers: type + status, page 10',
    path: '/api/admin/newsletter/subscribers?type=customer&status=confirmed&page=10&limit=25',
  },
  { name: 'audit log: one kind, page 20', path: '/api/admin/audit?entity=faq&page=20&limit=25' },
  // one contract per bench producer: the whole list is computed (dates, phase), then searched
  {
    name: 'contracts: search + phase, page 2',
    path: '/api/admin/vertraege?search=hof&phase=scheduled&page=2&limit=25',
  },
  { name: 'rental units with occupancy', path: '/api/admin/mietfaecher' },
];

async function benchAdmin(mode, size, env) {
  for (const script of ['bench/directory-data.ts', 'bench/admin-data.ts']) {
    execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, script), String(size), ADMIN_PASSWORD],
      { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
  }
  const { base, child } = await startServer({ ...env, DEMO_DATA: 'false' });
  const rows = [];
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: ADMIN_PASSWORD }),
    });
    const { token } = await login.json();
    const headers = [`authorization=Bearer ${token}`];
    for (const list of ADMIN_LISTS) {
      const check = await (
        await fetch(`${base}${list.path}`, { headers: { authorization: `Bearer ${token}` } })
      ).json();
      autocannon(`${base}${list.path}`, 2, headers); // warm-up
      rows.push({
        mode,
        rows: size,
        list: list.name,
        matching: check.pagination?.totalCount ?? check.mietfaecher?.length ?? 0,
        ...autocannon(`${base}${list.path}`, DURATION, headers),
      });
    }
  } finally {
    await stopServer(child);
  }
  return rows;
}

const admin = [];
for (const size of ADMIN_SIZES) {
  admin.push(
    ...(await withDataDir((dir) =>
      benchAdmin('embedded', size, { DATA_DIR: dir, DATABASE_URL: '' }),
    )),
  );
  if (!Array.isArray(postgres)) continue;
  admin.push(
    ...(await withPostgres((url) =>
      withDataDir((dir) => benchAdmin('postgres', size, { DATABASE_URL: url, DATA_DIR: dir })),
    )),
  );
}

console.log(
  '\nAdmin lists (signed in): N vendors (one contract each), contact messages, subscribers and audit entries each',
);
console.log('| database | rows | list | matching | requests/s | p50 ms | p99 ms | non-2xx |');
console.log('|---|---:|---|---:|---:|---:|---:|---:|');
for (const row of admin) {
  console.log(
    `| ${row.mode} | ${row.rows.toLocaleString('en-US')} | ${row.list} | ${row.matching} | ${row.requestsPerSecond} | ${row.p50Ms} | ${row.p99Ms} | ${row.non2xx} |`,
  );
}

fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(ROOT, 'bench/results/latest.json'),
  JSON.stringify({ date: new Date().toISOString(), pricing, api, directory, admin }, null, 2),
);
