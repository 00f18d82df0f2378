import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { emailTokens, passkeys } from '#server/db/schema/index.ts';

/** The account's newest live change-email link: the address it would confirm and until when. */
export async function findPendingEmailChange(db: Db, userId: string, now: Date) {
  const [row] = await db
    .select({ email: emailTokens.email, expiresAt: emailTokens.expiresAt })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, 'change-email'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  return row;
}

/** Removes every passkey of the account (an undone email change: whoever made it may have added one). */
export async function deleteAllPasskeys(db: Db, userId: string): Promise<number> {
  const removed = await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
  return removed.length;
}
