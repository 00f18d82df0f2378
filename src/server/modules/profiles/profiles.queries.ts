import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { providerProfiles, providerRatings, users } from '#server/db/schema/index.ts';

export type ProviderProfileRow = typeof providerProfiles.$inferSelect;
export type ProviderProfileUpdate = Partial<
  Omit<typeof providerProfiles.$inferInsert, 'userId' | 'createdAt'>
>;

export async function findProviderProfile(db: Db, userId: string): Promise<ProviderProfileRow | undefined> {
  const [row] = await db.select().from(providerProfiles).where(eq(providerProfiles.userId, userId)).limit(1);
  return row;
}

export async function updateProviderProfile(
  db: Db,
  userId: string,
  values: ProviderProfileUpdate,
): Promise<ProviderProfileRow | undefined> {
  const [row] = await db
    .update(providerProfiles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(providerProfiles.userId, userId))
    .returning();
  return row;
}

/**
 * The account's row, locked until the transaction ends: every write of the profile takes this lock
 * first (then the provider profile's), so a version checked here stays the current one until the
 * write that moves it commits.
 */
export async function lockUser(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** Moves the profile's version on (and sets the name when given); answers the new row. */
export async function updateUserProfile(db: Db, userId: string, values: { name?: string }) {
  const [row] = await db
    .update(users)
    .set({
      ...values,
      profileVersion: sql`${users.profileVersion} + 1`,
      // The account's own fields changed only with the name (the sitemap's lastmod reads it).
      ...(values.name === undefined ? {} : { updatedAt: sql`now()` }),
    })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

function selectProviderBySlug<T>(db: Db, openings: SQL<T>) {
  return db
    .select({ user: users, profile: providerProfiles, rating: providerRatings, openings })
    .from(users)
    .innerJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .leftJoin(providerRatings, eq(providerRatings.providerId, users.id))
    .where(
      and(
        eq(users.routingSlug, sql.placeholder('slug')),
        eq(users.userType, 'provider'),
        isNotNull(users.emailVerifiedAt),
      ),
    )
    .limit(1)
    .prepare('profile_by_slug');
}

/** Prepared once per database (the busiest read: drizzle no longer rebuilds its SQL on every call). */
const preparedBySlug = new WeakMap<
  Db,
  { openings: SQL; statement: ReturnType<typeof selectProviderBySlug> }
>();

/**
 * A provider account by slug (verified email), listed or not: the page is public when listed, and
 * its owner's preview until then. One prepared statement, one round trip: an indexed lookup, the
 * rating summary the reviews trigger keeps (null before the first review), and `openings.column`,
 * a subquery on this provider's row (the openings service's profileOpenings, with its `params`).
 */
export async function findProviderBySlug<T>(
  db: Db,
  slug: string,
  openings: { column: SQL<T>; params: Record<string, unknown> },
) {
  let prepared = preparedBySlug.get(db);
  if (prepared?.openings !== openings.column) {
    prepared = { openings: openings.column, statement: selectProviderBySlug(db, openings.column) };
    preparedBySlug.set(db, prepared);
  }
  const [row] = await prepared.statement.execute({ slug, ...openings.params });
  return row as (Omit<NonNullable<typeof row>, 'openings'> & { openings: T }) | undefined;
}

/** A listed provider (users.listed: anyone may see them) by id. */
export async function findPublicProviderById(db: Db, id: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, routingSlug: users.routingSlug })
    .from(users)
    .where(and(eq(users.id, id), eq(users.listed, true)))
    .limit(1);
  return row;
}
