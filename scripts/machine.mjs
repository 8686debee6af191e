// What the tests need from the machine beyond npm's packages, and how to get it on Debian.
// `npm run doctor` prints the whole list; the test runs' global setups (apps/server/test,
// apps/web/e2e) refuse to start when something is missing, naming it, instead of failing later
// in one test without a word. Plain JavaScript: the doctor runs before anything is installed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

function onPath(command) {
  const found = spawnSync('/bin/sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() !== '';
}

function commands(...names) {
  return () => {
    const missing = names.filter((name) => !onPath(name));
    return missing.length === 0 ? '' : `${missing.join(', ')} not found on PATH`;
  };
}

/** @type {import('./machine.d.mts').MachineNeed[]} */
export const MACHINE_NEEDS = [
  {
    name: 'Node.js 20 or newer',
    usedBy: 'everything',
    install: 'Node.js 20 from nodejs.org or the distribution',
    when: 'always',
    suites: ['server', 'e2e'],
    check: () => {
      const major = Number(process.versions.node.split('.')[0]);
      return major >= 20 ? '' : `Node.js ${process.versions.node} is older than 20`;
    },
  },
  {
    name: 'Chromium (its headless shell, or the browser)',
    usedBy: 'the end-to-end tests (Playwright), npm run lighthouse',
    install: 'apt-get install -y chromium-headless-shell chromium',
    when: 'always',
    suites: ['e2e'],
    check: () => {
      const chosen = process.env.CHROMIUM_PATH;
      if (chosen) return fs.existsSync(chosen) ? '' : `CHROMIUM_PATH=${chosen} does not exist`;
      return fs.existsSync(HEADLESS_SHELL) || fs.existsSync('/usr/bin/chromium')
        ? ''
        : `neither ${HEADLESS_SHELL} nor /usr/bin/chromium exists`;
    },
  },
  {
    name: 'pdftotext and pdftoppm (poppler-utils)',
    usedBy: 'the document and label tests read the PDFs back',
    install: 'apt-get install -y poppler-utils',
    when: 'always',
    suites: ['server'],
    check: commands('pdftotext', 'pdftoppm'),
  },
  {
    name: 'zbarimg (zbar-tools)',
    usedBy: 'the label tests decode the barcodes',
    install: 'apt-get install -y zbar-tools',
    when: 'always',
    suites: ['server'],
    check: commands('zbarimg'),
  },
  {
    name: 'xmllint (libxml2-utils)',
    usedBy: 'the SEPA tests validate pain.001 against its XSD',
    install: 'apt-get install -y libxml2-utils',
    when: 'always',
    suites: ['server'],
    check: commands('xmllint'),
  },
  {
    name: 'pg_dump and pg_restore (postgresql-client)',
    usedBy: 'the backup test on PostgreSQL, cli backup with DATABASE_URL',
    install: 'apt-get install -y postgresql-client',
    when: 'postgres',
    suites: ['server'],
    check: commands('pg_dump', 'pg_restore'),
  },
];

/** Every need of the suite (or all), each with its problem ('' when present). */
export function checkMachine({ suite, postgres }) {
  return MACHINE_NEEDS.filter(
    (need) => (!suite || need.suites.includes(suite)) && (need.when === 'always' || postgres),
  ).map((need) => ({ need, problem: need.check() }));
}

/** Throws, naming each missing tool and its install command, when the suite cannot run here. */
export function requireMachine(suite, postgres) {
  const missing = checkMachine({ suite, postgres }).filter((report) => report.problem);
  if (missing.length === 0) return;
  const lines = missing.map(
    ({ need, problem }) => `- ${need.name} (${need.usedBy}): ${problem}\n    ${need.install}`,
  );
  throw new Error(
    `This machine lacks what the tests need (npm run doctor lists everything):\n${lines.join('\n')}`,
  );
}
