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
      // the VAT id is kept here only; the Impressum publishes it (the Steuernummer never)
      const legal = (await app.settings.get()).legal;
      const vatId = settings.ustIdNr ?? '';
      if (legal.vatId !== vatId) await app.settings.update({ legal: { ...legal, vatId } });
      return { success: true as const, settings, blockers: billingBlockers(settings) };
    },
  );
};
