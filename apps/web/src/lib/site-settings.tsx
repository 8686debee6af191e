import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { INITIAL_SITE_SETTINGS } from '@housnkuh/shared/site-settings';
import { useQuery } from '@tanstack/react-query';

function looksLikeSettings(value: unknown): value is SiteSettings {
  if (typeof value !== 'object' || value === null) return false;
  return Object.keys(INITIAL_SITE_SETTINGS).every((key) => key in value);
}

/**
 * The settings the server put into the page (see apps/server/src/plugins/web.ts).
 * They come from our own server with the page, so a shape check suffices here;
 * keeping zod out of this path keeps the first bundle small.
 */
export function embeddedSettings(): SiteSettings | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById('site-settings');
  if (!element?.textContent) return undefined;
  try {
    const value: unknown = JSON.parse(element.textContent);
    return looksLikeSettings(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

const embedded = embeddedSettings();

async function fetchSettings(): Promise<SiteSettings> {
  const [{ apiRequest }, { siteSettingsResponseSchema }] = await Promise.all([
    import('./api'),
    import('@housnkuh/shared/schemas/settings'),
  ]);
  return (await apiRequest('/settings/public', { schema: siteSettingsResponseSchema })).settings;
}

/**
 * The shop's name, contact data and switches: from the page the server
 * delivered, or, where there is none (the Vite dev server), from the API.
 */
export const SITE_SETTINGS_QUERY_KEY = ['site-settings'] as const;

/** Outside React: the settings of the page, or the first values where the page has none. */
export function readSiteSettings(): SiteSettings {
  return embedded ?? INITIAL_SITE_SETTINGS;
}

export function useSiteSettings(): SiteSettings {
  const { data } = useQuery({
    queryKey: SITE_SETTINGS_QUERY_KEY,
    queryFn: fetchSettings,
    enabled: !embedded,
    initialData: embedded,
    staleTime: Infinity,
  });
  return data ?? INITIAL_SITE_SETTINGS;
}

export function formatAddress(settings: SiteSettings): string {
  const a = settings.address;
  return `${a.strasse} ${a.hausnummer}, ${a.plz} ${a.ort}`;
}

/** '09261 000000' → 'tel:+499261000000' */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('0') ? `+49${digits.slice(1)}` : digits}`;
}
