import { describe, expect, it } from 'vitest';
import {
  chordOfDistance,
  cubeLiteral,
  distanceMeters,
  distanceOfChord,
  EARTH_RADIUS_M,
  earthBox,
  llToEarth,
  METERS_PER_MILE,
} from './geo';

describe('earthdistance geometry', () => {
  it('places points on the sphere of radius earth()', () => {
    const [x, y, z] = llToEarth(30.2672, -97.7431);
    expect(Math.hypot(x, y, z)).toBeCloseTo(EARTH_RADIUS_M, 3);
    expect(llToEarth(90, 0)[2]).toBeCloseTo(EARTH_RADIUS_M, 3);
  });

  it('measures great-circle distance like earth_distance', () => {
    // One degree of latitude on a sphere of radius 6378168 m.
    expect(distanceMeters({ latitude: 35, longitude: -95 }, { latitude: 36, longitude: -95 })).toBeCloseTo(
      (Math.PI / 180) * EARTH_RADIUS_M,
      3,
    );
    // Downtown Austin to Georgetown, TX (zip centroids 78701 and 78626).
    const miles =
      distanceMeters({ latitude: 30.2713, longitude: -97.7426 }, { latitude: 30.6327, longitude: -97.6772 }) /
      METERS_PER_MILE;
    expect(miles).toBeGreaterThan(25);
    expect(miles).toBeLessThan(25.5);
  });

  it('turns distances into chords and back', () => {
    for (const meters of [0, 1, 40_233.6, 1_000_000, 15_000_000]) {
      expect(distanceOfChord(chordOfDistance(meters))).toBeCloseTo(meters, 3);
    }
    expect(chordOfDistance(-5)).toBe(0);
    expect(chordOfDistance(1e9)).toBe(2 * EARTH_RADIUS_M);
  });

  it('writes cube literals the cube type reads', () => {
    expect(cubeLiteral([1, 2.5, -3])).toBe('(1, 2.5, -3)');
    const box = earthBox([0, 0, 0], 10);
    const r = chordOfDistance(10);
    expect(box).toBe(`(${-r}, ${-r}, ${-r}),(${r}, ${r}, ${r})`);
  });
});
