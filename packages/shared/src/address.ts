/**
 * Addresses and map positions, the same on the server (geocoding) and in the
 * browser (directory, profile, map), so both ask the geocoder with the same text.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

export interface AddressParts {
  strasse?: string | null;
  hausnummer?: string | null;
  plz?: string | null;
  ort?: string | null;
}

/** 'Hauptstraße 3' and '96317 Kronach', each left out when empty. */
export function addressLines(parts: AddressParts): string[] {
  const street = [parts.strasse, parts.hausnummer].filter((p) => p?.trim()).join(' ');
  const town = [parts.plz, parts.ort].filter((p) => p?.trim()).join(' ');
  return [street, town].filter(Boolean);
}

/** 'Hauptstraße 3, 96317 Kronach' (also what is sent to the geocoder), or '' when unknown. */
export function addressText(parts: AddressParts): string {
  return addressLines(parts).join(', ');
}

/**
 * Coordinates that can be shown: present, finite, in range, and not the
 * (0, 0) placeholder, which counts as missing (spec §9).
 */
export function usableCoordinates(koordinaten: LatLng | null | undefined): LatLng | null {
  if (!koordinaten) return null;
  const { lat, lng } = koordinaten;
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (lat === 0 && lng === 0) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}
