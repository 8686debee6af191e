// The server as a process of its own (process.test.ts, crash.test.ts): started from its source
// with tsx on a free port, its output kept, and killed at the end of the test file whatever
// happened, so none outlives a failed test.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const SERVER = path.resolve(import.meta.dirname, '../src/server.ts');

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the exit code (null: killed by a signal). */
  exited: Promise<number | null>;
  output(): string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts `src/server.ts` with the embedded database unless `env` names DATABASE_URL. */
export function startServer(env: Record<string, string>, children: ChildProcess[]): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * Waits until the server answers /api/health (a first start migrates and seeds a new embedded
 * database: seconds alone, far more on a CI machine running three test workers on two cores;
 * a failed start ends the wait by timing out, or at once when `server` has exited).
 */
export async function waitForHealth(
  port: number,
  timeoutMs = 75_000,
  server?: ServerProcess,
): Promise<unknown> {
  let gone = false;
  void server?.exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !gone) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return response.json();
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not come up${server ? `:\n${server.output().slice(-2000)}` : ''}`);
}
