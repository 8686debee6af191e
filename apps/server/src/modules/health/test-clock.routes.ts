import { clock } from '@housnkuh/shared/clock';
import { formatDateTime } from '@housnkuh/shared/format';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InvalidError } from '../../lib/domain-errors';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const AT_MESSAGE = 'Bitte gib einen Zeitpunkt an, z. B. 2026-12-01T00:30:00+01:00.';

/**
 * Tests only (docs/decisions/0068): POST /api/admin/test-clock `{ at }` moves the server's clock
 * forward to `at`, from where it runs on. It exists only on a server started with CLOCK_START,
 * which only tests set (the same rule as the clock's start), so an end-to-end walk can cross a
 * month's end (a count in one month, its settlement after it) without waiting for it. Forward
 * only: every "recorded at" stays in order. An admin's, like every route that changes data.
 */
export const testClockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/test-clock',
    {
      schema: {
        body: z.strictObject({
          at: z
            .string({ error: AT_MESSAGE })
            .regex(ISO_INSTANT, { error: AT_MESSAGE })
            .refine((value) => Number.isFinite(Date.parse(value)), { error: AT_MESSAGE }),
        }),
        response: {
          200: z.object({ success: z.literal(true), message: z.string(), time: z.string() }),
        },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      const at = new Date(request.body.at);
      if (at.getTime() < clock.nowMs()) {
        const message = `Die Uhr läuft nur vorwärts: Es ist schon ${formatDateTime(clock.now())}.`;
        throw new InvalidError(message, [{ field: 'at', message }]);
      }
      clock.set(at);
      return {
        success: true as const,
        message: `Die Uhr des Servers steht jetzt auf ${formatDateTime(at)}.`,
        time: clock.now().toISOString(),
      };
    },
  );
};
