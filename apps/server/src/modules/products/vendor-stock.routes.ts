// The producer's history of a product's stock (docs/decisions/0069): its own products only.
import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import {
  vendorMovementsQuerySchema,
  vendorMovementsResponseSchema,
} from '@housnkuh/shared/schemas/inventory';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vendorIdOf } from '../../plugins/auth';
import { vendorMovements } from './vendor-stock.service';

export const vendorStockRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The movements of the producer's product, newest first; the till's per day. */
  app.get(
    '/vendor-auth/products/:id/movements',
    {
      schema: {
        params: idParamsSchema,
        querystring: vendorMovementsQuerySchema,
        response: { 200: vendorMovementsResponseSchema },
      },
      config: { access: 'vendor' },
    },
    async (request) => ({
      success: true as const,
      ...(await vendorMovements(
        app.db,
        vendorIdOf(request),
        request.params.id,
        request.query.page,
        request.query.limit,
      )),
    }),
  );
};
