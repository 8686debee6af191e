import { VERIFY_STATUSES, VERIFY_STATUS_LABELS } from '../catalog';
import { contractSchema } from './admin-rental';
import { z } from './zod';
import { emailField, plainText, successResponse } from './common';
import { pageQuery, paginationSchema } from './admin';
import { ADMIN_MESSAGES, adminNameSchema, adminUsernameSchema } from './admin-auth';
import { passwordSchema } from './registration';
import { vendorBusinessSchema } from './vendor-profile';

/** /api/admin/users: the admins and the producers' accounts (Benutzer). */

export const USER_MESSAGES = {
  verifyStatus: 'Bitte wähle verifiziert, in Prüfung oder nicht verifiziert.',
  nothingToChange: 'Bitte gib an, was geändert werden soll.',
  adminNotFound: 'Diesen Administrator gibt es nicht.',
  currentPasswordRequired: 'Bitte gib dein Passwort ein, um ein Passwort zu setzen.',
  currentPasswordWrong: 'Dein Passwort stimmt nicht.',
  currentPasswordTooMany:
    'Dein Passwort wurde zu oft falsch eingegeben. Bitte warte 15 Minuten und versuche es dann noch einmal.',
  vendorNotFound: 'Diesen Direktvermarkter gibt es nicht.',
  yesNo: 'Bitte ja oder nein angeben.',
  /** The link to set a first password (docs/decisions/0047). */
  passwordLinkSent: (email: string) =>
    `Der Link ist unterwegs an ${email}. Damit legt der Direktvermarkter sein Passwort selbst fest; der Link ist 3 Tage gültig und funktioniert nur einmal.`,
  passwordLinkHasPassword:
    'Dieser Direktvermarkter hat schon ein Passwort. Ein neues legt er selbst unter „Passwort vergessen?“ fest.',
  passwordLinkLocked:
    'Dieses Konto ist gesperrt. Entsperre es zuerst, dann kannst du den Link schicken.',
  loginEmail: 'Bitte gib eine gültige E-Mail-Adresse ein.',
  loginEmailTaken: 'Diese E-Mail-Adresse gehört schon zu einem anderen Konto.',
} as const;

// ---------------------------------------------------------------------------
// Admins

export const adminAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  passwordChangedAt: z.string().nullable(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const adminAccountsResponseSchema = successResponse({
  admins: z.array(adminAccountSchema),
});

export const adminAccountResponseSchema = successResponse({
  admin: adminAccountSchema,
});

/** POST /api/admin/users/admins */
export const createAdminSchema = z.strictObject({
  username: adminUsernameSchema,
  name: adminNameSchema,
  password: passwordSchema,
});
export type CreateAdminInput = z.input<typeof createAdminSchema>;

/** The form: the password typed twice. */
export const createAdminFormSchema = createAdminSchema
  .extend({ confirmPassword: z.string({ error: ADMIN_MESSAGES.passwordMismatch }) })
  .refine((data) => data.password === data.confirmPassword, {
    error: ADMIN_MESSAGES.passwordMismatch,
    path: ['confirmPassword'],
  });
export type CreateAdminFormInput = z.input<typeof createAdminFormSchema>;

/**
 * PATCH /api/admin/users/admins/:id: rename, (de)activate, new password; at
 * least one. A new password (anyone's) needs the acting admin's own password.
 */
export const updateAdminSchema = z
  .strictObject({
    name: adminNameSchema.optional(),
    active: z.boolean({ error: USER_MESSAGES.yesNo }).optional(),
    password: passwordSchema.optional(),
    currentPassword: plainText(z.string({ error: USER_MESSAGES.currentPasswordRequired }))
      .max(128, { error: USER_MESSAGES.currentPasswordWrong })
      .optional(),
  })
  .refine((data) => [data.name, data.active, data.password].some((value) => value !== undefined), {
    error: USER_MESSAGES.nothingToChange,
  })
  .refine((data) => data.password === undefined || !!data.currentPassword, {
    error: USER_MESSAGES.currentPasswordRequired,
    path: ['currentPassword'],
  });
export type UpdateAdminInput = z.input<typeof updateAdminSchema>;

// ---------------------------------------------------------------------------
// Vendors

export { VERIFY_STATUSES, VERIFY_STATUS_LABELS };

/** unconfirmed: e-mail not confirmed yet; active: can log in; locked: locked by an admin. */
export const ACCOUNT_STATES = ['unconfirmed', 'active', 'locked'] as const;
export const ACCOUNT_STATE_LABELS: Record<(typeof ACCOUNT_STATES)[number], string> = {
  unconfirmed: 'E-Mail nicht bestätigt',
  active: 'Aktiv',
  locked: 'Gesperrt',
};

const flag = z
  .enum(['true', 'false'], { error: USER_MESSAGES.yesNo })
  .transform((v) => v === 'true');

export const adminVendorQuerySchema = z.object({
  ...pageQuery,
  search: plainText(z.string().trim()).max(100, { error: 'Höchstens 100 Zeichen' }).optional(),
  account: z.enum(ACCOUNT_STATES, { error: 'Unbekannter Kontostatus' }).optional(),
  verifyStatus: z.enum(VERIFY_STATUSES, { error: USER_MESSAGES.verifyStatus }).optional(),
  isPublic: flag.optional(),
  sort: z.enum(['newest', 'name'], { error: 'Unbekannte Sortierung' }).default('newest'),
});
export type AdminVendorQuery = z.output<typeof adminVendorQuerySchema>;

export const adminVendorSchema = z.object({
  id: z.string(),
  name: z.string(),
  unternehmen: z.string().nullable(),
  email: z.string(),
  account: z.enum(ACCOUNT_STATES),
  verifyStatus: z.enum(VERIFY_STATUSES),
  isPublic: z.boolean(),
  /** The producer's own switch: its profile may be public. */
  profileVisible: z.boolean(),
  /** Shown in the public directory now (released, the producer's switch on, a running contract). */
  listed: z.boolean(),
  registrationKind: z.string(),
  createdAt: z.string(),
});
export type AdminVendor = z.infer<typeof adminVendorSchema>;

export const adminVendorsResponseSchema = successResponse({
  vendors: z.array(adminVendorSchema),
  pagination: paginationSchema,
});

export const adminVendorBookingSchema = z.object({
  id: z.string(),
  status: z.string(),
  origin: z.string(),
  provisionType: z.string(),
  rentalDuration: z.number(),
  monthlyPriceCents: z.number(),
  comments: z.string().nullable(),
  createdAt: z.string(),
});

export const adminVendorDetailSchema = adminVendorSchema.extend({
  telefon: z.string().nullable(),
  website: z.string().nullable(),
  address: z.object({
    strasse: z.string().nullable(),
    hausnummer: z.string().nullable(),
    plz: z.string().nullable(),
    ort: z.string().nullable(),
  }),
  comments: z.string().nullable(),
  consents: z.object({
    /** Terms and privacy statement accepted with the registration. */
    registeredAt: z.string(),
    emailConfirmedAt: z.string().nullable(),
    /** The newsletter subscription of the same address, if any. */
    newsletterConfirmedAt: z.string().nullable(),
  }),
  lockedAt: z.string().nullable(),
  /** Whether the producer has a password (without one it cannot sign in; the admin can mail it a link to set one). */
  hasPassword: z.boolean(),
  /** Tax status and number, account holder, the IBAN masked (as the producer's own page shows them). */
  business: vendorBusinessSchema,
  contracts: z.array(contractSchema),
  bookings: z.array(adminVendorBookingSchema),
});
export type AdminVendorDetail = z.infer<typeof adminVendorDetailSchema>;

export const adminVendorResponseSchema = successResponse({
  vendor: adminVendorDetailSchema,
});

/**
 * POST /api/admin/users/vendors/:id/password-link: the address to send the link to. Another
 * address than the account's becomes its login address (allowed only while it has no password,
 * e.g. a demo producer's made-up address; docs/decisions/0047).
 */
export const passwordLinkSchema = z.strictObject({
  email: emailField(USER_MESSAGES.loginEmail).optional(),
});
export type PasswordLinkInput = z.input<typeof passwordLinkSchema>;

/** PATCH /api/admin/users/vendors/:id */
export const updateVendorSchema = z
  .strictObject({
    verifyStatus: z.enum(VERIFY_STATUSES, { error: USER_MESSAGES.verifyStatus }).optional(),
    isPublic: z.boolean({ error: USER_MESSAGES.yesNo }).optional(),
    locked: z.boolean({ error: USER_MESSAGES.yesNo }).optional(),
  })
  .refine((data) => Object.values(data).some((value) => value !== undefined), {
    error: USER_MESSAGES.nothingToChange,
  });
export type UpdateVendorInput = z.input<typeof updateVendorSchema>;

/** The forms of one admin: rename, and a new password typed twice. */
export const renameAdminFormSchema = z.object({ name: adminNameSchema });
export const adminPasswordFormSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string({ error: ADMIN_MESSAGES.passwordMismatch }),
    currentPassword: z
      .string({ error: USER_MESSAGES.currentPasswordRequired })
      .min(1, { error: USER_MESSAGES.currentPasswordRequired })
      .max(128, { error: USER_MESSAGES.currentPasswordWrong }),
  })
  .refine((data) => data.password === data.confirmPassword, {
    error: ADMIN_MESSAGES.passwordMismatch,
    path: ['confirmPassword'],
  });

// ---------------------------------------------------------------------------
// Demo data (docs/product/vendor-lifecycle.md): /api/admin/demo-data

export const DEMO_DATA_MESSAGES = {
  nothingToRemove: 'Es gibt keine Demo-Daten (mehr) – es wurde nichts entfernt.',
  blocked:
    'Die Demo-Daten lassen sich nicht mehr entfernen: Für Demo-Direktvermarkter gibt es schon Verkäufe oder Belege.',
} as const;

/** What "Demo-Daten entfernen" would remove, and whether it may. */
export const demoDataSchema = z.object({
  /** The demo producers, "Unternehmen (Name)" or the name, by name. */
  vendors: z.array(z.string()),
  /** How many contracts they have. */
  contracts: z.number().int(),
  /** The units their contracts hold (free again afterwards). */
  units: z.array(z.string()),
  /** Why they cannot be removed (sales, documents); empty: they can. */
  blockers: z.array(z.string()),
});
export type DemoData = z.infer<typeof demoDataSchema>;

export const demoDataResponseSchema = successResponse({
  demoData: demoDataSchema,
});

export const demoDataRemovedSchema = successResponse({
  message: z.string(),
  removed: z.object({
    vendors: z.number().int(),
    contracts: z.number().int(),
    units: z.array(z.string()),
    pictures: z.number().int(),
  }),
});
export type DemoDataRemoved = z.infer<typeof demoDataRemovedSchema>;
