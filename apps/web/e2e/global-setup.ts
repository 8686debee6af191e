import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '@housnkuh/test-support/postgres';
import { requireMachine } from '../../../scripts/machine.mjs';
import { ADMIN, SERVER, clockStart, runCli, serverEnv, type Templates } from './shop-server';
import { startThirdParty, thirdPartySettings } from './third-party';

/**
 * Once per run: the third-party stand-ins (third-party.ts), and two seeded databases (initial
 * and demo data, on the run's clock, third-party content from the stand-ins), one with the
 * admin ADMIN and one without any, which every worker copies (fixtures.ts) instead of creating
 * and seeding its own.
 */
export default async function globalSetup() {
  if (!fs.existsSync(SERVER)) throw new Error('Build first: npm run build');
  requireMachine('e2e', false);
  const adminUrl = process.env.DATABASE_URL;
  const start = clockStart(undefined);
  const made: { location: string; drop: () => Promise<void> }[] = [];
  const thirdParty = await startThirdParty();
  process.env.E2E_THIRD_PARTY = thirdParty.origin;
  const settings = [
    'settings',
    'set',
    ...Object.entries(thirdPartySettings(thirdParty.origin)).flatMap(([key, value]) => [
      key,
      JSON.stringify(value),
    ]),
  ];

  /** A template made by the commands `commands` (the first seeds the empty database). */
  async function template(
    label: keyof Templates,
    commands: string[][],
    extra: Record<string, string>,
  ) {
    if (adminUrl) {
      const database = await createScratchDatabase(adminUrl, `housnkuh_e2e_${label}`);
      const name = new URL(database.url).pathname.slice(1);
      made.push({ location: name, drop: database.drop });
      for (const args of commands)
        await runCli(
          args,
          serverEnv({ dataDir: 'unused', databaseUrl: database.url, clockStart: start, extra }),
        );
      return name;
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `housnkuh-e2e-template-${label}-`));
    made.push({
      location: dataDir,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    });
    for (const args of commands)
      await runCli(args, serverEnv({ dataDir, clockStart: start, extra }));
    return dataDir;
  }

  const [admin, fresh] = await Promise.all([
    template('admin', [['admin', 'create', ADMIN.username, ADMIN.name], settings], {
      ADMIN_PASSWORD: ADMIN.password,
    }),
    template('fresh', [settings], {}),
  ]);
  process.env.E2E_TEMPLATES = JSON.stringify({ admin, fresh } satisfies Templates);

  return async () => {
    for (const template of made) await template.drop();
    await thirdParty.close();
  };
}
