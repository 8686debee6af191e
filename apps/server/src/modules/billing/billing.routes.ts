import {
  billingBlockers,
  billingSettingsInputSchema,
  billingSettingsResponseSchema,
} from '@housnkuh/shared/schemas/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf } from '../../plugins/auth';
import { getBillingSettings, putBillingSettings } from './billing.service';

/** /api/admin/billing-settings: the shop's billing data, admins only (never public). */
export const billingSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/billing-settings',
    { schema: { response: { 200: billingSettingsResponseSchema } }, config: { access: 'admin' } },
    async () => {
      const settings = await getBillingSettings(app.db);
      return { success: true as const, settings, blockers: billingBlockers(settings) };
    },
  );

  app.put(
    '/admin/billing-settings',
    {
      schema: {
        body: billingSettingsInputSchema,
        response: { 200: billingSettingsResponseSchema },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      const settings = await putBillingSettings(app.db, adminActorOf(request), request.body);
      // the VAT id lives here only; the Impressum reads it from here (the Steuernummer never):
      // read the settings again, so this instance's pages show the new one at once
      await app.settings.reload();
      return { success: true as const, settings, blockers: billingBlockers(settings) };
    },
  );
};
