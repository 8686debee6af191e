import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import {
  PRODUCT_MESSAGES,
  productCreateSchema,
  productQuerySchema,
  productResponseSchema,
  productsResponseSchema,
  productUpdateSchema,
} from '@housnkuh/shared/schemas/products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vendorIdOf } from '../../plugins/auth';
import {
  createProduct,
  listOwnProducts,
  ownProduct,
  updateOwnProduct,
  vatChoicesOf,
} from './products.service';

/**
 * /api/vendor-auth/products: the signed-in producer's own articles. Another producer's id is
 * "not found". No delete: PATCH { isActive: false } deactivates (docs/decisions/0029).
 */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const vendor = { access: 'vendor' } as const;

  app.get(
    '/vendor-auth/products',
    {
      schema: { querystring: productQuerySchema, response: { 200: productsResponseSchema } },
      config: vendor,
    },
    async (request) => {
      const vendorId = vendorIdOf(request);
      return {
        success: true as const,
        ...(await listOwnProducts(app.db, vendorId, request.query)),
        ...(await vatChoicesOf(app.db, vendorId)),
      };
    },
  );

  app.post(
    '/vendor-auth/products',
    {
      schema: { body: productCreateSchema, response: { 200: productResponseSchema } },
      config: vendor,
    },
    async (request) => ({
      success: true as const,
      message: PRODUCT_MESSAGES.created,
      product: await createProduct(app.db, vendorIdOf(request), request.body),
    }),
  );

  app.get(
    '/vendor-auth/products/:id',
    {
      schema: { params: idParamsSchema, response: { 200: productResponseSchema } },
      config: vendor,
    },
    async (request) => ({
      success: true as const,
      product: await ownProduct(app.db, vendorIdOf(request), request.params.id),
    }),
  );

  app.patch(
    '/vendor-auth/products/:id',
    {
      schema: {
        params: idParamsSchema,
        body: productUpdateSchema,
        response: { 200: productResponseSchema },
      },
      config: vendor,
    },
    async (request) => ({
      success: true as const,
      ...(await updateOwnProduct(app.db, vendorIdOf(request), request.params.id, request.body)),
    }),
  );
};
