import 'leaflet/dist/leaflet.css';
import './pin-map.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { roundCoordinate } from '#domain/map-position-options.ts';
import { createMap, pinIcon } from './tiles';

export interface PinPosition {
  latitude: number;
  longitude: number;
}

/** Close enough to place a pin to the street (the pin is kept to about 100 m anyway). */
const PICK_ZOOM = 14;

/**
 * A map to place one pin on (Leaflet, loaded with the first map shown): a click or tap puts the pin
 * there, and the pin can be dragged. Each place goes to `onPick` rounded as the server keeps it. The
 * map follows `value` when it changes from outside (the number fields beside it, which stay the way
 * to place a pin by keyboard).
 */
export function PinPicker({
  value,
  start,
  label,
  describedBy,
  onPick,
}: {
  /** The pin, or null before one is placed. */
  value: PinPosition | null;
  /** Where the map opens without a pin: the zip's centre. */
  start: PinPosition;
  /** The map region's accessible name. */
  label: string;
  /** The id of the text saying how to place the pin. */
  describedBy?: string;
  onPick: (position: PinPosition) => void;
}) {
  const containerRef = useRef<HTMLElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const pickRef = useRef(onPick);
  pickRef.current = onPick;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is made once; `value` moves the marker below
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const first = value ?? start;
    const map = createMap(container, { center: [first.latitude, first.longitude], zoom: PICK_ZOOM });
    const pick = (at: L.LatLng) =>
      pickRef.current({ latitude: roundCoordinate(at.lat), longitude: roundCoordinate(at.lng) });
    map.on('click', (event: L.LeafletMouseEvent) => pick(event.latlng));
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!value) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    const at: L.LatLngTuple = [value.latitude, value.longitude];
    if (!markerRef.current) {
      const marker = L.marker(at, { draggable: true, keyboard: false, title: label, icon: pinIcon() });
      marker.on('dragend', () => {
        const moved = marker.getLatLng();
        pickRef.current({ latitude: roundCoordinate(moved.lat), longitude: roundCoordinate(moved.lng) });
      });
      markerRef.current = marker.addTo(map);
    } else {
      markerRef.current.setLatLng(at);
    }
    if (!map.getBounds().contains(at)) map.panTo(at);
  }, [value, label]);

  return (
    <section
      ref={containerRef}
      aria-label={label}
      aria-describedby={describedBy}
      className="pin-map h-full w-full rounded-2xl border border-app"
    />
  );
}
