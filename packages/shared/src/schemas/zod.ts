import { z } from 'zod';

/**
 * zod as every schema here uses it. In the browser zod must not try `new
 * Function` (its faster parser): the Content-Security-Policy forbids eval, and
 * the attempt alone is reported as a violation.
 */
if (typeof (globalThis as { document?: unknown }).document !== 'undefined') {
  z.config({ jitless: true });
}

export { z };
