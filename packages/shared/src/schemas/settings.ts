import { plainText, successResponse } from './common';
import { z } from './zod';

/**
 * Site settings (docs/product/brand-and-settings.md): stored in the database,
 * editable by an admin, first values from INITIAL_SITE_SETTINGS.
 * Everything here is public: the browser gets it with every page. Every text
 * is a single line without control characters (plainText).
 */
const httpUrl = plainText(z.string({ error: 'Bitte eine http(s)-Adresse angeben' }))
  .max(500, { error: 'Die Adresse ist zu lang (höchstens 500 Zeichen)' })
  .refine((value) => /^https?:\/\//.test(value), {
    error: 'Bitte eine http(s)-Adresse angeben',
  });

export const isoDay = z
  .string({ error: 'Bitte ein Datum angeben' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Datum im Format JJJJ-MM-TT' })
  .refine(
    (value) => {
      const [year, month, day] = value.split('-').map(Number) as [number, number, number];
      const date = new Date(Date.UTC(year, month - 1, day));
      return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    },
    { error: 'Dieses Datum gibt es nicht' },
  );

/** A one-line text of up to `max` characters; at least one unless `optional`. */
function line(label: string, max: number, optional = false) {
  const text = plainText(z.string({ error: `Bitte ${label} angeben` }).trim()).max(max, {
    error: `Höchstens ${max} Zeichen`,
  });
  return optional ? text : text.min(1, { error: `Bitte ${label} angeben` });
}

/** The legal data an admin edits here (the VAT id is not among them: it is billing data). */
export const legalDataSchema = z.object({
  /** Business name, e.g. 'housnkuh'. */
  operatorName: line('den Namen des Betreibers', 120),
  /** Owner or managing director(s), e.g. 'Eva Muster'; empty until an admin sets it. */
  ownerName: line('den Inhaber', 200, true),
  /** e.g. 'Einzelunternehmen', 'GmbH'. */
  legalForm: line('die Rechtsform', 60, true),
  /** Register court and number, e.g. 'Amtsgericht Coburg, HRB 1234', if registered. */
  registerEntry: line('den Registereintrag', 120, true),
  /** Responsible for editorial content (§ 18 Abs. 2 MStV); empty: the owner. */
  contentResponsible: line('die verantwortliche Person', 200, true),
});
export type LegalData = z.infer<typeof legalDataSchema>;

/** The answer when a client still sends the VAT id with the legal data. */
export const VAT_ID_ELSEWHERE =
  'Die USt-IdNr. steht in den Abrechnungsdaten (Einstellungen → Abrechnung) und wird dort geändert.';

export const siteSettingsSchema = z.object({
  shopName: line('den Namen des Ladens', 60),
  address: z.object({
    strasse: line('die Straße', 120),
    hausnummer: line('die Hausnummer', 10),
    plz: z
      .string({ error: 'Bitte eine Postleitzahl mit 5 Ziffern angeben' })
      .regex(/^\d{5}$/, { error: 'Bitte eine Postleitzahl mit 5 Ziffern angeben' }),
    ort: line('den Ort', 100),
  }),
  coordinates: z.object({
    lat: z
      .number({ error: 'Bitte einen Breitengrad zwischen -90 und 90 angeben' })
      .min(-90, { error: 'Bitte einen Breitengrad zwischen -90 und 90 angeben' })
      .max(90, { error: 'Bitte einen Breitengrad zwischen -90 und 90 angeben' }),
    lng: z
      .number({ error: 'Bitte einen Längengrad zwischen -180 und 180 angeben' })
      .min(-180, { error: 'Bitte einen Längengrad zwischen -180 und 180 angeben' })
      .max(180, { error: 'Bitte einen Längengrad zwischen -180 und 180 angeben' }),
  }),
  phone: plainText(z.string({ error: 'Bitte eine Telefonnummer angeben' }).trim())
    .min(3, { error: 'Bitte eine Telefonnummer angeben' })
    .max(40, { error: 'Höchstens 40 Zeichen' }),
  email: z.email({ error: 'Bitte eine gültige E-Mail-Adresse angeben' }),
  openingHours: line('die Öffnungszeiten', 200),
  social: z.object({
    instagram: httpUrl,
    facebook: httpUrl,
    tiktok: httpUrl,
  }),
  /** Address of the Instagram feed widget (an iframe); empty: only the profile link shows. */
  instagramWidgetUrl: z.union([httpUrl, z.literal('')], {
    error: 'Bitte eine http(s)-Adresse angeben oder das Feld leer lassen',
  }),
  /** Leaflet tile template, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
  mapTileUrl: httpUrl,
  mapAttribution: line('den Hinweis zur Karte', 300, true),
  /**
   * Day the shop opens (or opened); null while not fixed ("Die Eröffnung steht
   * bald bevor"). Registrations before it are pre-registrations. Every text
   * about the opening comes from it through shop-phase.ts.
   */
  openingDate: isoDay.nullable(),
  contest: z.object({
    active: z.boolean({ error: 'Bitte ja oder nein angeben' }),
    /** Last day of entries; null: until the shop opens (or the switch goes off). */
    closingDate: isoDay.nullable(),
  }),
  /**
   * Who runs the shop, for the Impressum (§ 5 DDG) and the privacy statement. The VAT id shown
   * with them is no setting: it lives in the billing data (docs/decisions/0048-vat-id-once.md).
   */
  legal: legalDataSchema.extend({
    /**
     * USt-IdNr. per § 27a UStG, if any: read from the billing data (Einstellungen →
     * Abrechnung) whenever the settings are read, never stored with them; '' when none.
     */
    vatId: z.string().default(''),
  }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const siteSettingsResponseSchema = successResponse({
  settings: siteSettingsSchema,
});
