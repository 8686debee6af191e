import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { berlinInstant } from '@housnkuh/shared/format';
import { createScratchDatabase, type ScratchDatabase } from '@housnkuh/test-support/postgres';

/**
 * The test servers of the end-to-end tests: the built server and its command
 * line, one seeded database made once per run (global-setup.ts) and copied
 * for every worker, and the run's day and clock (playwright.config.ts).
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
export const SERVER = path.join(ROOT, 'apps/server/dist/server.js');
export const CLI = path.join(ROOT, 'apps/server/dist/cli.js');

/** The setup code of every test server (ADMIN_SETUP_CODE). */
export const SETUP_CODE = 'e2e-einrichtungscode';

/** The admin every test server has (unless `test.use({ withAdmin: false })`). */
export const ADMIN = {
  username: 'erika.admin',
  name: 'Erika Admin',
  password: 'Verwaltung!2026',
} as const;

/**
 * The Berlin day the run started on, the same in every worker (set once by
 * playwright.config.ts): what specs compute their dates from, never the wall
 * clock, so a run that crosses midnight computes the same dates throughout.
 */
export function runDay(): string {
  const day = process.env.E2E_RUN_DAY;
  if (!day) throw new Error('E2E_RUN_DAY is not set (playwright.config.ts sets it)');
  return day;
}

/**
 * When a worker's server clock starts (CLOCK_START): `time` of a spec's
 * `test.use({ clock })` ('HH:MM' on the run's day, or an ISO instant), else
 * the run's TEST_CLOCK (E2E_CLOCK_START), else the real time (undefined).
 */
export function clockStart(time: string | undefined): Date | undefined {
  if (time)
    return /^\d{2}:\d{2}(:\d{2})?$/.test(time) ? berlinInstant(runDay(), time) : new Date(time);
  const start = process.env.E2E_CLOCK_START;
  return start ? new Date(start) : undefined;
}

/** The seeded copies made by global-setup.ts: with the admin ADMIN, and without any admin. */
export interface Templates {
  admin: string;
  fresh: string;
}

export function templates(): Templates {
  const value = process.env.E2E_TEMPLATES;
  if (!value) throw new Error('E2E_TEMPLATES is not set (global-setup.ts sets it)');
  return JSON.parse(value) as Templates;
}

/** Runs the command line against a data directory or database; throws with its output on failure. */
export function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`cli ${args[0]} ${args[1]} failed:\n${output}`)),
    );
  });
}

/** The environment of a test server or command on `dataDir` (embedded) or `databaseUrl`. */
export function serverEnv(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  clockStart?: Date | undefined;
  extra?: Record<string, string>;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    LOG_LEVEL: 'warn',
    ADMIN_SETUP_CODE: SETUP_CODE,
    CLOCK_START: options.clockStart?.toISOString() ?? '',
    ...options.extra,
  };
}

/**
 * A worker's own database: a copy of a template (the seeded data directory,
 * or CREATE DATABASE … TEMPLATE on PostgreSQL), removed again by `remove()`.
 */
export async function copyTemplate(
  template: string,
  label: string,
): Promise<{ dataDir: string; databaseUrl: string | undefined; remove(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `housnkuh-e2e-${label}-`));
  let database: ScratchDatabase | undefined;
  if (process.env.DATABASE_URL) {
    database = await createScratchDatabase(process.env.DATABASE_URL, 'housnkuh_e2e', template);
  } else {
    fs.cpSync(path.join(template, 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
  }
  return {
    dataDir,
    databaseUrl: database?.url,
    async remove() {
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server on a free port, `env(port)` its environment (the port is chosen
 * beforehand: PUBLIC_URL and the stand-ins name it), and waits until it answers. Only the
 * server's own word that it listens (over its IPC channel) counts, never an answer on the port:
 * another process may take a port between freePort() and the server's listen, and then answer
 * there. The server then exits (EADDRINUSE) and starts again on another port.
 */
export async function startShopServer(env: (port: number) => NodeJS.ProcessEnv): Promise<{
  child: ChildProcess;
  port: number;
  clockOffsetMs: number;
}> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    let log = '';
    const child = spawn(process.execPath, [SERVER], {
      env: env(port),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.stdout!.on('data', (chunk) => (log += chunk));
    child.stderr!.on('data', (chunk) => (log += chunk));
    const listens = await new Promise<boolean>((resolve) => {
      child.on('message', (message: { listening?: unknown }) => {
        if (message?.listening === port) resolve(true);
      });
      child.once('exit', () => resolve(false));
    });
    if (listens) {
      const { clockOffsetMs } = await waitUntilUp(`http://127.0.0.1:${port}`, child, () => log);
      return { child, port, clockOffsetMs };
    }
    if (attempt === 3 || !log.includes('EADDRINUSE')) {
      throw new Error(`server exited before it listened:\n${log.slice(-2000)}`);
    }
  }
}

/**
 * Waits until the server answers /api/health and returns how far its clock is
 * from this process's (what the worker's pages are set to).
 */
export async function waitUntilUp(
  baseURL: string,
  child: ChildProcess,
  log: () => string,
): Promise<{ clockOffsetMs: number }> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log()}`);
    try {
      const asked = Date.now();
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) {
        const { time } = (await response.json()) as { time: string };
        return { clockOffsetMs: Date.parse(time) - Math.round((asked + Date.now()) / 2) };
      }
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start:\n${log()}`);
}

/** A query on a test server's database: SQL with $1 … parameters, the rows back. */
export type DatabaseQuery = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * Runs `work` on a worker's database while its server is not running (the embedded database
 * is one process's): for data no API writes yet. The environment names the database
 * (serverEnv: DATA_DIR, or DATABASE_URL on PostgreSQL).
 */
export async function withDatabase(
  env: NodeJS.ProcessEnv,
  work: (query: DatabaseQuery) => Promise<void>,
): Promise<void> {
  if (env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      await work(async (sql, params) => (await client.query(sql, params)).rows);
    } finally {
      await client.end();
    }
    return;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // the extensions the server's migrations create (apps/server/src/db/client.ts)
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = new PGlite(path.join(env.DATA_DIR!, 'pgdata'), { extensions: { pg_trgm } });
  try {
    await work(async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows);
  } finally {
    await db.close();
  }
}
