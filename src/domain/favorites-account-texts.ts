/**
 * Favourites' texts that only the account page shows: apart from favorites-options.ts, which the home
 * page's first load carries (its cards' hearts), so the home page does not carry these.
 */
export const FAVORITE_ACCOUNT_TEXTS = {
  savedProvidersFailed: 'Unable to load saved providers. Please try again later.',
  /** The account card's line under 'Favorite Services'. */
  servicesHint: "The services you book most: they appear as quick choices in the home page's search.",
} as const;
