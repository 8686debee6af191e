import type { VendorUser } from '@housnkuh/shared/schemas/vendor';
import { hasPendingBooking } from '../bookings/public';
import { contractFacts } from '../contracts/public';
import { imageUrl } from '../media/public';
import type { VendorContext, VendorRow } from '../vendors/public';
import { accountStatus, computeTrialStatus, trialMessage } from './vendor-status';

/** The vendor's trial (from its contracts and whether a booking waits) and its message. */
export async function trialStatusOf(ctx: VendorContext, vendorId: string) {
  const facts = await contractFacts(ctx.db, vendorId);
  const trial = computeTrialStatus(ctx.settings, facts, await hasPendingBooking(ctx.db, vendorId));
  return { trial, facts, message: trialMessage(trial) };
}

/** The vendor as the session's answers show it (login, check, profile). */
export async function vendorUser(ctx: VendorContext, vendor: VendorRow): Promise<VendorUser> {
  const { trial, facts } = await trialStatusOf(ctx, vendor.id);
  return {
    id: vendor.id,
    name: vendor.name,
    email: vendor.email,
    unternehmen: vendor.unternehmen,
    telefon: vendor.telefon,
    profilBild: imageUrl(vendor.profileImageId, 'profile'),
    isVendor: true,
    accountStatus: accountStatus(trial, facts),
    registrationDate: vendor.createdAt.toISOString(),
  };
}
