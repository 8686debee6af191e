import { clock } from '@housnkuh/shared/clock';
import { SERVER } from '@housnkuh/shared/messages';
import { apiErrorSchema } from '@housnkuh/shared/schemas/common';
import { healthResponseSchema } from '@housnkuh/shared/schemas/health';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const VERSION = process.env.npm_package_version ?? '0.1.0';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        // 503: the check's answer, or the error handler's when the request as a whole timed out
        response: {
          200: healthResponseSchema,
          503: z.union([healthResponseSchema, apiErrorSchema]),
        },
      },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      const up = await app.database.ping(app.config.databaseStatementTimeoutMs);
      if (!up) reply.header('retry-after', '5');
      return reply.code(up ? 200 : 503).send({
        success: up,
        // down: also the API's error shape { success: false, message }
        ...(up ? {} : { message: SERVER.unavailable }),
        status: up ? 'ok' : 'degraded',
        database: up ? 'up' : 'down',
        databaseMode: app.database.mode,
        version: VERSION,
        uptimeSeconds: Math.round(process.uptime()),
        time: clock.now().toISOString(),
      });
    },
  );
};
