import zipcodes from 'zipcodes';

/**
 * US zip code → centroid, from the `zipcodes` package (42,555 US zips; BSD licence; its data comes
 * from the US Census/GeoNames zip tables). Loaded in memory once: a lookup is a hash-map read.
 */
export interface ZipPlace {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

export function lookupZip(zip: string): ZipPlace | null {
  if (!/^\d{5}$/.test(zip)) return null;
  const place = zipcodes.lookup(zip);
  if (place?.country !== 'US' || !Number.isFinite(place.latitude)) return null;
  return {
    zip: place.zip,
    latitude: place.latitude,
    longitude: place.longitude,
    city: place.city,
    state: place.state,
  };
}

/**
 * The zip a location text names: the last 5-digit group that is a real zip code
 * ('1234 Main St, Austin, TX 78701' → 78701; a house number like 12345 is skipped if it is not a zip).
 */
export function zipFromLocation(location: string): ZipPlace | null {
  const groups = [...location.matchAll(/(?:^|[^\d])(\d{5})(?:-\d{4})?(?!\d)/g)].map((m) => m[1]!);
  for (const zip of groups.reverse()) {
    const place = lookupZip(zip);
    if (place) return place;
  }
  return null;
}

let usZips: ZipPlace[] | null = null;

/**
 * Every US zip with a real centroid, built once on first use (about 42,000). The military APO/FPO
 * zips sit at 0°, 0° in the table: no position is near them.
 */
export function allUsZips(): ZipPlace[] {
  usZips ??= Object.values(zipcodes.codes)
    .filter(
      (c) =>
        c.country === 'US' &&
        Number.isFinite(c.latitude) &&
        Number.isFinite(c.longitude) &&
        !(c.latitude === 0 && c.longitude === 0),
    )
    .map((c) => ({ zip: c.zip, latitude: c.latitude, longitude: c.longitude, city: c.city, state: c.state }));
  return usZips;
}

const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle miles between two positions (haversine). */
export function milesBetweenPoints(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The US zip whose centroid is nearest a position, within maxMiles, or null ('Use my location').
 * Offline, from the same table as lookupZip: a scan of about 42,000 centroids (a few milliseconds),
 * skipping most by latitude before any trigonometry.
 */
export function nearestZip(
  position: { latitude: number; longitude: number },
  maxMiles: number,
): { place: ZipPlace; miles: number } | null {
  const latitudeSlack = maxMiles / 69; // a degree of latitude is about 69 miles everywhere
  let best: { place: ZipPlace; miles: number } | null = null;
  for (const place of allUsZips()) {
    if (Math.abs(place.latitude - position.latitude) > latitudeSlack) continue;
    const miles = milesBetweenPoints(position, place);
    if (miles <= maxMiles && (!best || miles < best.miles)) best = { place, miles };
  }
  return best;
}
