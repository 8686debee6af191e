import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client';
import { outbox } from '../db/schema/outbox';
import { Poller } from '../lib/poller';
import type { MailTransport } from './transport';

export interface MailMessage {
  to: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html?: string | undefined;
  /** The template that produced it, for the admin's mail log. */
  kind: string;
}

/**
 * Puts a mail into the outbox. Call it with the transaction of the change that
 * causes the mail: if that change rolls back, no mail is sent.
 */
export async function enqueueMail(tx: Executor, message: MailMessage): Promise<number> {
  const [row] = await tx
    .insert(outbox)
    .values({
      toAddress: message.to,
      replyTo: message.replyTo ?? null,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      kind: message.kind,
      // the worker compares with its own clock in whole milliseconds; the
      // database's now() has microseconds and could lie just after that
      nextAttemptAt: new Date(),
    })
    .returning({ id: outbox.id });
  return row!.id;
}

export interface OutboxOptions {
  from: string;
  /** Host part of Message-IDs, e.g. housnkuh.de */
  messageIdDomain: string;
  pollMs: number;
  batchSize?: number;
  maxAttempts?: number;
  /** How long a claimed mail stays reserved for the instance that claimed it. */
  leaseMs?: number;
  /** Delay before the n-th retry (n from 1), in ms. */
  backoffMs?: (attempt: number) => number;
}

export const INTERRUPTED = 'Interrupted while sending; not sent again so that no one gets it twice';

export function defaultBackoff(attempt: number): number {
  return Math.min(30_000 * 2 ** (attempt - 1), 60 * 60_000);
}

/**
 * Delivers the outbox. Several instances may run it against one PostgreSQL:
 * a row is claimed with FOR UPDATE SKIP LOCKED and marked 'sending' with a
 * lease before it is sent, so no two workers send the same mail. A mail whose
 * lease ran out (the instance died while sending) may or may not have gone
 * out; it is marked failed rather than sent again (docs/decisions/0004).
 */
export class OutboxWorker {
  private readonly poller: Poller;
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly leaseMs: number;
  private readonly backoffMs: (attempt: number) => number;

  constructor(
    private readonly db: Database,
    private readonly transport: MailTransport,
    private readonly options: OutboxOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.batchSize = options.batchSize ?? 10;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.backoffMs = options.backoffMs ?? defaultBackoff;
    // a full batch: there may be more
    this.poller = new Poller(
      async () => (await this.runOnce()) === this.batchSize,
      options.pollMs,
      (error) => this.log.error({ err: error }, 'outbox run failed'),
    );
  }

  start(): void {
    this.poller.start();
  }

  async stop(): Promise<void> {
    await this.poller.stop();
  }

  /** Asks for a run now, e.g. right after a transaction that queued a mail. */
  kick(): void {
    this.poller.kick();
  }

  /** Claims due mails and sends them; returns how many it claimed. */
  async runOnce(): Promise<number> {
    const now = new Date();
    await this.db
      .update(outbox)
      .set({ status: 'failed', lockedUntil: null, lastError: INTERRUPTED })
      .where(and(eq(outbox.status, 'sending'), lte(outbox.lockedUntil, now)));
    const claimed = await this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)))
        .orderBy(outbox.id)
        .limit(this.batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(outbox)
        .set({
          status: 'sending',
          attempts: sql`${outbox.attempts} + 1`,
          lockedUntil: new Date(now.getTime() + this.leaseMs),
        })
        .where(
          inArray(
            outbox.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });

    for (const mail of claimed) {
      try {
        await this.transport.send({
          from: this.options.from,
          to: mail.toAddress,
          replyTo: mail.replyTo ?? undefined,
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody ?? undefined,
          messageId: `<outbox-${mail.id}-${mail.createdAt.getTime()}@${this.options.messageIdDomain}>`,
        });
        await this.db
          .update(outbox)
          .set({ status: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null })
          .where(eq(outbox.id, mail.id));
        this.log.info({ outboxId: mail.id, kind: mail.kind }, 'mail sent');
      } catch (error) {
        const failed = mail.attempts >= this.maxAttempts;
        const message = error instanceof Error ? error.message : String(error);
        await this.db
          .update(outbox)
          .set({
            status: failed ? 'failed' : 'pending',
            lockedUntil: null,
            lastError: message.slice(0, 1000),
            nextAttemptAt: new Date(Date.now() + this.backoffMs(mail.attempts)),
          })
          .where(eq(outbox.id, mail.id));
        this.log.warn(
          { outboxId: mail.id, kind: mail.kind, attempt: mail.attempts, failed, error: message },
          failed ? 'mail failed for good' : 'mail failed, will retry',
        );
      }
    }
    return claimed.length;
  }
}
