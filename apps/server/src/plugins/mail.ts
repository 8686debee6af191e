import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  fileAcceptedLog,
  fileTransport,
  MailTemplateRegistry,
  OutboxWorker,
  smtpTransport,
  type MailTransport,
} from '../modules/mail/public';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker; modules add the renderers of their link mails. */
    outbox: OutboxWorker;
    /** The mail templates; each module adds its own, the admin's editor lists them all. */
    mailTemplates: MailTemplateRegistry;
  }
}

/** In the data directory: the mails the mail server accepted, until the database has them as sent. */
export const ACCEPTED_LOG = 'outbox-accepted.jsonl';

/**
 * The file of this process's notes: on the embedded database the one process's; on PostgreSQL
 * one per instance (INSTANCE_NAME), since several may share the data directory and each replays
 * only its own after a restart (docs/decisions/0067).
 */
export function acceptedLogFile(
  config: { dataDir: string; instanceName: string },
  embedded: boolean,
) {
  return path.join(
    config.dataDir,
    embedded ? ACCEPTED_LOG : ACCEPTED_LOG.replace('.jsonl', `-${config.instanceName}.jsonl`),
  );
}

export interface MailPluginOptions {
  /** A transport instead of SMTP_URL / the outbox folder (tests). */
  transport?: MailTransport | undefined;
  /** Start the worker when the server is ready (default true). */
  start?: boolean | undefined;
}

/**
 * The mailer: SMTP (SMTP_URL) or .eml files in DATA_DIR/outbox, and the
 * outbox worker that sends what the modules queue (a queued mail wakes it),
 * and the registry of the modules' mail templates.
 */
export const mailPlugin = fp(
  async (app: FastifyInstance, options: MailPluginOptions) => {
    const { config } = app;
    const transport =
      options.transport ??
      (config.smtpUrl
        ? smtpTransport(config.smtpUrl)
        : fileTransport(path.join(config.dataDir, 'outbox')));
    const outbox = new OutboxWorker(
      app.db,
      transport,
      {
        from: config.mailFrom,
        messageIdDomain: new URL(config.publicUrl).hostname,
        pollMs: config.outboxPollMs,
        // the note of an accepted mail must not wait for the database (embedded: busy for
        // seconds with a long transaction; PostgreSQL: the `sent` update on a pooled connection)
        // and must outlive the process: a file, flushed before anything else runs
        acceptedLog: fileAcceptedLog(acceptedLogFile(config, app.database.mode === 'embedded')),
      },
      app.log,
    );
    app.decorate('outbox', outbox);
    app.decorate('mailTemplates', new MailTemplateRegistry());
    if (options.start !== false) app.addHook('onReady', async () => outbox.start());
    app.addHook('onClose', async () => {
      await outbox.stop();
      await transport.close();
    });
  },
  { name: 'mail', dependencies: ['db'] },
);
