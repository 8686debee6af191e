import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health.routes';

/** GET /api/health: whether this instance and its database answer. */
export async function healthModule(app: FastifyInstance) {
  await app.register(healthRoutes, { prefix: '/api' });
}
