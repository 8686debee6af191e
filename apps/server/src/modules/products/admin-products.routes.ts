import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import {
  adminProductQuerySchema,
  adminProductResponseSchema,
  adminProductsResponseSchema,
  productUpdateSchema,
} from '@housnkuh/shared/schemas/products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf } from '../../plugins/auth';
import {
  adminProduct,
  adminUpdateProduct,
  listAllProducts,
  vatChoicesInForce,
} from './products.service';

/** /api/admin/products: every producer's articles; corrections recorded in the Protokoll. */
export const adminProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;

  app.get(
    '/admin/products',
    {
      schema: {
        querystring: adminProductQuerySchema,
        response: { 200: adminProductsResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await listAllProducts(app.db, request.query)),
      vatRates: vatChoicesInForce(),
    }),
  );

  app.get(
    '/admin/products/:id',
    {
      schema: { params: idParamsSchema, response: { 200: adminProductResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      product: await adminProduct(app.db, request.params.id),
    }),
  );

  app.patch(
    '/admin/products/:id',
    {
      schema: {
        params: idParamsSchema,
        body: productUpdateSchema,
        response: { 200: adminProductResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await adminUpdateProduct(app.db, adminActorOf(request), request.params.id, request.body)),
    }),
  );
};
