import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#server/db/client.ts';
import type { ThreadSide } from '#server/db/schema/messages.ts';

/** The columns of a thread side the notifier reads, `side` being the side the email goes to. */
export interface DueSide {
  thread_id: string;
  side: ThreadSide;
  recipient_id: string | null;
  sender_id: string | null;
  sender_name: string | null;
  sender_email: string | null;
}

const other = (side: ThreadSide): ThreadSide => (side === 'client' ? 'provider' : 'client');
const column = (side: ThreadSide, name: string) => sql.raw(`t.${side}_${name}`);

/**
 * Takes up to `limit` thread sides whose email is due at `now`, soonest first, their rows locked
 * (FOR UPDATE SKIP LOCKED: another notifier, or another instance's, takes the others) until the
 * caller's transaction ends. With the other party's name for the email.
 */
export async function claimDueSides(db: Db, side: ThreadSide, now: Date, limit: number): Promise<DueSide[]> {
  const sender = other(side);
  return rowsOf<DueSide>(
    await db.execute(sql`
      SELECT t.id AS thread_id, ${side}::text AS side,
             ${column(side, 'id')} AS recipient_id, ${column(sender, 'id')} AS sender_id,
             u.name AS sender_name, u.email AS sender_email
      FROM message_threads t
      LEFT JOIN users u ON u.id = ${column(sender, 'id')}
      WHERE ${column(side, 'notify_due_at')} <= ${now.toISOString()}::timestamptz
      ORDER BY ${column(side, 'notify_due_at')}
      LIMIT ${limit}
      FOR UPDATE OF t SKIP LOCKED`),
  );
}

/**
 * The visible messages from the other side that `side` has neither read nor been emailed about (newer
 * than both its read mark and its last email), the newest `limit` of them, each with the count of all.
 */
export async function findUnnotifiedMessages(db: Db, threadId: string, side: ThreadSide, limit: number) {
  return rowsOf<{ body: string; total: number }>(
    await db.execute(sql`
      SELECT m.body, (count(*) OVER ())::int AS total
      FROM messages m JOIN message_threads t ON t.id = m.thread_id
      WHERE m.thread_id = ${threadId} AND m.sender_side = ${other(side)} AND m.hidden_at IS NULL
        AND m.created_at > coalesce(greatest(${column(side, 'read_at')}, ${column(side, 'notified_at')}), '-infinity')
      ORDER BY m.created_at DESC, m.id DESC
      LIMIT ${limit}`),
  );
}

/** Nothing more is due for this side; with `notifiedAt`, it was (or would have been) emailed then. */
export async function finishDueSide(
  db: Db,
  threadId: string,
  side: ThreadSide,
  notifiedAt: Date | null,
): Promise<void> {
  const notified = sql.raw(`${side}_notified_at`);
  await db.execute(sql`
    UPDATE message_threads SET
      ${sql.raw(`${side}_notify_due_at`)} = NULL
      ${notifiedAt ? sql`, ${notified} = ${notifiedAt.toISOString()}::timestamptz` : sql``}
    WHERE id = ${threadId}`);
}

/**
 * Who answers as `side` of a thread by email, and whether they may: their user id (null: the account
 * was deleted, or no such thread) and whether the thread is read-only for them (the other party was
 * deleted, or either blocked the other).
 */
export async function findReplySide(db: Db, threadId: string, side: ThreadSide) {
  const me = column(side, 'id');
  const them = column(other(side), 'id');
  const [row] = rowsOf<{ user_id: string | null; read_only: boolean }>(
    await db.execute(sql`
      SELECT ${me} AS user_id,
             (${them} IS NULL
              OR EXISTS (SELECT 1 FROM blocked_clients b
                         WHERE (b.provider_id = ${me} AND b.client_id = ${them})
                            OR (b.provider_id = ${them} AND b.client_id = ${me}))
              OR EXISTS (SELECT 1 FROM blocked_providers b
                         WHERE (b.user_id = ${me} AND b.provider_id = ${them})
                            OR (b.user_id = ${them} AND b.provider_id = ${me}))) AS read_only
      FROM message_threads t
      WHERE t.id = ${threadId}`),
  );
  return row ? { userId: row.user_id, readOnly: row.read_only } : undefined;
}
