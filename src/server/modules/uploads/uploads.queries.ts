import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { providerProfiles, users } from '#server/db/schema/index.ts';

/**
 * Sets the avatar and answers the one it replaced; the row lock orders concurrent uploads. The
 * profile's version moves on (a form loaded before it is then a version behind: If-Match).
 */
export async function replaceAvatarUrl(db: Db, userId: string, url: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ avatarUrl: users.avatarUrl })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    await tx
      .update(users)
      .set({ avatarUrl: url, profileVersion: sql`${users.profileVersion} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    return row?.avatarUrl ?? null;
  });
}

export async function findAvatarUrl(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, userId));
  return row?.avatarUrl ?? null;
}

/**
 * Locks the account's row until the transaction ends: the first step of every write of the profile
 * (PUT /api/auth/profile takes the same lock first), so writes of the portfolio and of the profile
 * take their locks in one order.
 */
export async function lockUser(db: Db, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Moves the account profile's version on: what GET /api/auth/profile answers has changed. */
export async function bumpProfileVersion(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ profileVersion: sql`${users.profileVersion} + 1` })
    .where(eq(users.id, userId));
}

/** A provider whose profile row is missing (should not happen) still gets one to hold the portfolio. */
export async function insertProviderProfileIfAbsent(db: Db, userId: string): Promise<void> {
  await db.insert(providerProfiles).values({ userId }).onConflictDoNothing();
}

export async function findPortfolioImages(db: Db, userId: string): Promise<string[]> {
  const [row] = await db
    .select({ images: providerProfiles.portfolioImages })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, userId));
  return row?.images ?? [];
}

/**
 * Appends `url` unless it is already there, in one statement whose WHERE also caps the list at `max`.
 * PostgreSQL re-checks that WHERE on the newest row version after waiting for a concurrent update's
 * row lock, so two uploads racing for the last free place cannot both get it.
 * Answers the new list, or null when the list is full.
 */
export async function appendPortfolioImage(
  db: Db,
  userId: string,
  url: string,
  max: number,
): Promise<string[] | null> {
  const images = providerProfiles.portfolioImages;
  const present = sql`${url}::text = any(${images})`;
  const [row] = await db
    .update(providerProfiles)
    .set({
      portfolioImages: sql`CASE WHEN ${present} THEN ${images} ELSE array_append(${images}, ${url}::text) END`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(providerProfiles.userId, userId), or(present, sql`cardinality(${images}) < ${max}::int`)))
    .returning({ images });
  return row ? row.images : null;
}

/** Removes every occurrence of `url`; answers the new list, or null when it was not in the list. */
export async function removePortfolioImage(db: Db, userId: string, url: string): Promise<string[] | null> {
  const images = providerProfiles.portfolioImages;
  const [row] = await db
    .update(providerProfiles)
    .set({ portfolioImages: sql`array_remove(${images}, ${url}::text)`, updatedAt: sql`now()` })
    .where(and(eq(providerProfiles.userId, userId), sql`${url}::text = any(${images})`))
    .returning({ images });
  return row ? row.images : null;
}
