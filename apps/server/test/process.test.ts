import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { dataDirLockHolder } from '../src/db/lock';
import { tempDir } from './helpers';
import {
  builtServer,
  freePort,
  startServer as startServerProcess,
  waitForHealth,
  waitForHealthAt,
} from './server-process';

const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

const startServer = (env: Record<string, string>) => startServerProcess(env, children);

describe('server process', () => {
  it('stops with a clear message on a bad configuration', async () => {
    const server = startServer({ PORT: 'neunzig', DATA_DIR: tempDir() });
    expect(await server.exited).toBe(2);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain('PORT');
  });

  it('a port another process holds: the server says so and exits; its answers are never taken for the server', async () => {
    // another process answers health on the port (what a test's freePort() could not rule out)
    const other = http.createServer((_request, response) => response.end('{"status":"ok"}'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as AddressInfo;
    try {
      const server = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: tempDir() });
      await expect(waitForHealth(server, 60_000)).rejects.toThrow('before it listened');
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('could not listen');
      expect(server.output()).toContain('EADDRINUSE');
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  }, 90_000);

  it('runs on the embedded database, refuses a second process on it, and stops cleanly', async () => {
    const dataDir = tempDir();
    const first = startServer({ DATA_DIR: dataDir });
    const { health } = await waitForHealth(first);
    expect(health).toMatchObject({ database: 'up', databaseMode: 'embedded' });
    expect(dataDirLockHolder(dataDir)).toBe(first.child.pid);

    const second = startServer({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(3);
    expect(second.output()).toContain('is in use by another process');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(dataDirLockHolder(dataDir)).toBeNull();

    // the data survives a restart
    const again = startServer({ DATA_DIR: dataDir });
    const { port } = await waitForHealth(again);
    const faqs = (await (await fetch(`http://127.0.0.1:${port}/api/faqs/public`)).json()) as {
      faqs: unknown[];
    };
    expect(faqs.faqs.length).toBeGreaterThan(0);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 120_000);

  it('writes JSON lines when stdout is no terminal; runs on the clock CLOCK_START sets', async () => {
    // a port named (not 0): the default PUBLIC_URL names it
    const port = await freePort();
    const server = startServer({
      PORT: String(port),
      DATA_DIR: tempDir(),
      LOG_LEVEL: 'info',
      CLOCK_START: '2030-01-01T23:59:30+01:00',
    });
    const health = (await waitForHealth(server)).health as { time: string };
    // the server's clock started at CLOCK_START and runs on (by the time it answers: seconds)
    expect(Date.parse(health.time) - Date.parse('2030-01-01T22:59:30Z')).toBeGreaterThanOrEqual(0);
    expect(Date.parse(health.time) - Date.parse('2030-01-01T22:59:30Z')).toBeLessThan(60_000);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const lines = server.output().trim().split('\n');
    expect(lines.length).toBeGreaterThan(2);
    const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(entries.map((entry) => entry.msg)).toContain(
      `housnkuh läuft auf http://localhost:${port}`,
    );
    expect(entries.find((entry) => entry.msg === 'request completed')).toMatchObject({
      level: 30,
      res: { statusCode: 200 },
    });
  }, 120_000);

  it('writes readable lines to a terminal', async () => {
    // script(1) from util-linux runs the server with a pseudo-terminal as stdout
    const port = await freePort();
    const command = [process.execPath, builtServer()].join(' ');
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        DEMO_DATA: 'false',
        LOG_LEVEL: 'info',
        NO_COLOR: '1',
        PORT: String(port),
        DATA_DIR: tempDir(),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    await waitForHealthAt(port);
    const started = `INFO   housnkuh läuft auf http://localhost:${port}  url=http://localhost:${port}`;
    await expect.poll(() => output, { timeout: 10_000 }).toContain(started);
    await expect
      .poll(() => output, { timeout: 10_000 })
      .toMatch(/\d\d:\d\d:\d\d\.\d{3} {2}INFO {3}request completed {2}200 {2}\d+\.\d ms {2}reqId=/);
    expect(output).toMatch(
      /INFO {3}incoming request {2}GET \/api\/health {2}reqId=\S+ {2}remoteAddress=/,
    );
    // no line of it is JSON
    for (const line of output.split(/\r?\n/).filter(Boolean)) {
      expect(line.startsWith('{')).toBe(false);
    }
  }, 120_000);
});
