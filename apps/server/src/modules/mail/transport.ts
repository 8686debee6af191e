import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html?: string | undefined;
  messageId: string;
  /** Files resolved from the outbox's attachment references. */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

/** Delivers one mail; throws when it could not. */
export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/**
 * SMTP_URL, e.g. smtp://user:pass@host:587; STARTTLS is used when the server
 * offers it. A server that stops answering fails the attempt after `timeoutMs`
 * of silence (the outbox worker also bounds the whole attempt).
 */
export function smtpTransport(url: string, timeoutMs = 5_000): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({ ...mail, messageId: mail.messageId });
    },
    async close() {
      transporter.close();
    },
  };
}

/**
 * Without SMTP_URL: each mail becomes an .eml file in `dir`, named after its
 * Message-ID. A file that exists already is not written again.
 */
export function fileTransport(dir: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: 'file',
    async send(mail) {
      await fs.mkdir(dir, { recursive: true });
      const info = await builder.sendMail({ ...mail, messageId: mail.messageId });
      const name = mail.messageId.replace(/[<>]/g, '').replace(/[^A-Za-z0-9._-]/g, '_');
      const target = path.join(dir, `${name}.eml`);
      const temp = `${target}.tmp-${process.pid}`;
      await fs.writeFile(temp, info.message as Buffer);
      try {
        // link fails when the target exists: a mail is never written twice
        await fs.link(temp, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      } finally {
        await fs.rm(temp, { force: true });
      }
    },
    async close() {},
  };
}
