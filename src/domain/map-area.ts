import { z } from 'zod';
import { MAP_LIMITS } from './map-options';
import { MAP_TEXTS } from './map-position-options';

export { type Position, PositionSchema } from './fields';
export * from './map-options';
export * from './map-position-options';

/** A map area in degrees, as the map's bounds give it; no antimeridian crossing (west < east). */
export interface MapArea {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** What is wrong with an area (empty: nothing): ranges, order, then size. */
export function mapAreaIssues(area: MapArea): { path: keyof MapArea; message: string }[] {
  const issues: { path: keyof MapArea; message: string }[] = [];
  for (const path of ['south', 'north'] as const)
    if (Math.abs(area[path]) > 90) issues.push({ path, message: MAP_TEXTS.latitudeRange });
  for (const path of ['west', 'east'] as const)
    if (Math.abs(area[path]) > 180) issues.push({ path, message: MAP_TEXTS.longitudeRange });
  if (issues.length > 0) return issues;
  if (!(area.south < area.north)) issues.push({ path: 'north', message: MAP_TEXTS.areaOrder });
  if (!(area.west < area.east)) issues.push({ path: 'east', message: MAP_TEXTS.areaOrder });
  if (issues.length > 0) return issues;
  if (area.north - area.south > MAP_LIMITS.bboxMaxSpan)
    issues.push({ path: 'north', message: MAP_TEXTS.areaTooLarge });
  else if (area.east - area.west > MAP_LIMITS.bboxMaxSpan)
    issues.push({ path: 'east', message: MAP_TEXTS.areaTooLarge });
  return issues;
}

const degrees = z.number({ error: MAP_TEXTS.areaInvalid });

/**
 * POST /api/search `bbox`: the map's visible area ('Search this area'), instead of a zip and radius.
 * At most MAP_LIMITS.bboxMaxSpan of latitude and of longitude.
 */
export const MapAreaSchema = z
  .object(
    { south: degrees, west: degrees, north: degrees, east: degrees },
    { error: MAP_TEXTS.areaIncomplete },
  )
  .superRefine((area, ctx) => {
    for (const issue of mapAreaIssues(area)) ctx.addIssue({ code: 'custom', ...issue, path: [issue.path] });
  });

/** A plain decimal ('30.2672', '-97.7431'): none of Number()'s other forms ('0x1E', '3e1', 'Infinity'). */
const DECIMAL = /^-?\d{1,3}(\.\d{1,15})?$/;

/**
 * The same area as a query parameter: `bbox=south,west,north,east` in degrees
 * (`bbox=30.2,-97.8,30.3,-97.7`).
 */
export const MapAreaParamSchema = z
  .string({ error: MAP_TEXTS.areaInvalid })
  .max(100, MAP_TEXTS.areaInvalid)
  .transform((value, ctx) => {
    const parts = value.split(',').map((p) => p.trim());
    if (parts.length !== 4 || !parts.every((p) => DECIMAL.test(p))) {
      ctx.addIssue({ code: 'custom', message: MAP_TEXTS.areaInvalid });
      return z.NEVER;
    }
    const [south, west, north, east] = parts.map(Number) as [number, number, number, number];
    const area = { south, west, north, east };
    const issues = mapAreaIssues(area);
    if (issues.length > 0) {
      ctx.addIssue({ code: 'custom', message: issues[0]!.message });
      return z.NEVER;
    }
    return area;
  })
  .describe(
    `The map's visible area, 'south,west,north,east' in degrees (e.g. 30.2,-97.8,30.3,-97.7), instead of a zip: at most ${MAP_LIMITS.bboxMaxSpan}° of latitude and of longitude, west before east (no antimeridian crossing). Not with zip.`,
  );

const coordinate = (limit: number) =>
  z
    .number({ error: MAP_TEXTS.pinNumbers })
    .refine((v) => Math.abs(v) <= limit, limit === 90 ? MAP_TEXTS.latitudeRange : MAP_TEXTS.longitudeRange);

/**
 * PUT /api/auth/profile/map-position: show the provider at their zip's centre, or at their own pin
 * (rounded to MAP_LIMITS.decimals by the server, within MAP_LIMITS.pinMaxMiles of the zip's centre).
 */
export const MapPositionBodySchema = z.discriminatedUnion(
  'pinned',
  [
    z.object({ pinned: z.literal(false) }).strict(),
    z.object({ pinned: z.literal(true), latitude: coordinate(90), longitude: coordinate(180) }).strict(),
  ],
  { error: "Choose your zip's centre or your own pin" },
);
export type MapPositionBody = z.input<typeof MapPositionBodySchema>;
