import { z } from 'zod';
import { MAP_TEXTS } from './map-position-options';
import { SavedSearchNameSchema } from './saved-searches';
import { SearchBodySchema } from './search';

/**
 * POST /api/saved-searches: a name and the search exactly as POST /api/search takes it (the same
 * schema, so a saved search is one the search accepts). The page's cursor, size and session id are
 * not kept. A map area (bbox) is not saved: a saved search's alerts match by a zip and radius.
 */
export const CreateSavedSearchBodySchema = z.object({
  name: SavedSearchNameSchema,
  search: SearchBodySchema.refine((search) => search.bbox === undefined, {
    path: ['bbox'],
    message: MAP_TEXTS.savedSearchArea,
  }),
  alert: z.boolean({ error: 'Alert must be true or false' }).optional().default(true),
  /**
   * Only openings at a reduced price: the search's alerts, pushes and 'New for you' match no other
   * (kept with the search as reducedOnly, so the same search with and without it are two).
   */
  reduced_only: z.boolean({ error: 'Reduced only must be true or false' }).optional().default(false),
});
export type CreateSavedSearchBody = z.input<typeof CreateSavedSearchBodySchema>;
export type CreateSavedSearchInput = z.output<typeof CreateSavedSearchBodySchema>;
