import { ACCOUNT } from '@housnkuh/shared/messages';
import type { FastifyInstance } from 'fastify';
import { availabilityRoutes } from './availability.routes';
import { bookingsRoutes } from './bookings.routes';
import { bookingOwner } from './bookings.service';
import { pendingBookingsRoutes } from './pending-bookings.routes';
import { bookingsMailTemplates } from './mails';

declare module '../../plugins/auth' {
  interface OwnedResources {
    /** A booking request (path :id); someone else's is "not found", like an unknown one. */
    booking: true;
  }
}

/** Bookings: booking requests, additional bookings, cancelling in the trial. */
export async function bookingsModule(app: FastifyInstance) {
  app.mailTemplates.add(bookingsMailTemplates);
  app.access.ownedBy('booking', {
    ownerOf: async (params) => bookingOwner(app.db, params.id ?? ''),
    notFound: ACCOUNT.bookingNotFound,
  });
  await app.register(bookingsRoutes, { prefix: '/api' });
  await app.register(pendingBookingsRoutes, { prefix: '/api' });
  await app.register(availabilityRoutes, { prefix: '/api' });
}
