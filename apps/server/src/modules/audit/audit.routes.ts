import { auditQuerySchema, auditResponseSchema } from '@housnkuh/shared/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAudit } from './audit.service';

/** /api/admin/audit: the log of every admin change (Protokoll). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    {
      schema: { querystring: auditQuerySchema, response: { 200: auditResponseSchema } },
      config: { access: 'admin' },
    },
    async (request) => ({ success: true as const, ...(await listAudit(app.db, request.query)) }),
  );
};
