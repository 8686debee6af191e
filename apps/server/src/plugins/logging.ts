import type { FastifyRequest } from 'fastify';

/** Never in the logs: passwords, tokens, authorization headers, cookies. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-auth-token"]',
  'req.headers.cookie',
  '*.password',
  '*.confirmPassword',
  '*.token',
];

/** Tokens in paths (/confirm/<token>) and queries (?token=…) are masked. */
export function maskUrl(url: string): string {
  return url
    .replace(/\/[A-Za-z0-9_-]{20,}(?=[/?#]|$)/g, '/[token]')
    .replace(/([?&](?:token|key)=)[^&#]*/gi, '$1[token]');
}

/**
 * Errors without the values a failed query carried (Drizzle puts them into
 * `params` and into the message, PostgreSQL into `detail`, e.g. "Key
 * (email)=(…) already exists"): those may be what someone typed into a form.
 * The SQL text, codes and stack stay, so a fault can still be found.
 */
export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const source = error as Error & { code?: unknown; query?: unknown; statusCode?: unknown };
  const result: SerializedError = {
    type: error.name,
    message: error.message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]'),
    stack: (error.stack ?? '').replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [redacted]'),
  };
  if (typeof source.code === 'string' || typeof source.code === 'number') result.code = source.code;
  if (typeof source.statusCode === 'number') result.statusCode = source.statusCode;
  if (typeof source.query === 'string') result.query = source.query;
  if (error.cause !== undefined && depth < 3) result.cause = serializeError(error.cause, depth + 1);
  return result;
}

export const logSerializers = {
  err: (error: Error) => serializeError(error),
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: maskUrl(request.url),
      remoteAddress: request.ip,
    };
  },
};
