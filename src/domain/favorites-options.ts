/** Favourites: texts and limits (no zod, so pages can load them cheaply). */

export const FAVORITE_LIMITS = {
  /** Saved providers per account: the toggle state of every card comes from one bounded id list. */
  providersMax: 1000,
  pageDefault: 24,
  pageMax: 100,
  /** Specialties on a saved-provider card before '+N' (docs/product.md §9). */
  cardSpecialties: 2,
  /** How long a 'Removed' toast keeps its Undo (sonner's default 4 s is too short to reach it by keyboard). */
  undoMs: 10_000,
} as const;

export const FAVORITE_TEXTS = {
  loginRequired: 'Authentication Required',
  loginToSave: 'Please log in to save favorites',
  loginToManage: 'Please log in to manage favorites',
  saved: 'Saved!',
  removed: 'Removed',
  undo: 'Undo',
  tooMany: `You can save up to ${FAVORITE_LIMITS.providersMax} providers. Remove some to save more.`,
  ownProfile: 'You cannot save your own profile.',
  servicesFailed: 'Failed to load favorite services',
  serviceToggleFailed: 'Failed to update service. Please try again.',
  serviceAdded: 'Service Added',
  serviceRemoved: 'Service Removed',
  /** The legend of those quick choices in the home search. */
  quickChoices: 'Your favorites:',
  unknownService: 'Choose a service from the list',
} as const;
