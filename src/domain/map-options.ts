/**
 * The results map's limits and its area in a URL (`bbox=south,west,north,east`, degrees). No zod here:
 * the home page's first load reads a shared link's area with these (its texts are in map-texts.ts,
 * which only the map's own chunk loads).
 */

/** An area of the map, in degrees. */
export interface GeoBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

export const MAP_LIMITS = {
  /** The widest area a search takes, each way (about 100 miles north to south). */
  bboxMaxSpan: 1.5,
  /** Decimals an area is rounded to (about 11 m). */
  bboxDecimals: 4,
  /** Positions are shown and pins stored to this many decimals (about 100 m). */
  decimals: 3,
  /** A pin lies within this many miles of the profile's zip centre. */
  pinMaxMiles: 30,
} as const;

const round = (value: number) => Number(value.toFixed(MAP_LIMITS.bboxDecimals));

/** The area rounded to 4 decimals. */
export const roundBounds = (b: GeoBounds): GeoBounds => ({
  south: round(b.south),
  west: round(b.west),
  north: round(b.north),
  east: round(b.east),
});

/** South below north, west of east, within the globe and at most 1.5° each way. */
export function isSearchableArea(b: GeoBounds): boolean {
  const span = (low: number, high: number, limit: number) =>
    low >= -limit && high <= limit && low < high && high - low <= MAP_LIMITS.bboxMaxSpan + 1e-9;
  return span(b.south, b.north, 90) && span(b.west, b.east, 180);
}

/** 's,w,n,e' from a URL, rounded; null when it is not four plain decimals of a searchable area. */
export function parseBbox(raw: string | null | undefined): GeoBounds | null {
  const parts = (raw ?? '').split(',');
  if (parts.length !== 4 || !parts.every((p) => /^-?\d{1,3}(\.\d{1,15})?$/.test(p))) return null;
  const [south, west, north, east] = parts.map(Number) as [number, number, number, number];
  const bounds = roundBounds({ south, west, north, east });
  return isSearchableArea(bounds) ? bounds : null;
}

/** The area as the URL writes it: 's,w,n,e'. */
export const formatBbox = (b: GeoBounds) => [b.south, b.west, b.north, b.east].join(',');
