export interface LatLng {
  lat: number;
  lng: number;
}

/** A marker on a map (spec §3 "Map marker"). */
export interface MapMarker {
  id: string;
  position: LatLng;
  title: string;
  description?: string;
}

export interface MapProps {
  /** What the map shows, for screen readers, e.g. 'Karte: So findest du housnkuh'. */
  label: string;
  center: LatLng;
  zoom: number;
  markers: MapMarker[];
  /** Height via classes, e.g. 'h-80'. */
  className?: string;
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  /** Zoom to the selected marker (spec §9: 15). */
  selectedZoom?: number;
  /** Show all markers, with this padding in px (spec §9: 20). */
  fitBoundsPadding?: number;
}
