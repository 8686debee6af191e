/**
 * What the outbox tests share, the crash test's child process included: no
 * vitest and no app here, so the child can load it alone.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from '../src/modules/mail/transport';

/** A logger that drops everything. */
export const silentLogger = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silentLogger;
  },
  level: 'silent',
  silent() {},
} as unknown as FastifyBaseLogger;

/** The sender and Message-ID domain every test worker uses. */
export const WORKER_IDENTITY = {
  from: 'housnkuh <info@housnkuh.de>',
  messageIdDomain: 'shop.test',
} as const;

/** A stand-in SMTP transport whose deliveries `send` decides. */
export function fakeTransport(send: MailTransport['send']): MailTransport {
  return { kind: 'smtp', send, async close() {} };
}
