import type { PublicVendor } from '@housnkuh/shared/schemas/directory';
import { normalizeForSearch } from '@housnkuh/shared/search';
import type { LatLng } from '@housnkuh/shared/address';
import { searchableText } from './vendor-format';

/** Centre of Germany: the map's view when there is no marker (spec §9). */
export const GERMANY_CENTER: LatLng = { lat: 51.1657, lng: 10.4515 };
export const MAP_ZOOM = { none: 6, one: 13, many: 10, selected: 15 } as const;
const FIT_BOUNDS_PADDING = 20;
/** The map page loads up to this many producers in one request (spec §9). */
export const MAP_VENDOR_LIMIT = 100;
/** Pause between two geocoding requests (spec §9). */
export const GEOCODE_PAUSE_MS = 500;

/**
 * The producers matching the map page's search (name, company or town;
 * umlaut-insensitive) and categories (any of them, by tag slug).
 */
export function filterMapVendors(
  vendors: readonly PublicVendor[],
  search: string,
  categories: ReadonlySet<string>,
): PublicVendor[] {
  const needle = normalizeForSearch(search);
  return vendors.filter(
    (vendor) =>
      (!needle || searchableText(vendor).includes(needle)) &&
      (categories.size === 0 || vendor.tags.some((tag) => categories.has(tag.slug))),
  );
}

/**
 * Where the map looks (spec §9): Germany at zoom 6 without markers, the one
 * marker at zoom 13, all markers fitted (padding 20, zoom 10 until fitted)
 * when there are several. A selected marker is shown at zoom 15 by the map.
 */
export function mapViewFor(positions: readonly LatLng[]): {
  center: LatLng;
  zoom: number;
  fitBoundsPadding?: number;
} {
  if (positions.length === 0) return { center: GERMANY_CENTER, zoom: MAP_ZOOM.none };
  if (positions.length === 1) return { center: positions[0]!, zoom: MAP_ZOOM.one };
  const sum = positions.reduce((acc, p) => ({ lat: acc.lat + p.lat, lng: acc.lng + p.lng }), {
    lat: 0,
    lng: 0,
  });
  return {
    center: { lat: sum.lat / positions.length, lng: sum.lng / positions.length },
    zoom: MAP_ZOOM.many,
    fitBoundsPadding: FIT_BOUNDS_PADDING,
  };
}
