// npm run doctor: what this machine has of what the tests need, and how to install the rest
// (Debian). Exits 1 when something is missing. PostgreSQL's tools count when DATABASE_URL is
// set or --postgres is given.
import { checkMachine } from './machine.mjs';

const postgres = Boolean(process.env.DATABASE_URL) || process.argv.includes('--postgres');
const reports = checkMachine({ postgres });
let missing = 0;
for (const { need, problem } of reports) {
  if (problem) missing++;
  console.log(`${problem ? '✗' : '✓'} ${need.name}: ${need.usedBy}`);
  if (problem) console.log(`    ${problem}\n    install: ${need.install}`);
}
if (!postgres) {
  console.log(
    '  (with DATABASE_URL or --postgres also: pg_dump and pg_restore for the backup test)',
  );
}
console.log(
  missing === 0
    ? '\nEverything the tests need is here: npm test'
    : `\n${missing} missing: install ${missing === 1 ? 'it' : 'them'} (sudo where needed), then npm test`,
);
process.exit(missing === 0 ? 0 : 1);
