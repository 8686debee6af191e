import { reconcileParamsSchema, reconcileResponseSchema } from '@housnkuh/shared/schemas/books';
import { revenueQuerySchema } from '@housnkuh/shared/schemas/settlement';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reconcileMonth } from './revenue-books.service';
import { revenueCsv, revenueWithOccupancy } from './revenue.service';

/**
 * /api/admin/revenue.csv: Umsätze per month as CSV (admin only; the JSON is in
 * settlement.routes), and /api/admin/abrechnungen/:month/abgleich: the month's reconciliation of
 * the till against the settled sales (docs/decisions/0041).
 */
export const revenueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/revenue.csv',
    { schema: { querystring: revenueQuerySchema }, config: { access: 'admin' } },
    async (request, reply) => {
      const { from, to } = request.query;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="umsaetze-${from}-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(
          revenueCsv(
            await revenueWithOccupancy(
              app.db,
              from,
              to,
              undefined,
              (await app.settings.get()).openingDate,
            ),
          ),
        );
    },
  );

  app.get(
    '/admin/abrechnungen/:month/abgleich',
    {
      schema: { params: reconcileParamsSchema, response: { 200: reconcileResponseSchema } },
      config: { access: 'admin' },
    },
    async (request) => reconcileMonth(app.db, request.params.month),
  );
};
