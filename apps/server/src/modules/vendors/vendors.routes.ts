import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import {
  trialStatusResponseSchema,
  vendorProfileResponseSchema,
} from '@housnkuh/shared/schemas/vendor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vendorIdOf } from '../../plugins/auth';
import { sessionVendor, trialStatusOf, vendorProfile } from './vendors.service';

/** /api/vendor-auth: the vendor's profile and trial status (spec §7). */
export const vendorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vendor-auth/profile/:id',
    {
      schema: { params: idParamsSchema, response: { 200: vendorProfileResponseSchema } },
      config: { access: { vendorOwns: 'vendor' } },
    },
    async (request) => {
      const vendor = await sessionVendor(app.db, request.params.id);
      const ctx = { db: app.db, settings: await app.settings.get() };
      return { success: true as const, profile: await vendorProfile(ctx, vendor) };
    },
  );

  app.get(
    '/vendor-auth/trial-status',
    { schema: { response: { 200: trialStatusResponseSchema } }, config: { access: 'vendor' } },
    async (request) => {
      const vendor = await sessionVendor(app.db, vendorIdOf(request));
      const ctx = { db: app.db, settings: await app.settings.get() };
      const { trial, message } = await trialStatusOf(ctx, vendor.id);
      return { success: true as const, data: trial, message };
    },
  );
};
