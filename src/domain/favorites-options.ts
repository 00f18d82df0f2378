/** Favourites: texts, limits and the service catalogue (no zod, so pages can load them cheaply). */

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
} as const;

/**
 * The favourite-services catalogue in SPEC.md §9's groups and sizes. SPEC.md names the groups and
 * their counts, not the items; these come from its service lists (§3 option list, §9 categories).
 */
export const SERVICE_CATALOGUE = [
  {
    group: 'Popular Services',
    services: [
      'Cut & Style',
      'Blowout',
      'Balayage',
      'Highlights',
      'Manicure',
      'Pedicure',
      'Facial',
      'Swedish Massage',
    ],
  },
  { group: 'Hair Cuts', services: ['Bob Cut', 'Pixie Cut', 'Layered Cut', 'Curly Cut', "Kids' Cut"] },
  { group: 'Color Services', services: ['Root Retouch', 'All-Over Color', 'Color Correction'] },
  { group: 'Texture & Treatments', services: ['Keratin Smoothing', 'Perm', 'Relaxer'] },
  { group: 'Barbering', services: ['Fade / Taper Cut', 'Beard Trim'] },
  { group: 'Special Occasions', services: ['Updo', 'Bridal Hair & Makeup'] },
  { group: 'Extensions', services: ['Tape-in Extensions', 'Sew-in Extensions'] },
  {
    group: 'Service Categories',
    services: [
      'Hair',
      'Massage',
      'Barber',
      'Nail Tech',
      'Esthetician',
      'Braiding',
      'Makeup',
      'Waxing',
      'Lashes & Brows',
    ],
  },
] as const;

export const CATALOGUE_SERVICES: readonly string[] = SERVICE_CATALOGUE.flatMap((g) => g.services);
