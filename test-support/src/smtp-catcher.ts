import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** The attached files (name, type, bytes). */
  attachments: { filename: string; mimeType: string; content: Buffer }[];
}

export interface SmtpCatcher {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL; known once `start` has resolved. */
  readonly url: string;
  /** Every mail received so far, in order of arrival (the same array all along). */
  readonly mails: ReceivedMail[];
  start(): Promise<void>;
  /** Forgets the mails received so far. */
  clear(): void;
  /** Waits until a mail matching `predicate` has arrived and returns the first such. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Waits for a mail to `to` (that also matches `predicate`, if given). */
  waitForMail(
    to: string,
    predicate?: (mail: ReceivedMail) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server in the test process that keeps every mail it receives,
 * parsed. Not listening until `start()`: a test file can create it at the top
 * and start it in `beforeAll`.
 */
export function smtpCatcher(): SmtpCatcher {
  const mails: ReceivedMail[] = [];
  let url = '';
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((parsed) => {
            mails.push({
              to: parsed.to?.[0]?.address ?? '',
              from: parsed.from?.address ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: parsed.html ?? '',
              messageId: parsed.messageId ?? '',
              attachments: parsed.attachments.map((file) => ({
                filename: file.filename ?? '',
                mimeType: file.mimeType,
                content: Buffer.from(
                  typeof file.content === 'string' ? file.content : new Uint8Array(file.content),
                ),
              })),
            });
            callback();
          })
          .catch(callback);
      });
    },
  });

  // a sender that dies mid-session (the crash test kills the server) resets its connection:
  // that is the sender's problem, not the catcher's; anything else still surfaces
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });

  const catcher: SmtpCatcher = {
    get url() {
      if (!url) throw new Error('the SMTP catcher has not been started');
      return url;
    },
    mails,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.server.address() as AddressInfo;
      url = `smtp://127.0.0.1:${port}`;
    },
    clear() {
      mails.length = 0;
    },
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('mail did not arrive');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async waitForMail(to, predicate = () => true, timeoutMs = 10_000) {
      try {
        return await catcher.waitFor((mail) => mail.to === to && predicate(mail), timeoutMs);
      } catch {
        throw new Error(`no mail to ${to}`);
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return catcher;
}

/** A started SMTP catcher. */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const catcher = smtpCatcher();
  await catcher.start();
  return catcher;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The first absolute link in a mail's text to `path` with a token, e.g.
 * `findLink(mail.text, '/vendor/confirm')` →
 * `http://127.0.0.1:4000/vendor/confirm?token=…`; undefined when there is none.
 */
export function findLink(text: string, path: string): string | undefined {
  return new RegExp(`(https?://\\S+${escapeRegExp(path)}\\?token=[A-Za-z0-9_-]+)`).exec(text)?.[1];
}

/** The token of the first link to `path` in a mail's text; throws when there is none. */
export function linkToken(text: string, path: string): string {
  const match = new RegExp(`${escapeRegExp(path)}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in mail`);
  return match[1]!;
}
