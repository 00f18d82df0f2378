import { type AnyColumn, and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { MESSAGE_LIMITS } from '#domain/messages-options.ts';
import { type Db, rowsOf } from '#server/db/client.ts';
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

/**
 * 'Usually replies within N hours' (docs/product.md 'Messages'): the median of the provider's reply
 * times (message_reply_times) since `since`, in hours rounded up and at least 1; null with fewer
 * than MESSAGE_LIMITS.replyTimeMinReplies of them. One range scan of the table's primary key
 * (provider_id, replied_at, …).
 */
function replyHoursSql(providerId: SQL | AnyColumn, since: SQL) {
  return sql<number | null>`(
    SELECT CASE WHEN count(*) >= ${sql.raw(String(MESSAGE_LIMITS.replyTimeMinReplies))}
      THEN greatest(1, ceil(percentile_cont(0.5) WITHIN GROUP (ORDER BY r.minutes) / 60.0))::int END
    FROM message_reply_times r
    WHERE r.provider_id = ${providerId} AND r.replied_at >= ${since})`;
}

/** The provider's reply hours from their replies since `since` (the public profile reads it with the profile). */
export async function findReplyHours(db: Db, providerId: string, since: Date): Promise<number | null> {
  const hours = replyHoursSql(sql`${providerId}::uuid`, sql`${since.toISOString()}::timestamptz`);
  const [row] = rowsOf<{ hours: number | null }>(await db.execute(sql`SELECT ${hours} AS hours`));
  return row?.hours ?? null;
}

function selectProviderBySlug<T>(db: Db, openings: SQL<T>) {
  const replyHours = replyHoursSql(users.id, sql`${sql.placeholder('replySince')}::timestamptz`);
  return db
    .select({ user: users, profile: providerProfiles, rating: providerRatings, openings, replyHours })
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
  replySince: Date,
) {
  let prepared = preparedBySlug.get(db);
  if (prepared?.openings !== openings.column) {
    prepared = { openings: openings.column, statement: selectProviderBySlug(db, openings.column) };
    preparedBySlug.set(db, prepared);
  }
  const [row] = await prepared.statement.execute({
    slug,
    ...openings.params,
    replySince: replySince.toISOString(),
  });
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
