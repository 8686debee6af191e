import { labelsQuerySchema } from '@housnkuh/shared/schemas/labels';
import { SERVER } from '@housnkuh/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vendorIdOf } from '../../plugins/auth';
import { InvalidError } from '../../lib/domain-errors';
import { renderLabels } from './labels';
import { labelItems } from './labels.service';

/**
 * GET /api/vendor-auth/products/labels.pdf?ids=<id>,<id>&counts=<n>,<n>&format=rolle-50x30|a4-3x8:
 * the signed-in producer's labels as a PDF (docs/decisions/0030).
 */
export const labelsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vendor-auth/products/labels.pdf',
    { config: { access: 'vendor' } },
    async (request, reply) => {
      // read here, not by a route schema: the answer names the one thing that is wrong
      const query = labelsQuerySchema.safeParse(request.query ?? {});
      if (!query.success) {
        throw new InvalidError(query.error.issues[0]?.message ?? SERVER.badRequest);
      }
      const labels = await labelItems(app.db, vendorIdOf(request), query.data.items);
      const pdf = await renderLabels(labels, query.data.format);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="etiketten-${query.data.format}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};
