import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { savedSearches, savedSearchSettings } from '#server/db/schema/index.ts';

export type SavedSearchRow = typeof savedSearches.$inferSelect;
export type NewSavedSearch = typeof savedSearches.$inferInsert;

/**
 * A saved search's version, the entity tag its owner sends back as If-Match (domain/versions.ts):
 * `"s<16 hex digits>"`, a hash of its name and alert switch. The table has no updated_at (and gets
 * no migration for this), and those two are all a person changes of a saved search (its search is
 * fixed when saved), so the version is derived from them: any rename or switch that changes the
 * row changes it. Written back to an earlier name and switch, a search has its earlier version
 * again, which is harmless: a write sent from that version was made against exactly what is stored.
 * The hash is made by the database, in the list and in the writes' WHERE alike, so the two agree.
 */
const SAVED_SEARCH_VERSION = sql<string>`'"s' || left(md5(json_build_array(${savedSearches.name}, ${savedSearches.alert})::text), 16) || '"'`;

const listed = {
  id: savedSearches.id,
  name: savedSearches.name,
  params: savedSearches.params,
  alert: savedSearches.alert,
  createdAt: savedSearches.createdAt,
  version: SAVED_SEARCH_VERSION,
};
export type ListedSavedSearch = Pick<SavedSearchRow, Exclude<keyof typeof listed, 'version'>> & {
  version: string;
};

/**
 * The write's condition on the version: none for `'*'` (no If-Match, or `*`), else the stored
 * name and switch hash to one of the tags (none: never). Inside the UPDATE or DELETE itself, so a
 * change committed since the owner loaded the list is seen by the write that would overwrite it.
 */
function versionIs(expected: '*' | readonly string[]) {
  if (expected === '*') return undefined;
  if (expected.length === 0) return sql`false`;
  return sql`${SAVED_SEARCH_VERSION} IN (${sql.join(
    expected.map((tag) => sql`${tag}`),
    sql`, `,
  )})`;
}

/** Whether the account has this saved search (whatever its version). */
export async function hasSavedSearch(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  return rows.length > 0;
}

/** Holds the account's row until the transaction ends: saves of one account are counted one at a time. */
export async function lockAccount(db: Db, userId: string): Promise<void> {
  await db.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`);
}

export async function countSavedSearches(db: Db, userId: string): Promise<number> {
  return db.$count(savedSearches, eq(savedSearches.userId, userId));
}

/** The account's saved search with exactly these parameters (jsonb equality: key order aside), if any. */
export async function findSameSearch(
  db: Db,
  userId: string,
  params: unknown,
): Promise<{ name: string } | undefined> {
  const [row] = await db
    .select({ name: savedSearches.name })
    .from(savedSearches)
    .where(
      and(eq(savedSearches.userId, userId), sql`${savedSearches.params} = ${JSON.stringify(params)}::jsonb`),
    )
    .limit(1);
  return row;
}

export async function insertSavedSearch(db: Db, row: NewSavedSearch): Promise<ListedSavedSearch> {
  const [saved] = await db.insert(savedSearches).values(row).returning(listed);
  return saved!;
}

/** The account's saved searches, newest first. */
export async function findSavedSearches(db: Db, userId: string): Promise<ListedSavedSearch[]> {
  return db
    .select(listed)
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
}

/**
 * Changes one of the account's saved searches while its version is one of `expected` ('*': any);
 * undefined when it has no such search at that version.
 */
export async function updateSavedSearch(
  db: Db,
  userId: string,
  id: string,
  change: { name: string } | { alert: boolean },
  expected: '*' | readonly string[] = '*',
): Promise<ListedSavedSearch | undefined> {
  const [row] = await db
    .update(savedSearches)
    .set(change)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId), versionIs(expected)))
    .returning(listed);
  return row;
}

/** Deletes one of the account's saved searches at one of the `expected` versions; false otherwise. */
export async function deleteSavedSearch(
  db: Db,
  userId: string,
  id: string,
  expected: '*' | readonly string[] = '*',
): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId), versionIs(expected)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

export async function findDailyCap(db: Db, userId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ dailyCap: savedSearchSettings.dailyCap })
    .from(savedSearchSettings)
    .where(eq(savedSearchSettings.userId, userId));
  return row?.dailyCap;
}

export async function upsertDailyCap(db: Db, userId: string, dailyCap: number): Promise<void> {
  await db
    .insert(savedSearchSettings)
    .values({ userId, dailyCap })
    .onConflictDoUpdate({ target: savedSearchSettings.userId, set: { dailyCap } });
}
