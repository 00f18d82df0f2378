import { BLOCK_TEXTS } from '#domain/blocks-options.ts';
import {
  type BlockedProvider,
  FAVORITE_LIMITS,
  FAVORITE_TEXTS,
  type FavoriteProvider,
} from '#domain/favorites.ts';

import type { AppContext } from '#server/context.ts';
import { AppError, fieldError, providerNotFound } from '#server/lib/app-error.ts';
import { decodeKeyset, pageOf } from '#server/lib/keyset-cursor.ts';
import { findPublicProvider } from '../profiles/profiles.service';
import * as q from './favorites.queries';

/**
 * A list of providers at its cap (FAVORITE_LIMITS.providersMax) takes no new one (409); adding one
 * already on it stays a success (idempotent).
 */
function refuseBeyondCap(list: q.ListState, tooMany: string) {
  if (list.count >= FAVORITE_LIMITS.providersMax && !list.has) throw new AppError('CONFLICT', tooMany);
}

/**
 * Saves a provider (idempotent). Unknown or unlisted providers are 404; a full list is refused.
 * The provider and the user's list are read at once and the save is one statement: two round
 * trips to the database, four when the save is new (the insights counter).
 */
export async function addFavorite(ctx: AppContext, userId: string, providerId: string) {
  const [provider, saved] = await Promise.all([
    findPublicProvider(ctx, providerId),
    q.findFavoriteState(ctx.db, userId, providerId),
  ]);
  if (!provider) throw providerNotFound();
  if (provider.id === userId) throw fieldError('providerId', FAVORITE_TEXTS.ownProfile);
  refuseBeyondCap(saved, FAVORITE_TEXTS.tooMany);
  // Saving a provider one blocked unblocks them; a new save counts in the provider's insights (the
  // first save of this client's ever: saving again after unsaving does not), one already saved does not.
  if (await q.saveFavoriteAndUnblock(ctx.db, userId, providerId))
    await ctx.events.emit('favorite.added', { db: ctx.db, clientId: userId, providerId, at: ctx.now() });
  return { providerId, saved: true };
}

/** Removes a saved provider (idempotent). 404 only when the id was never a provider at all. */
export async function removeFavorite(ctx: AppContext, userId: string, providerId: string) {
  const removed = await q.deleteFavorite(ctx.db, userId, providerId);
  if (!removed && !(await findPublicProvider(ctx, providerId))) throw providerNotFound();
  return { providerId, saved: false };
}

/** One page of the user's saved providers, newest saved first. */
export async function listFavorites(
  ctx: AppContext,
  userId: string,
  query: { limit: number; cursor?: string | undefined },
) {
  const { limit } = query;
  const after = decodeKeyset(query.cursor);
  const [rows, total] = await Promise.all([
    q.findFavoriteProviders(ctx.db, userId, limit, after),
    q.countListedFavorites(ctx.db, userId),
  ]);
  const { page, nextCursor } = pageOf(rows, limit);
  const favorites: FavoriteProvider[] = page.map((r) => ({
    id: r.id,
    name: r.name,
    avatar_url: r.avatarUrl,
    location: r.location,
    specialties: r.specialties,
    routing_slug: r.routingSlug,
  }));
  return { favorites, total, nextCursor };
}

/** Every saved provider id (bounded by the cap), for the toggles. */
export function listFavoriteIds(ctx: AppContext, userId: string) {
  return q.findFavoriteIds(ctx.db, userId, FAVORITE_LIMITS.providersMax);
}

/** The user's favourite services, in the order they were added. */
export function listFavoriteServices(ctx: AppContext, userId: string) {
  return q.findFavoriteServices(ctx.db, userId);
}

/** Adds a catalogue service (idempotent) and answers the whole list. */
export async function addFavoriteService(ctx: AppContext, userId: string, serviceName: string) {
  await q.insertFavoriteServiceIfAbsent(ctx.db, userId, serviceName);
  return q.findFavoriteServices(ctx.db, userId);
}
/** Adds a service (idempotent; FavoriteServiceBodySchema admits only catalogue names) and answers the whole list. */
/** Removes a service (idempotent) and answers the whole list. */
export async function removeFavoriteService(ctx: AppContext, userId: string, serviceName: string) {
  await q.deleteFavoriteService(ctx.db, userId, serviceName);
  return q.findFavoriteServices(ctx.db, userId);
}

/**
 * Blocks a provider (idempotent): no emails about their openings and none of them under 'New for
 * you'; they leave the user's saved providers. Unknown or unlisted providers are 404; as many as
 * saved providers may be (FAVORITE_LIMITS.providersMax).
 */
export async function blockProvider(ctx: AppContext, userId: string, providerId: string) {
  const [provider, blocked] = await Promise.all([
    findPublicProvider(ctx, providerId),
    q.findBlockState(ctx.db, userId, providerId),
  ]);
  if (!provider) throw providerNotFound();
  if (provider.id === userId) throw fieldError('providerId', BLOCK_TEXTS.ownBlock);
  refuseBeyondCap(blocked, BLOCK_TEXTS.tooManyBlocks);
  await q.insertBlock(ctx.db, userId, providerId);
  return { providerId, blocked: true };
}

/** Unblocks a provider (idempotent), listed or not: a block outlives the provider's listing. */
export async function unblockProvider(ctx: AppContext, userId: string, providerId: string) {
  await q.deleteBlock(ctx.db, userId, providerId);
  return { providerId, blocked: false };
}

/** The user's blocked providers, newest first. */
export async function listBlockedProviders(ctx: AppContext, userId: string): Promise<BlockedProvider[]> {
  return q.findBlockedProviders(ctx.db, userId, FAVORITE_LIMITS.providersMax);
}
