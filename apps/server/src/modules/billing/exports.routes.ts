import { datevExportQuerySchema, exportPeriodQuerySchema } from '@housnkuh/shared/schemas/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { datevExport, documentsCsvExport } from './exports.service';

/** /api/admin/exports/*: the accountant's files of a period, admins only (docs/decisions/0035). */
export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/exports/documents.csv',
    { schema: { querystring: exportPeriodQuerySchema }, config: { access: 'admin' } },
    async (request, reply) => {
      const { from, to, nach } = request.query;
      const csv = await documentsCsvExport(
        app.db,
        from,
        to,
        nach === 'belegdatum' ? 'issue' : 'service',
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="belege-${nach}-${from}-bis-${to}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/admin/exports/datev',
    { schema: { querystring: datevExportQuerySchema }, config: { access: 'admin' } },
    async (request, reply) => {
      const { from, to } = request.query;
      const file = await datevExport(app.db, from, to);
      const name = `EXTF_Buchungsstapel_${from.replace(/-/g, '')}_${to.replace(/-/g, '')}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=windows-1252')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
};
