import {
  salesReportQuerySchema,
  salesReportResponseSchema,
} from '@housnkuh/shared/schemas/sales-report';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vendorIdOf } from '../../plugins/auth';
import { salesReport, salesReportCsv } from './reports.service';

/** /api/vendor-auth/sales: the signed-in producer's sales report, as JSON and as CSV. */
export const salesReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vendor-auth/sales',
    {
      schema: { querystring: salesReportQuerySchema, response: { 200: salesReportResponseSchema } },
      config: { access: 'vendor' },
    },
    async (request) => {
      const report = await salesReport(app.db, vendorIdOf(request), request.query);
      return {
        success: true as const,
        rows: report.rows.map(({ quantityThousandths: _thousandths, ...row }) => row),
        totalGrossCents: report.totalGrossCents,
      };
    },
  );

  app.get(
    '/vendor-auth/sales.csv',
    { schema: { querystring: salesReportQuerySchema }, config: { access: 'vendor' } },
    async (request, reply) => {
      const { from, to, groupBy } = request.query;
      const report = await salesReport(app.db, vendorIdOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="verkaeufe-${from}-${to}-${groupBy}.csv"`,
        )
        .send(salesReportCsv(report, request.query));
    },
  );
};
