/**
 * 'New for you' on the home page: its limit and texts, apart from the saved
 * searches' own (which the results banner puts in the home page's first load).
 */

export const NEW_FOR_YOU_LIMITS = {
  /** At most this many matching openings. */
  count: 6,
} as const;

export const NEW_FOR_YOU_TEXTS = {
  title: 'New for you',
  intro: 'Openings in the next 5 days that match your saved searches.',
  manageSaved: 'Manage saved searches',
} as const;

/** The label of an opening in 'New for you': the saved search it matches. */
export const matchesSavedSearch = (name: string) => `Matches “${name}”`;
