import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import type { MapProps } from './map-types';

/** A pin drawn in SVG (Leaflet's default icon images do not survive bundling). */
function pinIcon(selected: boolean) {
  const fill = selected ? '#09122c' : '#b7412c';
  return L.divIcon({
    className: 'housnkuh-pin',
    html: `<svg viewBox="0 0 32 44" width="32" height="44" aria-hidden="true"><path d="M16 0C7.2 0 0 7.2 0 16c0 12 16 28 16 28s16-16 16-28C32 7.2 24.8 0 16 0z" fill="${fill}"/><circle cx="16" cy="16" r="6.5" fill="#fff"/></svg>`,
    iconSize: [32, 44],
    iconAnchor: [16, 44],
    popupAnchor: [0, -40],
  });
}

function ViewController({
  center,
  zoom,
  markers,
  selectedId,
  selectedZoom,
  fitBoundsPadding,
}: Pick<
  MapProps,
  'center' | 'zoom' | 'markers' | 'selectedId' | 'selectedZoom' | 'fitBoundsPadding'
>) {
  const map = useMap();
  useEffect(() => {
    const apply = () => {
      const selected = markers.find((marker) => marker.id === selectedId);
      if (selected) {
        map.setView([selected.position.lat, selected.position.lng], selectedZoom ?? 15);
      } else if (fitBoundsPadding !== undefined && markers.length > 1) {
        map.fitBounds(
          L.latLngBounds(markers.map((marker) => [marker.position.lat, marker.position.lng])),
          { padding: [fitBoundsPadding, fitBoundsPadding] },
        );
      } else {
        map.setView([center.lat, center.lng], zoom);
      }
    };
    // Leaflet 1.9 silently drops a setView that arrives during a zoom animation
    // (_tryAnimatedZoom returns early), so a producer chosen right after the
    // list was filtered would not be shown. Such a view waits for the zoom's end.
    if ((map as unknown as { _animatingZoom?: boolean })._animatingZoom) {
      map.once('zoomend', apply);
      return () => {
        map.off('zoomend', apply);
      };
    }
    apply();
    return undefined;
  }, [map, center.lat, center.lng, zoom, markers, selectedId, selectedZoom, fitBoundsPadding]);
  return null;
}

/**
 * Leaflet 1.9 does not cancel a running zoom animation when the map is
 * removed; its timer then fails on the removed panes. Ending the animation
 * flag on unmount makes that timer a no-op.
 */
function StopAnimationsOnUnmount() {
  const map = useMap();
  useEffect(
    () => () => {
      (map as unknown as { _animatingZoom: boolean })._animatingZoom = false;
    },
    [map],
  );
  return null;
}

/** The Leaflet map itself; loaded on demand, only after consent (see MapView). */
export function LeafletMap({
  label,
  center,
  zoom,
  markers,
  className = 'h-80',
  selectedId,
  onSelect,
  selectedZoom,
  fitBoundsPadding,
  tileUrl,
  attribution,
}: MapProps & { tileUrl: string; attribution: string }) {
  const icons = useMemo(() => ({ normal: pinIcon(false), selected: pinIcon(true) }), []);
  return (
    <div role="region" aria-label={label} className={`overflow-hidden rounded-xl ${className}`}>
      <MapContainer
        center={[center.lat, center.lng]}
        zoom={zoom}
        scrollWheelZoom={false}
        className="h-full w-full"
      >
        <TileLayer url={tileUrl} attribution={attribution} />
        {markers.map((marker) => (
          <Marker
            key={marker.id}
            position={[marker.position.lat, marker.position.lng]}
            icon={marker.id === selectedId ? icons.selected : icons.normal}
            title={marker.title}
            alt={marker.title}
            eventHandlers={onSelect ? { click: () => onSelect(marker.id) } : {}}
          >
            <Popup>
              <strong>{marker.title}</strong>
              {marker.description && <p className="m-0">{marker.description}</p>}
            </Popup>
          </Marker>
        ))}
        <StopAnimationsOnUnmount />
        <ViewController
          center={center}
          zoom={zoom}
          markers={markers}
          selectedId={selectedId}
          selectedZoom={selectedZoom}
          fitBoundsPadding={fitBoundsPadding}
        />
      </MapContainer>
    </div>
  );
}
