import type { FastifyInstance } from 'fastify';

/** Sales: the till's keys, its receipt lines (API and CSV import) and the producers' reports. */
export async function salesModule(app: FastifyInstance) {
  void app;
}
