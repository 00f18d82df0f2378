import { z } from 'zod';
import { SAVED_SEARCH_LIMITS, SAVED_SEARCH_TEXTS } from './saved-searches-options';

export * from './saved-searches-options';

// POST /api/saved-searches's body is in saved-searches-body.ts: it holds the search's own schema,
// which the web app's saved-search pieces do not need to load.

/** Saved searches: the account's searches, each with an alert switch. */

export const SavedSearchNameSchema = z
  .string({ error: SAVED_SEARCH_TEXTS.nameRequired })
  .trim()
  .min(1, SAVED_SEARCH_TEXTS.nameRequired)
  .max(SAVED_SEARCH_LIMITS.nameMax, SAVED_SEARCH_TEXTS.nameTooLong);

/** The form's fields (the dialog edits only the name and the switch; the search comes from the page). */
export const SavedSearchFormSchema = z.object({
  name: SavedSearchNameSchema,
  alert: z.boolean(),
  reduced_only: z.boolean(),
});

/** The save dialog's switch for CreateSavedSearchBodySchema.reduced_only, and its tag in the list. */
export const REDUCED_ONLY_TEXTS = {
  label: 'Only openings at a reduced price',
  tag: 'Reduced price only',
} as const;
export type SavedSearchForm = z.infer<typeof SavedSearchFormSchema>;

/** PUT /api/saved-searches/:id */
export const RenameSavedSearchBodySchema = z.object({ name: SavedSearchNameSchema });
export type RenameSavedSearchBody = z.infer<typeof RenameSavedSearchBodySchema>;

/** PUT /api/saved-searches/:id/alert */
export const SavedSearchAlertBodySchema = z.object({
  alert: z.boolean({ error: 'Alert must be true or false' }),
});

/** Any text: an id that is not one of yours (malformed included) is a 404, never a 400. */
export const SavedSearchParamsSchema = z.object({ id: z.string().max(100) });

/** The search a saved search runs: POST /api/search's parsed body, as stored. */
export const SavedSearchQuerySchema = z.object({
  query: z.string(),
  locationZip: z.string(),
  /** [min, max] (an array: the compiled reply serializers take no tuples). */
  priceRange: z.array(z.number()).optional(),
  availability: z.string(),
  availabilityType: z.string(),
  requestedDate: z.string().optional(),
  requestedDays: z.array(z.string()),
  requestedTimes: z.array(z.string()),
  experience: z.array(z.string()),
  radiusMiles: z.number(),
  sort: z.string(),
  minRating: z.number(),
  /** Kept only when true: matches openings at a reduced price only (CreateSavedSearchBodySchema.reduced_only). */
  reducedOnly: z.boolean().optional(),
});
export type SavedSearchQuery = z.infer<typeof SavedSearchQuerySchema>;

export const SavedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  search: SavedSearchQuerySchema,
  alert: z.boolean(),
  created_at: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

export const SavedSearchesReplySchema = z.object({
  success: z.literal(true),
  savedSearches: z.array(SavedSearchSchema),
  /** How many an account may keep (SAVED_SEARCH_LIMITS.perAccount). */
  max: z.number().int(),
});

export const SavedSearchReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  savedSearch: SavedSearchSchema,
});
export type SavedSearchReply = z.infer<typeof SavedSearchReplySchema>;

export const SavedSearchDeletedReplySchema = z.object({ success: z.literal(true), message: z.string() });

/** GET/PUT /api/saved-searches/settings: saved-search alert emails a day at most, across all of them. */
export const SavedSearchSettingsSchema = z.object({
  dailyCap: z
    .number({ error: SAVED_SEARCH_TEXTS.dailyCapInvalid })
    .int(SAVED_SEARCH_TEXTS.dailyCapInvalid)
    .min(SAVED_SEARCH_LIMITS.dailyCapMin, SAVED_SEARCH_TEXTS.dailyCapInvalid)
    .max(SAVED_SEARCH_LIMITS.dailyCapMax, SAVED_SEARCH_TEXTS.dailyCapInvalid),
});

export const SavedSearchSettingsReplySchema = z.object({
  success: z.literal(true),
  dailyCap: z.number().int(),
});
