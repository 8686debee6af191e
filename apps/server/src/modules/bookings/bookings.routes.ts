import { ERRORS } from '@housnkuh/shared/messages';
import { additionalBookingSchema, cancelBookingSchema } from '@housnkuh/shared/schemas/booking';
import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import { idParamsSchema, vendorIdParamsSchema } from '@housnkuh/shared/schemas/params';
import { bookingSchema, bookingsResponseSchema } from '@housnkuh/shared/schemas/vendor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ForbiddenError } from '../../lib/domain-errors';
import { vendorIdOf } from '../../plugins/auth';
import { sessionVendor } from '../vendors/public';
import { addBooking, cancelBooking, listBookings } from './bookings.service';

/** /api/vendor-auth: a vendor's bookings, booking more space, cancelling (spec §7). */
export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = async () => ({ db: app.db, settings: await app.settings.get() });

  app.get(
    '/vendor-auth/bookings/:vendorId',
    {
      schema: { params: vendorIdParamsSchema, response: { 200: bookingsResponseSchema } },
      config: { access: { vendorOwns: 'vendor' } },
    },
    async (request) => {
      const vendor = await sessionVendor(app.db, request.params.vendorId);
      return { success: true as const, bookings: await listBookings(await ctx(), vendor.id) };
    },
  );

  app.post(
    '/vendor-auth/additional-booking',
    {
      schema: {
        body: additionalBookingSchema,
        response: { 200: messageResponseSchema.extend({ booking: bookingSchema }) },
      },
      config: { access: 'vendor', rateLimit: app.formRateLimit },
    },
    async (request) => {
      const vendor = await sessionVendor(app.db, vendorIdOf(request));
      if (request.body.userId && request.body.userId !== vendor.id) {
        throw new ForbiddenError(ERRORS.booking403);
      }
      const result = await addBooking(await ctx(), vendor, request.body.packageData);
      return { success: true, ...result };
    },
  );

  app.post(
    '/vendor-auth/cancel-trial-booking/:id',
    {
      schema: {
        params: idParamsSchema,
        body: cancelBookingSchema,
        response: { 200: messageResponseSchema },
      },
      config: { access: { vendorOwns: 'booking' } },
    },
    async (request) => {
      const vendor = await sessionVendor(app.db, vendorIdOf(request));
      const result = await cancelBooking(
        await ctx(),
        vendor,
        request.params.id,
        request.body.reason,
      );
      return { success: true, ...result };
    },
  );
};
