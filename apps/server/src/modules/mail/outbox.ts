import { clock } from '@housnkuh/shared/clock';
import { and, eq, inArray, lt, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { memoryAcceptedLog, type AcceptedLog, type AcceptedMail } from './accepted-log';
import { outbox } from './schema';
import { onWake, wakeAfterCommit } from '../../db/transaction';
import { Poller } from '../../lib/poller';
import { renderDraft } from './render';
import type { MailDraft } from './templates';
import type { MailTransport } from './transport';

interface Envelope {
  to: string;
  replyTo?: string | undefined;
  /** What caused it (usually its template's key), for the mail log. */
  kind: string;
  /** Files by reference, resolved when the mail is sent (never a copy of the bytes). */
  attachments?: readonly AttachmentRef[] | undefined;
}

/** An attachment by reference: the resolver registered for `kind` gives the file at send time. */
export interface AttachmentRef {
  kind: string;
  id: string;
}

/** The file of an attachment, as the resolver of its kind gives it. */
export interface ResolvedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Gives the file of an attachment reference; throws when it cannot (the mail is retried). */
export type AttachmentResolver = (id: string) => Promise<ResolvedAttachment>;

/**
 * A mail for the outbox: a draft of one of the templates (rendered here with
 * the admin's stored version, in the caller's transaction), or a finished one.
 */
export type MailMessage = Envelope &
  (MailDraft | { subject: string; text: string; html?: string | undefined });

/** Parameters of a mail rendered at send time: ids and addresses, never a token. */
export type DeferredParams = Record<string, string | number | boolean | null>;

/**
 * A mail with a link token (confirmation, password reset), stored without the
 * token: the worker asks the renderer registered for `kind` for the mail when
 * it sends it (docs/decisions/0004, "No token at rest").
 */
export interface DeferredMail {
  to: string;
  kind: string;
  params: DeferredParams;
}

/** What a renderer of a deferred mail answers. */
export interface RenderedLinkMail {
  subject: string;
  text: string;
  html?: string | undefined;
  /** The raw token in the mail; what the outbox keeps has it removed. */
  secret: string;
}

/**
 * Renders a deferred mail at send time (and issues its token), or answers
 * null when no mail is due after all (unknown address, already confirmed, a
 * link was mailed a moment ago); the row is then deleted. `attempt` counts
 * from 1; a retry must not be refused as "mailed a moment ago".
 */
export type MailRenderer = (
  params: DeferredParams,
  mail: { to: string; attempt: number; now: Date },
) => Promise<RenderedLinkMail | null>;

/**
 * Puts a mail into the outbox. Call it with the transaction of the change that
 * causes the mail: if that change rolls back, no mail is sent. Once it is
 * committed the outbox worker is woken (for a transaction opened with
 * db/transaction.ts), so no caller has to remember it.
 */
export async function enqueueMail(tx: Executor, message: MailMessage): Promise<number> {
  const mail = 'template' in message ? await renderDraft(tx, message) : message;
  const [row] = await tx
    .insert(outbox)
    .values({
      toAddress: message.to,
      replyTo: message.replyTo ?? null,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      kind: message.kind,
      attachments: message.attachments?.length ? [...message.attachments] : null,
      // the worker compares with its own clock in whole milliseconds; the
      // database's now() has microseconds and could lie just after that
      nextAttemptAt: clock.now(),
    })
    .returning({ id: outbox.id });
  wakeAfterCommit(tx, 'outbox');
  return row!.id;
}

/**
 * Puts a mail that carries a link token into the outbox, as a reference: the
 * token is issued and the mail rendered only when the worker sends it.
 */
export async function enqueueDeferredMail(tx: Executor, mail: DeferredMail): Promise<number> {
  const [row] = await tx
    .insert(outbox)
    .values({
      toAddress: mail.to,
      subject: '',
      textBody: '',
      kind: mail.kind,
      params: mail.params,
      nextAttemptAt: clock.now(),
    })
    .returning({ id: outbox.id });
  wakeAfterCommit(tx, 'outbox');
  return row!.id;
}

/** What the outbox keeps of a sent link mail instead of the link's token. */
export const LINK_REMOVED = '[Link entfernt]';

/**
 * Every mail waiting in the outbox counts as sent at `at`, none sent (the bench's years of data:
 * the outbox would have sent each month's mails within it). Answers how many.
 */
export async function markPendingMailsSent(db: Executor, at: Date): Promise<number> {
  const marked = await db
    .update(outbox)
    .set({ status: 'sent', sentAt: at })
    .where(eq(outbox.status, 'pending'))
    .returning({ id: outbox.id });
  return marked.length;
}

/**
 * Deletes the mails kept long enough (retention): those sent before `before`
 * and those that finally failed and were written before it. Answers how many.
 */
export async function deleteMailsBefore(db: Executor, before: Date): Promise<number> {
  const deleted = await db
    .delete(outbox)
    .where(
      or(
        and(eq(outbox.status, 'sent'), lt(outbox.sentAt, before)),
        and(eq(outbox.status, 'failed'), lt(outbox.createdAt, before)),
      ),
    )
    .returning({ id: outbox.id });
  return deleted.length;
}

export interface OutboxOptions {
  from: string;
  /** Host part of Message-IDs, e.g. housnkuh.de */
  messageIdDomain: string;
  pollMs: number;
  /** How many mails one run sends at most (each claimed on its own). */
  batchSize?: number;
  maxAttempts?: number;
  /** How long a claimed mail stays reserved for the instance that claimed it. */
  leaseMs?: number;
  /** Delay before the n-th retry (n from 1), in ms. */
  backoffMs?: (attempt: number) => number;
  /**
   * How long one delivery may take before it counts as failed and is retried
   * later; shorter than the process's shutdown grace (10 s, server.ts).
   */
  sendTimeoutMs?: number;
  /** Renderers of deferred mails (link mails), by kind. */
  renderers?: Readonly<Record<string, MailRenderer>>;
  /**
   * Where "accepted by the mail server" is noted at once (default: in memory). The embedded
   * database gives a file in its data directory, so a kill before the database has written
   * 'sent' does not send the mail again (docs/decisions/0054).
   */
  acceptedLog?: AcceptedLog;
}

export const INTERRUPTED =
  'Interrupted while sending (the instance stopped); it may have gone out and is tried again';

/** Below the 10-second shutdown grace of server.ts, with room for closing the rest. */
export const SEND_TIMEOUT_MS = 7_000;

export function defaultBackoff(attempt: number): number {
  return Math.min(30_000 * 2 ** (attempt - 1), 60 * 60_000);
}

type OutboxRow = typeof outbox.$inferSelect;

/** The Message-ID of a row's mail: the same on every attempt. */
function messageIdOf(row: { id: number; createdAt: Date }, domain: string): string {
  return `<outbox-${row.id}-${row.createdAt.getTime()}@${domain}>`;
}

function withoutSecret(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join(LINK_REMOVED) : text;
}

/**
 * Delivers the outbox. Several instances may run it against one PostgreSQL:
 * each mail is claimed on its own with FOR UPDATE SKIP LOCKED and marked
 * 'sending' with a lease before it is sent, so no two workers send the same
 * mail and a crash leaves at most the one mail in flight. A mail whose lease
 * ran out (the instance died while sending) goes back to pending with its
 * attempt counted: it may reach its recipient twice, never not at all
 * (docs/decisions/0004).
 */
export class OutboxWorker {
  private readonly poller: Poller;
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly leaseMs: number;
  private readonly backoffMs: (attempt: number) => number;
  private readonly sendTimeoutMs: number;
  private readonly renderers: Record<string, MailRenderer>;
  private readonly attachmentResolvers: Record<string, AttachmentResolver> = {};
  /** Mails the mail server accepted whose 'sent' may not be written yet. */
  private readonly accepted: AcceptedLog;
  private stopping = false;

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
    this.sendTimeoutMs = options.sendTimeoutMs ?? SEND_TIMEOUT_MS;
    this.renderers = { ...options.renderers };
    this.accepted = options.acceptedLog ?? memoryAcceptedLog();
    // a full batch: there may be more
    this.poller = new Poller(
      async () => (await this.runOnce()) === this.batchSize,
      options.pollMs,
      (error) => this.log.error({ err: error }, 'outbox run failed'),
    );
    // a queued mail wakes the worker once its transaction has committed
    onWake(db, 'outbox', () => this.kick());
  }

  /** Adds the renderers of a module's deferred mails (link mails), by kind. */
  addRenderers(renderers: Readonly<Record<string, MailRenderer>>): void {
    Object.assign(this.renderers, renderers);
  }

  /** Adds the resolvers of a module's attachment references, by kind. */
  addAttachmentResolvers(resolvers: Readonly<Record<string, AttachmentResolver>>): void {
    Object.assign(this.attachmentResolvers, resolvers);
  }

  start(): void {
    this.stopping = false;
    this.poller.start();
  }

  /** Claims nothing more and waits for the mail in flight (at most the send timeout). */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.poller.stop();
  }

  /** Asks for a run now, e.g. right after a transaction that queued a mail. */
  kick(): void {
    this.poller.kick();
  }

  /** Sends due mails, one claimed at a time; returns how many it claimed. */
  async runOnce(): Promise<number> {
    // first write down what went out before (also before a kill): nothing is sent until then
    await this.recordAccepted();
    await this.releaseExpiredLeases();
    // what is due now; a mail that failed in this run waits for the next one
    const now = clock.now();
    const tried: number[] = [];
    while (tried.length < this.batchSize && !this.stopping) {
      const mail = await this.claimOne(now, tried);
      if (!mail) break;
      tried.push(mail.id);
      await this.deliver(mail);
    }
    return tried.length;
  }

  /**
   * Marks every mail the log noted as accepted sent (unless it is already), then forgets the
   * notes. A note fits only the row whose Message-ID it has (a restored backup may give an id to
   * another mail).
   */
  private async recordAccepted(): Promise<void> {
    const noted = this.accepted.entries();
    if (noted.length === 0) return;
    const rows = await this.db
      .select({ id: outbox.id, createdAt: outbox.createdAt })
      .from(outbox)
      .where(
        and(
          inArray(
            outbox.id,
            noted.map((mail) => mail.id),
          ),
          ne(outbox.status, 'sent'),
        ),
      );
    const open = new Set(rows.map((row) => messageIdOf(row, this.options.messageIdDomain)));
    for (const mail of noted) {
      if (!open.has(mail.messageId)) continue;
      await this.markSent(mail);
      this.log.info({ outboxId: mail.id }, 'mail accepted earlier, now marked sent');
    }
    this.accepted.clear();
  }

  /** A lease that ran out: the instance died or stopped mid-send. The mail is tried again. */
  private async releaseExpiredLeases(): Promise<void> {
    const now = clock.now();
    await this.db
      .update(outbox)
      .set({
        status: sql`case when ${outbox.attempts} >= ${this.maxAttempts} then 'failed' else 'pending' end`,
        lockedUntil: null,
        lastError: INTERRUPTED,
        nextAttemptAt: now,
      })
      .where(and(eq(outbox.status, 'sending'), lte(outbox.lockedUntil, now)));
  }

  private async claimOne(now: Date, tried: number[]): Promise<OutboxRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            eq(outbox.status, 'pending'),
            lte(outbox.nextAttemptAt, now),
            tried.length > 0 ? notInArray(outbox.id, tried) : undefined,
          ),
        )
        .orderBy(outbox.id)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return undefined;
      const [row] = await tx
        .update(outbox)
        .set({
          status: 'sending',
          attempts: sql`${outbox.attempts} + 1`,
          lockedUntil: new Date(clock.nowMs() + this.leaseMs),
        })
        .where(eq(outbox.id, due.id))
        .returning();
      return row;
    });
  }

  private async deliver(mail: OutboxRow): Promise<void> {
    const messageId = messageIdOf(mail, this.options.messageIdDomain);
    const noted = this.accepted.find(messageId);
    if (noted) {
      // accepted on an earlier attempt (after its timeout): written down, not sent again
      await this.markSent(noted);
      return;
    }
    let content: { subject: string; text: string; html?: string | undefined; secret?: string };
    let acceptance: AcceptedMail;
    try {
      if (mail.params !== null) {
        const render = this.renderers[mail.kind];
        if (!render) throw new Error(`no renderer for the mail kind '${mail.kind}'`);
        const rendered = await render(mail.params as DeferredParams, {
          to: mail.toAddress,
          attempt: mail.attempts,
          now: clock.now(),
        });
        if (!rendered) {
          // nothing to send after all (e.g. an unknown address): nothing to keep either
          await this.db.delete(outbox).where(eq(outbox.id, mail.id));
          this.log.debug({ outboxId: mail.id, kind: mail.kind }, 'no mail due');
          return;
        }
        content = rendered;
      } else {
        content = {
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody ?? undefined,
        };
      }
      const attachments = await this.resolveAttachments(mail);
      // what the row keeps once sent, ready before the mail goes out
      acceptance = {
        id: mail.id,
        messageId,
        acceptedAt: 0,
        subject: withoutSecret(content.subject, content.secret),
        textBody: withoutSecret(content.text, content.secret),
        htmlBody: content.html === undefined ? null : withoutSecret(content.html, content.secret),
      };
      await this.sendWithTimeout(acceptance, {
        ...(attachments.length > 0 ? { attachments } : {}),
        from: this.options.from,
        to: mail.toAddress,
        replyTo: mail.replyTo ?? undefined,
        subject: content.subject,
        text: content.text,
        html: content.html,
        messageId,
      });
    } catch (error) {
      await this.markFailedAttempt(mail, error);
      return;
    }
    // It went out and is noted. From here on no error may lead to sending it again.
    try {
      await this.markSent(acceptance);
    } catch (error) {
      // the note stays: the next run writes it down before it sends anything
      this.log.error(
        { err: error, outboxId: mail.id },
        'mail sent, but could not be marked sent; trying again before sending more',
      );
      throw error;
    }
    this.log.info({ outboxId: mail.id, kind: mail.kind }, 'mail sent');
  }

  /** The files of the mail's attachment references (a resolver that fails fails the attempt). */
  private async resolveAttachments(mail: OutboxRow): Promise<ResolvedAttachment[]> {
    const refs = (mail.attachments as AttachmentRef[] | null) ?? [];
    const files: ResolvedAttachment[] = [];
    for (const ref of refs) {
      const resolve = this.attachmentResolvers[ref.kind];
      if (!resolve) throw new Error(`no resolver for the attachment kind '${ref.kind}'`);
      files.push(await resolve(ref.id));
    }
    return files;
  }

  /**
   * Sends, and notes the acceptance in the same turn of the event loop as the mail server's
   * answer arrives (nothing else runs in between); also an acceptance that comes after the
   * timeout, so that mail is not sent again.
   */
  private async sendWithTimeout(
    acceptance: AcceptedMail,
    mail: Parameters<MailTransport['send']>[0],
  ): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(
              `no answer from the mail server within ${Math.round(this.sendTimeoutMs / 1000)} s`,
            ),
          ),
        this.sendTimeoutMs,
      );
    });
    try {
      const sending = this.transport.send(mail).then(() => {
        acceptance.acceptedAt = clock.nowMs();
        try {
          this.accepted.record(acceptance);
        } catch (error) {
          // kept in memory still (record notes it there first): only a kill would repeat it
          this.log.error(
            { err: error, outboxId: acceptance.id },
            'could not note an accepted mail',
          );
        }
      });
      // a rejection after the timeout is an attempt already counted as failed
      sending.catch(() => {});
      await Promise.race([sending, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Records 'sent', a few times if the database hiccups. */
  private async markSent(mail: AcceptedMail): Promise<void> {
    const { subject, textBody, htmlBody } = mail;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.db
          .update(outbox)
          .set({
            status: 'sent',
            sentAt: new Date(mail.acceptedAt),
            lockedUntil: null,
            lastError: null,
            subject,
            textBody,
            htmlBody,
          })
          .where(eq(outbox.id, mail.id));
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }

  private async markFailedAttempt(mail: OutboxRow, error: unknown): Promise<void> {
    const failed = mail.attempts >= this.maxAttempts;
    const message = error instanceof Error ? error.message : String(error);
    await this.db
      .update(outbox)
      .set({
        status: failed ? 'failed' : 'pending',
        lockedUntil: null,
        lastError: message.slice(0, 1000),
        nextAttemptAt: new Date(clock.nowMs() + this.backoffMs(mail.attempts)),
      })
      .where(eq(outbox.id, mail.id));
    this.log.warn(
      { outboxId: mail.id, kind: mail.kind, attempt: mail.attempts, failed, error: message },
      failed ? 'mail failed for good' : 'mail failed, will retry',
    );
  }
}
