import {
  MESSAGE_LIMITS,
  MESSAGE_TEXTS,
  type MessageItem,
  type ReadOnlyReason,
  type ThreadFilter,
  type ThreadReply,
  type ThreadSummary,
} from '#domain/messages.ts';
import type { AppContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import type { ThreadSide } from '#server/db/schema/messages.ts';
import { AppError, fieldError } from '#server/lib/app-error.ts';
import { decodeKeyset, encodeKeyset, INVALID_CURSOR, pageOf } from '#server/lib/keyset-cursor.ts';
import { isAddressName } from '#server/lib/shown-name.ts';
import { blockProvider, unblockProvider } from '../favorites/favorites.service';
import * as q from './threads.queries';

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Not one of your threads (or no such id, well-formed or not): the same 404 either way. */
const threadNotFound = () => new AppError('NOT_FOUND', MESSAGE_TEXTS.threadNotFound);

/**
 * What the reader can no longer do in a thread: the other party deleted their account, the reader
 * blocked them, or they blocked the reader (in that order). Null: they can write.
 */
function readOnlyReason(state: {
  other_id: string | null;
  blocked_by_me: boolean;
  blocked_me: boolean;
}): ReadOnlyReason | null {
  if (state.other_id === null) return 'deleted';
  if (state.blocked_by_me) return 'blocked_by_me';
  if (state.blocked_me) return 'blocked_me';
  return null;
}

/** The 403 of a write to a read-only thread, in words the writer understands. */
function refuseWrite(reason: ReadOnlyReason): AppError {
  if (reason === 'deleted') return new AppError('FORBIDDEN', MESSAGE_TEXTS.readOnly.deleted);
  if (reason === 'blocked_by_me') return new AppError('FORBIDDEN', MESSAGE_TEXTS.readOnly.blocked_by_me);
  return new AppError('FORBIDDEN', MESSAGE_TEXTS.cannotMessage);
}

/**
 * A name as the other party sees it: a name that is the email's local part (what sign-up gives a
 * nameless account) would give away part of the address, so it is not shown (as for reviewers).
 */
function shownName(name: string, email: string | null): string {
  return isAddressName(name, email) ? MESSAGE_TEXTS.unnamedMember : name;
}

function toSummary(row: q.ThreadSummaryRow): ThreadSummary {
  const deleted = row.other_id === null;
  return {
    id: row.id,
    role: row.role,
    other: deleted
      ? { id: null, name: MESSAGE_TEXTS.deletedAccount, avatar_url: null, routing_slug: null }
      : {
          id: row.other_id,
          name: shownName(row.other_name ?? '', row.other_email),
          avatar_url: row.other_avatar_url,
          routing_slug: row.other_slug,
        },
    last_message: {
      body: row.last_hidden ? '' : (row.last_body ?? ''),
      mine: row.last_mine ?? false,
      hidden: row.last_hidden ?? false,
      created_at: row.last_created_at ?? row.last_message_at,
    },
    unread_count: row.unread_count,
    awaiting_reply: row.awaiting_reply,
    read_only: readOnlyReason(row),
  };
}

export interface PostToThreadInput {
  threadId: string;
  senderId: string;
  body: string;
  via: 'app' | 'email';
  /** What the product says about the message (an emailed reply's dropped attachments). */
  notice?: string | null;
}

/**
 * The message, the thread's columns and the recipient's email schedule, in the caller's transaction
 * on a thread row locked by lockThreadForParty (see updateThreadAfterMessage for the rules).
 */
async function writeMessage(
  ctx: AppContext,
  tx: Db,
  thread: q.ThreadForParty,
  input: PostToThreadInput,
  now: Date,
): Promise<MessageItem> {
  const notice = input.notice ?? null;
  const inserted = await q.insertMessage(tx, {
    threadId: thread.id,
    senderId: input.senderId,
    side: thread.role,
    body: input.body,
    via: input.via,
    notice,
    now,
  });
  if (thread.role === 'provider') await q.insertReplyTime(tx, thread.id, input.senderId, now);
  const read = await q.updateThreadAfterMessage(tx, thread.id, thread.role, now);
  // The recipient's devices are pushed at once (modules/push); the email keeps its 15-minute grouping.
  await ctx.events.emit('message.posted', { tx, now, messageId: inserted.id, threadId: thread.id });
  return {
    id: inserted.id,
    mine: true,
    body: input.body,
    hidden: false,
    via: input.via,
    notice,
    created_at: inserted.created_at,
    read,
    reported: false,
  };
}

/**
 * Posts a message to a thread, from the app or from an emailed reply (the inbound server). The
 * sender must be one of its parties (else 404) and the thread must not be read-only for them (403):
 * the other party deleted their account, or one of the two blocked the other. The message, the
 * thread's order, who owes an answer (with the provider's reply time), the sender's read mark and
 * the recipient's next email are written in one transaction; then the notifier is woken.
 */
export async function postToThread(ctx: AppContext, input: PostToThreadInput): Promise<MessageItem> {
  if (!UUID.test(input.threadId)) throw threadNotFound();
  const message = await ctx.db.transaction(async (tx) => {
    const thread = await q.lockThreadForParty(tx, input.threadId, input.senderId);
    if (!thread) throw threadNotFound();
    const reason = readOnlyReason(thread);
    if (reason) throw refuseWrite(reason);
    return writeMessage(ctx, tx, thread, input, ctx.now());
  });
  ctx.kickMessages();
  return message;
}

/**
 * Writes to a provider from their profile: continues the thread the two already have (either way
 * round) or starts one with the sender as its client; a new thread counts against the sender's
 * MESSAGE_LIMITS.newThreadsPerDay (429, nothing stored). Blocks either way are refused beforehand
 * (403, in words that do not say who blocked whom).
 */
export async function sendToProvider(
  ctx: AppContext,
  senderId: string,
  providerId: string,
  body: string,
): Promise<{ threadId: string; message: MessageItem }> {
  if (await q.isPairBlocked(ctx.db, senderId, providerId))
    throw new AppError('FORBIDDEN', MESSAGE_TEXTS.cannotMessage);
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    let threadId = await q.findPairThread(tx, senderId, providerId);
    if (!threadId) {
      const started = await q.countThreadsStartedSince(tx, senderId, new Date(now.getTime() - DAY_MS));
      if (started >= MESSAGE_LIMITS.newThreadsPerDay)
        throw new AppError('RATE_LIMITED', MESSAGE_TEXTS.tooManyThreads);
      threadId =
        (await q.insertThread(tx, senderId, providerId, now)) ??
        (await q.findPairThread(tx, senderId, providerId));
    }
    const thread = threadId ? await q.lockThreadForParty(tx, threadId, senderId) : undefined;
    if (!thread) throw threadNotFound();
    const reason = readOnlyReason(thread);
    if (reason) throw refuseWrite(reason);
    const message = await writeMessage(
      ctx,
      tx,
      thread,
      { threadId: thread.id, senderId, body, via: 'app' },
      now,
    );
    return { threadId: thread.id, message };
  });
  ctx.kickMessages();
  return result;
}

/** The user on one side of a thread (null when that account was deleted or there is no such thread). */
export async function findThreadSide(
  ctx: AppContext,
  threadId: string,
  side: ThreadSide,
): Promise<string | null> {
  if (!UUID.test(threadId)) return null;
  return q.findThreadSideUser(ctx.db, threadId, side);
}

/** One page of the reader's threads, newest first ('unanswered': those they owe an answer, as provider). */
export async function listThreads(
  ctx: AppContext,
  readerId: string,
  query: { filter: ThreadFilter; cursor?: string | undefined },
): Promise<{ threads: ThreadSummary[]; nextCursor: string | null }> {
  const limit = MESSAGE_LIMITS.threadsPage;
  const rows = await q.findThreadPage(ctx.db, readerId, query.filter, limit, decodeKeyset(query.cursor));
  const { page, nextCursor } = pageOf(rows, limit);
  return { threads: page.map(toSummary), nextCursor };
}

/** Unread messages across the reader's threads (at most 999). */
export function countUnread(ctx: AppContext, readerId: string): Promise<number> {
  return q.countUnread(ctx.db, readerId);
}

/** `before` as the keyset it carries; a 400 on `before` when it is not one of ours. */
function decodeBefore(before: string | undefined) {
  try {
    return decodeKeyset(before);
  } catch {
    throw fieldError('before', INVALID_CURSOR);
  }
}

/**
 * A thread and one page of its messages, oldest first: the newest page, or the page before
 * `before`. Reading it does not mark it read (POST /api/threads/:id/read does).
 */
export async function getThread(
  ctx: AppContext,
  readerId: string,
  threadId: string,
  before: string | undefined,
): Promise<Omit<ThreadReply, 'success'>> {
  const keyset = decodeBefore(before);
  if (!UUID.test(threadId)) throw threadNotFound();
  const row = await q.findThreadSummary(ctx.db, readerId, threadId);
  if (!row) throw threadNotFound();
  const limit = MESSAGE_LIMITS.messagesPage;
  const rows = await q.findMessagePage(ctx.db, readerId, threadId, limit, keyset);
  const page = rows.slice(0, limit);
  const oldest = page.at(-1);
  const thread = toSummary(row);
  return {
    thread,
    messages: page.reverse().map((m) => ({
      id: m.id,
      mine: m.sender_side === row.role,
      body: m.hidden ? '' : m.body,
      hidden: m.hidden,
      via: m.via,
      notice: m.notice,
      created_at: m.created_at,
      read: m.read,
      reported: m.reported,
    })),
    olderCursor: rows.length > limit && oldest ? encodeKeyset(oldest.keyset) : null,
    can_reply: thread.read_only === null,
    blocked: row.blocked_by_me,
  };
}

/** The reader has read everything in the thread up to now; answers their new unread total. */
export async function markThreadRead(ctx: AppContext, readerId: string, threadId: string): Promise<number> {
  if (!UUID.test(threadId)) throw threadNotFound();
  if (!(await q.markThreadRead(ctx.db, threadId, readerId, ctx.now()))) throw threadNotFound();
  return q.countUnread(ctx.db, readerId);
}

/**
 * The reader blocks or unblocks the thread's other party (idempotent). As the thread's provider:
 * blocked_clients. As its client: the favourites' blocked providers (blocking also removes them from
 * the saved providers; a provider no longer listed cannot be blocked there: 404). Unblocking lifts
 * the reader's block of them either way round (a block counts whichever thread it was made in). A
 * deleted party cannot be blocked (400).
 */
export async function setThreadBlock(
  ctx: AppContext,
  readerId: string,
  threadId: string,
  blocked: boolean,
): Promise<boolean> {
  if (!UUID.test(threadId)) throw threadNotFound();
  const row = await q.findThreadSummary(ctx.db, readerId, threadId);
  if (!row) throw threadNotFound();
  const otherId = row.other_id;
  if (otherId === null) throw fieldError('blocked', MESSAGE_TEXTS.readOnly.deleted);
  if (!blocked) {
    await q.deleteBlockedClient(ctx.db, readerId, otherId);
    await unblockProvider(ctx, readerId, otherId);
  } else if (row.role === 'provider') await q.insertBlockedClient(ctx.db, readerId, otherId, ctx.now());
  else await blockProvider(ctx, readerId, otherId);
  return blocked;
}
