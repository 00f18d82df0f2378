/**
 * Saved searches: limits and texts. No zod here, so the results banner's 'Save this
 * search' button can use them without putting zod in the home page's first load; the schemas are
 * in saved-searches.ts.
 */

export const SAVED_SEARCH_LIMITS = {
  nameMax: 60,
  /** Saved searches one account may keep. */
  perAccount: 20,
  /** Alert emails a day across all of an account's saved searches, unless the account sets another. */
  dailyCapDefault: 3,
  dailyCapMin: 1,
  dailyCapMax: 10,
} as const;

export const SAVED_SEARCH_TEXTS = {
  saveThisSearch: 'Save this search',
  saveTitle: 'Save this search',
  nameLabel: 'Name',
  nameRequired: 'Give this search a name',
  nameTooLong: `A name can be at most ${SAVED_SEARCH_LIMITS.nameMax} characters`,
  alertLabel: 'Email me when a matching opening is posted',
  tooMany: `You can save at most ${SAVED_SEARCH_LIMITS.perAccount} searches. Delete one to save another.`,
  notFound: 'Saved search not found',
  saved: 'Search saved',
  renamed: 'Saved search renamed',
  deleted: 'Saved search deleted',
  alertOn: 'Alerts on for this search',
  alertOff: 'Alerts off for this search',
  loginToSave: 'Log in to save this search',
  sectionTitle: 'Saved searches',
  empty: "No saved searches yet. Search, then press 'Save this search' above the results.",
  loadFailed: 'Failed to load your saved searches',
  saveFailed: 'Failed to save this search',
  dailyCapInvalid: `Choose between ${SAVED_SEARCH_LIMITS.dailyCapMin} and ${SAVED_SEARCH_LIMITS.dailyCapMax} emails a day`,
  unsubscribed: 'You will no longer get alerts for this saved search.',
  deleteHistory: 'Delete alert history',
  historyDeleted: 'Saved-search alert history deleted',
} as const;

/** Saving a search the account already keeps. */
export const alreadySaved = (name: string) => `You already saved this search as “${name}”.`;

/** The alert switch's accessible name for one saved search. */
export const alertSwitchLabel = (name: string) => `Opening alerts for “${name}”`;
