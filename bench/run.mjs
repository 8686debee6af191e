// npm run bench: figures, not assertions. Prints a table and writes bench/results/latest.json.
//
// 1. price calculations per second (shared domain, in one process);
// 2. requests per second and p99 latency of API endpoints, on the embedded
//    database and on PostgreSQL; server and load generator (autocannon) run as
//    separate processes;
// 3. the public directory while producers upload pictures (embedded database).
//
// PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test; each run uses a fresh database.
//
// BENCH_ONLY=uploads (or a comma list of pricing, api, directory, admin, uploads, sales, inventory,
// settlement, memory, tenyear)
// runs only those sections and writes bench/results/latest-<sections>.json.
// BENCH_DATABASES=embedded (or postgres) measures on one database only.
// BENCH_SERVER_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" passes node's own options to the
// servers the bench starts (a CPU profile of a section: NODE_OPTIONS refuses --cpu-prof).
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import pg from 'pg';
import sharp from 'sharp';
import { json, ROOT, SERVER, signedInProducer, startServer, stopServer } from './lib.mjs';

const AUTOCANNON = path.join(ROOT, 'node_modules/autocannon/autocannon.js');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const SECTIONS = [
  'pricing',
  'api',
  'directory',
  'admin',
  'uploads',
  'sales',
  'inventory',
  'settlement',
  'memory',
  'tenyear',
];
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
for (const name of ONLY) {
  if (!SECTIONS.includes(name)) {
    console.error(`BENCH_ONLY: unknown section ${name} (${SECTIONS.join(', ')})`);
    process.exit(1);
  }
}
// BENCH_DATABASES=postgres (or embedded) measures the settlement on one database only
const DATABASES = (process.env.BENCH_DATABASES ?? 'embedded,postgres').split(',');
const runs = (section) => ONLY.length === 0 || ONLY.includes(section);

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

const autocannonArgs = (url, seconds, headers) => [
  AUTOCANNON,
  '-c',
  String(CONNECTIONS),
  '-d',
  String(seconds),
  ...headers.flatMap((header) => ['-H', header]),
  '-j',
  url,
];
/** @type {{ encoding: 'utf8'; maxBuffer: number }} */
const AUTOCANNON_OPTIONS = { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 };

function autocannon(url, seconds, headers = []) {
  return autocannonFigures(
    execFileSync(process.execPath, autocannonArgs(url, seconds, headers), AUTOCANNON_OPTIONS),
  );
}

/** autocannon without blocking this process (it sends uploads meanwhile). */
async function autocannonAsync(url, seconds, headers = []) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    autocannonArgs(url, seconds, headers),
    AUTOCANNON_OPTIONS,
  );
  return autocannonFigures(stdout);
}

function autocannonFigures(out) {
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
console.log(
  `Load: autocannon, ${CONNECTIONS} connections, ${DURATION} s per endpoint (uploads: BENCH_UPLOAD_SECONDS, 5 s)\n`,
);

const results = { date: new Date().toISOString() };

if (runs('pricing')) {
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
  results.pricing = pricing;
}

// [] when PostgreSQL answers (with the API rows measured on it), else { skipped }
let postgres = [];
if (runs('api')) {
  const api = [
    ...(await withDataDir((dir) => benchApi('embedded', { DATA_DIR: dir, DATABASE_URL: '' }))),
  ];
  postgres = await withPostgres((url) =>
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
  results.api = api;
} else if (runs('directory') || runs('admin')) {
  postgres = await withPostgres(async () => []);
  if (!Array.isArray(postgres)) console.log(`\n${postgres.skipped}`);
}

/**
 * The directory's mix of requests (issue 32): what visitors ask for, one kind after another on
 * each connection. The former bench query (a word in every description, 7 of 14 tags, verified,
 * by company descending) stays one of them.
 */
const DIRECTORY_MIX = [
  { kind: 'no filter (the page opened)', path: '/api/vendor-auth/public/profiles?limit=20' },
  { kind: 'one tag', path: '/api/vendor-auth/public/profiles?tags=honig&limit=20' },
  {
    kind: 'selective search (2 words)',
    path: `/api/vendor-auth/public/profiles?search=${encodeURIComponent('metzgerei schröder')}&limit=20`,
  },
  { kind: 'common word + 7 tags + verified', path: DIRECTORY_QUERY },
  {
    kind: 'page 2, newest first',
    path: '/api/vendor-auth/public/profiles?sortBy=registrationDate&sortOrder=desc&page=2&limit=20',
  },
];

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;

/**
 * CONNECTIONS keep-alive connections for `seconds`, each sending the mix's requests in turn
 * (each connection starting at another kind); latency per kind and over all, in ms.
 */
async function directoryMixLoad(base, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies = new Map(DIRECTORY_MIX.map((entry) => [entry.kind, []]));
  let non2xx = 0;
  const get = (url) =>
    new Promise((resolve, reject) => {
      const request = http.get(url, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      });
      request.on('error', reject);
    });
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, connection) => {
      for (let i = connection; performance.now() < end; i++) {
        const entry = DIRECTORY_MIX[i % DIRECTORY_MIX.length];
        const start = performance.now();
        const status = await get(`${base}${entry.path}`);
        latencies.get(entry.kind).push(performance.now() - start);
        if (status < 200 || status >= 300) non2xx++;
      }
    }),
  );
  agent.destroy();
  const figures = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      requests: sorted.length,
      p50Ms: Math.round(percentile(sorted, 50) * 10) / 10,
      p99Ms: Math.round(percentile(sorted, 99) * 10) / 10,
    };
  };
  const all = [...latencies.values()].flat();
  return {
    requestsPerSecond: Math.round(all.length / seconds),
    non2xx,
    ...figures(all),
    kinds: Object.fromEntries([...latencies].map(([kind, values]) => [kind, figures(values)])),
  };
}

/** Generated vendors in a fresh database, then the server on it under the mix of requests. */
async function benchDirectory(mode, size, env) {
  execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench/directory-data.ts'), String(size)],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const { base, child } = await startServer({ ...env, DEMO_DATA: 'false' });
  try {
    // what each kind shows: the count on the page (">" past the count's cap)
    const matching = {};
    for (const entry of DIRECTORY_MIX) {
      const { pagination } = await json(await fetch(`${base}${entry.path}`));
      matching[entry.kind] = `${pagination?.totalCountCapped ? '>' : ''}${pagination?.totalCount}`;
    }
    await directoryMixLoad(base, 2); // warm-up
    return { mode, vendors: size, matching, ...(await directoryMixLoad(base, DURATION)) };
  } finally {
    await stopServer(child);
  }
}

if (runs('directory')) {
  const directory = [];
  for (const size of DIRECTORY_SIZES) {
    for (const mode of DATABASES) {
      if (mode === 'embedded') {
        directory.push(
          await withDataDir((dir) =>
            benchDirectory('embedded', size, { DATA_DIR: dir, DATABASE_URL: '' }),
          ),
        );
      } else if (mode === 'postgres' && Array.isArray(postgres)) {
        // only where PostgreSQL answered (its skip reason is printed above)
        directory.push(
          await withPostgres((url) =>
            withDataDir((dir) =>
              benchDirectory('postgres', size, { DATABASE_URL: url, DATA_DIR: dir }),
            ),
          ),
        );
      }
    }
  }

  console.log(
    `\nDirectory: GET /api/vendor-auth/public/profiles, a mix of ${DIRECTORY_MIX.length} kinds in turn on ${CONNECTIONS} connections, ${DURATION} s (load average: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')})`,
  );
  console.log('| database | vendors | kind | shown count | requests | p50 ms | p99 ms |');
  console.log('|---|---:|---|---:|---:|---:|---:|');
  for (const row of directory) {
    for (const entry of DIRECTORY_MIX) {
      const kind = row.kinds[entry.kind];
      console.log(
        `| ${row.mode} | ${row.vendors.toLocaleString('en-US')} | ${entry.kind} | ${row.matching[entry.kind]} | ${kind.requests} | ${kind.p50Ms} | ${kind.p99Ms} |`,
      );
    }
    console.log(
      `| ${row.mode} | ${row.vendors.toLocaleString('en-US')} | **all** (${row.requestsPerSecond} requests/s, non-2xx ${row.non2xx}) | | ${row.requests} | ${row.p50Ms} | ${row.p99Ms} |`,
    );
  }
  // the target (issue 32): p99 at the largest size at most 2 × p99 at the smallest, over the mix
  for (const mode of ['embedded', 'postgres']) {
    const rows = directory.filter((row) => row.mode === mode);
    if (rows.length < 2) continue;
    const small = rows[0];
    const large = rows[rows.length - 1];
    const perKind = DIRECTORY_MIX.map(
      (entry) =>
        `${entry.kind} ${(large.kinds[entry.kind].p99Ms / small.kinds[entry.kind].p99Ms).toFixed(1)}`,
    ).join('; ');
    console.log(
      `${mode}: p99 at ${large.vendors.toLocaleString('en-US')} vendors = ${(large.p99Ms / small.p99Ms).toFixed(1)} × p99 at ${small.vendors.toLocaleString('en-US')} over the mix (target ≤ 2); per kind: ${perKind}`,
    );
  }
  results.directory = directory;
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
    const { token } = await json(login);
    const headers = [`authorization=Bearer ${token}`];
    for (const list of ADMIN_LISTS) {
      const check = await json(
        await fetch(`${base}${list.path}`, { headers: { authorization: `Bearer ${token}` } }),
      );
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

if (runs('admin')) {
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
  results.admin = admin;
}

/**
 * The public directory while producers upload pictures (security review,
 * docs/decisions/0023): no uploads; UPLOAD_LOOPS loops sending a 32 KB PNG that
 * declares 16,383 × 16,383 pixels (268 megapixels); as many sending a 12-megapixel
 * photo. Each loop is its own producer (pre-registered, confirmed, signed in), since
 * the server takes 20 pictures an hour from one producer; a loop stops at its first
 * 429, as a client that honours Retry-After (an hour) would. At most 10 loops: the
 * server takes 20 registrations an hour from one address.
 */
const UPLOAD_LOOPS = Number(process.env.BENCH_UPLOAD_LOOPS ?? 6);
const UPLOAD_SECONDS = Number(process.env.BENCH_UPLOAD_SECONDS ?? 5);
const PUBLIC_DIRECTORY = '/api/vendor-auth/public/profiles';

/** A valid PNG, 1-bit greyscale and all black: 32 KB that decode to width × height. */
function pngDeclaring(width, height) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth 1, colour type 0 (greyscale)
  // each row: filter byte 0 (none), then the pixels, 8 to a byte, all 0
  const row = Buffer.alloc(1 + Math.ceil(width / 8));
  const pixels = zlib.deflateSync(Buffer.concat(Array(height).fill(row)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 4,000 × 3,000 JPEG of soft blotches, about 2.6 MB: a phone photo's size and pixels. */
async function photoJpeg() {
  const blotches = await sharp({
    create: {
      width: 400,
      height: 300,
      channels: 3,
      background: '#7a8a4b',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  return sharp(blotches).resize(4000, 3000).jpeg({ quality: 90 }).toBuffer();
}

/** Uploads `picture` as the producer's profile picture until `stop.now`, or its first 429. */
async function uploadLoop(base, session, picture, stop, tally) {
  while (!stop.now) {
    const response = await fetch(`${base}/api/vendor-auth/profile/pictures/profile`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${session}`, 'content-type': picture.type },
      body: picture.data,
    });
    await response.arrayBuffer();
    if (response.ok) tally.accepted++;
    else if (response.status === 429) tally.limited++;
    else tally.refused++;
    tally.lastAnswerMs = Math.max(tally.lastAnswerMs, performance.now() - tally.startedAt);
    if (response.status === 429) return;
  }
}

/**
 * A stand-in for the geocoding service (the producers' addresses are looked up
 * after registration): Kronach for every address, nothing sent to Nominatim.
 */
function fakeGeocoder() {
  return new Promise((resolve) => {
    const server = http
      .createServer((_request, response) => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify([{ lat: '50.2410', lon: '11.3280' }]));
      })
      .listen(0, '127.0.0.1', () => resolve(server));
  });
}

async function benchUploads(env) {
  const hostile = pngDeclaring(16383, 16383);
  const photo = await photoJpeg();
  const geocoder = await fakeGeocoder();
  const cases = [
    { name: 'no uploads' },
    {
      name: `${UPLOAD_LOOPS} loops: PNG declaring 16,383 × 16,383 (${Math.round(hostile.length / 1024)} KB)`,
      picture: { data: hostile, type: 'image/png' },
    },
    {
      name: `${UPLOAD_LOOPS} loops: 4,000 × 3,000 JPEG (${(photo.length / 1024 / 1024).toFixed(1)} MB)`,
      picture: { data: photo, type: 'image/jpeg' },
    },
    // the same server afterwards: the queue has drained
    { name: 'no uploads, again' },
  ];
  const { base, child } = await startServer({
    ...env,
    DEMO_DATA: 'true',
    GEOCODER_URL: `http://127.0.0.1:${geocoder.address().port}/search`,
  });
  const rows = [];
  try {
    // one producer per loop and case: each may upload 20 pictures an hour
    const sessions = await Promise.all(
      Array.from({ length: UPLOAD_LOOPS * 2 }, (_, i) =>
        signedInProducer(base, env.DATA_DIR, `bench.upload.${i + 1}@beispiel.de`),
      ),
    );
    const url = `${base}${PUBLIC_DIRECTORY}`;
    const listed = (await json(await fetch(url))).pagination?.totalCount ?? 0;
    autocannon(url, 3); // warm-up
    let next = 0;
    for (const { name, picture } of cases) {
      const tally = { accepted: 0, refused: 0, limited: 0, lastAnswerMs: 0 };
      const stop = { now: false };
      tally.startedAt = performance.now();
      const loops = picture
        ? sessions
            .slice(next, (next += UPLOAD_LOOPS))
            .map((session) => uploadLoop(base, session, picture, stop, tally))
        : [];
      const load = await autocannonAsync(url, UPLOAD_SECONDS);
      stop.now = true;
      await Promise.all(loops);
      rows.push({
        case: name,
        listed,
        ...load,
        uploadsAccepted: tally.accepted,
        uploadsRefused: tally.refused,
        uploadsLimited: tally.limited,
        lastUploadAnswerS: picture ? Math.round(tally.lastAnswerMs / 100) / 10 : null,
      });
    }
  } finally {
    await stopServer(child);
    geocoder.close();
  }
  return rows;
}

if (runs('uploads')) {
  const uploads = await withDataDir((dir) => benchUploads({ DATA_DIR: dir, DATABASE_URL: '' }));
  console.log(
    `\nDirectory under upload load: GET ${PUBLIC_DIRECTORY} (embedded database, demo data, ${uploads[0].listed} listed), ${CONNECTIONS} connections, ${UPLOAD_SECONDS} s per case,`,
  );
  console.log(
    'while each loop (its own producer) uploads a profile picture, again and again, until the case ends or its first 429 (20 an hour)',
  );
  console.log(
    '| case | requests/s | p50 ms | p99 ms | non-2xx | uploads accepted | refused (picture) | refused (429) | last upload answered after s |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of uploads) {
    console.log(
      `| ${row.case} | ${row.requestsPerSecond} | ${row.p50Ms} | ${row.p99Ms} | ${row.non2xx} | ${row.uploadsAccepted} | ${row.uploadsRefused} | ${row.uploadsLimited} | ${row.lastUploadAnswerS ?? '–'} |`,
    );
  }
  results.uploads = uploads;
}

/** The till's sales in: one CSV of N lines (POST /api/admin/sales/import), then the same again. */
const SALES_LINES = Number(process.env.BENCH_SALES_LINES ?? 100_000);

async function benchSales(mode, env, lineCount = SALES_LINES) {
  const SALES_LINES = lineCount;
  const csvFile = path.join(env.DATA_DIR, 'sales.csv');
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'bench/sales-data.ts'),
      String(SALES_LINES),
      ADMIN_PASSWORD,
      csvFile,
    ],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const csv = fs.readFileSync(csvFile);
  const { base, child } = await startServer({ ...env, DEMO_DATA: 'false' });
  const rows = [];
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: ADMIN_PASSWORD }),
    });
    const { token } = await json(login);
    for (const run of ['first import', 'the same again (duplicates)']) {
      const started = process.hrtime.bigint();
      const response = await fetch(`${base}/api/admin/sales/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: csv,
      });
      let answer = await json(response);
      const answeredAfter = Number(process.hrtime.bigint() - started) / 1e9;
      if (!response.ok) throw new Error(`sales import: ${response.status} ${answer.message}`);
      // a large file is a background job (202): followed as the page does, every half second
      let polls = 0;
      if (response.status === 202) {
        let job = answer.job;
        while (job.status !== 'done' && job.status !== 'failed') {
          await new Promise((resolve) => setTimeout(resolve, 500));
          const state = await fetch(`${base}/api/admin/sales/import-jobs/${job.id}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          job = (await json(state)).job;
          polls += 1;
        }
        if (job.status === 'failed') throw new Error(`sales import job: ${job.message}`);
        answer = job.result;
      }
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      rows.push({
        mode,
        run,
        lines: SALES_LINES,
        answeredAfter: Number(answeredAfter.toFixed(2)),
        asJob: response.status === 202,
        polls,
        seconds: Number(seconds.toFixed(2)),
        linesPerSecond: Math.round(SALES_LINES / seconds),
        imported: answer.imported,
        duplicates: answer.duplicates,
        unassigned: answer.unassigned,
        errors: answer.errors.length,
      });
    }
  } finally {
    await stopServer(child);
  }
  return rows;
}

if (runs('sales')) {
  const sales = [
    ...(await withDataDir((dir) => benchSales('embedded', { DATA_DIR: dir, DATABASE_URL: '' }))),
  ];
  const onPostgres = await withPostgres((url) =>
    withDataDir((dir) => benchSales('postgres', { DATABASE_URL: url, DATA_DIR: dir })),
  );
  if (Array.isArray(onPostgres)) sales.push(...onPostgres);
  else console.log(`\n${onPostgres.skipped}`);
  console.log(
    `\nSales import: one CSV of ${SALES_LINES.toLocaleString('en-US')} lines, POST /api/admin/sales/import (target on PostgreSQL: 20,000 lines/s);`,
  );
  console.log(
    'past 10,000 lines a background job: "answered" is the POST\'s answer, "seconds" until the result (followed every 0.5 s)',
  );
  console.log(
    '| database | run | job | answered s | seconds | lines/s | imported | duplicates | unassigned | errors |',
  );
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of sales) {
    console.log(
      `| ${row.mode} | ${row.run} | ${row.asJob ? 'yes' : 'no'} | ${row.answeredAfter} | ${row.seconds} | ${row.linesPerSecond} | ${row.imported} | ${row.duplicates} | ${row.unassigned} | ${row.errors} |`,
    );
  }
  results.sales = sales;
}

/**
 * The automated inventory (issue 33): a till delivery of N lines (default 10,000) with every
 * product untracked, then with every product tracked (each sale line also a sale in the stock);
 * target: tracked within the untracked import's time + 20 %. Each case on a fresh database,
 * alternating, BENCH_INVENTORY_ROUNDS times (default 3); the medians are compared.
 */
const INVENTORY_LINES = Number(process.env.BENCH_INVENTORY_LINES ?? 10_000);
const INVENTORY_ROUNDS = Number(process.env.BENCH_INVENTORY_ROUNDS ?? 3);

if (runs('inventory')) {
  const rows = [];
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  for (const mode of DATABASES) {
    const seconds = { untracked: [], tracked: [] };
    for (let round = 0; round < INVENTORY_ROUNDS; round += 1) {
      for (const tracked of [false, true]) {
        const once = async (env) => {
          const [first] = await benchSales(
            mode,
            { ...env, BENCH_SALES_TRACKED: tracked ? '1' : '' },
            INVENTORY_LINES,
          );
          return first;
        };
        const first =
          mode === 'postgres'
            ? await withPostgres((url) =>
                withDataDir((dir) => once({ DATABASE_URL: url, DATA_DIR: dir })),
              )
            : await withDataDir((dir) => once({ DATA_DIR: dir, DATABASE_URL: '' }));
        if (!first || first.skipped) continue;
        seconds[tracked ? 'tracked' : 'untracked'].push(first.seconds);
      }
    }
    if (seconds.tracked.length === 0) continue;
    const untracked = median(seconds.untracked);
    const tracked = median(seconds.tracked);
    rows.push({
      mode,
      lines: INVENTORY_LINES,
      untrackedS: seconds.untracked,
      trackedS: seconds.tracked,
      untrackedMedian: untracked,
      trackedMedian: tracked,
      overheadPercent: Number((((tracked - untracked) / untracked) * 100).toFixed(1)),
    });
  }
  console.log(
    `\nInventory: a till delivery of ${INVENTORY_LINES.toLocaleString('en-US')} lines (CSV), products untracked vs tracked (their sales in the stock), ${INVENTORY_ROUNDS} rounds (target: tracked ≤ untracked + 20 %)`,
  );
  console.log(
    '| database | untracked s | tracked s | median untracked | median tracked | overhead |',
  );
  console.log('|---|---|---|---:|---:|---:|');
  for (const row of rows)
    console.log(
      `| ${row.mode} | ${row.untrackedS.join(', ')} | ${row.trackedS.join(', ')} | ${row.untrackedMedian} | ${row.trackedMedian} | ${row.overheadPercent} % |`,
    );
  // the same in one process on the embedded database, by CPU time (steadier on a busy machine)
  const cpu = JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(ROOT, 'bench/inventory-import.ts'),
        String(INVENTORY_LINES),
        String(Math.max(INVENTORY_ROUNDS, 5)),
      ],
      { cwd: ROOT, encoding: 'utf8' },
    ),
  );
  const cpuUntracked = median(cpu.untracked);
  const cpuTracked = median(cpu.tracked);
  console.log(
    `embedded, in process, CPU s: untracked ${cpu.untracked.join(', ')}; tracked ${cpu.tracked.join(', ')}; medians ${cpuUntracked} → ${cpuTracked} (${(((cpuTracked - cpuUntracked) / cpuUntracked) * 100).toFixed(1)} %)`,
  );
  results.inventory = { rows, cpu };
}

/**
 * Settling a month: P producers with a contract each and N till lines of October 2025; the
 * drafts (POST /api/admin/abrechnungen), then finalizing (numbers, documents, payouts, mails),
 * then until every document has its PDF.
 */
const SETTLEMENT_PRODUCERS = Number(process.env.BENCH_SETTLEMENT_PRODUCERS ?? 200);
const SETTLEMENT_LINES = Number(process.env.BENCH_SETTLEMENT_LINES ?? 100_000);
// BENCH_SETTLEMENT_PDFS=0 leaves the PDFs out (half a minute per database; for A/B runs of the
// finalize)
const SETTLEMENT_PDFS = process.env.BENCH_SETTLEMENT_PDFS !== '0';

async function benchSettlement(mode, env) {
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'bench/settlement-data.ts'),
      String(SETTLEMENT_PRODUCERS),
      String(SETTLEMENT_LINES),
      ADMIN_PASSWORD,
    ],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const { base, child } = await startServer({ ...env, DEMO_DATA: 'false' });
  const rows = [];
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: ADMIN_PASSWORD }),
    });
    const { token } = await json(login);
    const call = async (method, url, body) => {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const answer = await json(response);
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${answer.message}`);
      return answer;
    };
    // the invoices name the owner (§ 14 Abs. 4 Nr. 1 UStG): no finalize without
    await call('PATCH', '/api/admin/settings', {
      openingDate: '2025-06-01',
      phone: '09261 123456',
      legal: { ownerName: 'Bench Inhaberin' },
    });
    await call('PUT', '/api/admin/billing-settings', {
      steuernummer: '214/123/45678',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      kontoinhaber: 'housnkuh Kronach',
      zahlungszielTage: 14,
      // months are settled in order: October 2025 is the first this system settles
      abrechnungAb: '2025-10',
      datev: {
        beraternummer: 1234567,
        mandantennummer: 10001,
        sachkontenlaenge: 4,
        erloeskontoMiete: 8400,
        erloeskontoProvision: 8519,
        debitorenkontoStart: 10000,
        verrechnungskonto: 1590,
      },
    });
    const timed = async (step, work) => {
      const started = process.hrtime.bigint();
      const answer = await work();
      rows.push({
        mode,
        step,
        seconds: Number((Number(process.hrtime.bigint() - started) / 1e9).toFixed(2)),
        answer,
      });
      return answer;
    };
    // a step that fails (e.g. a finalize past the request timeout: 503) is a row of the
    // table, and the other database is still measured
    try {
      const drafts = await timed('drafts (POST /api/admin/abrechnungen)', () =>
        call('POST', '/api/admin/abrechnungen', { month: '2025-10' }),
      );
      rows.at(-1).answer = `${drafts.items.length} producers`;
      const final = await timed('finalize (POST …/2025-10/finalize)', () =>
        call('POST', '/api/admin/abrechnungen/2025-10/finalize'),
      );
      rows.at(-1).answer = `${final.documents.length} documents`;
      if (!SETTLEMENT_PDFS) return rows;
      // every document's PDF, as the admin or the producers fetch them (rendered after the commit)
      // (the PDFs are rendered in the background from the commit on: the rate is how fast the
      // month's documents are rendered and served, counted from the finalize's answer)
      await timed('every PDF fetched once (GET …/documents/:id/pdf)', async () => {
        const started = process.hrtime.bigint();
        const { documents } = await call('GET', '/api/admin/documents?month=2025-10');
        let bytes = 0;
        for (const document of documents) {
          const pdf = await fetch(`${base}/api/admin/documents/${document.id}/pdf`, {
            headers: { authorization: `Bearer ${token}` },
          });
          if (!pdf.ok) throw new Error(`PDF ${document.number}: ${pdf.status}`);
          bytes += (await pdf.arrayBuffer()).byteLength;
        }
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        return `${documents.length} PDFs, ${Math.round(bytes / 1024)} KiB, ${(documents.length / seconds).toFixed(1)} PDFs/s rendered and served`;
      });
    } catch (error) {
      rows.push({ mode, step: 'failed', seconds: null, answer: String(error.message ?? error) });
    }
  } finally {
    await stopServer(child);
  }
  return rows;
}

if (runs('settlement')) {
  const settlement = [];
  if (DATABASES.includes('embedded'))
    settlement.push(
      ...(await withDataDir((dir) =>
        benchSettlement('embedded', { DATA_DIR: dir, DATABASE_URL: '' }),
      )),
    );
  if (DATABASES.includes('postgres')) {
    const onPostgres = await withPostgres((url) =>
      withDataDir((dir) => benchSettlement('postgres', { DATABASE_URL: url, DATA_DIR: dir })),
    );
    if (Array.isArray(onPostgres)) settlement.push(...onPostgres);
    else console.log(`\n${onPostgres.skipped}`);
  }
  console.log(
    `\nSettling a month: ${SETTLEMENT_PRODUCERS} producers, ${SETTLEMENT_LINES.toLocaleString('en-US')} sales lines (target on both databases: finalize ≤ 10 s)`,
  );
  console.log('| database | step | seconds | answer |');
  console.log('|---|---|---:|---|');
  for (const row of settlement) {
    console.log(`| ${row.mode} | ${row.step} | ${row.seconds} | ${row.answer} |`);
  }
  results.settlement = settlement;
}

/**
 * The server's memory with the demo data (as `npm start`): idle after the first pages, the
 * highest seen under load (public pages, the directory, the FAQ; 10 connections), and idle again
 * 15 s after the load, each with where it goes (bench/memory-probe.mjs).
 */
const MEMORY_PAGES = ['/', '/faq', '/direktvermarkter', '/standort', DIRECTORY_QUERY];

async function benchMemory(mode, env) {
  const probe = path.join(env.DATA_DIR, 'memory.jsonl');
  const { base, child } = await startServer({ ...env, MEMORY_PROBE_FILE: probe }, [
    '--import',
    path.join(ROOT, 'bench/memory-probe.mjs'),
  ]);
  const sample = async () => {
    const before = fs.existsSync(probe) ? fs.readFileSync(probe, 'utf8').split('\n').length : 1;
    child.kill('SIGUSR2');
    for (let i = 0; i < 50; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const lines = fs.existsSync(probe) ? fs.readFileSync(probe, 'utf8').trim().split('\n') : [];
      if (lines.length >= before) return JSON.parse(lines.at(-1));
    }
    throw new Error('no memory sample');
  };
  const rows = [];
  try {
    for (const page of MEMORY_PAGES) await (await fetch(`${base}${page}`)).arrayBuffer();
    await new Promise((r) => setTimeout(r, 5000));
    rows.push({ mode, state: 'idle after the first pages', ...(await sample()) });
    let peak = null;
    const load = Promise.all(
      MEMORY_PAGES.map((page) => autocannonAsync(`${base}${page}`, DURATION)),
    );
    let loading = true;
    load.finally(() => (loading = false));
    while (loading) {
      const now = await sample();
      if (!peak || now.rss > peak.rss) peak = now;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const figures = await load;
    rows.push({
      mode,
      state: `under load (${figures.reduce((sum, f) => sum + f.requestsPerSecond, 0)} requests/s, highest)`,
      ...peak,
    });
    await new Promise((r) => setTimeout(r, 15_000));
    rows.push({ mode, state: 'idle 15 s after the load', ...(await sample()) });
  } finally {
    await stopServer(child);
  }
  return rows;
}

if (runs('memory')) {
  const memory = [];
  if (DATABASES.includes('embedded'))
    memory.push(
      ...(await withDataDir((dir) => benchMemory('embedded', { DATA_DIR: dir, DATABASE_URL: '' }))),
    );
  if (DATABASES.includes('postgres')) {
    const onPostgres = await withPostgres((url) =>
      withDataDir((dir) => benchMemory('postgres', { DATABASE_URL: url, DATA_DIR: dir })),
    );
    if (Array.isArray(onPostgres)) memory.push(...onPostgres);
    else console.log(`\n${onPostgres.skipped}`);
  }
  console.log(
    '\nMemory with the demo data, MiB (target: embedded idle rss ≤ 512; external on the embedded database: mostly PGlite)',
  );
  console.log(
    '| database | state | rss | heap used | heap total | external | rest (code, native) |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const row of memory) {
    console.log(
      `| ${row.mode} | ${row.state} | ${row.rss} | ${row.heapUsed} | ${row.heapTotal} | ${row.external} | ${row.rss - row.heapTotal - row.external} |`,
    );
  }
  results.memory = memory;
}

// ten years of data: the first year against the tenth, both databases (bench/tenyear.mjs)
if (runs('tenyear')) {
  const { benchTenYears } = await import('./tenyear.mjs');
  results.tenyear = await benchTenYears({
    databases: DATABASES,
    pgUrl: PG_URL,
    startServer,
    stopServer,
  });
}

fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(ROOT, `bench/results/latest${ONLY.length ? `-${ONLY.join('-')}` : ''}.json`),
  JSON.stringify(results, null, 2),
);
