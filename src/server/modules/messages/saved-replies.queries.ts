import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { savedReplies, users } from '#server/db/schema/index.ts';

export type SavedReplyRow = typeof savedReplies.$inferSelect;

/** The provider's saved replies, oldest first. */
export function findSavedReplies(db: Db, providerId: string): Promise<SavedReplyRow[]> {
  return db
    .select()
    .from(savedReplies)
    .where(eq(savedReplies.providerId, providerId))
    .orderBy(asc(savedReplies.createdAt), asc(savedReplies.id));
}

/**
 * Locks the provider's account row until the transaction ends: their saved-reply additions take
 * turns, so two at once cannot both pass the count.
 */
export async function lockProvider(db: Db, providerId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, providerId)).for('update');
}

export function countSavedReplies(db: Db, providerId: string): Promise<number> {
  return db.$count(savedReplies, eq(savedReplies.providerId, providerId));
}

export async function insertSavedReply(
  db: Db,
  reply: { providerId: string; title: string; body: string; now: Date },
): Promise<SavedReplyRow> {
  const [row] = await db
    .insert(savedReplies)
    .values({
      providerId: reply.providerId,
      title: reply.title,
      body: reply.body,
      createdAt: reply.now,
      updatedAt: reply.now,
    })
    .returning();
  return row!;
}

/** Changes the provider's own saved reply; undefined when it is not theirs or does not exist. */
export async function updateSavedReply(
  db: Db,
  change: { id: string; providerId: string; title: string; body: string; now: Date },
): Promise<SavedReplyRow | undefined> {
  const [row] = await db
    .update(savedReplies)
    .set({ title: change.title, body: change.body, updatedAt: change.now })
    .where(and(eq(savedReplies.id, change.id), eq(savedReplies.providerId, change.providerId)))
    .returning();
  return row;
}

/** Deletes the provider's own saved reply; false when it is not theirs or does not exist. */
export async function deleteSavedReply(db: Db, id: string, providerId: string): Promise<boolean> {
  const rows = await db
    .delete(savedReplies)
    .where(and(eq(savedReplies.id, id), eq(savedReplies.providerId, providerId)))
    .returning({ id: savedReplies.id });
  return rows.length > 0;
}
