import { placeSlugOf } from '#domain/places-options.ts';
import { allUsZips, milesBetweenPoints } from '#server/lib/zip-lookup.ts';

/**
 * The places landing pages are for: US cities as the zip table names them (city and state of each
 * zip), keyed by their slug ('beverly-hills-ca'). Spellings that make one slug ('Winston-Salem',
 * 'Winston Salem') are one place, named by the spelling most of its zips use. Built once, in memory
 * (about 30,000 places from 42,000 zips).
 */
export interface City {
  slug: string;
  city: string;
  state: string;
  zips: string[];
  /** The mean of its zips' centroids: what 'nearby' measures from. */
  latitude: number;
  longitude: number;
}

interface PlaceIndex {
  bySlug: Map<string, City>;
  byZip: Map<string, City>;
  /** Sorted by latitude, for the nearby scan. */
  byLatitude: City[];
}

let index: PlaceIndex | null = null;

function build(): PlaceIndex {
  const groups = new Map<
    string,
    { names: Map<string, number>; zips: { zip: string; lat: number; lon: number }[] }
  >();
  for (const z of allUsZips()) {
    const slug = placeSlugOf(z.city, z.state);
    let group = groups.get(slug);
    if (!group) {
      group = { names: new Map(), zips: [] };
      groups.set(slug, group);
    }
    const name = `${z.city}\u0000${z.state}`;
    group.names.set(name, (group.names.get(name) ?? 0) + 1);
    group.zips.push({ zip: z.zip, lat: z.latitude, lon: z.longitude });
  }
  const bySlug = new Map<string, City>();
  const byZip = new Map<string, City>();
  for (const [slug, group] of groups) {
    const [name] = [...group.names].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
    const [city, state] = name.split('\u0000') as [string, string];
    const n = group.zips.length;
    const place: City = {
      slug,
      city,
      state,
      zips: group.zips.map((z) => z.zip).sort(),
      latitude: group.zips.reduce((sum, z) => sum + z.lat, 0) / n,
      longitude: group.zips.reduce((sum, z) => sum + z.lon, 0) / n,
    };
    bySlug.set(slug, place);
    for (const zip of place.zips) byZip.set(zip, place);
  }
  const byLatitude = [...bySlug.values()].sort((a, b) => a.latitude - b.latitude);
  return { bySlug, byZip, byLatitude };
}

const places = () => {
  index ??= build();
  return index;
};

/** The place a slug names, or null. */
export const cityOfSlug = (slug: string): City | null => places().bySlug.get(slug) ?? null;

/** The place a zip lies in, or null for a zip the table does not have. */
export const cityOfZip = (zip: string): City | null => places().byZip.get(zip) ?? null;

/** Other places whose centre is within `miles` of this one's, nearest first, with the distance. */
export function citiesNear(place: City, miles: number): { place: City; miles: number }[] {
  const list = places().byLatitude;
  const slack = miles / 69; // a degree of latitude is about 69 miles
  // The first place at or above the lower latitude bound (binary search).
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.latitude < place.latitude - slack) lo = mid + 1;
    else hi = mid;
  }
  const near: { place: City; miles: number }[] = [];
  for (let i = lo; i < list.length && list[i]!.latitude <= place.latitude + slack; i++) {
    const other = list[i]!;
    if (other === place) continue;
    const d = milesBetweenPoints(place, other);
    if (d <= miles) near.push({ place: other, miles: d });
  }
  return near.sort((a, b) => a.miles - b.miles || (a.place.slug < b.place.slug ? -1 : 1));
}
