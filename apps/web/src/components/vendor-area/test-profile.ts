import type { VendorUser } from '@housnkuh/shared/schemas/vendor';

/** The own profile (GET /vendor-auth/profile/:id) as the page tests of the area answer it. */
export function ownProfile(user: VendorUser, business: { ibanMasked: string | null }) {
  return {
    ...user,
    strasse: 'Bergstraße',
    hausnummer: '7',
    plz: '96328',
    ort: 'Küps',
    slogan: null,
    beschreibung: 'Honig vom Hof',
    website: null,
    verifyStatus: 'verified',
    isPublic: true,
    profileVisible: true,
    listed: true,
    publicEmail: null,
    facebook: null,
    instagram: null,
    bannerBild: null,
    oeffnungszeiten: {},
    tagIds: ['t1'],
    geocodeStatus: 'ok',
    business: {
      taxStatus: 'regelbesteuert',
      steuernummer: null,
      ustIdNr: null,
      ibanMasked: business.ibanMasked,
      kontoinhaber: business.ibanMasked ? 'Anna Huber' : null,
      bankChangedAt: null,
    },
    pendingBooking: null,
  };
}
