import { clock } from '@housnkuh/shared/clock';
import { siteSettingsSchema, type SiteSettings } from '@housnkuh/shared/schemas/settings';
import { ConfigError, loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { seedDatabase } from './db/seed';
import { setCoordinatesManually } from './modules/geocoding/public';
import { SettingsService } from './modules/content/public';
import { createAdmin } from './modules/accounts/public';
import { removeDemoData } from './modules/users/public';
import { vendorIdByEmail } from './modules/vendors/public';
import { adminNameSchema, adminUsernameSchema } from '@housnkuh/shared/schemas/admin-auth';
import { passwordSchema } from '@housnkuh/shared/schemas/registration';
import { createInterface } from 'node:readline/promises';
import { DomainError } from './lib/domain-errors';
import type { Output } from './backup/commands';

const USAGE = `Usage:
  node apps/server/dist/cli.js settings get [key]
  node apps/server/dist/cli.js settings set <key> <json value> [<key> <json value> …]
      saves one or more settings (all checked first; none saved if one is wrong)
  node apps/server/dist/cli.js vendors coordinates <e-mail> <lat> <lng>
      sets a vendor's map position by hand (geocoding then leaves it alone)
  node apps/server/dist/cli.js admin create <username> <name>
      creates an admin; the password is read from ADMIN_PASSWORD or asked for
  node apps/server/dist/cli.js demo remove
      removes the demo producers with their contracts, bookings, profiles and
      pictures (their units become free; as "Demo-Daten entfernen" in the admin area)
  node apps/server/dist/cli.js backup <file>
      writes a consistent backup (database, documents' PDFs, SEPA files, manifest)
      while the server runs; never overwrites a file
  node apps/server/dist/cli.js verify <file>
      checks a backup without restoring it (manifest, every member's SHA-256,
      every document's PDF against its SHA-256, the database copy readable)
  node apps/server/dist/cli.js restore <file>
      restores into an empty data directory (DATA_DIR) or empty database
      (DATABASE_URL); refuses a non-empty one

Reads DATA_DIR / DATABASE_URL like the server. With the embedded database,
stop the server first (except for backup): only one process may open it.`;

const output: Output = {
  line: (text) => process.stdout.write(`${text}\n`),
  warn: (text) => process.stderr.write(`${text}\n`),
};

/** backup | verify | restore FILE (backup/commands.ts). */
async function backupCommand(action: 'backup' | 'verify' | 'restore', file: string) {
  // loaded only for these commands
  const { BackupError, createBackup, describeBackup, restoreBackup, verifyBackup } =
    await import('./backup/commands');
  const { ToolMissingError } = await import('./backup/postgres-tools');
  const config = loadConfig();
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1).replace('.', ',');
  try {
    if (action === 'backup') {
      const { manifest, problems } = await createBackup(file, target, output);
      output.line(`Sicherung geschrieben: ${file} (${seconds()} s)`);
      describeBackup(manifest, output);
      if (problems.length > 0) {
        output.warn(`ACHTUNG, die Datenbank selbst hat Fehler:\n  ${problems.join('\n  ')}`);
        return 1;
      }
      return 0;
    }
    if (action === 'verify') {
      const { manifest, problems } = await verifyBackup(file);
      if (problems.length > 0 || !manifest) {
        output.warn(`Sicherung NICHT in Ordnung: ${file}\n  ${problems.join('\n  ')}`);
        return 1;
      }
      output.line(`Sicherung in Ordnung: ${file} (${seconds()} s)`);
      describeBackup(manifest, output);
      return 0;
    }
    await restoreBackup(file, target, output);
    output.line(`(${seconds()} s)`);
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof ToolMissingError) {
      output.warn(error.message);
      return 2;
    }
    throw error;
  }
}

async function setVendorCoordinates(email: string, lat: number, lng: number): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const vendorId = await vendorIdByEmail(database.db, email.trim().toLowerCase());
    if (!vendorId) {
      console.error(`No vendor with the e-mail address ${email}`);
      return 2;
    }
    await setCoordinatesManually(database.db, vendorId, { lat, lng });
    process.stdout.write(`coordinates of ${email} saved\n`);
    return 0;
  } catch (error) {
    if (error instanceof RangeError) {
      console.error(`Invalid coordinates: ${error.message}`);
      return 2;
    }
    throw error;
  } finally {
    await database.close();
  }
}

/** Asks for the password on the terminal (not echoed as an argument in the shell's history). */
async function askPassword(): Promise<string> {
  const readline = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await readline.question('Passwort: ');
  } finally {
    readline.close();
  }
}

async function createAdminFromCli(username: string, name: string): Promise<number> {
  const password = process.env.ADMIN_PASSWORD ?? (await askPassword());
  const checks = [
    adminUsernameSchema.safeParse(username),
    adminNameSchema.safeParse(name),
    passwordSchema.safeParse(password),
  ];
  const problems = checks.flatMap((check) =>
    check.success ? [] : check.error.issues.map((issue) => issue.message),
  );
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    return 2;
  }
  return onSeededDatabase(async (db) => {
    const admin = await createAdmin(db, {
      username: adminUsernameSchema.parse(username),
      name: adminNameSchema.parse(name),
      password,
    });
    process.stdout.write(`admin ${admin.username} created\n`);
  });
}

/**
 * Runs a command's work on the configured database, seeded first (as the server does at its
 * start): 0 when it is done, 2 with the German message on stderr when the work refuses.
 */
async function onSeededDatabase(work: (db: Database) => Promise<void>): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await seedDatabase(database.db, { demo: config.demoData });
    await work(database.db);
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  } finally {
    await database.close();
  }
}

async function removeDemoDataFromCli(): Promise<number> {
  return onSeededDatabase(async (db) => {
    const result = await removeDemoData(db, { id: null, name: 'Kommandozeile' });
    process.stdout.write(`${result.message}\n`);
  });
}

async function main(args: string[]) {
  // tests only (CLOCK_START): the day the initial data is seeded on
  const clockStart = loadConfig().clockStart;
  if (clockStart) clock.set(clockStart);
  const [area, action, key, value] = args;
  if (area === 'admin' && action === 'create' && key && value) {
    return createAdminFromCli(key, value);
  }
  if (area === 'demo' && action === 'remove' && args.length === 2) return removeDemoDataFromCli();
  if ((area === 'backup' || area === 'verify' || area === 'restore') && action && !key) {
    return backupCommand(area, action);
  }
  if (area === 'vendors' && action === 'coordinates' && key && value && args[4]) {
    return setVendorCoordinates(key, Number(value), Number(args[4]));
  }
  if (area !== 'settings' || (action !== 'get' && action !== 'set')) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await seedDatabase(database.db, { demo: config.demoData });
    const service = new SettingsService(database.db);
    const current = await service.reload();
    if (action === 'get') {
      const shown = key ? current[key as keyof SiteSettings] : current;
      process.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
      return 0;
    }
    // one or more pairs, all checked before any is saved
    const pairs = args.slice(2);
    if (pairs.length === 0 || pairs.length % 2 !== 0) {
      console.error(USAGE);
      return 2;
    }
    const changes: Record<string, unknown> = {};
    for (let i = 0; i < pairs.length; i += 2) {
      const [name, raw] = [pairs[i]!, pairs[i + 1]!];
      if (!(name in siteSettingsSchema.shape)) {
        console.error(
          `Unknown setting "${name}". Known: ${Object.keys(siteSettingsSchema.shape).join(', ')}`,
        );
        return 2;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        console.error(`The value of ${name} must be JSON, e.g. '"text"' or '{"active":true}'.`);
        return 2;
      }
      const check = siteSettingsSchema.shape[name as keyof SiteSettings].safeParse(parsed);
      if (!check.success) {
        console.error(
          `Invalid value for ${name}: ${check.error.issues.map((i) => i.message).join('; ')}`,
        );
        return 2;
      }
      changes[name] = check.data;
    }
    await service.update(changes as Partial<SiteSettings>);
    process.stdout.write(`${Object.keys(changes).join(', ')} saved\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
