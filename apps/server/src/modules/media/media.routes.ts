import { imageParamsSchema, isUuid } from '@housnkuh/shared/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../../lib/domain-errors';
import { findVariant } from './images.service';

const IMAGE_NOT_FOUND = 'Dieses Bild gibt es nicht.';

/** GET /api/images/{id}/{width}: WebP, cached for a year (an id never changes its picture). */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/images/:id/:width',
    { schema: { params: imageParamsSchema }, config: { access: 'public' } },
    async (request, reply) => {
      const id = request.params.id;
      const width = Number.parseInt(request.params.width.replace(/\.webp$/, ''), 10);
      if (!isUuid(id) || !Number.isInteger(width) || width < 1 || width > 4000) {
        throw new NotFoundError(IMAGE_NOT_FOUND);
      }
      const variant = await findVariant(app.db, id, width);
      if (!variant) throw new NotFoundError(IMAGE_NOT_FOUND);
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-image-width', String(variant.width))
        .send(variant.data);
    },
  );
};
