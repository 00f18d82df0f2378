import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#server/db/client.ts';
import { blockedProviders, favoriteServices, favorites } from '#server/db/schema/index.ts';
import type { Keyset } from '#server/lib/keyset-cursor.ts';

/**
 * Saves a provider for a user and lifts the user's block of them, in one statement (saving one
 * says the opposite of blocking them); true when it was not saved before.
 */
export async function saveFavoriteAndUnblock(db: Db, userId: string, providerId: string): Promise<boolean> {
  const rows = rowsOf<{ provider_id: string }>(
    await db.execute(sql`
      WITH unblocked AS (
        DELETE FROM blocked_providers WHERE user_id = ${userId} AND provider_id = ${providerId}
      )
      INSERT INTO favorites (user_id, provider_id) VALUES (${userId}, ${providerId})
      ON CONFLICT DO NOTHING
      RETURNING provider_id`),
  );
  return rows.length > 0;
}

export async function deleteFavorite(db: Db, userId: string, providerId: string): Promise<boolean> {
  const rows = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.providerId, providerId)))
    .returning({ providerId: favorites.providerId });
  return rows.length > 0;
}

/** How many providers a list holds for a user, and whether this one is on it. */
export interface ListState {
  count: number;
  has: boolean;
}

/** A user's list of providers (saved or blocked): how many, and whether this one is on it (one statement). */
async function findListState(
  db: Db,
  list: typeof favorites | typeof blockedProviders,
  userId: string,
  providerId: string,
): Promise<ListState> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      has: sql<boolean>`coalesce(bool_or(${list.providerId} = ${providerId}), false)`,
    })
    .from(list)
    .where(eq(list.userId, userId));
  return row ?? { count: 0, has: false };
}

export function findFavoriteState(db: Db, userId: string, providerId: string): Promise<ListState> {
  return findListState(db, favorites, userId, providerId);
}

export async function findFavoriteIds(db: Db, userId: string, max: number): Promise<string[]> {
  const rows = await db
    .select({ providerId: favorites.providerId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(sql`${favorites.createdAt} DESC`)
    .limit(max);
  return rows.map((r) => r.providerId);
}

export interface FavoriteProviderRow {
  id: string;
  name: string;
  avatarUrl: string | null;
  location: string;
  specialties: string[];
  routingSlug: string;
  keyset: Keyset;
}

/**
 * One page of saved providers, newest saved first. Providers who stopped being listed (an account
 * turned back, an unverified email) drop out of the list but keep their row, so they come back.
 */
export async function findFavoriteProviders(
  db: Db,
  userId: string,
  limit: number,
  after: Keyset | null,
): Promise<FavoriteProviderRow[]> {
  const rows = rowsOf<{
    id: string;
    name: string;
    avatar_url: string | null;
    location: string;
    specialties: string[];
    routing_slug: string;
    created_at: string;
  }>(
    await db.execute(sql`
    SELECT u.id, u.name, u.avatar_url, coalesce(p.location, '') AS location,
           coalesce(p.specialties, '{}') AS specialties, u.routing_slug,
           to_char(f.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at
    FROM favorites f
    JOIN users u ON u.id = f.provider_id AND u.listed
    LEFT JOIN provider_profiles p ON p.user_id = u.id
    WHERE f.user_id = ${userId}
      ${after ? sql`AND (f.created_at, f.provider_id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
    ORDER BY f.created_at DESC, f.provider_id DESC
    LIMIT ${limit + 1}`),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    avatarUrl: r.avatar_url,
    location: r.location,
    specialties: r.specialties,
    routingSlug: r.routing_slug,
    keyset: { createdAt: r.created_at, id: r.id },
  }));
}

/** Saved providers that are listed (what the list shows in total). */
export async function countListedFavorites(db: Db, userId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS n FROM favorites f
      JOIN users u ON u.id = f.provider_id AND u.listed
      WHERE f.user_id = ${userId}`),
  );
  return row?.n ?? 0;
}

export async function findFavoriteServices(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: favoriteServices.serviceName })
    .from(favoriteServices)
    .where(eq(favoriteServices.userId, userId))
    .orderBy(favoriteServices.createdAt, favoriteServices.serviceName);
  return rows.map((r) => r.name);
}

export async function insertFavoriteServiceIfAbsent(db: Db, userId: string, serviceName: string) {
  await db.insert(favoriteServices).values({ userId, serviceName }).onConflictDoNothing();
}

export async function deleteFavoriteService(db: Db, userId: string, serviceName: string) {
  await db
    .delete(favoriteServices)
    .where(and(eq(favoriteServices.userId, userId), eq(favoriteServices.serviceName, serviceName)));
}

/** Blocks a provider for a user (idempotent), and removes them from the user's saved providers. */
export async function insertBlock(db: Db, userId: string, providerId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(blockedProviders).values({ userId, providerId }).onConflictDoNothing();
    await tx.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.providerId, providerId)));
  });
}

export async function deleteBlock(db: Db, userId: string, providerId: string): Promise<boolean> {
  const rows = await db
    .delete(blockedProviders)
    .where(and(eq(blockedProviders.userId, userId), eq(blockedProviders.providerId, providerId)))
    .returning({ providerId: blockedProviders.providerId });
  return rows.length > 0;
}

export function findBlockState(db: Db, userId: string, providerId: string): Promise<ListState> {
  return findListState(db, blockedProviders, userId, providerId);
}

export interface BlockedProviderRow {
  id: string;
  name: string;
  avatar_url: string | null;
  routing_slug: string;
  blocked_at: string;
}

/** The user's blocked providers, newest first (bounded by the cap). */
export async function findBlockedProviders(db: Db, userId: string, max: number) {
  return rowsOf<BlockedProviderRow>(
    await db.execute(sql`
      SELECT u.id, u.name, u.avatar_url, u.routing_slug,
             to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS blocked_at
      FROM blocked_providers b JOIN users u ON u.id = b.provider_id
      WHERE b.user_id = ${userId}
      ORDER BY b.created_at DESC, b.provider_id
      LIMIT ${max}`),
  );
}
