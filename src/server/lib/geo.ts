/**
 * The earthdistance extension's geometry, computed here so a search sends its centre, box and
 * radius as constants: inlining ll_to_earth/earth_box/earth_distance (SQL functions) several times
 * per statement cost the planner about a millisecond. Same formulas as the extension: points on a
 * sphere of radius earth() in 3-D (a `cube`), chord ("secant") length between two points, and
 * great-circle distance = 2R·asin(chord / 2R).
 */

import type { MapArea } from '#domain/map-area.ts';

/** earth() of the earthdistance extension, in meters. */
export const EARTH_RADIUS_M = 6378168;
export const METERS_PER_MILE = 1609.344;

export type EarthPoint = readonly [number, number, number];

const rad = (deg: number) => (deg * Math.PI) / 180;

/** ll_to_earth(latitude, longitude). */
export function llToEarth(latitude: number, longitude: number): EarthPoint {
  const lat = rad(latitude);
  const lon = rad(longitude);
  return [
    EARTH_RADIUS_M * Math.cos(lat) * Math.cos(lon),
    EARTH_RADIUS_M * Math.cos(lat) * Math.sin(lon),
    EARTH_RADIUS_M * Math.sin(lat),
  ];
}

/** gc_to_sec: the chord length of a great-circle distance. */
export function chordOfDistance(meters: number): number {
  if (meters <= 0) return 0;
  if (meters / EARTH_RADIUS_M > Math.PI) return 2 * EARTH_RADIUS_M;
  return 2 * EARTH_RADIUS_M * Math.sin(meters / (2 * EARTH_RADIUS_M));
}

/** sec_to_gc: the great-circle distance of a chord length. */
export function distanceOfChord(chord: number): number {
  if (chord <= 0) return 0;
  if (chord >= 2 * EARTH_RADIUS_M) return Math.PI * EARTH_RADIUS_M;
  return 2 * EARTH_RADIUS_M * Math.asin(chord / (2 * EARTH_RADIUS_M));
}

/** earth_distance(ll_to_earth(a), ll_to_earth(b)) in meters. */
export function distanceMeters(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const p = llToEarth(a.latitude, a.longitude);
  const q = llToEarth(b.latitude, b.longitude);
  return distanceOfChord(Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]));
}

/** A cube literal: '(x, y, z)' for a point, '(x1, y1, z1),(x2, y2, z2)' for a box. */
export function cubeLiteral(lower: EarthPoint, upper?: EarthPoint): string {
  const point = (p: EarthPoint) => `(${p.map((v) => String(v)).join(', ')})`;
  return upper ? `${point(lower)},${point(upper)}` : point(lower);
}

/** earth_box(centre, meters): the cube around the circle, the GiST-indexable pre-filter. */
export function earthBox(center: EarthPoint, meters: number): string {
  const r = chordOfDistance(meters);
  return cubeLiteral(
    [center[0] - r, center[1] - r, center[2] - r],
    [center[0] + r, center[1] + r, center[2] + r],
  );
}

/** The centre of a map area (the midpoint of its latitudes and of its longitudes). */
export const areaCenter = (area: MapArea) => ({
  latitude: (area.south + area.north) / 2,
  longitude: (area.west + area.east) / 2,
});

/**
 * The radius of the circle around the area's centre that holds the whole area: its farthest corner
 * (a corner of the edge nearer the equator is the farthest), with a margin: it only bounds the
 * index's pre-filter, the area's own bounds decide.
 */
export function areaRadiusMeters(area: MapArea): number {
  const center = areaCenter(area);
  const corners = [
    { latitude: area.south, longitude: area.west },
    { latitude: area.south, longitude: area.east },
    { latitude: area.north, longitude: area.west },
    { latitude: area.north, longitude: area.east },
  ];
  return Math.max(...corners.map((c) => distanceMeters(center, c))) * 1.01 + 1;
}
