import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BLOCK_TEXTS } from '#domain/blocks-options.ts';
import {
  BlockChangeReplySchema,
  BlockedProvidersReplySchema,
  FAVORITE_TEXTS,
  FavoriteBodySchema,
  FavoriteChangeReplySchema,
  FavoriteIdsReplySchema,
  FavoriteServiceBodySchema,
  FavoriteServicesReplySchema,
  FavoritesQuerySchema,
  FavoritesReplySchema,
} from '#domain/favorites.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import * as favorites from './favorites.service';

const tags = ['favorites'];
const security = [{ bearerAuth: [] }];

export async function favoriteRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;
  const preHandler = base.authenticate;
  const write = { preHandler, config: { rateLimit: RATE_LIMITS.favorite } };

  app.get(
    '/api/favorites',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Saved providers, newest saved first (paged)',
        querystring: FavoritesQuerySchema,
        response: { 200: FavoritesReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await favorites.listFavorites(ctx, req.user.id, req.query)),
    }),
  );

  app.get(
    '/api/favorites/ids',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Every saved provider id (for the save toggles)',
        response: { 200: FavoriteIdsReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      providerIds: await favorites.listFavoriteIds(ctx, req.user.id),
    }),
  );

  app.post(
    '/api/favorites',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Save a provider (idempotent)',
        body: FavoriteBodySchema,
        response: { 200: FavoriteChangeReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      message: FAVORITE_TEXTS.saved,
      favorite: await favorites.addFavorite(ctx, req.user.id, req.body.providerId),
    }),
  );

  app.delete(
    '/api/favorites',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Remove a saved provider (idempotent)',
        body: FavoriteBodySchema,
        response: { 200: FavoriteChangeReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      message: FAVORITE_TEXTS.removed,
      favorite: await favorites.removeFavorite(ctx, req.user.id, req.body.providerId),
    }),
  );

  app.get(
    '/api/blocked-providers',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'The providers you blocked, newest first',
        response: { 200: BlockedProvidersReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      providers: await favorites.listBlockedProviders(ctx, req.user.id),
    }),
  );

  app.post(
    '/api/blocked-providers',
    {
      ...write,
      schema: {
        tags,
        security,
        summary:
          "Block a provider (idempotent): no emails about their openings, none under 'New for you'; removes them from saved providers",
        body: FavoriteBodySchema,
        response: { 200: BlockChangeReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      message: BLOCK_TEXTS.blocked,
      block: await favorites.blockProvider(ctx, req.user.id, req.body.providerId),
    }),
  );

  app.delete(
    '/api/blocked-providers',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Unblock a provider (idempotent)',
        body: FavoriteBodySchema,
        response: { 200: BlockChangeReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      message: BLOCK_TEXTS.unblocked,
      block: await favorites.unblockProvider(ctx, req.user.id, req.body.providerId),
    }),
  );

  app.get(
    '/api/favorite-services',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Favourite services (names from the catalogue)',
        response: { 200: FavoriteServicesReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      services: await favorites.listFavoriteServices(ctx, req.user.id),
    }),
  );

  app.post(
    '/api/favorite-services',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Add a favourite service (idempotent)',
        body: FavoriteServiceBodySchema,
        response: { 200: FavoriteServicesReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      message: FAVORITE_TEXTS.serviceAdded,
      services: await favorites.addFavoriteService(ctx, req.user.id, req.body.serviceName),
    }),
  );

  app.delete(
    '/api/favorite-services',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Remove a favourite service (idempotent)',
        body: FavoriteServiceBodySchema,
        response: { 200: FavoriteServicesReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      message: FAVORITE_TEXTS.serviceRemoved,
      services: await favorites.removeFavoriteService(ctx, req.user.id, req.body.serviceName),
    }),
  );
}
