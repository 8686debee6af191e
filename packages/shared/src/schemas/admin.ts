import { z } from './zod';
import { AUDIT_AREA_IDS } from '../audit-view';
import { legalDataSchema, siteSettingsSchema, VAT_ID_ELSEWHERE } from './settings';
import { successResponse } from './common';

/** The admin area's APIs besides sign-in (admin-auth.ts). */

/** Page and size of an admin list. */
export const pageQuery = {
  page: z.coerce.number({ error: 'Ungültige Seite' }).int().min(1).max(100_000).default(1),
  limit: z.coerce.number({ error: 'Ungültige Seitengröße' }).int().min(1).max(100).default(25),
};

export const paginationSchema = z.object({
  page: z.number(),
  limit: z.number(),
  totalCount: z.number(),
  totalPages: z.number(),
});

// ---------------------------------------------------------------------------
// Settings

/**
 * PATCH /api/admin/settings: any subset of the settings; nested groups
 * (address, coordinates, social, contest, legal) may be given in part too.
 * The server merges and validates the whole.
 */
export const adminSettingsPatchSchema = z.strictObject({
  shopName: siteSettingsSchema.shape.shopName.optional(),
  address: siteSettingsSchema.shape.address.partial().optional(),
  coordinates: siteSettingsSchema.shape.coordinates.partial().optional(),
  phone: siteSettingsSchema.shape.phone.optional(),
  email: siteSettingsSchema.shape.email.optional(),
  openingHours: siteSettingsSchema.shape.openingHours.optional(),
  social: siteSettingsSchema.shape.social.partial().optional(),
  instagramWidgetUrl: siteSettingsSchema.shape.instagramWidgetUrl.optional(),
  mapTileUrl: siteSettingsSchema.shape.mapTileUrl.optional(),
  mapAttribution: siteSettingsSchema.shape.mapAttribution.optional(),
  openingDate: siteSettingsSchema.shape.openingDate.optional(),
  contest: siteSettingsSchema.shape.contest.partial().optional(),
  // the VAT id is billing data (PUT /api/admin/billing-settings), not a setting
  legal: z
    .strictObject(legalDataSchema.shape, {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? issue.keys.includes('vatId')
            ? VAT_ID_ELSEWHERE
            : `Unbekannte Angabe: ${issue.keys.join(', ')}`
          : 'Bitte die Angaben zum Betreiber als Objekt senden.',
    })
    .partial()
    .optional(),
});
export type AdminSettingsPatch = z.input<typeof adminSettingsPatchSchema>;

export const adminSettingsResponseSchema = successResponse({
  settings: siteSettingsSchema,
});

// ---------------------------------------------------------------------------
// Audit log (Protokoll)

export const auditQuerySchema = z.object({
  ...pageQuery,
  entity: z
    .string()
    .regex(/^[a-z-]{1,40}$/, { error: 'Unbekannte Art' })
    .optional(),
  /** One area of the filter (Verträge, Buchungen, …): its entities. */
  area: z.enum(AUDIT_AREA_IDS, { error: 'Diesen Bereich gibt es im Protokoll nicht.' }).optional(),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  adminName: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  summary: z.string(),
  /** The area in German ('Verträge', …; an unknown entity as it is). */
  area: z.string(),
  /** Before and after field by field, in German (labels, dates, euros). */
  changes: z.array(
    z.object({
      field: z.string(),
      label: z.string(),
      before: z.string().nullable(),
      after: z.string().nullable(),
    }),
  ),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditResponseSchema = successResponse({
  entries: z.array(auditEntrySchema),
  pagination: paginationSchema,
});

// ---------------------------------------------------------------------------
// Dashboard

export const adminDashboardResponseSchema = successResponse({
  todos: z.object({
    unreadContacts: z.number(),
    pendingBookings: z.number(),
    pendingSubscribers: z.number(),
    contestEntries: z.number(),
    /** Till lines whose EAN named no product, waiting for an assignment. */
    unassignedSales: z.number(),
    /** Till lines at a VAT rate their producer's tax status does not allow ("Zu klären"). */
    salesToClarify: z.number(),
    /** Full months since the opening not settled yet, the earliest first. */
    monthsToSettle: z.array(z.string()),
    /** Amounts producers owe (neither paid nor offset). */
    openItems: z.number(),
    /** Deleted producers whose retention has passed: the owner may remove what was kept. */
    dueRemovals: z.number(),
  }),
  figures: z.object({
    /** Every producer account, demo producers included. */
    vendors: z.number(),
    /** Of them, the demo producers ("davon Demo"). */
    demoVendors: z.number(),
    confirmedSubscribers: z.object({ customer: z.number(), vendor: z.number() }),
  }),
  /**
   * The shop floor today, per type: of the active units, those occupied today
   * ("belegt heute") and, apart from them, those free today but held by a
   * contract that starts on a later day ("reserviert ab einem späteren Tag";
   * before the opening, every producer's units).
   */
  occupancy: z.object({
    occupied: z.number(),
    reserved: z.number(),
    total: z.number(),
    types: z.array(
      z.object({
        optionId: z.string(),
        name: z.string(),
        occupied: z.number(),
        reserved: z.number(),
        total: z.number(),
      }),
    ),
  }),
  /** Free months (Probemonate) whose last day is today or within the next 7 days, one per producer. */
  trialsEnding: z.array(
    z.object({
      contractId: z.string(),
      number: z.string().nullable(),
      vendorId: z.string(),
      vendorName: z.string(),
      trialEndsOn: z.string(),
    }),
  ),
  /**
   * Contracts ending from today to the end of this month, and notices given in
   * the last 7 days; not those ended before their start (storniert).
   */
  endings: z.array(
    z.object({
      contractId: z.string(),
      number: z.string().nullable(),
      vendorId: z.string(),
      vendorName: z.string(),
      endDate: z.string(),
      kind: z.string(),
      noticeGivenOn: z.string().nullable(),
    }),
  ),
  /** The open booking requests, oldest first (at most 10), with the producer's e-mail flag. */
  openRequests: z.array(
    z.object({
      id: z.string(),
      vendorId: z.string(),
      vendorName: z.string(),
      emailConfirmed: z.boolean(),
      createdAt: z.string(),
      summary: z.string(),
    }),
  ),
});
export type AdminDashboard = z.infer<typeof adminDashboardResponseSchema>;
