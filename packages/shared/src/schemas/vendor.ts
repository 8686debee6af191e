import { VALIDATION } from '../messages';
import { passwordSchema } from './registration';
import { contractSchema } from './admin-rental';
import { packageDataAnswerSchema } from './booking';
import { emailField, plainText, successResponse } from './common';
import { isoDay } from './settings';
import { vendorBusinessSchema } from './vendor-profile';
import { z } from './zod';

/** How a vendor's account stands, as people read it (docs/product/vendor-lifecycle.md). */
export const ACCOUNT_STATUSES = [
  'Vor-registriert',
  'Probemonat aktiv',
  'Aktiv',
  'Gekündigt',
] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const BOOKING_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Angefragt',
  approved: 'Bestätigt',
  rejected: 'Abgelehnt',
  cancelled: 'Storniert',
};

/**
 * A request on the waiting list as its producer sees it (docs/decisions/0078): its place on each
 * type's list, of how many, and an offer that holds units for it; nothing of the others.
 */
export const bookingWaitlistSchema = z.object({
  places: z.array(z.object({ name: z.string(), place: z.number().int(), of: z.number().int() })),
  offer: z
    .object({
      /** open: waiting for the producer's answer (the link in the mail); accepted: for the shop. */
      state: z.enum(['open', 'accepted']),
      validUntil: isoDay,
      units: z.array(z.string()),
    })
    .nullable(),
});
export type BookingWaitlist = z.infer<typeof bookingWaitlistSchema>;

export const bookingSchema = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  statusLabel: z.string(),
  origin: z.enum(['registration', 'preregistration', 'additional']),
  createdAt: z.string(),
  /** Cents, like all money of this API outside package data. */
  monthlyPrice: z.number(),
  packageData: packageDataAnswerSchema,
  comments: z.string().nullable(),
  cancelReason: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** Pending requests and bookings in their trial month can be cancelled. */
  cancellable: z.boolean(),
  /** The contract an approved request became. */
  contract: contractSchema.nullable(),
  /** Its place on the waiting list while it waits there. */
  waitlist: bookingWaitlistSchema.nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** The logged-in vendor as the client keeps it (spec §3 "Vendor user"). */
export const vendorUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  unternehmen: z.string().nullable(),
  telefon: z.string().nullable(),
  profilBild: z.string().nullable(),
  isVendor: z.literal(true),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  registrationDate: z.string(),
});
export type VendorUser = z.infer<typeof vendorUserSchema>;

export const vendorLoginResponseSchema = successResponse({
  token: z.string(),
  user: vendorUserSchema,
});

export const vendorCheckResponseSchema = successResponse({
  user: vendorUserSchema,
});

export const vendorProfileResponseSchema = successResponse({
  profile: vendorUserSchema.extend({
    strasse: z.string().nullable(),
    hausnummer: z.string().nullable(),
    plz: z.string().nullable(),
    ort: z.string().nullable(),
    slogan: z.string().nullable(),
    beschreibung: z.string().nullable(),
    website: z.string().nullable(),
    verifyStatus: z.string(),
    /** Released by an admin. */
    isPublic: z.boolean(),
    /** The producer agrees to be listed (both are needed, with an active contract). */
    profileVisible: z.boolean(),
    /** Shown in the directory and on the map right now. */
    listed: z.boolean(),
    publicEmail: z.string().nullable(),
    facebook: z.string().nullable(),
    instagram: z.string().nullable(),
    bannerBild: z.string().nullable(),
    oeffnungszeiten: z.record(z.string(), z.string()),
    tagIds: z.array(z.string()),
    /** pending | ok | failed | manual: whether the address was found for the map. */
    geocodeStatus: z.string(),
    business: vendorBusinessSchema,
    /** The latest booking request still waiting for the operator (spec §3 "Vendor user"). */
    pendingBooking: z
      .object({ id: z.string(), createdAt: z.string(), packageData: packageDataAnswerSchema })
      .nullable(),
  }),
});

export const bookingsResponseSchema = successResponse({
  bookings: z.array(bookingSchema),
});

export const trialStatusSchema = z.object({
  /** none: no booking yet; waiting: booked, no contract yet; scheduled: trial starts later; active; ended */
  status: z.enum(['none', 'waiting', 'scheduled', 'active', 'ended']),
  shopOpen: z.boolean(),
  openingDate: z.string().nullable(),
  trialStart: z.string().nullable(),
  trialEnd: z.string().nullable(),
  daysRemaining: z.number().nullable(),
});
export const trialStatusResponseSchema = successResponse({
  data: trialStatusSchema,
  message: z.string(),
});
export type TrialStatus = z.infer<typeof trialStatusSchema>;

/**
 * GET /api/vendor-auth/confirm/{token}: the vendor with the booked package
 * (spec §2 "Confirmation pages"), only in the answer that confirms the
 * account. Any later call with the link answers `alreadyConfirmed` without
 * `vendor`, so the link does not keep handing out name, address and package.
 */
export const vendorConfirmResponseSchema = successResponse({
  message: z.string(),
  alreadyConfirmed: z.boolean(),
  vendor: z
    .object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      packageData: packageDataAnswerSchema.nullable(),
      contractData: z.object({
        status: z.enum(['pending', 'active']),
        shopOpen: z.boolean(),
        openingDate: z.string().nullable(),
        trialDays: z.number(),
      }),
    })
    .optional(),
});
export type VendorConfirmResponse = z.infer<typeof vendorConfirmResponseSchema>;

/** Forgot password and re-send confirmation: pages that speak "du". */
export const forgotPasswordSchema = z.object({
  email: emailField(VALIDATION.contactEmail, VALIDATION.contactEmailRequired),
});

export const resetPasswordSchema = z
  .object({
    token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'Der Link ist ungültig.' }),
    password: passwordSchema,
    confirmPassword: plainText(z.string({ error: VALIDATION.passwordMismatch })),
  })
  .refine((data) => data.password === data.confirmPassword, {
    error: VALIDATION.passwordMismatch,
    path: ['confirmPassword'],
  });

export const resendConfirmationSchema = forgotPasswordSchema;

/** PUT /vendor-auth/profile and the picture routes: the saved profile with a message. */
export const vendorProfileSavedResponseSchema = vendorProfileResponseSchema.extend({
  message: z.string(),
});
