import {
  approveBookingResponseSchema,
  approveBookingSchema,
  pendingBookingsResponseSchema,
  rejectBookingSchema,
} from '@housnkuh/shared/schemas/admin-rental';
import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf } from '../../plugins/auth';
import { approveBooking, listPendingBookings, rejectBooking } from './pending-bookings.service';

/** /api/admin/pending-bookings: the queue of booking requests; approve with units, or reject. */
export const pendingBookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;

  app.get(
    '/admin/pending-bookings',
    { schema: { response: { 200: pendingBookingsResponseSchema } }, config: admin },
    async () => ({ success: true as const, bookings: await listPendingBookings(app.db) }),
  );

  app.post(
    '/admin/pending-bookings/:id/approve',
    {
      schema: {
        params: idParamsSchema,
        body: approveBookingSchema,
        response: { 200: approveBookingResponseSchema },
      },
      config: admin,
    },
    async (request) => {
      const contract = await approveBooking(
        app.db,
        await app.settings.get(),
        app.config.publicUrl,
        adminActorOf(request),
        request.params.id,
        request.body,
      );
      return {
        success: true as const,
        message: `Die Buchung ist bestätigt: Vertrag ${contract.number}.`,
        contract,
      };
    },
  );

  app.post(
    '/admin/pending-bookings/:id/reject',
    {
      schema: {
        params: idParamsSchema,
        body: rejectBookingSchema,
        response: { 200: messageResponseSchema },
      },
      config: admin,
    },
    async (request) => {
      await rejectBooking(
        app.db,
        await app.settings.get(),
        adminActorOf(request),
        request.params.id,
        request.body.reason,
      );
      return {
        success: true,
        message: 'Die Buchung ist abgelehnt; der Direktvermarkter bekommt eine E-Mail.',
      };
    },
  );
};
