import type { SavedReply, SavedReplyBody } from '#domain/messages.ts';
import { MESSAGE_LIMITS, MESSAGE_TEXTS } from '#domain/messages-options.ts';
import type { AppContext } from '#server/context.ts';
import type { UserRow } from '#server/db/schema/index.ts';
import { AppError } from '#server/lib/app-error.ts';
import * as q from './saved-replies.queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('NOT_FOUND', MESSAGE_TEXTS.savedReplyNotFound);

function toSavedReply(row: q.SavedReplyRow): SavedReply {
  return { id: row.id, title: row.title, body: row.body, created_at: row.createdAt.toISOString() };
}

/** Saved replies are a provider's tool: a client account is refused (as openings refuse one). */
function requireProvider(user: UserRow) {
  if (user.userType !== 'provider') throw new AppError('FORBIDDEN', MESSAGE_TEXTS.providersOnly);
}

/** GET /api/saved-replies: the provider's saved replies, oldest first. */
export async function listSavedReplies(ctx: AppContext, user: UserRow) {
  requireProvider(user);
  return { replies: (await q.findSavedReplies(ctx.db, user.id)).map(toSavedReply) };
}

/**
 * POST /api/saved-replies: at most MESSAGE_LIMITS.savedRepliesMax (409 past it, nothing stored),
 * counted under the provider's row lock so two additions at once cannot both pass the count.
 */
export async function addSavedReply(ctx: AppContext, user: UserRow, body: SavedReplyBody) {
  requireProvider(user);
  const row = await ctx.db.transaction(async (tx) => {
    await q.lockProvider(tx, user.id);
    if ((await q.countSavedReplies(tx, user.id)) >= MESSAGE_LIMITS.savedRepliesMax) {
      throw new AppError('CONFLICT', MESSAGE_TEXTS.tooManySavedReplies);
    }
    return q.insertSavedReply(tx, { providerId: user.id, ...body, now: ctx.now() });
  });
  return { message: MESSAGE_TEXTS.savedReplyAdded, reply: toSavedReply(row) };
}

/** PUT /api/saved-replies/:id: the provider's own (anyone else's, or none: 404). */
export async function updateSavedReply(ctx: AppContext, user: UserRow, id: string, body: SavedReplyBody) {
  requireProvider(user);
  if (!UUID.test(id)) throw notFound();
  const row = await q.updateSavedReply(ctx.db, { id, providerId: user.id, ...body, now: ctx.now() });
  if (!row) throw notFound();
  return { message: MESSAGE_TEXTS.savedReplyUpdated, reply: toSavedReply(row) };
}

/** DELETE /api/saved-replies/:id: the provider's own (anyone else's, or none: 404). */
export async function deleteSavedReply(ctx: AppContext, user: UserRow, id: string) {
  requireProvider(user);
  if (!UUID.test(id) || !(await q.deleteSavedReply(ctx.db, id, user.id))) throw notFound();
  return { message: MESSAGE_TEXTS.savedReplyDeleted };
}
