import { healthResponseSchema } from '@housnkuh/shared/schemas/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const VERSION = process.env.npm_package_version ?? '0.1.0';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      const up = await app.database.ping();
      return reply.code(up ? 200 : 503).send({
        success: up,
        status: up ? 'ok' : 'degraded',
        database: up ? 'up' : 'down',
        databaseMode: app.database.mode,
        version: VERSION,
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
};
