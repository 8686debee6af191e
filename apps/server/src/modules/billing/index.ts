import type { FastifyInstance } from 'fastify';
import { billingSettingsRoutes } from './billing.routes';
import { exportsRoutes } from './exports.routes';

/** Billing: the shop's own billing data, the SEPA and DATEV files (issue 26). */
export async function billingModule(app: FastifyInstance) {
  await app.register(billingSettingsRoutes, { prefix: '/api' });
  await app.register(exportsRoutes, { prefix: '/api' });
}
