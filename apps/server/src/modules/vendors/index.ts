import { ERRORS } from '@housnkuh/shared/messages';
import type { FastifyInstance } from 'fastify';

declare module '../../plugins/auth' {
  interface OwnedResources {
    /** A vendor's own record: the path's :id or :vendorId is the vendor. */
    vendor: true;
  }
}

/**
 * Vendors: the producers' records (only this module writes them; the others
 * read and change them through public.ts) and the access rule "the vendor's
 * own" for routes with a vendor id. The vendor's own views (profile, trial
 * status) are the profiles' and the accounts' routes, which compose them.
 */
export async function vendorsModule(app: FastifyInstance) {
  app.access.ownedBy('vendor', {
    ownerOf: async (params) => params.id ?? params.vendorId,
    notFound: ERRORS.booking404,
    forbidden: ERRORS.booking403,
  });
}
