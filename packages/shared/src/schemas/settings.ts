import { plainText } from './common';
import { z } from './zod';

/**
 * Site settings (PRODUCT.md "Brand and contact data"): stored in the database,
 * editable by an admin, first values from INITIAL_SITE_SETTINGS.
 * Everything here is public: the browser gets it with every page. Every text
 * is a single line without control characters (plainText).
 */
const httpUrl = plainText(z.string())
  .max(500)
  .refine((value) => /^https?:\/\//.test(value), {
    error: 'Bitte eine http(s)-Adresse angeben',
  });

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Datum im Format JJJJ-MM-TT' });

export const siteSettingsSchema = z.object({
  shopName: plainText(z.string()).min(1).max(60),
  address: z.object({
    strasse: plainText(z.string()).min(1).max(120),
    hausnummer: plainText(z.string()).min(1).max(10),
    plz: z.string().regex(/^\d{5}$/),
    ort: plainText(z.string()).min(1).max(100),
  }),
  coordinates: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
  phone: plainText(z.string()).min(3).max(40),
  email: z.email(),
  openingHours: plainText(z.string()).min(1).max(200),
  social: z.object({
    instagram: httpUrl,
    facebook: httpUrl,
    tiktok: httpUrl,
  }),
  /** Address of the Instagram feed widget (an iframe); empty: only the profile link shows. */
  instagramWidgetUrl: z.union([httpUrl, z.literal('')]),
  /** Leaflet tile template, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
  mapTileUrl: httpUrl,
  mapAttribution: plainText(z.string()).max(300),
  /**
   * Day the shop opens (or opened); null while not fixed ("Die Eröffnung steht
   * bald bevor"). Registrations before it are pre-registrations. Every text
   * about the opening comes from it through shop-phase.ts.
   */
  openingDate: isoDay.nullable(),
  contest: z.object({
    active: z.boolean(),
    /** Last day of entries; null: until the shop opens (or the switch goes off). */
    closingDate: isoDay.nullable(),
  }),
  /** Who runs the shop, for the Impressum (§ 5 DDG) and the privacy statement. */
  legal: z.object({
    /** Business name, e.g. 'housnkuh'. */
    operatorName: plainText(z.string()).min(1).max(120),
    /** Owner or managing director(s), e.g. 'Eva Muster'; empty until an admin sets it. */
    ownerName: plainText(z.string()).max(200),
    /** e.g. 'Einzelunternehmen', 'GmbH'. */
    legalForm: plainText(z.string()).max(60),
    /** USt-IdNr. per § 27a UStG, if any. */
    vatId: plainText(z.string()).max(40),
    /** Register court and number, e.g. 'Amtsgericht Coburg, HRB 1234', if registered. */
    registerEntry: plainText(z.string()).max(120),
    /** Responsible for editorial content (§ 18 Abs. 2 MStV); empty: the owner. */
    contentResponsible: plainText(z.string()).max(200),
  }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const siteSettingsResponseSchema = z.object({
  success: z.literal(true),
  settings: siteSettingsSchema,
});
