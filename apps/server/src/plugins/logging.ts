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

// ---------------------------------------------------------------------------
// Readable lines for a person at a terminal (server.ts uses them when stdout
// is a TTY); anything else, e.g. a log collector, gets pino's JSON lines.

const LEVELS: Record<number, { label: string; color: number }> = {
  10: { label: 'TRACE', color: 90 },
  20: { label: 'DEBUG', color: 36 },
  30: { label: 'INFO', color: 32 },
  40: { label: 'WARN', color: 33 },
  50: { label: 'ERROR', color: 31 },
  60: { label: 'FATAL', color: 35 },
};
/** Always the same in every line; left out of the readable form. */
const OMITTED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'v']);

function clock(time: unknown): string {
  const date = new Date(typeof time === 'number' ? time : Date.now());
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

function fieldText(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

/**
 * One pino JSON line as a readable line: time, level, message, then the other
 * fields as key=value (a request's method, path, status and duration first);
 * an error's stack follows on its own lines. Lines that are not JSON pass as
 * they are.
 */
export function formatLogLine(line: string, color = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const level = LEVELS[entry.level as number] ?? { label: String(entry.level), color: 0 };
  const label = level.label.padEnd(5);
  const parts = [
    clock(entry.time),
    color ? `\u001b[${level.color}m${label}\u001b[0m` : label,
    typeof entry.msg === 'string' ? entry.msg : '',
  ];
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  if (res?.statusCode) parts.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${entry.responseTime.toFixed(1)} ms`);
  let stack = '';
  for (const [key, value] of Object.entries(entry)) {
    if (OMITTED.has(key) || value === undefined) continue;
    if (key === 'req' || key === 'res' || key === 'responseTime') {
      if (key === 'req' && req) {
        const { method: _m, url: _u, ...rest } = req as Record<string, unknown>;
        for (const [k, v] of Object.entries(rest)) parts.push(`${k}=${fieldText(v)}`);
      }
      continue;
    }
    if (key === 'err' && value && typeof value === 'object') {
      const { stack: errStack, ...rest } = value as { stack?: unknown };
      if (typeof errStack === 'string' && errStack)
        stack = `\n    ${errStack.replace(/\n/g, '\n    ')}`;
      parts.push(`err=${fieldText(rest)}`);
      continue;
    }
    parts.push(`${key}=${fieldText(value)}`);
  }
  return `${parts.filter(Boolean).join('  ')}${stack}\n`;
}

/** A destination for pino that writes readable lines to `out` (a terminal). */
export function readableLogStream(
  out: NodeJS.WritableStream,
  color = !process.env.NO_COLOR,
): { write(line: string): void } {
  return { write: (line: string) => void out.write(formatLogLine(line.trimEnd(), color)) };
}
