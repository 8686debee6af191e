import type { FastifyInstance } from 'fastify';
import { authenticatePosKey } from './pos-keys.service';
import { salesReportRoutes } from './reports.routes';
import { salesRoutes } from './sales.routes';

/** Sales: the till's keys, its receipt lines (API and CSV import) and the producers' reports. */
export async function salesModule(app: FastifyInstance) {
  // the till's routes ('pos') let in a key of Einstellungen → Kasse that is not revoked
  app.access.authenticatePosWith((secret) => authenticatePosKey(app.db, secret));
  await app.register(salesRoutes, { prefix: '/api' });
  await app.register(salesReportRoutes, { prefix: '/api' });
}
