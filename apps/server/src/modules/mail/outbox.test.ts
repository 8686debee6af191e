import { clock } from '@housnkuh/shared/clock';
import fs from 'node:fs';
import path from 'node:path';
import { startSmtpCatcher, type SmtpCatcher } from '@housnkuh/test-support/smtp-catcher';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { outbox } from './schema';
import {
  INTERRUPTED,
  LINK_REMOVED,
  OutboxWorker,
  enqueueDeferredMail,
  enqueueMail,
} from './outbox';
import { fileAcceptedLog } from './accepted-log';
import { fileTransport, smtpTransport } from './transport';
import { tempDir, testDatabase } from '../../../test/helpers';
import { fakeTransport, silentLogger, WORKER_IDENTITY } from '../../../test/outbox-helpers';

const options = { ...WORKER_IDENTITY, pollMs: 20 };

let database: DatabaseHandle;
let smtp: SmtpCatcher;

beforeAll(async () => {
  database = await testDatabase();
  smtp = await startSmtpCatcher();
});
afterAll(async () => {
  await database.close();
  await smtp.close();
});
beforeEach(async () => {
  await database.db.delete(outbox);
  smtp.clear();
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

/**
 * The test database, except that writing a mail's 'sent' ends as `sentWhere()` answers (a lost
 * connection, a process killed before it) instead of being written; undefined: written.
 */
function recordingSent(sentWhere: () => (() => Promise<never>) | undefined) {
  return new Proxy(database.db, {
    get(target, property, receiver) {
      if (property === 'update') {
        return (table: typeof outbox) => {
          const builder = target.update(table);
          return {
            set(values: Record<string, unknown>) {
              const where = values.status === 'sent' ? sentWhere() : undefined;
              if (where) return { where };
              return builder.set(values as never);
            },
          };
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
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
    const worker = new OutboxWorker(database.db, smtpTransport(smtp.url), options, silentLogger);
    expect(await worker.runOnce()).toBe(2);
    expect(await worker.runOnce()).toBe(0);
    expect(smtp.mails.map((m) => m.to).sort()).toEqual(['eins@beispiel.de', 'zwei@beispiel.de']);
    expect(smtp.mails[0]!.subject).toBe('Grüße aus Kronach');
    expect(smtp.mails[0]!.text).toContain('Äpfel, Öl und Süßes.');
    expect(smtp.mails[0]!.messageId).toMatch(/^<outbox-\d+-\d+@shop\.test>$/);
    expect((await rows()).map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('attaches files by reference, resolved when sending; a failing resolver fails the attempt', async () => {
    await enqueueMail(database.db, {
      ...message('anhang@beispiel.de'),
      attachments: [{ kind: 'beleg', id: 'RE-1' }],
    });
    const [queued] = await rows();
    // the outbox keeps the reference, never the bytes
    expect(queued!.attachments).toEqual([{ kind: 'beleg', id: 'RE-1' }]);
    const worker = new OutboxWorker(database.db, smtpTransport(smtp.url), options, silentLogger);
    let available = false;
    worker.addAttachmentResolvers({
      beleg: async (id) => {
        if (!available) throw new Error('noch nicht da');
        return {
          filename: `${id}.pdf`,
          contentType: 'application/pdf',
          content: Buffer.from('%PDF-1.3'),
        };
      },
    });
    expect(await worker.runOnce()).toBe(1);
    expect(smtp.mails).toHaveLength(0);
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.lastError).toContain('noch nicht da');

    available = true;
    await database.db
      .update(outbox)
      .set({ nextAttemptAt: clock.now() })
      .where(eq(outbox.id, failed!.id));
    expect(await worker.runOnce()).toBe(1);
    const mail = await smtp.waitForMail('anhang@beispiel.de');
    expect(mail.attachments.map((a) => [a.filename, a.mimeType, a.content.toString()])).toEqual([
      ['RE-1.pdf', 'application/pdf', '%PDF-1.3'],
    ]);
  });

  it('never sends a mail twice when several workers run at once', async () => {
    for (let i = 0; i < 30; i++) await enqueueMail(database.db, message(`m${i}@beispiel.de`));
    const workers = [1, 2, 3].map(
      () =>
        new OutboxWorker(
          database.db,
          smtpTransport(smtp.url),
          { ...options, batchSize: 4 },
          silentLogger,
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
    const failing = fakeTransport(async () => {
      calls++;
      throw new Error('connection refused');
    });
    await enqueueMail(database.db, message('spaeter@beispiel.de'));
    const worker = new OutboxWorker(
      database.db,
      failing,
      { ...options, maxAttempts: 3, backoffMs: () => 0 },
      silentLogger,
    );
    await worker.runOnce();
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection refused' });

    const slow = new OutboxWorker(
      database.db,
      failing,
      { ...options, maxAttempts: 3 },
      silentLogger,
    );
    await database.db.update(outbox).set({ nextAttemptAt: new Date(0) });
    await slow.runOnce();
    [row] = await rows();
    expect(row!.attempts).toBe(2);
    // the default backoff waits a minute before the third attempt
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(clock.nowMs() + 50_000);
    expect(await slow.runOnce()).toBe(0);

    await database.db.update(outbox).set({ nextAttemptAt: new Date(0) });
    await worker.runOnce();
    [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(await worker.runOnce()).toBe(0);
    expect(calls).toBe(3);
  });

  it('sends a mail again whose sending was interrupted, its attempt counted', async () => {
    const id = await enqueueMail(database.db, message('halb@beispiel.de'));
    await database.db
      .update(outbox)
      .set({ status: 'sending', attempts: 1, lockedUntil: new Date(clock.nowMs() - 1000) })
      .where(eq(outbox.id, id));
    const worker = new OutboxWorker(database.db, smtpTransport(smtp.url), options, silentLogger);
    expect(await worker.runOnce()).toBe(1);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.mails.map((m) => m.to)).toEqual(['halb@beispiel.de']);
  });

  it('gives up on an interrupted mail only after its last attempt', async () => {
    const id = await enqueueMail(database.db, message('zuletzt@beispiel.de'));
    await database.db
      .update(outbox)
      .set({ status: 'sending', attempts: 3, lockedUntil: new Date(clock.nowMs() - 1000) })
      .where(eq(outbox.id, id));
    const worker = new OutboxWorker(
      database.db,
      smtpTransport(smtp.url),
      { ...options, maxAttempts: 3 },
      silentLogger,
    );
    expect(await worker.runOnce()).toBe(0);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', lastError: INTERRUPTED, attempts: 3 });
    expect(smtp.mails).toHaveLength(0);
  });

  it('claims one mail at a time: a hanging server holds back only the mail in flight', async () => {
    for (let i = 0; i < 5; i++) await enqueueMail(database.db, message(`h${i}@beispiel.de`));
    let release: (() => void) | undefined;
    const started: string[] = [];
    const hanging = fakeTransport((mail) => {
      started.push(mail.to);
      // the first one never answers until the test lets it go
      return new Promise((resolve) => {
        if (started.length === 1) release = resolve;
      });
    });
    const worker = new OutboxWorker(
      database.db,
      hanging,
      { ...options, sendTimeoutMs: 60_000 },
      silentLogger,
    );
    const run = worker.runOnce();
    await vi.waitFor(() => expect(started).toHaveLength(1));
    expect((await rows()).map((r) => r.status)).toEqual([
      'sending',
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    release!();
    await worker.stop();
    await run;
  });

  it('bounds each attempt: a server that never answers fails it, and it is retried', async () => {
    await enqueueMail(database.db, message('stumm@beispiel.de'));
    let calls = 0;
    const silentServer = fakeTransport(() => {
      calls++;
      return new Promise(() => {});
    });
    const worker = new OutboxWorker(
      database.db,
      silentServer,
      { ...options, sendTimeoutMs: 200, backoffMs: () => 0 },
      silentLogger,
    );
    expect(await worker.runOnce()).toBe(1);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/no answer from the mail server/);
    // the next run sends it through a server that answers
    const working = new OutboxWorker(database.db, smtpTransport(smtp.url), options, silentLogger);
    expect(await working.runOnce()).toBe(1);
    expect(smtp.mails.map((m) => m.to)).toEqual(['stumm@beispiel.de']);
    expect(calls).toBe(1);
  });

  it('a stop during a hanging delivery ends within the send timeout and keeps the mail', async () => {
    let called = false;
    const hanging = fakeTransport(() => {
      called = true;
      return new Promise(() => {});
    });
    const worker = new OutboxWorker(
      database.db,
      hanging,
      { ...options, sendTimeoutMs: 300 },
      silentLogger,
    );
    worker.start();
    await enqueueMail(database.db, message('halt@beispiel.de'));
    worker.kick();
    await vi.waitFor(() => expect(called).toBe(true));
    await worker.stop();
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
  });

  it('never sends twice when recording "sent" fails after the mail went out', async () => {
    await enqueueMail(database.db, message('einmal@beispiel.de'));
    let failures = 5;
    // the database refuses the 'sent' update a few times (e.g. a lost connection)
    const flaky = recordingSent(() => {
      if (failures === 0) return undefined;
      failures--;
      return () => Promise.reject(new Error('connection lost'));
    });
    const worker = new OutboxWorker(
      flaky,
      smtpTransport(smtp.url),
      { ...options, backoffMs: () => 0 },
      silentLogger,
    );
    await expect(worker.runOnce()).rejects.toThrow('connection lost');
    expect(smtp.mails).toHaveLength(1);
    // the next runs first record it as sent and send nothing again
    await worker.runOnce();
    await worker.runOnce();
    expect(smtp.mails).toHaveLength(1);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a mail accepted just before the process died is marked sent at the next start, not sent again', async () => {
    await enqueueMail(database.db, message('gerade@beispiel.de'));
    await enqueueMail(database.db, message('danach@beispiel.de'));
    const file = path.join(tempDir(), 'outbox-accepted.jsonl');
    // the mail server accepts, the note is written, and the database never gets 'sent' (a kill)
    const dying = recordingSent(() => () => new Promise(() => {}));
    const first = new OutboxWorker(
      dying,
      smtpTransport(smtp.url),
      { ...options, acceptedLog: fileAcceptedLog(file) },
      silentLogger,
    );
    void first.runOnce();
    await vi.waitFor(() => expect(smtp.mails).toHaveLength(1));
    await vi.waitFor(() =>
      expect(fs.readFileSync(file, 'utf8')).toContain('"subject":"Grüße aus Kronach"'),
    );
    expect((await rows()).map((row) => row.status)).toEqual(['sending', 'pending']);

    // the next process (its lease has not even run out): the noted mail is written down as
    // sent, the other goes out
    const next = new OutboxWorker(
      database.db,
      smtpTransport(smtp.url),
      { ...options, acceptedLog: fileAcceptedLog(file) },
      silentLogger,
    );
    await next.runOnce();
    expect(smtp.mails.map((mail) => mail.to)).toEqual(['gerade@beispiel.de', 'danach@beispiel.de']);
    const [noted, other] = await rows();
    expect(noted).toMatchObject({ status: 'sent', attempts: 1, subject: 'Grüße aus Kronach' });
    expect(other).toMatchObject({ status: 'sent', attempts: 1 });
    // each run starts by writing the notes down and forgetting them
    await next.runOnce();
    expect(fs.readFileSync(file, 'utf8')).toBe('');
    expect(smtp.mails).toHaveLength(2);
  });

  it('a mail accepted only after its attempt timed out is not sent again', async () => {
    await enqueueMail(database.db, message('spaet@beispiel.de'));
    let accept: () => void = () => {};
    let calls = 0;
    const slow = fakeTransport(() => {
      calls++;
      return new Promise<void>((resolve) => (accept = resolve));
    });
    const worker = new OutboxWorker(
      database.db,
      slow,
      { ...options, sendTimeoutMs: 100, backoffMs: () => 0 },
      silentLogger,
    );
    expect(await worker.runOnce()).toBe(1);
    expect((await rows())[0]).toMatchObject({ status: 'pending', attempts: 1 });
    // the mail server's "accepted" comes late
    accept();
    await new Promise((resolve) => setImmediate(resolve));
    await worker.runOnce();
    expect(calls).toBe(1);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('renders a deferred link mail when sending and keeps only a copy without the link', async () => {
    const secret = 'Geheim-Token_0123456789abcdefghijklmnopqrstu';
    await enqueueDeferredMail(database.db, {
      to: 'link@beispiel.de',
      kind: 'link',
      params: { who: 'Anna' },
    });
    await enqueueDeferredMail(database.db, {
      to: 'niemand@beispiel.de',
      kind: 'link',
      params: { who: null },
    });
    const seen: unknown[] = [];
    const worker = new OutboxWorker(
      database.db,
      smtpTransport(smtp.url),
      {
        ...options,
        renderers: {
          async link(params, mail) {
            seen.push({ params, to: mail.to, attempt: mail.attempt });
            if (!params.who) return null;
            return {
              subject: `Dein Link, ${String(params.who)}`,
              text: `Bitte öffne https://shop.test/x?token=${secret}`,
              html: `<a href="https://shop.test/x?token=${secret}">öffnen</a>`,
              secret,
            };
          },
        },
      },
      silentLogger,
    );
    // before sending, the row holds no token
    expect(JSON.stringify(await rows())).not.toContain(secret);
    expect(await worker.runOnce()).toBe(2);
    expect(seen).toEqual([
      { params: { who: 'Anna' }, to: 'link@beispiel.de', attempt: 1 },
      { params: { who: null }, to: 'niemand@beispiel.de', attempt: 1 },
    ]);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.text).toContain(`token=${secret}`);
    // the unknown address leaves nothing behind; the sent mail has its link removed
    const kept = await rows();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      status: 'sent',
      subject: 'Dein Link, Anna',
      textBody: `Bitte öffne https://shop.test/x?token=${LINK_REMOVED}`,
    });
    expect(JSON.stringify(kept)).not.toContain(secret);
  });

  it('writes .eml files without SMTP, each mail once', async () => {
    const dir = path.join(tempDir(), 'outbox');
    const transport = fileTransport(dir);
    await enqueueMail(database.db, message('datei@beispiel.de'));
    const worker = new OutboxWorker(database.db, transport, options, silentLogger);
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
      silentLogger,
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
