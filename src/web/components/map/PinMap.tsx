import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import './pin-map.css';
import L from 'leaflet';
import 'leaflet.markercluster';
import { useEffect, useRef, useState } from 'react';
import { type GeoBounds, isSearchableArea, roundBounds } from '#domain/map-options.ts';
import { MAP_TEXTS } from '#domain/map-texts.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { createMap, pinIcon } from './tiles';

/** One result on the map: where, whose, and what its popup says below the provider's name. */
export interface MapPin {
  id: string;
  latitude: number;
  longitude: number;
  /** The provider's name: the marker's accessible name and the popup's link text. */
  name: string;
  /** The provider's profile, '/{slug}'. */
  href: string;
  /** Lines under the name (an opening's service and time). */
  details?: readonly string[];
}

/** The continental United States, when there is nothing to show yet. */
const US_CENTRE: L.LatLngTuple = [39.5, -98.35];
const US_ZOOM = 4;
/** A fit around the pins goes no closer than this (a lone pin would otherwise fill the map). */
const FIT_MAX_ZOOM = 13;

const toBounds = (b: GeoBounds) => L.latLngBounds([b.south, b.west], [b.north, b.east]);
const fromBounds = (b: L.LatLngBounds): GeoBounds =>
  roundBounds({ south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() });

/** The popup: the provider's name linking to the profile, then its details. Built as nodes: no HTML from data. */
function popupContent(pin: MapPin, onNavigate: (href: string) => void): HTMLElement {
  const box = document.createElement('div');
  const link = document.createElement('a');
  link.href = pin.href;
  link.textContent = pin.name;
  link.className = 'pin-map-link';
  link.addEventListener('click', (event) => {
    // A plain click stays in the app; a new tab or window (modifier keys) is the browser's.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate(pin.href);
  });
  box.append(link);
  for (const line of pin.details ?? []) {
    const p = document.createElement('p');
    p.textContent = line;
    box.append(p);
  }
  return box;
}

/**
 * Results on a map (Leaflet, loaded only when a map is opened): a marker per pin, clustered, each a
 * button named for its provider (Tab reaches it, Enter opens its popup). The map shows `area` when
 * there is one, else fits the pins. After the person pans or zooms, 'Search this area' hands the
 * map's bounds (4 decimals) to `onSearchArea`; an area wider than the search takes asks to zoom in.
 * Without tiles (offline, blocked) the pins are drawn on the container's plain background.
 */
export function PinMap({
  pins,
  area,
  fitKey,
  label,
  onSearchArea,
  onNavigate,
}: {
  pins: readonly MapPin[];
  /** The searched area ('Search this area', a shared link's bbox); null: fit the pins. */
  area: GeoBounds | null;
  /** Changes with each new search: the map fits its area or pins again then, not on Load more. */
  fitKey: string;
  /** The map region's accessible name. */
  label: string;
  onSearchArea: (area: GeoBounds) => void;
  onNavigate: (href: string) => void;
}) {
  const containerRef = useRef<HTMLElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const clusterRef = useRef<L.MarkerClusterGroup | null>(null);
  const navigateRef = useRef(onNavigate);
  navigateRef.current = onNavigate;
  /** The person moved the map since its last fit: its bounds then, for 'Search this area'. */
  const [moved, setMoved] = useState<GeoBounds | null>(null);
  /** The area the last 'Search this area' sent: its results do not move the map again. */
  const searchedRef = useRef<string | null>(null);
  const fittedRef = useRef<string | null>(null);
  /** A pointer, wheel or key went to the map since its last fit. */
  const byPersonRef = useRef(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = createMap(container, { center: US_CENTRE, zoom: US_ZOOM });
    const cluster = L.markerClusterGroup({ showCoverageOnHover: false });
    map.addLayer(cluster);
    // Moves the person makes (drag, wheel, pinch, the zoom buttons, arrow keys) rather than the map's
    // own fits: only these offer 'Search this area'.
    const markPerson = () => {
      byPersonRef.current = true;
    };
    const events = ['pointerdown', 'wheel', 'touchstart', 'keydown'] as const;
    for (const name of events) container.addEventListener(name, markPerson, { passive: true });
    map.on('moveend', () => {
      if (byPersonRef.current) setMoved(fromBounds(map.getBounds()));
    });
    map.on('popupopen', () => {
      // Opening a popup pans the map to show it: not a move to search again for.
      byPersonRef.current = false;
    });
    mapRef.current = map;
    clusterRef.current = cluster;
    return () => {
      for (const name of events) container.removeEventListener(name, markPerson);
      map.remove();
      mapRef.current = null;
      clusterRef.current = null;
    };
  }, []);

  useEffect(() => {
    const cluster = clusterRef.current;
    if (!cluster) return;
    cluster.clearLayers();
    cluster.addLayers(
      pins.map((pin) => {
        const marker = L.marker([pin.latitude, pin.longitude], {
          keyboard: true,
          title: pin.name,
          alt: pin.name,
          icon: pinIcon(),
        });
        marker.on('add', () => marker.getElement()?.setAttribute('aria-label', pin.name));
        return marker.bindPopup(() => popupContent(pin, (href) => navigateRef.current(href)));
      }),
    );
  }, [pins]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const key = `${fitKey}|${pins.length > 0}`;
    if (fittedRef.current === key) return;
    fittedRef.current = key;
    // The results of 'Search this area' belong where the map already is.
    if (area && searchedRef.current === `${area.south},${area.west},${area.north},${area.east}`) return;
    setMoved(null);
    byPersonRef.current = false;
    if (area) map.fitBounds(toBounds(area));
    else if (pins.length > 0)
      map.fitBounds(L.latLngBounds(pins.map((p) => [p.latitude, p.longitude] as L.LatLngTuple)), {
        padding: [32, 32],
        maxZoom: FIT_MAX_ZOOM,
      });
  }, [area, fitKey, pins]);

  const handleSearchArea = () => {
    if (!moved) return;
    searchedRef.current = `${moved.south},${moved.west},${moved.north},${moved.east}`;
    setMoved(null);
    onSearchArea(moved);
  };

  return (
    <div className="relative isolate h-full">
      <section
        ref={containerRef}
        aria-label={label}
        className="pin-map h-full w-full rounded-2xl border border-app"
      />
      {moved && (
        <div className="pointer-events-none absolute inset-x-0 top-3 z-[1000] flex justify-center px-16">
          {isSearchableArea(moved) ? (
            <Button className="pointer-events-auto shadow-md" onClick={handleSearchArea}>
              {MAP_TEXTS.searchArea}
            </Button>
          ) : (
            <p className="rounded-lg bg-card px-3 py-2 text-sm font-semibold text-app shadow-md">
              {MAP_TEXTS.zoomIn}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
