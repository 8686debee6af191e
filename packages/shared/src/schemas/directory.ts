import { VERIFY_STATUSES } from '../catalog';
import {
  DIRECTORY_MAX_LIMIT,
  DIRECTORY_MAX_PAGE,
  DIRECTORY_MAX_TAGS,
  DIRECTORY_PAGE_SIZE,
  DIRECTORY_SORT_FIELDS,
  REGISTRATION_STATUSES,
  SEARCH_MAX_LENGTH,
  TAG_SLUG,
} from '../directory';
import { WEEKDAYS, type Weekday } from '../weekdays';
import { plainText, successResponse } from './common';
import { z } from './zod';

/** A comma list like 'honig,eier' as a list of trimmed, non-empty values. */
function commaList(maxItems: number, item: z.ZodType<string, string>, message: string) {
  return plainText(z.string())
    .max(2000, { error: message })
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(maxItems, { error: message }))
    .optional();
}

/** GET /api/vendor-auth/public/profiles (spec §7); a bad parameter is a 400 with this message. */
export const directoryQuerySchema = z.object({
  search: plainText(z.string())
    .max(SEARCH_MAX_LENGTH, {
      error: `Der Suchbegriff darf höchstens ${SEARCH_MAX_LENGTH} Zeichen lang sein.`,
    })
    .optional()
    .transform((value) => value?.trim() || undefined),
  tags: commaList(
    DIRECTORY_MAX_TAGS,
    z.string().regex(TAG_SLUG, { error: 'Unbekannter Filter für Produkte.' }),
    'Unbekannter Filter für Produkte.',
  ),
  standorte: commaList(
    20,
    z.string().min(1).max(100, { error: 'Unbekannter Ort.' }),
    'Zu viele Orte im Filter.',
  ),
  verifyStatus: z.enum(VERIFY_STATUSES, { error: 'Unbekannter Prüfstatus.' }).optional(),
  registrationStatus: z.enum(REGISTRATION_STATUSES, { error: 'Unbekannter Status.' }).optional(),
  sortBy: z
    .enum(DIRECTORY_SORT_FIELDS, { error: 'Nach diesem Feld kann nicht sortiert werden.' })
    .default('name'),
  sortOrder: z.enum(['asc', 'desc'], { error: 'Die Sortierung ist asc oder desc.' }).default('asc'),
  page: z.coerce
    .number({ error: 'Die Seite muss eine Zahl ab 1 sein.' })
    .int({ error: 'Die Seite muss eine Zahl ab 1 sein.' })
    .min(1, { error: 'Die Seite muss eine Zahl ab 1 sein.' })
    .max(DIRECTORY_MAX_PAGE, { error: 'Diese Seite gibt es nicht.' })
    .default(1),
  limit: z.coerce
    .number({ error: `Die Anzahl pro Seite muss zwischen 1 und ${DIRECTORY_MAX_LIMIT} liegen.` })
    .int({ error: `Die Anzahl pro Seite muss zwischen 1 und ${DIRECTORY_MAX_LIMIT} liegen.` })
    .min(1, { error: `Die Anzahl pro Seite muss zwischen 1 und ${DIRECTORY_MAX_LIMIT} liegen.` })
    .max(DIRECTORY_MAX_LIMIT, {
      error: `Die Anzahl pro Seite muss zwischen 1 und ${DIRECTORY_MAX_LIMIT} liegen.`,
    })
    .default(DIRECTORY_PAGE_SIZE),
});
export type DirectoryQueryInput = z.input<typeof directoryQuerySchema>;
export type DirectoryQuery = z.output<typeof directoryQuerySchema>;

export const publicTagSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  icon: z.string().nullable(),
  color: z.string().nullable(),
  description: z.string().nullable(),
  category: z.string(),
});
export type PublicTag = z.infer<typeof publicTagSchema>;

/** A producer as the public sees it (spec §3 "Public vendor"): nothing else leaves the server. */
export const publicVendorSchema = z.object({
  id: z.string(),
  name: z.string(),
  unternehmen: z.string().nullable(),
  slogan: z.string().nullable(),
  beschreibung: z.string().nullable(),
  profilBild: z.string().nullable(),
  bannerBild: z.string().nullable(),
  telefon: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  verifyStatus: z.enum(VERIFY_STATUSES),
  adresse: z.object({
    strasse: z.string().nullable(),
    hausnummer: z.string().nullable(),
    plz: z.string().nullable(),
    ort: z.string().nullable(),
    koordinaten: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  }),
  socialMedia: z.object({ facebook: z.string().nullable(), instagram: z.string().nullable() }),
  oeffnungszeiten: z.object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, z.string()])) as Record<Weekday, z.ZodString>,
  ),
  tags: z.array(publicTagSchema),
  mietfaecher: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      beschreibung: z.string().nullable(),
      standort: z.string().nullable(),
      groesse: z.string().nullable(),
      /** Monthly price in cents. */
      preis: z.number(),
    }),
  ),
  /** Names of the product categories the producer offers. */
  kategorien: z.array(z.string()),
  registrationDate: z.string(),
  /**
   * The day the producer's first contract starts, while it lies ahead
   * ('YYYY-MM-DD'); null once it is in the shop (or with no date yet). Before
   * the opening the pages say "ab der Eröffnung dabei" (docs/product/vendor-lifecycle.md).
   */
  dabeiAb: z.string().nullable().optional(),
});
export type PublicVendor = z.infer<typeof publicVendorSchema>;

export const directoryResponseSchema = successResponse({
  message: z.string(),
  vendors: z.array(publicVendorSchema),
  pagination: z.object({
    currentPage: z.number(),
    totalPages: z.number(),
    totalCount: z.number(),
    hasPrevPage: z.boolean(),
    hasNextPage: z.boolean(),
    /**
     * True when more producers match than `totalCount`: the count stops at DIRECTORY_COUNT_CAP
     * (or at the end of the page asked for, if that lies deeper) and the page says "mehr als".
     * `totalPages` then counts the pages known to exist (one past the page asked for at least).
     */
    totalCountCapped: z.boolean(),
  }),
  availableFilters: z.object({
    verifyStatuses: z.array(z.enum(VERIFY_STATUSES)),
    allTags: z.array(publicTagSchema),
  }),
});
export type DirectoryResponse = z.infer<typeof directoryResponseSchema>;

export const publicProfileResponseSchema = successResponse({
  message: z.string(),
  vendor: publicVendorSchema,
});

export const geocodeQuerySchema = z.object({
  address: plainText(z.string({ error: 'Bitte eine Adresse angeben.' }).trim())
    .min(3, { error: 'Bitte eine Adresse angeben.' })
    .max(200, { error: 'Die Adresse ist zu lang.' }),
});

export const geocodeResponseSchema = successResponse({
  result: z.object({ lat: z.number(), lng: z.number() }).nullable(),
});
