import type { vendorProfileResponseSchema } from '@housnkuh/shared/schemas/vendor';
import { WEEKDAYS } from '@housnkuh/shared/weekdays';
import type { z } from 'zod';
import { vendorUser } from '../accounts/public';
import { pendingBookingOf } from '../bookings/public';
import { isVendorListed, tagIdsOf } from '../directory/public';
import { imageUrl } from '../media/public';
import { vendorBusiness, type VendorContext, type VendorRow } from '../vendors/public';

type VendorProfile = z.infer<typeof vendorProfileResponseSchema>['profile'];

/** The vendor's own profile: the session's view plus address, texts and the pending booking. */
export async function vendorProfile(ctx: VendorContext, vendor: VendorRow): Promise<VendorProfile> {
  return {
    ...(await vendorUser(ctx, vendor)),
    strasse: vendor.strasse,
    hausnummer: vendor.hausnummer,
    plz: vendor.plz,
    ort: vendor.ort,
    slogan: vendor.slogan,
    beschreibung: vendor.beschreibung,
    website: vendor.website,
    verifyStatus: vendor.verifyStatus,
    isPublic: vendor.isPublic,
    profileVisible: vendor.profileVisible,
    listed: await isVendorListed(ctx.db, vendor.id),
    publicEmail: vendor.publicEmail,
    facebook: vendor.facebook,
    instagram: vendor.instagram,
    bannerBild: imageUrl(vendor.bannerImageId, 'banner'),
    oeffnungszeiten: Object.fromEntries(
      WEEKDAYS.map((day) => {
        const value = (vendor.oeffnungszeiten as Record<string, unknown>)[day];
        return [day, typeof value === 'string' ? value : ''];
      }),
    ),
    tagIds: await tagIdsOf(ctx.db, vendor.id),
    geocodeStatus: vendor.geocodeStatus,
    business: vendorBusiness(vendor),
    pendingBooking: await pendingBookingOf(ctx.db, vendor.id),
  };
}
