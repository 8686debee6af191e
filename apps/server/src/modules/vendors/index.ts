import { ERRORS } from '@housnkuh/shared/messages';
import type { FastifyInstance } from 'fastify';
import { vendorsRoutes } from './vendors.routes';

declare module '../../plugins/auth' {
  interface OwnedResources {
    /** A vendor's own record: the path's :id or :vendorId is the vendor. */
    vendor: true;
  }
}

/** Vendors: profile, status and trial, the rules of the public listing. */
export async function vendorsModule(app: FastifyInstance) {
  app.access.ownedBy('vendor', {
    ownerOf: async (params) => params.id ?? params.vendorId,
    notFound: ERRORS.booking404,
    forbidden: ERRORS.booking403,
  });
  await app.register(vendorsRoutes, { prefix: '/api' });
}
