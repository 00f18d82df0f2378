import { and, asc, count, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { loginSessions, passkeys, webauthnChallenges } from '#server/db/schema/index.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type NewPasskey = typeof passkeys.$inferInsert;
export type ChallengePurpose = (typeof webauthnChallenges.$inferSelect)['purpose'];

const listed = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
  backedUp: passkeys.backedUp,
};
export type ListedPasskey = Pick<PasskeyRow, keyof typeof listed>;

export async function insertChallenge(db: Db, values: typeof webauthnChallenges.$inferInsert): Promise<void> {
  await db.insert(webauthnChallenges).values(values);
}

/** Challenges whose time has passed, answered or not. */
export async function deleteExpiredChallenges(db: Db, now: Date): Promise<void> {
  await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, now));
}

/**
 * Uses up a challenge: deleted whether the answer then verifies or not, so it is good for one
 * answer only. True when it was live, for this purpose and this user (null: a sign-in's).
 */
export async function consumeChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .delete(webauthnChallenges)
    .where(eq(webauthnChallenges.challenge, challenge))
    .returning({
      purpose: webauthnChallenges.purpose,
      userId: webauthnChallenges.userId,
      expiresAt: webauthnChallenges.expiresAt,
    });
  const row = rows[0];
  return !!row && row.purpose === purpose && row.userId === userId && row.expiresAt.getTime() > now.getTime();
}

/** Holds the account's row until the transaction ends: additions of one account are counted one at a time. */
export async function lockAccount(db: Db, userId: string): Promise<void> {
  await db.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`);
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return Number(row?.n ?? 0);
}

/** The account's passkeys, oldest first. */
export async function findPasskeys(db: Db, userId: string): Promise<ListedPasskey[]> {
  return db
    .select(listed)
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

/** The account's credential ids and transports (what the browser is told not to register again). */
export async function findCredentialDescriptors(db: Db, userId: string) {
  return db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}

export async function findPasskey(db: Db, id: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id)).limit(1);
  return row;
}

/** Stores a new credential; undefined when that credential id is already stored (any account's). */
export async function insertPasskeyIfAbsent(db: Db, values: NewPasskey): Promise<ListedPasskey | undefined> {
  const [row] = await db.insert(passkeys).values(values).onConflictDoNothing().returning(listed);
  return row;
}

/**
 * A sign-in or re-authentication by this credential: its new counter, its backup state and when.
 * Only from the counter it was read with, so two answers racing on one read cannot both pass.
 */
export async function recordPasskeyUse(
  db: Db,
  id: string,
  seen: { counter: number },
  change: { counter: number; backedUp: boolean; lastUsedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set(change)
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, seen.counter)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function renamePasskey(
  db: Db,
  userId: string,
  id: string,
  name: string,
): Promise<ListedPasskey | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning(listed);
  return row;
}

export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/**
 * This login was proven again just now by a passkey: the session list names it so, and the steps
 * that ask for the current password take it as a fresh proof for a few minutes (confirmIdentity).
 */
export async function markProvenByPasskey(
  db: Db,
  familyId: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(loginSessions)
    .set({ authMethod: 'passkey', authenticatedAt: now })
    .where(and(eq(loginSessions.familyId, familyId), eq(loginSessions.userId, userId)))
    .returning({ familyId: loginSessions.familyId });
  return rows.length > 0;
}
