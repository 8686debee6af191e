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

export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: maskUrl(request.url),
      remoteAddress: request.ip,
    };
  },
};
