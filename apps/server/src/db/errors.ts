/** True for PostgreSQL's unique_violation (23505), from PGlite or node-postgres, also when wrapped. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The database did not answer (in time): the request may be tried again later (503). */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * PostgreSQL's codes for "not now": query_canceled (57014, also a statement
 * timeout), shutting down or starting up (57P01–57P03), too many connections
 * (53300) and the connection exceptions (08…).
 */
const UNAVAILABLE_CODES = new Set(['57014', '57P01', '57P02', '57P03', '53300']);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres reports its own timeouts and lost connections only in the message. */
const NODE_PG_MESSAGES =
  /^(Query read timeout|timeout expired|timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error)/;

/**
 * True when `error` (or what it wraps) says the database is unreachable, too
 * slow or restarting: a 503 to try again, not a fault of the request.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_CODES.has(code) || NETWORK_CODES.has(code) || code.startsWith('08')) {
        return true;
      }
    }
    if (typeof message === 'string' && NODE_PG_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
