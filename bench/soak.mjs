// npm run soak: the server with the demo data for SOAK_MINUTES (30) at half of its measured
// saturation over a realistic mix (public pages, the directory, logins, a producer's pages, till
// receipts, admin lists, a settlement draft). Prints one row per minute (requests/s, p50, p99,
// errors, memory) and the verdict: errors, p99 of the last minute against the first after the
// warm-up, memory growth after the warm-up (target: 0 errors, p99 stable, rss growth < 10 %).
// Not part of CI.
//   SOAK_MINUTES=30 SOAK_DATABASE=embedded|postgres npm run soak   (npm run build first)
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  json,
  PRODUCER_PASSWORD,
  ROOT,
  SERVER,
  signedInProducer,
  startServer,
  stopServer,
} from './lib.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const DATABASE = process.env.SOAK_DATABASE ?? 'embedded';
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 10);
const WARM_UP_MINUTES = Math.min(2, Math.max(0, MINUTES - 1));
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const ADMIN_PASSWORD = 'Soak!2026lang';

if (!fs.existsSync(SERVER)) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'housnkuh-soak-'));
const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
let database;
if (DATABASE === 'postgres') {
  database = `housnkuh_soak_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  env.DATABASE_URL = url.toString();
}

// the admin, before the server starts (the embedded database has one user at a time); the CLI
// also lays out the database with the demo data, as the first `npm start` would
execFileSync(
  process.execPath,
  [path.join(ROOT, 'apps/server/dist/cli.js'), 'admin', 'create', 'soak', 'Soak Admin'],
  { env: { ...process.env, ...env, ADMIN_PASSWORD }, stdio: 'ignore' },
);

const probe = path.join(dataDir, 'memory.jsonl');
// one client's address: the page limit lifted (as for the bench's API limit); the login limit
// (30 in 15 minutes an address) stays, so logins go once a minute beside the load
const { base, child } = await startServer(
  { ...env, MEMORY_PROBE_FILE: probe, PAGE_RATE_LIMIT_PER_MINUTE: '1000000' },
  ['--import', path.join(ROOT, 'bench/memory-probe.mjs')],
);

/** The server's memory now (bench/memory-probe.mjs). */
async function memory() {
  const before = fs.existsSync(probe) ? fs.readFileSync(probe, 'utf8').trim().split('\n') : [];
  child.kill('SIGUSR2');
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const lines = fs.existsSync(probe) ? fs.readFileSync(probe, 'utf8').trim().split('\n') : [];
    if (lines.length > before.length && lines.at(-1)) return JSON.parse(lines.at(-1));
  }
  throw new Error('no memory sample');
}

async function call(method, url, token, body) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await json(response);
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${answer.message}`);
  return answer;
}

/** Answers by status code over the whole soak. */
const statuses = new Map();
const rows = [];
try {
  const adminToken = (
    await call('POST', '/api/auth/login', null, { username: 'soak', password: ADMIN_PASSWORD })
  ).token;
  const producerEmail = 'soak.hof@beispiel.de';
  const producerToken = await signedInProducer(base, dataDir, producerEmail);
  const { secret: tillKey } = await call('POST', '/api/admin/pos-keys', adminToken, {
    name: 'Soak-Kasse',
  });
  const now = new Date();
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 7);
  const tillTime = `${String(now.getUTCDate()).padStart(2, '0')}.${String(now.getUTCMonth() + 1).padStart(2, '0')}.${now.getUTCFullYear()} 09:30`;
  let receipt = 0;

  const bearer = (token) => ({ authorization: `Bearer ${token}` });
  const json = { 'content-type': 'application/json' };
  /** One connection's round (autocannon cycles it): weighted like a day of the shop. */
  const MIX = [
    { path: '/' },
    { path: '/faq' },
    { path: '/direktvermarkter' },
    { path: '/api/vendor-auth/public/profiles?page=1&limit=20' },
    { path: '/' },
    { path: '/api/faqs/public' },
    { path: '/standort' },
    { path: '/api/vendor-auth/public/profiles?search=hof&page=1&limit=20' },
    { path: '/api/vendor-auth/products', headers: bearer(producerToken) },
    {
      path: `/api/vendor-auth/sales?from=${now.getUTCFullYear()}-01-01&to=${now.toISOString().slice(0, 10)}`,
      headers: bearer(producerToken),
    },
    { path: '/api/vendor-auth/payouts', headers: bearer(producerToken) },
    { path: '/api/vendor-auth/documents', headers: bearer(producerToken) },
    {
      method: 'POST',
      path: '/api/pos/sales',
      headers: { ...json, ...bearer(tillKey) },
      setupRequest: (request) => {
        receipt += 1;
        return {
          ...request,
          body: JSON.stringify({
            receipts: [
              {
                id: `SOAK-${receipt}`,
                time: tillTime,
                lines: [
                  {
                    position: 1,
                    ean: '4006381333931',
                    name: 'Bergkäse',
                    quantity: 1,
                    unitPriceGrossCents: 450,
                    vatRate: 7,
                  },
                ],
              },
            ],
          }),
        };
      },
    },
    { path: '/api/admin/users/vendors?page=1&limit=20', headers: bearer(adminToken) },
    { path: '/api/admin/vertraege?page=1&limit=20', headers: bearer(adminToken) },
    { path: '/api/admin/documents', headers: bearer(adminToken) },
    {
      path: `/api/admin/revenue?from=${now.getUTCFullYear()}-01&to=${now.toISOString().slice(0, 7)}`,
      headers: bearer(adminToken),
    },
    { path: '/api/admin/sales/unassigned?page=1&limit=20', headers: bearer(adminToken) },
    { path: '/api/admin/dashboard', headers: bearer(adminToken) },
  ];

  // the draft needs the opening date (the demo data's shop has none yet)
  await call('PATCH', '/api/admin/settings', adminToken, { openingDate: `${lastMonth}-01` });

  // every request of the mix answers 2xx once before the soak starts
  for (const request of MIX) {
    const {
      body,
      headers,
      method,
      path: url,
    } = request.setupRequest ? request.setupRequest(request) : request;
    const response = await fetch(`${base}${url}`, { method: method ?? 'GET', headers, body });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${method ?? 'GET'} ${url}: ${response.status}`);
  }

  function run(seconds, overallRate) {
    return new Promise((resolve, reject) => {
      autocannon(
        {
          url: base,
          connections: CONNECTIONS,
          duration: seconds,
          requests: MIX,
          ...(overallRate ? { overallRate } : {}),
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
    });
  }

  const figures = (result) => {
    for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {}))
      statuses.set(status, (statuses.get(status) ?? 0) + count);
    return {
      requestsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
    };
  };

  const saturation = figures(await run(20));
  const rate = Math.max(1, Math.floor(saturation.requestsPerSecond / 2));
  console.log(
    `Soak on ${DATABASE}: saturation ${saturation.requestsPerSecond} requests/s (p99 ${saturation.p99} ms, ${saturation.non2xx} non-2xx); ${MINUTES} min at ${rate} requests/s, ${CONNECTIONS} connections`,
  );
  console.log(
    '| minute | requests/s | p50 ms | p99 ms | errors | non-2xx | rss MiB | heap used MiB |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (let minute = 1; minute <= MINUTES; minute++) {
    const row = { minute, ...figures(await run(60, rate)), ...(await memory()) };
    // a settlement draft and the logins once a minute, as the owner and a producer
    try {
      await call('POST', '/api/admin/abrechnungen', adminToken, { month: lastMonth });
      await call('POST', '/api/auth/login', null, { username: 'soak', password: ADMIN_PASSWORD });
      await call('POST', '/api/vendor-auth/login', null, {
        email: producerEmail,
        password: PRODUCER_PASSWORD,
      });
    } catch (error) {
      row.errors += 1;
      console.log(`  draft: ${error.message}`);
    }
    rows.push(row);
    console.log(
      `| ${minute} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.non2xx} | ${row.rss} | ${row.heapUsed} |`,
    );
  }
} finally {
  await stopServer(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (database) {
    const cleanup = new pg.Client({ connectionString: PG_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${database} with (force)`);
    await cleanup.end();
  }
}

const settled = rows.slice(WARM_UP_MINUTES);
if (settled.length > 0) {
  const first = settled[0];
  const last = settled.at(-1);
  const errors = rows.reduce((sum, row) => sum + row.errors + row.non2xx, 0);
  console.log(
    `\nAnswers by status: ${[...statuses].map(([status, count]) => `${status}: ${count}`).join(', ')}`,
  );
  console.log(
    `Errors and non-2xx answers: ${errors}; p99 after the warm-up: ${first.p99} ms → ${last.p99} ms; rss after the warm-up: ${first.rss} → ${last.rss} MiB (${(((last.rss - first.rss) / first.rss) * 100).toFixed(1)} %)`,
  );
}
