import type { FastifyInstance } from 'fastify';
import { salesReportRoutes } from './reports.routes';

/** Sales: the till's keys, its receipt lines (API and CSV import) and the producers' reports. */
export async function salesModule(app: FastifyInstance) {
  await app.register(salesReportRoutes, { prefix: '/api' });
}
