import { type SQL, sql } from 'drizzle-orm';
import { MESSAGE_LIMITS } from '#domain/messages-options.ts';
import { type Db, rowsOf } from '#server/db/client.ts';
import type { ThreadSide } from '#server/db/schema/messages.ts';
import type { Keyset } from '#server/lib/keyset-cursor.ts';

/** A timestamp column as ISO 8601 text with microseconds (keyset cursors need them). */
const iso = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/** Unread counts stop here (the badge says 999 at most). */
export const UNREAD_CAP = 999;

/**
 * Whether `me` blocked `other` or `other` blocked `me`, whichever side of a thread each is: a
 * provider's block of a client (blocked_clients) and a client's block of a provider (the favourites'
 * blocked_providers) both stop the pair's messages. Point lookups on each table's primary key.
 */
const blockedByMe = (me: SQL | string, other: SQL) => sql`(
  EXISTS (SELECT 1 FROM blocked_clients b WHERE b.provider_id = ${me} AND b.client_id = ${other})
  OR EXISTS (SELECT 1 FROM blocked_providers b WHERE b.user_id = ${me} AND b.provider_id = ${other}))`;
const blockedMe = (me: SQL | string, other: SQL) => sql`(
  EXISTS (SELECT 1 FROM blocked_clients b WHERE b.provider_id = ${other} AND b.client_id = ${me})
  OR EXISTS (SELECT 1 FROM blocked_providers b WHERE b.user_id = ${other} AND b.provider_id = ${me}))`;

/** Whether either of two people blocked the other (POST /api/messages asks before a thread exists). */
export async function isPairBlocked(db: Db, me: string, other: string): Promise<boolean> {
  const [row] = rowsOf<{ blocked: boolean }>(
    await db.execute(
      sql`SELECT (${blockedByMe(me, sql`${other}::uuid`)} OR ${blockedMe(me, sql`${other}::uuid`)}) AS blocked`,
    ),
  );
  return row?.blocked ?? false;
}

/** A thread as one of its parties sees it, for a write: locked until the transaction ends. */
export interface ThreadForParty {
  id: string;
  role: ThreadSide;
  other_id: string | null;
  blocked_by_me: boolean;
  blocked_me: boolean;
}

/**
 * The thread `id` if `me` is one of its parties (else undefined), its row locked FOR UPDATE so two
 * messages at once keep its awaiting/read/notify columns consistent.
 */
export async function lockThreadForParty(
  db: Db,
  id: string,
  me: string,
): Promise<ThreadForParty | undefined> {
  const other = sql`(CASE WHEN t.client_id = ${me} THEN t.provider_id ELSE t.client_id END)`;
  const [row] = rowsOf<ThreadForParty>(
    await db.execute(sql`
      SELECT t.id,
             CASE WHEN t.client_id = ${me} THEN 'client' ELSE 'provider' END AS role,
             ${other} AS other_id,
             ${blockedByMe(me, other)} AS blocked_by_me,
             ${blockedMe(me, other)} AS blocked_me
      FROM message_threads t
      WHERE t.id = ${id} AND (t.client_id = ${me} OR t.provider_id = ${me})
      FOR UPDATE`),
  );
  return row;
}

/** The user on one side of a thread (null: deleted, or no such thread). */
export async function findThreadSideUser(db: Db, id: string, side: ThreadSide): Promise<string | null> {
  const column = sql.raw(side === 'client' ? 'client_id' : 'provider_id');
  const [row] = rowsOf<{ user_id: string | null }>(
    await db.execute(sql`SELECT ${column} AS user_id FROM message_threads WHERE id = ${id}`),
  );
  return row?.user_id ?? null;
}

/**
 * The thread of two people, either way round: the one where `clientId` wrote to `providerId` first,
 * else the one where it was the other way (two providers who wrote to each other keep one thread).
 */
export async function findPairThread(db: Db, clientId: string, providerId: string) {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      SELECT id FROM message_threads
      WHERE (client_id = ${clientId} AND provider_id = ${providerId})
         OR (client_id = ${providerId} AND provider_id = ${clientId})
      ORDER BY (client_id = ${clientId}) DESC
      LIMIT 1`),
  );
  return row?.id;
}

/** Threads `clientId` started since `since` (the new-threads-per-day limit). */
export async function countThreadsStartedSince(db: Db, clientId: string, since: Date): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS n FROM message_threads
      WHERE client_id = ${clientId} AND created_at > ${since.toISOString()}::timestamptz`),
  );
  return row?.n ?? 0;
}

/** Starts a thread; undefined when a concurrent request started the same pair's first. */
export async function insertThread(db: Db, clientId: string, providerId: string, now: Date) {
  const at = now.toISOString();
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO message_threads (client_id, provider_id, created_at, last_message_at, last_sender_side)
      VALUES (${clientId}, ${providerId}, ${at}::timestamptz, ${at}::timestamptz, 'client')
      ON CONFLICT (client_id, provider_id) DO NOTHING
      RETURNING id`),
  );
  return row?.id;
}

export interface InsertedMessage {
  id: string;
  created_at: string;
}

export async function insertMessage(
  db: Db,
  m: {
    threadId: string;
    senderId: string;
    side: ThreadSide;
    body: string;
    via: 'app' | 'email';
    notice: string | null;
    now: Date;
  },
): Promise<InsertedMessage> {
  const [row] = rowsOf<InsertedMessage>(
    await db.execute(sql`
      INSERT INTO messages (thread_id, sender_id, sender_side, body, via, notice, created_at)
      VALUES (${m.threadId}, ${m.senderId}, ${m.side}, ${m.body}, ${m.via}, ${m.notice},
              ${m.now.toISOString()}::timestamptz)
      RETURNING id, ${iso('created_at')} AS created_at`),
  );
  return row!;
}

/**
 * A provider's answer to a waiting client: how long it took, from the oldest unanswered message
 * (nothing when nothing was waiting).
 */
export async function insertReplyTime(db: Db, threadId: string, providerId: string, now: Date) {
  const at = now.toISOString();
  await db.execute(sql`
    INSERT INTO message_reply_times (provider_id, thread_id, replied_at, minutes)
    SELECT ${providerId}, t.id, ${at}::timestamptz,
           greatest(0, floor(extract(epoch FROM (${at}::timestamptz - t.awaiting_reply_since)) / 60))::int
    FROM message_threads t
    WHERE t.id = ${threadId} AND t.awaiting_reply_since IS NOT NULL
    ON CONFLICT DO NOTHING`);
}

/**
 * The thread after a message from `side`: its order and last sender, who owes an answer (a client's
 * message waits from the oldest unanswered one; a provider's answers it), the sender's own read mark,
 * and the recipient's next email: due now, or 15 minutes after the last one (an email already due
 * stays as it is). Answers whether the recipient has read up to the message (never, in practice).
 */
export async function updateThreadAfterMessage(
  db: Db,
  threadId: string,
  side: ThreadSide,
  now: Date,
): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const recipient = side === 'client' ? 'provider' : 'client';
  const col = (name: string) => sql.raw(`${name}`);
  const every = sql.raw(`interval '${MESSAGE_LIMITS.notifyEveryMinutes} minutes'`);
  const [row] = rowsOf<{ read: boolean }>(
    await db.execute(sql`
      UPDATE message_threads SET
        last_message_at = ${at},
        last_sender_side = ${side},
        awaiting_reply_since = ${side === 'client' ? sql`coalesce(awaiting_reply_since, ${at})` : sql`NULL`},
        ${col(`${side}_read_at`)} = ${at},
        ${col(`${recipient}_notify_due_at`)} = coalesce(
          ${col(`${recipient}_notify_due_at`)},
          greatest(${at}, ${col(`${recipient}_notified_at`)} + ${every}))
      WHERE id = ${threadId}
      RETURNING coalesce(${col(`${recipient}_read_at`)} >= ${at}, false) AS read`),
  );
  return row?.read ?? false;
}

/** Sets the reader's read mark (everything in the thread up to now); false when not a party. */
export async function markThreadRead(db: Db, threadId: string, me: string, now: Date): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      UPDATE message_threads SET
        client_read_at = CASE WHEN client_id = ${me} THEN ${at} ELSE client_read_at END,
        provider_read_at = CASE WHEN provider_id = ${me} THEN ${at} ELSE provider_read_at END
      WHERE id = ${threadId} AND (client_id = ${me} OR provider_id = ${me})
      RETURNING id`),
  );
  return rows.length > 0;
}

/**
 * Messages from the other side the reader has not read, in all their threads (hidden ones left
 * out), up to UNREAD_CAP: each side's threads by its index, each thread's messages by
 * messages_thread_created_idx.
 */
export async function countUnread(db: Db, me: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS n FROM (
        (SELECT 1 FROM message_threads t JOIN messages m ON m.thread_id = t.id
         WHERE t.client_id = ${me} AND m.sender_side = 'provider' AND m.hidden_at IS NULL
           AND (t.client_read_at IS NULL OR m.created_at > t.client_read_at))
        UNION ALL
        (SELECT 1 FROM message_threads t JOIN messages m ON m.thread_id = t.id
         WHERE t.provider_id = ${me} AND m.sender_side = 'client' AND m.hidden_at IS NULL
           AND (t.provider_read_at IS NULL OR m.created_at > t.provider_read_at))
        LIMIT ${UNREAD_CAP}
      ) u`),
  );
  return row?.n ?? 0;
}

/** A thread as its reader sees it in the inbox, before the service shapes it. */
export interface ThreadSummaryRow {
  id: string;
  role: ThreadSide;
  last_message_at: string;
  other_id: string | null;
  other_name: string | null;
  other_email: string | null;
  other_avatar_url: string | null;
  other_slug: string | null;
  last_body: string | null;
  last_hidden: boolean | null;
  last_mine: boolean | null;
  last_created_at: string | null;
  unread_count: number;
  awaiting_reply: boolean;
  blocked_by_me: boolean;
  blocked_me: boolean;
}

/** The columns of a thread both the inbox's pages and one thread select (`page` has them). */
const threadColumns = sql.raw(
  't.id, t.client_id, t.provider_id, t.last_message_at, t.awaiting_reply_since, t.client_read_at, t.provider_read_at',
);

/**
 * The summaries of the threads in the CTE `page` (threadColumns plus the reader's `role`), in one
 * statement: the other party, the newest message (lateral, by messages_thread_created_idx), the
 * unread count (bounded), and the blocks between the two (primary keys).
 */
function summariesOf(me: string, page: SQL) {
  const other = sql`o.id`;
  return sql`
    WITH page AS (${page})
    SELECT p.id, p.role, ${iso('p.last_message_at')} AS last_message_at,
           o.id AS other_id, o.name AS other_name, o.email AS other_email, o.avatar_url AS other_avatar_url,
           CASE WHEN o.listed THEN o.routing_slug END AS other_slug,
           lm.body AS last_body, lm.hidden AS last_hidden, lm.sender_side = p.role AS last_mine,
           ${iso('lm.created_at')} AS last_created_at,
           (SELECT count(*)::int FROM (
              SELECT 1 FROM messages m
              WHERE m.thread_id = p.id AND m.sender_side <> p.role AND m.hidden_at IS NULL
                AND m.created_at > coalesce(
                  CASE p.role WHEN 'client' THEN p.client_read_at ELSE p.provider_read_at END,
                  '-infinity'::timestamptz)
              LIMIT ${UNREAD_CAP}) u) AS unread_count,
           (p.role = 'provider' AND p.awaiting_reply_since IS NOT NULL) AS awaiting_reply,
           (o.id IS NOT NULL AND ${blockedByMe(me, other)}) AS blocked_by_me,
           (o.id IS NOT NULL AND ${blockedMe(me, other)}) AS blocked_me
    FROM page p
    LEFT JOIN users o ON o.id = CASE p.role WHEN 'client' THEN p.provider_id ELSE p.client_id END
    LEFT JOIN LATERAL (
      SELECT m.body, m.hidden_at IS NOT NULL AS hidden, m.sender_side, m.created_at
      FROM messages m WHERE m.thread_id = p.id
      ORDER BY m.created_at DESC, m.id DESC LIMIT 1
    ) lm ON true
    ORDER BY p.last_message_at DESC, p.id DESC`;
}

/**
 * One page of the reader's threads, newest first by (last_message_at, id): each side's threads by
 * its own index (the provider's 'unanswered' by the partial awaiting index), merged.
 */
export async function findThreadPage(
  db: Db,
  me: string,
  filter: 'all' | 'unanswered',
  limit: number,
  after: Keyset | null,
): Promise<(ThreadSummaryRow & { keyset: Keyset })[]> {
  const keyset = after
    ? sql`AND (t.last_message_at, t.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : sql``;
  const asProvider = sql`
    (SELECT ${threadColumns}, 'provider' AS role FROM message_threads t
     WHERE t.provider_id = ${me} ${filter === 'unanswered' ? sql`AND t.awaiting_reply_since IS NOT NULL` : sql``}
       ${keyset}
     ORDER BY t.last_message_at DESC, t.id DESC LIMIT ${limit + 1})`;
  const asClient = sql`
    (SELECT ${threadColumns}, 'client' AS role FROM message_threads t
     WHERE t.client_id = ${me} ${keyset}
     ORDER BY t.last_message_at DESC, t.id DESC LIMIT ${limit + 1})`;
  const page =
    filter === 'unanswered'
      ? asProvider
      : sql`${asClient} UNION ALL ${asProvider} ORDER BY last_message_at DESC, id DESC LIMIT ${limit + 1}`;
  const rows = rowsOf<ThreadSummaryRow>(await db.execute(summariesOf(me, page)));
  return rows.map((r) => ({ ...r, keyset: { createdAt: r.last_message_at, id: r.id } }));
}

/** One thread's summary, if the reader is one of its parties. */
export async function findThreadSummary(
  db: Db,
  me: string,
  threadId: string,
): Promise<ThreadSummaryRow | undefined> {
  const page = sql`
    SELECT ${threadColumns}, CASE WHEN t.client_id = ${me} THEN 'client' ELSE 'provider' END AS role
    FROM message_threads t
    WHERE t.id = ${threadId} AND (t.client_id = ${me} OR t.provider_id = ${me})`;
  const [row] = rowsOf<ThreadSummaryRow>(await db.execute(summariesOf(me, page)));
  return row;
}

export interface MessageRow {
  id: string;
  sender_side: ThreadSide;
  body: string;
  hidden: boolean;
  via: 'app' | 'email';
  notice: string | null;
  created_at: string;
  read: boolean;
  reported: boolean;
}

/**
 * A page of a thread's messages, newest first (the service turns it round), before the keyset:
 * whether the recipient's read mark is past each, and whether `me` reported it.
 */
export async function findMessagePage(
  db: Db,
  me: string,
  threadId: string,
  limit: number,
  before: Keyset | null,
): Promise<(MessageRow & { keyset: Keyset })[]> {
  const rows = rowsOf<MessageRow>(
    await db.execute(sql`
      SELECT m.id, m.sender_side, m.body, m.hidden_at IS NOT NULL AS hidden, m.via, m.notice,
             ${iso('m.created_at')} AS created_at,
             coalesce(CASE m.sender_side WHEN 'client' THEN t.provider_read_at ELSE t.client_read_at END
                      >= m.created_at, false) AS read,
             EXISTS (SELECT 1 FROM message_reports r WHERE r.message_id = m.id AND r.reporter_id = ${me}) AS reported
      FROM messages m JOIN message_threads t ON t.id = m.thread_id
      WHERE m.thread_id = ${threadId}
        ${before ? sql`AND (m.created_at, m.id) < (${before.createdAt}::timestamptz, ${before.id}::uuid)` : sql``}
      ORDER BY m.created_at DESC, m.id DESC
      LIMIT ${limit + 1}`),
  );
  return rows.map((r) => ({ ...r, keyset: { createdAt: r.created_at, id: r.id } }));
}

/** A provider blocks a client (idempotent). */
export async function insertBlockedClient(db: Db, providerId: string, clientId: string, now: Date) {
  await db.execute(sql`
    INSERT INTO blocked_clients (provider_id, client_id, created_at)
    VALUES (${providerId}, ${clientId}, ${now.toISOString()}::timestamptz)
    ON CONFLICT DO NOTHING`);
}

export async function deleteBlockedClient(db: Db, providerId: string, clientId: string) {
  await db.execute(
    sql`DELETE FROM blocked_clients WHERE provider_id = ${providerId} AND client_id = ${clientId}`,
  );
}
