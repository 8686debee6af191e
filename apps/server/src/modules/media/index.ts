import type { FastifyInstance } from 'fastify';
import { mediaRoutes } from './media.routes';

/** Media: uploaded and generated images, stored as WebP variants and served with long caching. */
export async function mediaModule(app: FastifyInstance) {
  await app.register(mediaRoutes, { prefix: '/api' });
}
