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
        // embedded: one process holds the data directory, and its database may be busy for
        // seconds with a long transaction; the note of an accepted mail must not wait for it
        ...(app.database.mode === 'embedded'
          ? { acceptedLog: fileAcceptedLog(path.join(config.dataDir, ACCEPTED_LOG)) }
          : {}),
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
