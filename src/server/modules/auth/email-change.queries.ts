import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { emailTokens } from '#server/db/schema/index.ts';

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
