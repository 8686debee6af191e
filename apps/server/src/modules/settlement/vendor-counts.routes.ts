// The producer's counts, shrinkage and theft refunds (docs/decisions/0069): its own lines only.
import {
  vendorCountsQuerySchema,
  vendorCountsResponseSchema,
} from '@housnkuh/shared/schemas/inventory';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vendorIdOf } from '../../plugins/auth';
import { vendorCounts } from './vendor-counts.service';

export const vendorCountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vendor-auth/inventory-counts',
    {
      schema: {
        querystring: vendorCountsQuerySchema,
        response: { 200: vendorCountsResponseSchema },
      },
      config: { access: 'vendor' },
    },
    async (request) => ({
      success: true as const,
      ...(await vendorCounts(
        app.db,
        vendorIdOf(request),
        request.query.page,
        request.query.limit,
        (await app.settings.get()).openingDate,
      )),
    }),
  );
};
