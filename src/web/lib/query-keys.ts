/**
 * Query-key prefixes that more than one feature uses: the feature that owns a cache builds its
 * keys from these, and another feature (reviews changing an average) invalidates by them without
 * importing the owner's internals (docs/style.md 'Boundaries').
 */

/** Every public profile, so a save (account page, a review) can invalidate them. */
export const PUBLIC_PROFILE_KEY = ['profiles', 'public'] as const;

/** Every page of 'Beauty Professionals' (GET /api/providers). */
export const PROVIDERS_LIST_KEY = ['search', 'providers'] as const;

/** Every search's results (POST /api/search). */
export const SEARCH_RESULTS_KEY = ['search', 'results'] as const;

/** Every provider's reviews (lists and the viewer's eligibility); moderation invalidates them. */
export const REVIEWS_KEY = ['reviews'] as const;

/**
 * The openings matching an account's saved searches ('New for you', the openings feature): under
 * the search feature's ['saved-searches', userId], so saving a search refetches them; a rename or
 * a delete invalidates them by this key.
 */
export const openingsForYouKey = (userId: string) => ['saved-searches', userId, 'openings'] as const;
