/** Favourites: texts and limits (no zod, so pages can load them cheaply). */

export const FAVORITE_LIMITS = {
  /** Saved providers per account: the toggle state of every card comes from one bounded id list. */
  providersMax: 1000,
  pageDefault: 24,
  pageMax: 100,
  /** Specialties on a saved-provider card before '+N' (SPEC.md §9). */
  cardSpecialties: 2,
} as const;

export const FAVORITE_TEXTS = {
  loginRequired: 'Authentication Required',
  loginToSave: 'Please log in to save favorites',
  loginToManage: 'Please log in to manage favorites',
  saved: 'Saved!',
  removed: 'Removed',
  savedProvidersFailed: 'Unable to load saved providers. Please try again later.',
  tooMany: `You can save up to ${1000} providers. Remove some to save more.`,
  ownProfile: 'You cannot save your own profile.',
  servicesFailed: 'Failed to load favorite services',
  serviceToggleFailed: 'Failed to update service. Please try again.',
  serviceAdded: 'Service Added',
  serviceRemoved: 'Service Removed',
  unknownService: 'Choose a service from the list',
  blockProvider: 'Block provider',
  unblockProvider: 'Unblock',
  blockConfirm: 'Block',
  blockWhat:
    "You won't get emails about their openings, from your saved providers or your saved searches, and their openings won't show under New for you. They are removed from your saved providers. You can unblock them from your account page.",
  blocked: 'Provider blocked',
  unblocked: 'Provider unblocked',
  blockFailed: 'Failed to update. Please try again.',
  blockedTitle: 'Blocked providers',
  blockedIntro: "You get no emails about these providers' openings, and they don't show under New for you.",
  blockedEmpty: "You haven't blocked any providers.",
  blockedFailed: 'Failed to load blocked providers',
  ownBlock: 'You cannot block your own profile.',
  tooManyBlocks: `You can block up to ${1000} providers. Unblock some to block more.`,
} as const;

/** The block dialog's title. */
export const blockTitle = (name: string) => `Block ${name}?`;
