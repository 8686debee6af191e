import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { admins } from '../src/modules/accounts/schema';
import { tempDir } from './helpers';

/** The built command line (`npm test` builds first). */
const CLI = path.resolve(import.meta.dirname, '../dist/cli.js');

function cli(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [CLI, ...args], {
    env: { ...process.env, DATABASE_URL: '', DEMO_DATA: 'false', LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('cli admin create', () => {
  it('creates an admin with an argon2id password, refuses a weak password and a taken name', async () => {
    if (!fs.existsSync(CLI)) throw new Error('the server is not built: run `npm run build` first');
    const dataDir = tempDir();
    const weak = cli(['admin', 'create', 'eva', 'Eva Muster'], {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'kurz',
    });
    expect(weak.status).toBe(2);
    expect(weak.stderr).toContain('Das Passwort muss mindestens 8 Zeichen lang sein');

    const created = cli(['admin', 'create', 'Eva', 'Eva Muster'], {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: TEST_PASSWORD,
    });
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout).toContain('admin eva created');

    const again = cli(['admin', 'create', 'eva', 'Eva Zwei'], {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: TEST_PASSWORD,
    });
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('Diesen Benutzernamen gibt es schon.');

    const database = await openDatabase({ url: undefined, dataDir });
    try {
      const rows = await database.db.select().from(admins);
      expect(rows.map((row) => [row.username, row.name])).toEqual([['eva', 'Eva Muster']]);
      expect(rows[0]!.passwordHash).toMatch(/^\$argon2id\$/);
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe('cli settings set', () => {
  it('saves several settings at once, and none when one of them is wrong', () => {
    const dataDir = tempDir();
    const saved = cli(
      [
        'settings',
        'set',
        'phone',
        '"09261 123456"',
        'contest',
        '{"active":false,"closingDate":null}',
      ],
      { DATA_DIR: dataDir },
    );
    expect(saved.stderr).toBe('');
    expect(saved.stdout).toContain('phone, contest saved');

    const refused = cli(['settings', 'set', 'phone', '"09261 999"', 'contest', '{"active":1}'], {
      DATA_DIR: dataDir,
    });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('Invalid value for contest');
    const unknown = cli(['settings', 'set', 'phone', '"09261 999"', 'farbe', '"rot"'], {
      DATA_DIR: dataDir,
    });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown setting "farbe"');

    const read = cli(['settings', 'get'], { DATA_DIR: dataDir });
    expect(JSON.parse(read.stdout)).toMatchObject({
      phone: '09261 123456',
      contest: { active: false, closingDate: null },
    });
  }, 120_000);
});

describe('cli demo remove', () => {
  it('removes the demo producers once, then says there is nothing left', () => {
    const dataDir = tempDir();
    const removed = cli(['demo', 'remove'], { DATA_DIR: dataDir, DEMO_DATA: 'true' });
    expect(removed.stderr).toBe('');
    expect(removed.status).toBe(0);
    expect(removed.stdout).toMatch(
      /^Demo-Daten entfernt: 14 Demo-Direktvermarkter mit 14 Verträgen; \d+ Mietfächer wieder frei\.\n$/,
    );

    const again = cli(['demo', 'remove'], { DATA_DIR: dataDir, DEMO_DATA: 'true' });
    expect(again.status).toBe(0);
    expect(again.stdout).toBe('Es gibt keine Demo-Daten (mehr) – es wurde nichts entfernt.\n');
  }, 120_000);
});
