import { afterAll, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type * as Seed from '../src/db/seed';
import type * as Web from '../src/plugins/web';
import { testConfig } from './helpers';

// A slow first start, as on a busy 2-core machine: the seed alone takes longer
// than the (shortened) time Fastify gives one plugin to start.
const SLOW_STEP_MS = 1_500;
const PLUGIN_TIMEOUT_MS = 1_000;

vi.mock('../src/db/seed', async (importOriginal) => {
  const original = await importOriginal<typeof Seed>();
  return {
    ...original,
    seedDatabase: async (...args: Parameters<typeof original.seedDatabase>) => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_STEP_MS));
      return original.seedDatabase(...args);
    },
  };
});

// reading the web build (the server-side renderer's import) may be as slow
vi.mock('../src/plugins/web', async (importOriginal) => {
  const original = await importOriginal<typeof Web>();
  return {
    ...original,
    loadWebBuild: async (...args: Parameters<typeof original.loadWebBuild>) => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_STEP_MS));
      return original.loadWebBuild(...args);
    },
  };
});

let app: FastifyInstance | undefined;
afterAll(async () => {
  await app?.close();
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
