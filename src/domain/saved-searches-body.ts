import { z } from 'zod';
import { MAP_TEXTS } from './map-options';
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
});
export type CreateSavedSearchBody = z.input<typeof CreateSavedSearchBodySchema>;
export type CreateSavedSearchInput = z.output<typeof CreateSavedSearchBodySchema>;
