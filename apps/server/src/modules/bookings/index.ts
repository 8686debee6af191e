import { ACCOUNT } from '@housnkuh/shared/messages';
import type { FastifyInstance } from 'fastify';
import { availabilityRoutes } from './availability.routes';
import { bookingsRoutes } from './bookings.routes';
import { bookingOwner } from './bookings.service';
import { pendingBookingsRoutes } from './pending-bookings.routes';
import { bookingsMailTemplates } from './mails';
import { waitlistMailTemplates } from './waitlist-mails';
import { waitlistRoutes } from './waitlist.routes';
import { onUnitRetire } from '../contracts/public';
import {
  availableUnits,
  reservedUnitObjection,
  waitlistMailRenderers,
  WaitlistWorker,
} from './waitlist.service';

declare module '../../plugins/auth' {
  interface OwnedResources {
    /** A booking request (path :id); someone else's is "not found", like an unknown one. */
    booking: true;
  }
}

/** Bookings: booking requests, additional bookings, cancelling in the trial, the waiting list. */
export async function bookingsModule(app: FastifyInstance) {
  app.mailTemplates.add(bookingsMailTemplates);
  app.mailTemplates.add(waitlistMailTemplates);
  app.outbox.addRenderers(
    waitlistMailRenderers({
      db: app.db,
      settings: () => app.settings.get(),
      publicUrl: app.config.publicUrl,
    }),
  );
  // the waiting list's offers (docs/decisions/0074)
  app.jobs.add('waitlist', new WaitlistWorker(app.db, () => app.settings.get(), app.log));
  // a unit an offer reserves stays on the floor until the offer ends
  onUnitRetire(app.db, reservedUnitObjection);
  app.access.ownedBy('booking', {
    ownerOf: async (params) => bookingOwner(app.db, params.id ?? ''),
    notFound: ACCOUNT.bookingNotFound,
  });
  // /pricing is rendered with it: "derzeit belegt" is in the page, nothing moves later
  app.pages.addLoader('availability', () => availableUnits(app.db));
  await app.register(bookingsRoutes, { prefix: '/api' });
  await app.register(pendingBookingsRoutes, { prefix: '/api' });
  await app.register(availabilityRoutes, { prefix: '/api' });
  await app.register(waitlistRoutes, { prefix: '/api' });
}
