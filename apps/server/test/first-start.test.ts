import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type * as App from '../src/app';
import type * as Seed from '../src/db/seed';
import type * as Web from '../src/plugins/web';
import { testConfig } from './helpers';

// A slow first start, as on a busy 2-core machine: the seed alone takes longer
// than the (shortened) time Fastify gives one plugin to start.
const SLOW_STEP_MS = 1_500;
const PLUGIN_TIMEOUT_MS = 1_000;
/** The steps made slow, as they ran (so the test knows the app it started had them). */
const slowed: string[] = [];

vi.doMock('../src/db/seed', async (importOriginal) => {
  const original = await importOriginal<typeof Seed>();
  return {
    ...original,
    seedDatabase: async (...args: Parameters<typeof original.seedDatabase>) => {
      slowed.push('seed');
      await new Promise((resolve) => setTimeout(resolve, SLOW_STEP_MS));
      return original.seedDatabase(...args);
    },
  };
});

// reading the web build (the server-side renderer's import) may be as slow
vi.doMock('../src/plugins/web', async (importOriginal) => {
  const original = await importOriginal<typeof Web>();
  return {
    ...original,
    loadWebBuild: async (...args: Parameters<typeof original.loadWebBuild>) => {
      slowed.push('web build');
      await new Promise((resolve) => setTimeout(resolve, SLOW_STEP_MS));
      return original.loadWebBuild(...args);
    },
  };
});

// The test files of a worker share their modules (vitest.config.ts: isolate: false): the app is
// imported afresh, with the slow steps, and the real modules are back for the next file.
let buildApp: typeof App.buildApp;
beforeAll(async () => {
  vi.resetModules();
  ({ buildApp } = await import('../src/app'));
});

let app: FastifyInstance | undefined;
afterAll(async () => {
  await app?.close();
  vi.doUnmock('../src/db/seed');
  vi.doUnmock('../src/plugins/web');
  vi.resetModules();
});

it('starts on a fresh data directory however long the database and the web build take, and says what it does', async () => {
  const lines: string[] = [];
  app = await buildApp(testConfig({ DEMO_DATA: 'true', LOG_LEVEL: 'info' }), {
    pluginTimeout: PLUGIN_TIMEOUT_MS,
    startOutbox: false,
    startGeocoding: false,
    startCleanup: false,
    logStream: { write: (line) => void lines.push(JSON.parse(line).msg as string) },
  });
  await app.ready();
  expect(slowed).toEqual(expect.arrayContaining(['seed', 'web build']));

  const health = await app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
  const directory = await app.inject({ method: 'GET', url: '/api/vendor-auth/public/profiles' });
  expect(directory.json().pagination.totalCount).toBeGreaterThan(0);
  expect(lines).toEqual(
    expect.arrayContaining([
      'Datenbank wird eingerichtet …',
      'Migrationen angewendet',
      'Grunddaten angelegt',
      expect.stringMatching(/^Demo-Daten angelegt \(\d+ Direktvermarkter\)$/),
    ]),
  );
  expect(lines.indexOf('Migrationen angewendet')).toBeLessThan(
    lines.indexOf('Grunddaten angelegt'),
  );
}, 120_000);
