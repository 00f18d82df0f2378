import { z } from 'zod';
import { SavedSearchesReplySchema, SavedSearchReplySchema, SavedSearchSchema } from './saved-searches';

/**
 * A saved search with `version`: the entity tag of its name and alert switch (all a person changes
 * of it), to send back as If-Match when renaming, switching or deleting it (versions.ts).
 */
export const VersionedSavedSearchSchema = SavedSearchSchema.extend({
  version: z
    .string()
    .describe(
      'The version of this saved search (of its name and alert switch): send it as If-Match when renaming, switching or deleting it.',
    ),
});
export type VersionedSavedSearch = z.infer<typeof VersionedSavedSearchSchema>;

export const VersionedSavedSearchesReplySchema = SavedSearchesReplySchema.extend({
  savedSearches: z.array(VersionedSavedSearchSchema),
});
export type VersionedSavedSearchesReply = z.infer<typeof VersionedSavedSearchesReplySchema>;

export const VersionedSavedSearchReplySchema = SavedSearchReplySchema.extend({
  savedSearch: VersionedSavedSearchSchema,
});
export type VersionedSavedSearchReply = z.infer<typeof VersionedSavedSearchReplySchema>;
