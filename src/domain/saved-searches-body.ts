import { z } from 'zod';
import { SavedSearchNameSchema } from './saved-searches';
import { SearchBodySchema } from './search';

/**
 * POST /api/saved-searches: a name and the search exactly as POST /api/search takes it (the same
 * schema, so a saved search is one the search accepts). The page's cursor, size and session id are
 * not kept.
 */
export const CreateSavedSearchBodySchema = z.object({
  name: SavedSearchNameSchema,
  search: SearchBodySchema,
  alert: z.boolean({ error: 'Alert must be true or false' }).optional().default(true),
});
export type CreateSavedSearchBody = z.input<typeof CreateSavedSearchBodySchema>;
export type CreateSavedSearchInput = z.output<typeof CreateSavedSearchBodySchema>;
