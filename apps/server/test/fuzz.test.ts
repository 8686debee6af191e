import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatStats, routeIndex, runFuzz, startFuzzWorld, type FuzzWorld } from './fuzz/engine';

// The API fuzz over every route of the route index (docs/decisions/0055-api-fuzz-and-access-matrix.md).
// Here: a fixed seed, at most FUZZ_RUNS requests (default 10,000) and FUZZ_SECONDS seconds
// (default 25, so `npm test` and CI stay short on a slow machine). `npm run fuzz -- --runs 100000`
// runs the same for longer and prints the figures (scripts/fuzz.mjs).
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? 32);
const DATABASE = process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

let world: FuzzWorld;
beforeAll(async () => {
  world = await startFuzzWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('the API fuzz', () => {
  it(
    'never answers a 5xx, answers every 4xx as { success: false, message, errors? } and a refused request changes nothing',
    async () => {
      const stats = await runFuzz(world, {
        seed: SEED,
        runs: RUNS,
        timeLimitMs: SECONDS > 0 ? SECONDS * 1000 : undefined,
      });
      const figures = formatStats(stats, DATABASE).split('\n');
      // the summary always, the routes' lines when asked (npm run fuzz)
      process.stdout.write(
        `${figures.slice(0, process.env.FUZZ_REPORT ? undefined : 4).join('\n')}\n`,
      );
      // every route of the index had its turn, most of them past the access check
      expect(Object.keys(stats.perRoute).sort()).toEqual(
        routeIndex()
          .map((route) => `${route.method} ${route.url}`)
          .sort(),
      );
      expect(stats.requests).toBeGreaterThanOrEqual(Math.min(RUNS, 2 * routeIndex().length));
      expect(stats.pastAccess).toBeGreaterThan(stats.requests / 3);
      expect(stats.refusedChecked).toBeGreaterThan(stats.requests / 3);
    },
    (SECONDS > 0 ? SECONDS + 60 : 24 * 3600) * 1000,
  );
});
