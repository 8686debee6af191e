import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { outbox } from '../src/db/schema/outbox';
import { INTERRUPTED, OutboxWorker, enqueueMail } from '../src/mail/outbox';
import { fileTransport, smtpTransport, type MailTransport } from '../src/mail/transport';
import { startSmtpServer, tempDir, testDatabase } from './helpers';

const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silent;
  },
  level: 'silent',
  silent() {},
} as unknown as FastifyBaseLogger;

const options = { from: 'housnkuh <info@housnkuh.de>', messageIdDomain: 'shop.test', pollMs: 20 };

let database: DatabaseHandle;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  database = await testDatabase();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await database.close();
  await smtp.close();
});
beforeEach(async () => {
  await database.db.delete(outbox);
  smtp.mails.length = 0;
});

const message = (to: string) => ({
  to,
  subject: 'Grüße aus Kronach',
  text: 'Hallo,\nschön, dass du da bist. Äpfel, Öl und Süßes.',
  kind: 'test',
});

async function rows() {
  return database.db.select().from(outbox).orderBy(outbox.id);
}

describe('mail outbox', () => {
  it('sends nothing for a change that rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, message('weg@beispiel.de'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows()).toHaveLength(0);
  });

  it('delivers each mail once over SMTP, with umlauts intact', async () => {
    await enqueueMail(database.db, message('eins@beispiel.de'));
    await enqueueMail(database.db, message('zwei@beispiel.de'));
    const worker = new OutboxWorker(database.db, smtpTransport(smtp.url), options, silent);
    expect(await worker.runOnce()).toBe(2);
    expect(await worker.runOnce()).toBe(0);
    expect(smtp.mails.map((m) => m.to).sort()).toEqual(['eins@beispiel.de', 'zwei@beispiel.de']);
    expect(smtp.mails[0]!.subject).toBe('Grüße aus Kronach');
    expect(smtp.mails[0]!.text).toContain('Äpfel, Öl und Süßes.');
    expect(smtp.mails[0]!.messageId).toMatch(/^<outbox-\d+-\d+@shop\.test>$/);
    expect((await rows()).map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('never sends a mail twice when several workers run at once', async () => {
    for (let i = 0; i < 30; i++) await enqueueMail(database.db, message(`m${i}@beispiel.de`));
    const workers = [1, 2, 3].map(
      () =>
        new OutboxWorker(
          database.db,
          smtpTransport(smtp.url),
          { ...options, batchSize: 4 },
          silent,
        ),
    );
    let claimed = 0;
    for (let round = 0; round < 10; round++) {
      const counts = await Promise.all(workers.map((w) => w.runOnce()));
      claimed += counts.reduce((a, b) => a + b, 0);
    }
    expect(claimed).toBe(30);
    const received = smtp.mails.map((m) => m.to);
    expect(received).toHaveLength(30);
    expect(new Set(received).size).toBe(30);
  });

  it('retries a failed delivery with backoff and gives up after the last attempt', async () => {
    let calls = 0;
    const failing: MailTransport = {
      kind: 'smtp',
      async send() {
        calls++;
        throw new Error('connection refused');
      },
      async close() {},
    };
    await enqueueMail(database.db, message('spaeter@beispiel.de'));
    const worker = new OutboxWorker(
      database.db,
      failing,
      { ...options, maxAttempts: 3, backoffMs: () => 0 },
      silent,
    );
    await worker.runOnce();
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection refused' });

    const slow = new OutboxWorker(database.db, failing, { ...options, maxAttempts: 3 }, silent);
    await database.db.update(outbox).set({ nextAttemptAt: new Date(0) });
    await slow.runOnce();
    [row] = await rows();
    expect(row!.attempts).toBe(2);
    // the default backoff waits a minute before the third attempt
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await slow.runOnce()).toBe(0);

    await database.db.update(outbox).set({ nextAttemptAt: new Date(0) });
    await worker.runOnce();
    [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(await worker.runOnce()).toBe(0);
    expect(calls).toBe(3);
  });

  it('marks a mail interrupted while sending as failed instead of sending it again', async () => {
    const id = await enqueueMail(database.db, message('halb@beispiel.de'));
    await database.db
      .update(outbox)
      .set({ status: 'sending', attempts: 1, lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, id));
    const worker = new OutboxWorker(database.db, smtpTransport(smtp.url), options, silent);
    expect(await worker.runOnce()).toBe(0);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', lastError: INTERRUPTED });
    expect(smtp.mails).toHaveLength(0);
  });

  it('writes .eml files without SMTP, each mail once', async () => {
    const dir = path.join(tempDir(), 'outbox');
    const transport = fileTransport(dir);
    await enqueueMail(database.db, message('datei@beispiel.de'));
    const worker = new OutboxWorker(database.db, transport, options, silent);
    await worker.runOnce();
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^outbox-\d+-\d+_shop\.test\.eml$/);
    const eml = fs.readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(eml).toContain('To: datei@beispiel.de');
    // the same mail again (e.g. a retry after a crash) does not produce a second file
    const [row] = await rows();
    await transport.send({
      from: options.from,
      to: row!.toAddress,
      subject: row!.subject,
      text: row!.textBody,
      messageId: `<outbox-${row!.id}-${row!.createdAt.getTime()}@shop.test>`,
    });
    expect(fs.readdirSync(dir)).toHaveLength(1);
  });

  it('the running worker delivers soon after a kick', async () => {
    const worker = new OutboxWorker(
      database.db,
      smtpTransport(smtp.url),
      { ...options, pollMs: 60_000 },
      silent,
    );
    worker.start();
    try {
      await enqueueMail(database.db, message('sofort@beispiel.de'));
      worker.kick();
      await smtp.waitFor((m) => m.to === 'sofort@beispiel.de', 5000);
    } finally {
      await worker.stop();
    }
  });
});
