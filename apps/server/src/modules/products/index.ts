import type { FastifyInstance } from 'fastify';
import { labelsRoutes } from './labels.routes';

/** Products: the producers' articles with their EAN-13, the labels, the till's product list. */
export async function productsModule(app: FastifyInstance) {
  await app.register(labelsRoutes, { prefix: '/api' });
}
