import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import { isUuid } from '../../lib/ids';
import { findVariant } from './images.service';

const params = z.object({
  id: z.string().max(64),
  width: z.string().max(8),
});

/** GET /api/images/{id}/{width}: WebP, cached for a year (an id never changes its picture). */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/images/:id/:width',
    { schema: { params }, config: { access: 'public' } },
    async (request, reply) => {
      const id = request.params.id;
      const width = Number.parseInt(request.params.width.replace(/\.webp$/, ''), 10);
      if (!isUuid(id) || !Number.isInteger(width) || width < 1 || width > 4000) {
        throw new HttpError(404, 'Dieses Bild gibt es nicht.');
      }
      const variant = await findVariant(app.db, id, width);
      if (!variant) throw new HttpError(404, 'Dieses Bild gibt es nicht.');
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-image-width', String(variant.width))
        .send(variant.data);
    },
  );
};
