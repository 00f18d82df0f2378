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
