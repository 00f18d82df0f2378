import type { z } from 'zod';
import { MapAreaParamSchema } from './map-area';
import { OpeningsQuerySchema } from './openings';

/**
 * GET /api/last-minute-openings as the server reads it: the list's filters and the map's area
 * (`bbox=south,west,north,east`: openings of providers whose map position is inside it, instead of a
 * zip and radius). Apart from openings.ts, so the pages that use the openings' schemas do not load
 * the map's rules and texts.
 */
export const OpeningsAreaQuerySchema = OpeningsQuerySchema.extend({ bbox: MapAreaParamSchema.optional() });
export type OpeningsAreaQuery = z.input<typeof OpeningsAreaQuerySchema>;
