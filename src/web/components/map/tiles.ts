import L from 'leaflet';
import { MAP_TEXTS } from '#domain/map-texts.ts';

/**
 * The tile address the server's MAP_TILE_URL gives the page in a meta tag (src/server/plugins/web.ts);
 * OpenStreetMap's own tiles without one (the Vite dev server, component tests).
 */
function tileUrl(): string {
  const url = document.querySelector('meta[name="glowfind-map-tile-url"]')?.getAttribute('content')?.trim();
  return url && /^https?:\/\//i.test(url) ? url : MAP_TEXTS.defaultTileUrl;
}

/** A Leaflet map of ours: keyboard on, MAP_TILE_URL's tiles with the attribution they require. */
export function createMap(container: HTMLElement, view: { center: L.LatLngTuple; zoom: number }): L.Map {
  const map = L.map(container, { ...view, keyboard: true });
  map.attributionControl.setPrefix(false);
  L.tileLayer(tileUrl(), {
    maxZoom: 19,
    attribution: `<a href="${MAP_TEXTS.copyrightUrl}">${MAP_TEXTS.attribution}</a>`,
  }).addTo(map);
  return map;
}

/** The pin every map of ours draws (pin-map.css). */
export const pinIcon = (): L.DivIcon =>
  L.divIcon({
    className: 'pin-map-pin',
    html: '<span aria-hidden="true"></span>',
    iconSize: [24, 24],
    iconAnchor: [12, 24],
    popupAnchor: [0, -22],
  });
