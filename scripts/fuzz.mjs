// npm run fuzz -- --runs 100000 [--seed 32] [--seconds 0]: the API fuzz of the test suite
// (apps/server/test/fuzz.test.ts, docs/decisions/0055-api-fuzz-and-access-matrix.md) for longer,
// with the figures printed: requests per route with their statuses and time, statuses, callers,
// duration. On PostgreSQL when DATABASE_URL is set (as the server tests), else embedded.
// Without --seconds it runs until every request is sent.
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '0' },
  },
});
for (const [name, value] of Object.entries(values)) {
  if (!/^\d+$/.test(value)) {
    console.error(`--${name} braucht eine ganze Zahl, nicht "${value}".`);
    process.exit(2);
  }
}

const child = spawn(
  'npx',
  ['vitest', 'run', '--project', 'server', 'apps/server/test/fuzz.test.ts'],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      FUZZ_RUNS: values.runs,
      FUZZ_SEED: values.seed,
      FUZZ_SECONDS: values.seconds,
      FUZZ_REPORT: '1',
    },
  },
);
child.on('exit', (code) => process.exit(code ?? 1));
