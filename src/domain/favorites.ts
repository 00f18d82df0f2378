import { z } from 'zod';

/** Favourite providers and favourite services (SPEC.md §3, §7, §8). */

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

export const FavoriteBodySchema = z.object({ providerId: z.uuid({ error: 'Provider not found' }) });
export type FavoriteBody = z.infer<typeof FavoriteBodySchema>;

/** GET /api/favorites?limit=&cursor= (newest saved first). */
export const FavoritesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(FAVORITE_LIMITS.pageMax).default(FAVORITE_LIMITS.pageDefault),
  cursor: z.string().max(200, 'Invalid page cursor').optional(),
});
export type FavoritesQuery = z.input<typeof FavoritesQuerySchema>;

/** A saved provider as the account page's card shows it (SPEC.md §3 'Favourite provider'). */
export const FavoriteProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  location: z.string(),
  specialties: z.array(z.string()),
  routing_slug: z.string(),
});
export type FavoriteProvider = z.infer<typeof FavoriteProviderSchema>;

export const FavoritesReplySchema = z.object({
  success: z.literal(true),
  favorites: z.array(FavoriteProviderSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type FavoritesReply = z.infer<typeof FavoritesReplySchema>;

/** GET /api/favorites/ids: every saved provider id, for the toggles on cards and profiles. */
export const FavoriteIdsReplySchema = z.object({
  success: z.literal(true),
  providerIds: z.array(z.string()),
});
export type FavoriteIdsReply = z.infer<typeof FavoriteIdsReplySchema>;

export const FavoriteChangeReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  favorite: z.object({ providerId: z.string(), saved: z.boolean() }),
});

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

export const FavoriteServiceBodySchema = z.object({
  serviceName: z
    .string({ error: FAVORITE_TEXTS.unknownService })
    .trim()
    .max(60, FAVORITE_TEXTS.unknownService)
    .refine((name) => CATALOGUE_SERVICES.includes(name), FAVORITE_TEXTS.unknownService),
});
export type FavoriteServiceBody = z.infer<typeof FavoriteServiceBodySchema>;

export const FavoriteServicesReplySchema = z.object({
  success: z.literal(true),
  services: z.array(z.string()),
  message: z.string().optional(),
});
export type FavoriteServicesReply = z.infer<typeof FavoriteServicesReplySchema>;
