import type { PublicVendor } from '@housnkuh/shared/schemas/directory';
import { ExternalLink, LoaderCircle, MapPinOff } from 'lucide-react';
import { useMemo } from 'react';
import { MapView } from '../../../../components/map/map-view';
import type { MapMarker } from '../../../../components/map/map-types';
import { useGeocode } from '../api/geocode';
import { MAP_ZOOM } from '../map-filter';
import { addressText, usableCoordinates } from '@housnkuh/shared/address';
import { displayName, geocodableAddress } from '../vendor-format';

function openStreetMapSearchUrl(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}

/**
 * The producer's location on a map (zoom 15). Without usable coordinates the
 * server is asked once to geocode the address; when that finds nothing, a link
 * searches the address on OpenStreetMap.
 */
export function VendorLocation({ vendor }: { vendor: PublicVendor }) {
  const own = usableCoordinates(vendor.adresse.koordinaten);
  const address = geocodableAddress(vendor);
  const geocode = useGeocode(own ? null : address);
  const position = own ?? geocode.data ?? null;
  const lat = position?.lat;
  const lng = position?.lng;
  const name = displayName(vendor);
  const text = addressText(vendor.adresse);
  // built from the numbers, so a new render does not move the map back
  const markers = useMemo<MapMarker[]>(
    () =>
      lat !== undefined && lng !== undefined
        ? [
            {
              id: vendor.id,
              position: { lat, lng },
              title: name,
              ...(text ? { description: text } : {}),
            },
          ]
        : [],
    [lat, lng, vendor.id, name, text],
  );

  if (markers[0]) {
    return (
      <MapView
        label={`Karte: Standort von ${name}`}
        center={markers[0].position}
        zoom={MAP_ZOOM.selected}
        markers={markers}
        className="h-72 md:h-80"
      />
    );
  }
  if (address && geocode.isPending) {
    return (
      <div
        role="status"
        className="flex h-40 items-center justify-center gap-3 rounded-xl bg-sand text-gray-800"
      >
        <LoaderCircle aria-hidden="true" className="h-6 w-6 animate-spin text-coral-dark" />
        Standort wird gesucht …
      </div>
    );
  }
  return (
    <div className="rounded-xl bg-sand p-5 text-gray-800">
      <p className="flex items-center gap-2">
        <MapPinOff aria-hidden="true" className="h-5 w-5 shrink-0 text-coral-dark" />
        Der Standort kann gerade nicht auf der Karte gezeigt werden.
      </p>
      {address && (
        <p className="mt-2">
          <a
            href={openStreetMapSearchUrl(address)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 font-semibold text-coral-darker underline underline-offset-2"
          >
            Adresse auf OpenStreetMap suchen
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">(öffnet in neuem Tab)</span>
          </a>
        </p>
      )}
    </div>
  );
}
