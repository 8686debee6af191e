import type { PublicTag, PublicVendor } from '@housnkuh/shared/schemas/directory';
import { addressText, usableCoordinates } from '@housnkuh/shared/address';
import { normalizeForSearch } from '@housnkuh/shared/search';

/**
 * How a producer is shown: pure helpers shared by the directory, the profile
 * and the map.
 */

/** The company, or the person's name when there is none. */
export function displayName(vendor: Pick<PublicVendor, 'name' | 'unternehmen'>): string {
  return vendor.unternehmen?.trim() || vendor.name;
}

/** True when the producer has no usable coordinates but an address to look them up with. */
export function needsGeocoding(vendor: Pick<PublicVendor, 'adresse'>): boolean {
  return (
    usableCoordinates(vendor.adresse.koordinaten) === null && geocodableAddress(vendor) !== null
  );
}

/** The address to geocode, or null when it is too short for the geocoder (under 3 characters). */
export function geocodableAddress(vendor: Pick<PublicVendor, 'adresse'>): string | null {
  const text = addressText(vendor.adresse);
  return text.length >= 3 ? text.slice(0, 200) : null;
}

const IMAGE_PATH = /^(\/api\/images\/[0-9a-zA-Z-]+\/)\d+$/;

/** The same picture in another width ('/api/images/<id>/192' → '/api/images/<id>/384'). */
export function imageVariant(url: string, width: number): string {
  const match = IMAGE_PATH.exec(url);
  return match ? `${match[1]}${width}` : url;
}

/** A srcset over the widths the server keeps, or undefined for a picture from elsewhere. */
export function imageSrcSet(url: string, widths: readonly number[]): string | undefined {
  if (!IMAGE_PATH.test(url)) return undefined;
  return widths.map((width) => `${imageVariant(url, width)} ${width}w`).join(', ');
}

export const PROFILE_IMAGE_WIDTHS = [96, 192, 384] as const;
export const BANNER_IMAGE_WIDTHS = [640, 1280] as const;

/**
 * A link target for a web address as a producer typed it: 'hof.de' becomes
 * 'https://hof.de'; anything but http(s) (e.g. 'javascript:') is refused.
 */
export function safeWebUrl(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.')) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** 'https://www.hof.example/' → 'www.hof.example' (what a link shows). */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname === '/' ? '' : parsed.pathname.replace(/\/$/, '');
    return `${parsed.hostname}${path}`;
  } catch {
    return url;
  }
}

/**
 * A social profile: a full address as given, or a bare handle ('@hof',
 * 'hof_mueller') on the network's site.
 */
export function socialUrl(
  value: string | null | undefined,
  network: 'facebook' | 'instagram',
): string | null {
  const text = value?.trim();
  if (!text) return null;
  const handle = /^@?([A-Za-z0-9._-]{1,80})$/.exec(text);
  if (handle && !handle[1]!.includes('.')) {
    const base =
      network === 'facebook' ? 'https://www.facebook.com/' : 'https://www.instagram.com/';
    return `${base}${handle[1]}`;
  }
  return safeWebUrl(text);
}

/** Paragraphs of a text, split at blank lines. */
export function paragraphs(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The first `max` tags and how many are left over. */
export function visibleTags(
  tags: readonly PublicTag[],
  max: number,
): { shown: PublicTag[]; rest: number } {
  return { shown: tags.slice(0, max), rest: Math.max(0, tags.length - max) };
}

/** A colour usable in a style attribute: '#abc' or '#aabbcc', else null. */
export function safeColor(color: string | null | undefined): string | null {
  return color && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(color) ? color : null;
}

/** Text a search can look in: name, company and town, normalised (umlauts, ß, ae/oe/ue). */
export function searchableText(vendor: Pick<PublicVendor, 'name' | 'unternehmen' | 'adresse'>) {
  return normalizeForSearch(
    [vendor.name, vendor.unternehmen ?? '', vendor.adresse.ort ?? ''].join(' '),
  );
}
