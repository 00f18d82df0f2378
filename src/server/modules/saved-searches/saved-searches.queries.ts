import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { savedSearches, savedSearchSettings } from '#server/db/schema/index.ts';

export type SavedSearchRow = typeof savedSearches.$inferSelect;
export type NewSavedSearch = typeof savedSearches.$inferInsert;

const listed = {
  id: savedSearches.id,
  name: savedSearches.name,
  params: savedSearches.params,
  alert: savedSearches.alert,
  createdAt: savedSearches.createdAt,
};
export type ListedSavedSearch = Pick<SavedSearchRow, keyof typeof listed>;

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

/** Changes one of the account's saved searches; undefined when it has no such search. */
export async function updateSavedSearch(
  db: Db,
  userId: string,
  id: string,
  change: { name: string } | { alert: boolean },
): Promise<ListedSavedSearch | undefined> {
  const [row] = await db
    .update(savedSearches)
    .set(change)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning(listed);
  return row;
}

export async function deleteSavedSearch(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
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
