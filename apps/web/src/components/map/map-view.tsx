import { lazy, Suspense } from 'react';
import { useSiteSettings } from '../../lib/site-settings';
import { ConsentGate } from '../consent-gate';
import type { MapProps } from './map-types';

const LeafletMap = lazy(async () => ({ default: (await import('./leaflet-map')).LeafletMap }));

/** 'OpenStreetMap' for OSM's tile servers, else the tile server's host name. */
export function tileProvider(tileUrl: string): string {
  try {
    const host = new URL(tileUrl.replace(/\{s\}/g, 'a').replace(/\{[a-z]\}/g, '0')).hostname;
    return host.endsWith('openstreetmap.org') ? 'OpenStreetMap' : host;
  } catch {
    return 'einem Kartendienst';
  }
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The attribution as Leaflet shows it; OpenStreetMap asks for a link to its copyright page. */
export function attributionHtml(text: string, provider: string): string {
  const safe = escapeHtml(text);
  return provider === 'OpenStreetMap'
    ? `<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">${safe}</a>`
    : safe;
}

/**
 * A map with markers. Tiles come from the tile server of the site settings and
 * load only after consent (ConsentGate); Leaflet's code loads only then too.
 */
export function MapView(props: MapProps) {
  const settings = useSiteSettings();
  const height = props.className ?? 'h-80';
  const provider = tileProvider(settings.mapTileUrl);
  return (
    <ConsentGate provider={provider} what="die Karte" className={height}>
      <Suspense
        fallback={
          <div className={`flex items-center justify-center rounded-xl bg-sand ${height}`}>
            Karte wird geladen …
          </div>
        }
      >
        <LeafletMap
          {...props}
          tileUrl={settings.mapTileUrl}
          attribution={attributionHtml(settings.mapAttribution, provider)}
        />
      </Suspense>
    </ConsentGate>
  );
}
