import type { FastifyInstance } from 'fastify';
import { billingSettingsRoutes } from './billing.routes';
import { getBillingSettings } from './billing.service';
import { exportsRoutes } from './exports.routes';

/** Billing: the shop's own billing data, the SEPA and DATEV files (issue 26). */
export async function billingModule(app: FastifyInstance) {
  // the shop's VAT id lives in the billing data; the Impressum (the site settings) reads it here
  app.settings.readVatIdFrom(async () => (await getBillingSettings(app.db)).ustIdNr);
  await app.settings.reload();
  await app.register(billingSettingsRoutes, { prefix: '/api' });
  await app.register(exportsRoutes, { prefix: '/api' });
}
