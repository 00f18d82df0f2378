import { and, desc, eq, gt, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  emailTokens,
  loginAddresses,
  loginSessions,
  providerProfiles,
  refreshTokens,
  revokedAccessTokens,
  type UserRow,
  users,
} from '#server/db/schema/index.ts';

export type NewProviderProfile = typeof providerProfiles.$inferInsert;
export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

function selectUserForAccessToken(db: Db) {
  return db
    .select({
      user: users,
      tokenRevoked: sql<boolean>`exists (select 1 from ${revokedAccessTokens} where ${revokedAccessTokens.jti} in (${sql.placeholder('jti')}, ${sql.placeholder('familyKey')}))`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('user_for_access_token');
}

/**
 * Prepared once per database: every signed-in request runs it, and the query builder spent about
 * 130 µs of the request thread building this select of the whole users row each time.
 */
const preparedUserForAccessToken = new WeakMap<Db, ReturnType<typeof selectUserForAccessToken>>();

/**
 * The key under which the denylist refuses every access token of a login family. A token's own
 * `jti` is 22 base64url characters, so the two kinds of key never meet.
 */
export function familyDenylistKey(familyId: string): string {
  return `family:${familyId}`;
}

/**
 * The user an access token names and whether the token is on the logout denylist, by its own id
 * or by its login family, in one round trip (every authenticated request runs this).
 */
export async function findUserForAccessToken(
  db: Db,
  userId: string,
  token: { jti: string; family: string | null },
): Promise<{ user: UserRow; tokenRevoked: boolean } | undefined> {
  let statement = preparedUserForAccessToken.get(db);
  if (!statement) {
    statement = selectUserForAccessToken(db);
    preparedUserForAccessToken.set(db, statement);
  }
  // A token without a family is looked up by its id twice: one statement serves both kinds.
  const familyKey = token.family ? familyDenylistKey(token.family) : token.jti;
  const [row] = await statement.execute({ userId, jti: token.jti, familyKey });
  return row && { user: row.user, tokenRevoked: row.tokenRevoked === true };
}

export async function findTakenSlugs(db: Db, candidates: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ slug: users.routingSlug })
    .from(users)
    .where(inArray(users.routingSlug, candidates));
  return new Set(rows.map((r) => r.slug));
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function insertProviderProfileIfAbsent(db: Db, values: NewProviderProfile): Promise<void> {
  await db.insert(providerProfiles).values(values).onConflictDoNothing();
}

/** Deletes a user and, through ON DELETE CASCADE, everything that refers to it. */
export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

export async function deleteProviderProfile(db: Db, userId: string): Promise<void> {
  await db.delete(providerProfiles).where(eq(providerProfiles.userId, userId));
}

/** The user's fields that GET /api/auth/profile answers with: a change of one moves the profile's version. */
const PROFILE_FIELDS = ['email', 'name', 'userType', 'role', 'avatarUrl', 'routingSlug'] as const;

/**
 * A change of a field the account profile shows (the email, the type, the role) moves its version
 * (the ETag of GET /api/auth/profile); a password, a verification or a token cut-off does not.
 */
export async function updateUser(
  db: Db,
  id: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const shown = PROFILE_FIELDS.some((field) => field in values);
  const [row] = await db
    .update(users)
    .set({
      ...values,
      updatedAt: sql`now()`,
      ...(shown ? { profileVersion: sql`${users.profileVersion} + 1` } : {}),
    })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

export async function insertEmailToken(db: Db, values: typeof emailTokens.$inferInsert): Promise<void> {
  await db.insert(emailTokens).values(values);
}

export async function findEmailToken(db: Db, purpose: EmailTokenPurpose, tokenHash: string) {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
    .limit(1);
  return row;
}

/** Marks a token used; false when another request used it first. */
export async function consumeEmailToken(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  return rows.length === 1;
}

/** True when the user holds an unused link of this purpose that has not expired at `now`. */
export async function hasLiveEmailToken(
  db: Db,
  userId: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return rows.length === 1;
}

/** Ends every unused link of this purpose (a new sign-up's credentials, a completed reset or sign-in). */
export async function retireEmailTokens(db: Db, userId: string, purpose: EmailTokenPurpose, now: Date) {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

export async function insertRefreshToken(db: Db, values: typeof refreshTokens.$inferInsert): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Marks a refresh token rotated; false when it was already rotated (a reuse). */
export async function markRefreshTokenRotated(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

/**
 * Takes a rotated refresh token for a lost reply: true once, while it was rotated after `since` and
 * its login is live; false for every later try (a second replay is no lost reply).
 */
export async function claimLostReply(db: Db, id: string, since: Date, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ replayedAt: now })
    .where(
      and(
        eq(refreshTokens.id, id),
        isNull(refreshTokens.replayedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.rotatedAt, since),
      ),
    )
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

/** Revokes the family's tokens not yet rotated (the one a lost reply carried), so the login stays one chain. */
export async function revokeUnrotatedInFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

/** Whether any refresh token of the family is still live (not revoked, not rotated). */
export async function familyHasLiveToken(db: Db, familyId: string): Promise<boolean> {
  const rows = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function revokeRefreshFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllRefreshTokens(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Refuses an access token until it would have expired anyway; a second logout changes nothing. */
export async function insertRevokedAccessToken(db: Db, jti: string, expiresAt: Date): Promise<void> {
  await db.insert(revokedAccessTokens).values({ jti, expiresAt }).onConflictDoNothing();
}

/**
 * Refuses every access token of a login family until `expiresAt` (by then each one issued so far
 * has expired). An ended family issues no more tokens, so a second denial changes nothing.
 */
export async function denyAccessTokenFamily(db: Db, familyId: string, expiresAt: Date): Promise<void> {
  await db
    .insert(revokedAccessTokens)
    .values({ jti: familyDenylistKey(familyId), expiresAt })
    .onConflictDoNothing();
}

/** Forgets denylisted tokens that have expired by now (their signature check refuses them anyway). */
export async function deleteExpiredRevokedAccessTokens(db: Db, now: Date): Promise<void> {
  await db.delete(revokedAccessTokens).where(lte(revokedAccessTokens.expiresAt, now));
}

/** Remembers that this user logged in from this address (a keyed hash), or refreshes when. */
export async function upsertLoginAddress(db: Db, userId: string, ipHash: string, now: Date): Promise<void> {
  await db
    .insert(loginAddresses)
    .values({ userId, ipHash, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: [loginAddresses.userId, loginAddresses.ipHash],
      set: { lastSeenAt: now },
    });
}

/** True when this user logged in from this address at `since` or later. */
export async function hasLoginAddress(db: Db, userId: string, ipHash: string, since: Date): Promise<boolean> {
  const rows = await db
    .select({ userId: loginAddresses.userId })
    .from(loginAddresses)
    .where(
      and(
        eq(loginAddresses.userId, userId),
        eq(loginAddresses.ipHash, ipHash),
        gte(loginAddresses.lastSeenAt, since),
      ),
    )
    .limit(1);
  return rows.length === 1;
}

export async function deleteLoginAddresses(db: Db, userId: string): Promise<void> {
  await db.delete(loginAddresses).where(eq(loginAddresses.userId, userId));
}

export async function insertLoginSession(db: Db, values: typeof loginSessions.$inferInsert): Promise<void> {
  await db.insert(loginSessions).values(values);
}

/** A refresh moves the login's last use on. */
export async function touchLoginSession(db: Db, familyId: string, now: Date): Promise<void> {
  await db.update(loginSessions).set({ lastUsedAt: now }).where(eq(loginSessions.familyId, familyId));
}

export async function findLoginSession(db: Db, familyId: string) {
  const [row] = await db.select().from(loginSessions).where(eq(loginSessions.familyId, familyId)).limit(1);
  return row;
}

/**
 * The account's live logins, most recently used first: a login is live while its family has a
 * refresh token that is neither revoked nor expired (a rotated token's successor counts).
 */
export async function listLiveSessions(db: Db, userId: string, now: Date, limit: number) {
  return db
    .select({
      familyId: loginSessions.familyId,
      userAgent: loginSessions.userAgent,
      authMethod: loginSessions.authMethod,
      createdAt: loginSessions.createdAt,
      lastUsedAt: loginSessions.lastUsedAt,
    })
    .from(loginSessions)
    .where(
      and(
        eq(loginSessions.userId, userId),
        sql`exists (select 1 from ${refreshTokens} t where t.family_id = ${loginSessions.familyId}
          and t.revoked_at is null and t.rotated_at is null and t.expires_at > ${now})`,
      ),
    )
    .orderBy(desc(loginSessions.lastUsedAt), desc(loginSessions.familyId))
    .limit(limit);
}

/** The account's logins that still have a usable refresh token, but one (the caller's own). */
export async function liveFamiliesExcept(db: Db, userId: string, keepFamilyId: string | null, now: Date) {
  const rows = await db
    .selectDistinct({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    );
  return rows.map((r) => r.familyId);
}
