import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { IDEMPOTENCY_TEXTS } from '#domain/idempotency.ts';
import { type Db, rowsOf } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from './app-error';

/**
 * Runs a write at most once per (user, Idempotency-Key). The key row is inserted first, in the
 * write's own transaction: a concurrent retry waits on the primary key until this one commits, then
 * answers the stored reply; if the write fails (a 4xx, the database going away), everything rolls
 * back and a retry runs it afresh. Without a key the write simply runs. `run` must use the context
 * it is given (its db is the transaction). Any context with a `db` will do (the services pass theirs).
 */
export async function withIdempotency<C extends { db: Db }, T>(
  ctx: C,
  userId: string,
  key: string | undefined,
  request: { scope: string; body: unknown },
  run: (ctx: C) => Promise<T>,
): Promise<T> {
  if (key === undefined) return run(ctx);
  const requestHash = createHash('sha256')
    .update(`${request.scope}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');
  return ctx.db.transaction(async (tx) => {
    const claimed = rowsOf<{ key: string }>(
      await tx.execute(sql`
        INSERT INTO idempotency_keys (user_id, key, request_hash)
        VALUES (${userId}, ${key}, ${requestHash})
        ON CONFLICT (user_id, key) DO NOTHING
        RETURNING key`),
    );
    if (claimed.length === 0) {
      const [stored] = await tx
        .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!stored || stored.requestHash !== requestHash)
        throw new AppError('CONFLICT', IDEMPOTENCY_TEXTS.keyReused);
      return stored.response as T;
    }
    const result = await run({ ...ctx, db: tx });
    await tx
      .update(idempotencyKeys)
      .set({ response: result as object })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return result;
  });
}
