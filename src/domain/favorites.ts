import { z } from 'zod';
import { PROVIDER_NOT_FOUND } from './errors';

export * from './favorites-options';
export * from './service-catalogue';

import { FAVORITE_LIMITS, FAVORITE_TEXTS } from './favorites-options';
import { CATALOGUE_SERVICES } from './service-catalogue';

/** Favourite providers and favourite services (docs/product.md §3, §7, §8). */

export const FavoriteBodySchema = z.object({ providerId: z.uuid({ error: PROVIDER_NOT_FOUND }) });

/** GET /api/favorites?limit=&cursor= (newest saved first). */
export const FavoritesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(FAVORITE_LIMITS.pageMax).default(FAVORITE_LIMITS.pageDefault),
  cursor: z.string().max(200, 'Invalid page cursor').optional(),
});

/** A saved provider as the account page's card shows it (docs/product.md §3 'Favourite provider'). */
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

export const FavoriteServiceBodySchema = z.object({
  serviceName: z
    .string({ error: FAVORITE_TEXTS.unknownService })
    .trim()
    .max(60, FAVORITE_TEXTS.unknownService)
    .refine((name) => CATALOGUE_SERVICES.includes(name), FAVORITE_TEXTS.unknownService),
});

export const FavoriteServicesReplySchema = z.object({
  success: z.literal(true),
  services: z.array(z.string()),
  message: z.string().optional(),
});
export type FavoriteServicesReply = z.infer<typeof FavoriteServicesReplySchema>;

/** A provider the user blocked, as the account page lists them (newest first). */
export const BlockedProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  routing_slug: z.string(),
  blocked_at: z.string(),
});
export type BlockedProvider = z.infer<typeof BlockedProviderSchema>;

/** GET /api/blocked-providers */
export const BlockedProvidersReplySchema = z.object({
  success: z.literal(true),
  providers: z.array(BlockedProviderSchema),
});
export type BlockedProvidersReply = z.infer<typeof BlockedProvidersReplySchema>;

/** POST and DELETE /api/blocked-providers {providerId} */
export const BlockChangeReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  block: z.object({ providerId: z.string(), blocked: z.boolean() }),
});
export type BlockChangeReply = z.infer<typeof BlockChangeReplySchema>;
