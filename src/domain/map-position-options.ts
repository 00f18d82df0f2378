/**
 * The map's texts: the area a search may cover ('search this area'), and where a provider shows on
 * it (their zip's centre, or a pin they placed). No zod here, so pages can show the texts without the
 * schemas (those are in map-area.ts); the limits are in map-options.ts.
 */
import { MAP_LIMITS } from './map-options';

export const MAP_TEXTS = {
  areaInvalid: 'The map area must be four numbers in degrees: south, west, north and east',
  areaIncomplete: 'The map area needs all of south, west, north and east',
  latitudeRange: 'Latitudes must be between -90 and 90',
  longitudeRange: 'Longitudes must be between -180 and 180',
  areaOrder: 'The map area must have its south below its north and its west before its east',
  areaTooLarge: 'The map area is too large: zoom in to search it',
  areaWithZip: 'Search either the map area or a zip code, not both',
  savedSearchArea: 'A saved search needs a zip code: save it without the map area',
  pinNumbers: 'Enter the latitude and longitude as numbers',
  pinTooFar: `Your pin must be within ${MAP_LIMITS.pinMaxMiles} miles of your zip code's centre`,
  pinNeedsZip: 'Add your zip code to your profile before placing your pin',
  pinSaved: 'Your pin is saved: you show on the map there (to about 100 m)',
  zipCentreSaved: "You show on the map at your zip code's centre",
  /** Section and options of the account page's setting. */
  heading: 'Map position',
  atZipCentre: "Show me at my zip's centre",
  atZipCentreHint: 'Good for people working from home: only the area shows, never your address.',
  ownPin: 'Place my pin',
  ownPinHint: 'Your pin is rounded to about 100 m and must be within 30 miles of your zip.',
  /** The pin picker's accessible name, and how to use it. */
  pinMapLabel: 'Map to place your pin',
  pinMapHint:
    'Click or tap the map to place your pin, then drag it if needed; or type its latitude and longitude.',
} as const;

/** What the reply of a profile save says when a zip change moved the provider's pin to its centre. */
export const pinResetText = (zip: string | null) =>
  zip
    ? `Your zip code changed, so your map pin moved to the centre of ${zip}`
    : 'Your zip code was removed, so your map pin was removed too';

/** A coordinate rounded to MAP_LIMITS.decimals, half away from zero (as PostgreSQL's round does). */
export function roundCoordinate(degrees: number): number {
  const scale = 10 ** MAP_LIMITS.decimals;
  return (Math.sign(degrees) * Math.round(Math.abs(degrees) * scale)) / scale || 0;
}
