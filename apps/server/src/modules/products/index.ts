import type { FastifyInstance } from 'fastify';

/** Products: the producers' articles with their EAN-13, the labels, the till's product list. */
export async function productsModule(app: FastifyInstance) {
  void app;
}
