import { clock } from '@housnkuh/shared/clock';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createScratchDatabase } from '@housnkuh/test-support/postgres';
import { startSmtpCatcher, type SmtpCatcher } from '@housnkuh/test-support/smtp-catcher';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/client';
import { outbox } from '../src/modules/mail/schema';
import { OutboxWorker, enqueueMail } from '../src/modules/mail/outbox';
import { smtpTransport } from '../src/modules/mail/transport';
import { tempDir } from './helpers';
import { silentLogger, WORKER_IDENTITY } from './outbox-helpers';

const CHILD = path.resolve(import.meta.dirname, 'fixtures/hanging-outbox-worker.ts');

/** Where the child and this test meet: a PGlite directory, or a fresh PostgreSQL database. */
async function sharedDatabase() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { url: undefined, dataDir: tempDir(), drop: async () => {} };
  const scratch = await createScratchDatabase(adminUrl, 'housnkuh_test_crash');
  return { url: scratch.url, dataDir: 'unused', drop: scratch.drop };
}

let smtp: SmtpCatcher;
/** The worker process: killed at the end whatever happened, so none outlives a failed test. */
let child: ChildProcess | undefined;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await smtp.close();
});

describe('the outbox after a crash', () => {
  it('a SIGKILL during a hanging delivery loses no mail: each is sent exactly once later', async () => {
    const shared = await sharedDatabase();
    try {
      const addresses = Array.from({ length: 10 }, (_, i) => `absturz${i}@beispiel.de`);
      let handle = await openDatabase(shared);
      for (const to of addresses) {
        await enqueueMail(handle.db, { to, subject: 'Hallo', text: 'Grüße', kind: 'test' });
      }
      await handle.close();

      const hanging = spawn(process.execPath, ['--import', 'tsx', CHILD], {
        env: {
          ...process.env,
          OUTBOX_DATABASE_URL: shared.url ?? '',
          OUTBOX_DATA_DIR: shared.dataDir,
          OUTBOX_LEASE_MS: '1000',
          OUTBOX_CLOCK: clock.now().toISOString(),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = hanging;
      let output = '';
      hanging.stdout!.on('data', (chunk) => (output += chunk));
      hanging.stderr!.on('data', (chunk) => (output += chunk));
      const exited = new Promise((resolve) => hanging.on('exit', resolve));
      await vi.waitFor(() => expect(output).toMatch(/sending absturz0@beispiel\.de/), {
        timeout: 30_000,
        interval: 50,
      });
      hanging.kill('SIGKILL');
      await exited;

      handle = await openDatabase(shared);
      try {
        const db = handle.db;
        // only the mail in flight was claimed; the others were never touched
        const afterCrash = await db.select().from(outbox).orderBy(outbox.id);
        expect(afterCrash.map((row) => [row.status, row.attempts])).toEqual([
          ['sending', 1],
          ...Array.from({ length: 9 }, () => ['pending', 0]),
        ]);

        const worker = new OutboxWorker(
          db,
          smtpTransport(smtp.url),
          { ...WORKER_IDENTITY, pollMs: 50 },
          silentLogger,
        );
        // the interrupted mail comes back once its lease has run out
        await vi.waitFor(
          async () => {
            await worker.runOnce();
            expect(smtp.mails).toHaveLength(10);
          },
          { timeout: 20_000, interval: 100 },
        );
        expect(smtp.mails.map((m) => m.to).sort()).toEqual([...addresses].sort());
        const rows = await db.select().from(outbox).orderBy(outbox.id);
        expect(rows.map((row) => [row.toAddress, row.status, row.attempts])).toEqual(
          addresses.map((to, i) => [to, 'sent', i === 0 ? 2 : 1]),
        );
        expect(await worker.runOnce()).toBe(0);
        expect(smtp.mails).toHaveLength(10);
      } finally {
        await handle.close();
      }
    } finally {
      await shared.drop();
    }
    // a ceiling, not a timing: the child process compiles and opens its database first,
    // and the waits above allow it up to 50 s on a busy machine
  }, 90_000);
});
