// The server as a process of its own (process.test.ts, crash.test.ts, two-instances.test.ts): the
// built server (`npm run build`, as `npm test` and CI run it) on a free port, its output kept,
// and killed at the end of the test file whatever happened, so none outlives a failed test.
// Built, not from the source with tsx: a start through tsx took about 5 s of CPU, the bundle
// about 3 s, and the crash test starts it a dozen times (docs/decisions/0062).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const BUILT = path.resolve(import.meta.dirname, '../dist/server.js');
/** What the bundle is built from: the server's source and the shared package's. */
const SOURCES = [path.join(ROOT, 'apps/server/src'), path.join(ROOT, 'packages/shared/src')];

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const changed = entry.isDirectory() ? newestChange(full) : fs.statSync(full).mtimeMs;
    if (changed > newest) newest = changed;
  }
  return newest;
}

let checked = false;

/**
 * The built server's path; throws when it is missing or older than a source file (a test of
 * yesterday's bundle would pass or fail for the wrong reason).
 */
export function builtServer(): string {
  if (checked) return BUILT;
  if (!fs.existsSync(BUILT)) throw new Error('The server is not built: run `npm run build` first.');
  const built = fs.statSync(BUILT).mtimeMs;
  const changed = Math.max(...SOURCES.map(newestChange));
  if (changed > built)
    throw new Error('The server was changed after its build: run `npm run build` first.');
  checked = true;
  return BUILT;
}

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the exit code (null: killed by a signal). */
  exited: Promise<number | null>;
  /**
   * The port this very process listens on, once it does (it says so over its IPC channel);
   * rejects, with the process's output, when it exits first (e.g. the port was taken).
   */
  listening: Promise<number>;
  output(): string;
}

/** A port free at this moment; another process may take it before the server listens on it. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server with the embedded database unless `env` names DATABASE_URL, on the
 * port `env` names or else on one the system chooses (PORT=0): `listening` tells which. A port
 * chosen beforehand (freePort) may be taken by another process on a busy machine before the
 * server listens; then the server exits, and a health check would reach the other process.
 */
export function startServer(env: Record<string, string>, children: ChildProcess[]): ServerProcess {
  const child = spawn(process.execPath, [builtServer()], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<number>((resolve, reject) => {
    child.on('message', (message: { listening?: unknown }) => {
      if (typeof message?.listening === 'number') resolve(message.listening);
    });
    void exited.then((code) =>
      reject(new Error(`the server exited (${code}) before it listened:\n${output.slice(-2000)}`)),
    );
  });
  // a test that expects the process to fail (a bad configuration) need not wait for this
  listening.catch(() => {});
  return { child, exited, listening, output: () => output };
}

/**
 * Waits until the server answers /api/health on `port` (a first start migrates and seeds a new
 * embedded database: seconds alone, far more on a CI machine running three test workers on two
 * cores); a failed start ends the wait by timing out, or at once when `gone()` says so.
 */
export async function waitForHealthAt(
  port: number,
  timeoutMs = 75_000,
  gone: () => boolean = () => false,
  output: () => string = () => '',
): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !gone()) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return response.json();
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not come up:\n${output().slice(-2000)}`);
}

/**
 * Waits until `server` listens and answers /api/health: its port and the health answer. The
 * port is the one the process itself reported, so the answer comes from it, not from another
 * process on a port chosen beforehand.
 */
export async function waitForHealth(
  server: ServerProcess,
  timeoutMs = 75_000,
): Promise<{ port: number; health: unknown }> {
  let gone = false;
  void server.exited.then(() => (gone = true));
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const port = await Promise.race([
    server.listening,
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`server did not listen:\n${server.output().slice(-2000)}`)),
        timeoutMs,
      );
    }),
  ]).finally(() => clearTimeout(timer));
  const health = await waitForHealthAt(
    port,
    timeoutMs - (Date.now() - started),
    () => gone,
    server.output,
  );
  return { port, health };
}
