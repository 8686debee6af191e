import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkMachine, requireMachine } from './machine.mjs';

// npm run doctor and the test runs' global setups: a machine without the document readers is
// told what to install before a test fails without a word.
describe('what the tests need from the machine', () => {
  const saved = process.env.PATH;
  afterEach(() => {
    process.env.PATH = saved;
  });

  it('names each missing tool with its Debian package', () => {
    process.env.PATH = fs.mkdtempSync(path.join(os.tmpdir(), 'empty-path-'));
    expect(() => requireMachine('server', true)).toThrow(
      /pdftotext, pdftoppm not found on PATH\n\s+apt-get install -y poppler-utils/,
    );
    expect(() => requireMachine('server', true)).toThrow(/apt-get install -y zbar-tools/);
    expect(() => requireMachine('server', true)).toThrow(/apt-get install -y libxml2-utils/);
    expect(() => requireMachine('server', true)).toThrow(/apt-get install -y postgresql-client/);
    // pg_dump only counts for a run on PostgreSQL
    const embedded = checkMachine({ suite: 'server', postgres: false });
    expect(embedded.map((r) => r.need.name).join()).not.toContain('pg_dump');
  });

  it('passes on a machine that has them (this one runs the tests)', () => {
    expect(() => requireMachine('server', false)).not.toThrow();
  });
});
