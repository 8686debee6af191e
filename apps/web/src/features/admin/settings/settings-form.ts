import {
  siteSettingsSchema,
  type LegalData,
  type SiteSettings,
} from '@housnkuh/shared/schemas/settings';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** The settings as the form holds them: every field a string (a box ticked or not). */
export interface SettingsFormValues {
  shopName: string;
  phone: string;
  email: string;
  openingHours: string;
  openingDate: string;
  address: { strasse: string; hausnummer: string; plz: string; ort: string };
  coordinates: { lat: string; lng: string };
  social: { instagram: string; facebook: string; tiktok: string };
  instagramWidgetUrl: string;
  mapTileUrl: string;
  mapAttribution: string;
  contest: { active: boolean; closingDate: string };
  /** Without the VAT id: it lives in the billing data (shown read-only beside the form). */
  legal: LegalData;
}

export function toFormValues(settings: SiteSettings): SettingsFormValues {
  const { vatId: _billingData, ...legal } = settings.legal;
  return {
    ...settings,
    legal,
    openingDate: settings.openingDate ?? '',
    coordinates: {
      lat: String(settings.coordinates.lat).replace('.', ','),
      lng: String(settings.coordinates.lng).replace('.', ','),
    },
    contest: { active: settings.contest.active, closingDate: settings.contest.closingDate ?? '' },
  };
}

/** '50,2411' or '50.2411' → 50.2411; anything else NaN (the schema's message). */
function decimal(value: string): number {
  const text = value.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

export function toSettings(values: SettingsFormValues): unknown {
  return {
    ...values,
    openingDate: values.openingDate.trim() || null,
    coordinates: { lat: decimal(values.coordinates.lat), lng: decimal(values.coordinates.lng) },
    contest: {
      active: values.contest.active,
      closingDate: values.contest.closingDate.trim() || null,
    },
  };
}

/** Validates the form with the server's own schema, messages beside the fields. */
export const settingsResolver: Resolver<SettingsFormValues> = async (values) => {
  const parsed = siteSettingsSchema.safeParse(toSettings(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of parsed.error.issues) {
    let node = errors;
    const path = issue.path.map(String);
    path.forEach((key, index) => {
      if (index === path.length - 1) {
        node[key] ??= { type: 'validate', message: issue.message };
      } else {
        node = (node[key] ??= {}) as Record<string, unknown>;
      }
    });
  }
  return { values: {}, errors: errors as FieldErrors<SettingsFormValues> };
};
