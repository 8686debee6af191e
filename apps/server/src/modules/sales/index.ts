import type { FastifyInstance } from 'fastify';
import { authenticatePosKey } from './pos-keys.service';
import { salesReportRoutes } from './reports.routes';
import { SalesImportWorker } from './import-jobs.service';
import { salesRoutes } from './sales.routes';

/** Sales: the till's keys, its receipt lines (API and CSV import) and the producers' reports. */
export async function salesModule(app: FastifyInstance) {
  // the till's routes ('pos') let in a key of Einstellungen → Kasse that is not revoked
  app.access.authenticatePosWith((secret) => authenticatePosKey(app.db, secret));
  // large CSV imports in the background (docs/decisions/0051)
  app.jobs.add(
    'sales-import',
    new SalesImportWorker(app.db, app.log, {
      pollMs: app.config.salesImportPollMs,
      leaseMs: app.config.salesImportLeaseMs,
    }),
  );
  await app.register(salesRoutes, {
    prefix: '/api',
    importJobLines: app.config.salesImportJobLines,
  });
  await app.register(salesReportRoutes, { prefix: '/api' });
}
