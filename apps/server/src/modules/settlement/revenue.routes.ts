import { revenueQuerySchema, revenueResponseSchema } from '@housnkuh/shared/schemas/revenue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { revenue, revenueCsv } from './revenue.service';

/** /api/admin/revenue: Umsätze per month (admin only), as JSON and as CSV. */
export const revenueRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;

  app.get(
    '/admin/revenue',
    {
      schema: { querystring: revenueQuerySchema, response: { 200: revenueResponseSchema } },
      config: admin,
    },
    async (request) => ({ success: true as const, ...(await revenue(app.db, request.query)) }),
  );

  app.get(
    '/admin/revenue.csv',
    { schema: { querystring: revenueQuerySchema }, config: admin },
    async (request, reply) => {
      const { from, to, months } = await revenue(app.db, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="umsaetze-${from}-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(revenueCsv(months));
    },
  );
};
