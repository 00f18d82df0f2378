import type { AdminMessage, MessageReportBody } from '#domain/messages.ts';
import {
  MESSAGE_MODERATION_TEXTS,
  MESSAGE_REPORT_REASONS,
  MESSAGE_TEXTS,
  type MessageReportReason,
} from '#domain/messages-options.ts';
import type { AppContext } from '#server/context.ts';
import type { UserRow } from '#server/db/schema/index.ts';
import { AppError, fieldError } from '#server/lib/app-error.ts';
import { decodeKeyset, pageOf } from '#server/lib/keyset-cursor.ts';
import { messageWarningMail } from '#server/mail/moderation-templates.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import * as q from './message-moderation.queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('NOT_FOUND', MESSAGE_MODERATION_TEXTS.messageNotFound);

/** Messages per page of the moderators' lists. */
export const ADMIN_MESSAGES_PAGE = 20;

/**
 * POST /api/messages/:id/report: a party of the message's thread who did not send it reports it,
 * once (again: 409, the first report stands). Anyone else, and any id that is not a message, gets
 * the same 404, so message ids cannot be probed. A message already hidden can still be reported.
 */
export async function reportMessage(
  ctx: AppContext,
  user: UserRow,
  messageId: string,
  body: { reason: MessageReportBody['reason']; details?: string | undefined },
) {
  if (!UUID.test(messageId)) throw notFound();
  const message = await q.findMessageWithParties(ctx.db, messageId);
  const side =
    message?.client_id === user.id ? 'client' : message?.provider_id === user.id ? 'provider' : null;
  if (!message || !side) throw notFound();
  if (side === message.sender_side) throw fieldError('id', MESSAGE_TEXTS.reportOwn);
  const inserted = await q.insertReportIfAbsent(ctx.db, {
    messageId,
    reporterId: user.id,
    reason: body.reason,
    details: body.details ?? null,
    now: ctx.now(),
  });
  if (!inserted) throw new AppError('CONFLICT', MESSAGE_TEXTS.alreadyReported);
  return { message: MESSAGE_TEXTS.reported };
}

const isReason = (value: string): value is MessageReportReason =>
  (MESSAGE_REPORT_REASONS as readonly string[]).includes(value);

function toAdminMessage(row: q.AdminMessageRow): AdminMessage {
  const reports = row.reports ?? [];
  const reasons: string[] = [];
  for (const r of reports) if (isReason(r.reason) && !reasons.includes(r.reason)) reasons.push(r.reason);
  return {
    id: row.id,
    thread_id: row.thread_id,
    body: row.body,
    created_at: row.created_at,
    sender: {
      id: row.sender_id,
      name: row.sender_id ? (row.sender_name ?? '') : MESSAGE_TEXTS.deletedAccount,
      email: row.sender_id ? row.sender_email : null,
    },
    recipient: {
      id: row.recipient_id,
      name: row.recipient_id ? (row.recipient_name ?? '') : MESSAGE_TEXTS.deletedAccount,
    },
    report_count: Number(row.report_count),
    reasons,
    details: reports.flatMap((r) => (r.details ? [r.details] : [])),
    last_reported_at: row.last_reported_at,
    hidden_at: row.hidden_at,
    warned_at: row.warned_at,
  };
}

/**
 * GET /api/admin/messages: reported messages (not hidden; the newest report first) or hidden ones
 * (the latest hidden first), with their text: the one place anyone but the two parties reads a
 * message (docs/product.md 'Messages').
 */
export async function listAdminMessages(
  ctx: AppContext,
  query: { status: 'reported' | 'hidden'; cursor?: string | undefined },
) {
  const after = decodeKeyset(query.cursor);
  const rows = await q.findAdminMessages(ctx.db, query.status, ADMIN_MESSAGES_PAGE, after);
  const { page, nextCursor } = pageOf(rows, ADMIN_MESSAGES_PAGE);
  return { messages: page.map(toAdminMessage), nextCursor };
}

type ModerationAction = 'hide' | 'restore' | 'warn' | 'dismiss';

/**
 * PUT /api/admin/messages/:id. Only a reported or hidden message can be acted on (any other: 404).
 * hide: both parties see MESSAGE_TEXTS.hiddenByModerators in its place; restore: shown again;
 * warn: the sender is emailed the rules and the message (in the same transaction as warned_at);
 * dismiss: its reports are deleted (a hidden message stays hidden).
 */
export async function moderateMessage(ctx: AppContext, admin: UserRow, id: string, action: ModerationAction) {
  if (!UUID.test(id)) throw notFound();
  const now = ctx.now();
  const { message, mailed } = await ctx.db.transaction(async (tx) => {
    const row = await q.lockModeratedMessage(tx, id);
    if (!row) throw notFound();
    let mailed = false;
    if (action === 'hide') await q.hideMessage(tx, id, admin.id, now);
    if (action === 'restore') await q.restoreMessage(tx, id);
    if (action === 'dismiss') await q.deleteReports(tx, id);
    if (action === 'warn') {
      const sender = row.sender_id ? await q.findSender(tx, row.sender_id) : undefined;
      const item = await q.findAdminMessage(tx, id);
      if (sender && item) {
        await q.markWarned(tx, id, now);
        await enqueueMail(ctx, tx, {
          kind: 'message-warning',
          to: sender.email,
          ...messageWarningMail({
            senderName: sender.name,
            recipientName: item.recipient_id ? (item.recipient_name ?? '') : MESSAGE_TEXTS.deletedAccount,
            message: row.body,
            sentAt: new Date(item.created_at),
            inboxUrl: `${ctx.config.publicUrl}/messages`,
            termsUrl: `${ctx.config.publicUrl}/terms#prohibited`,
          }),
        });
        mailed = true;
      }
    }
    const messageText =
      action === 'warn'
        ? mailed
          ? MESSAGE_MODERATION_TEXTS.warned
          : MESSAGE_MODERATION_TEXTS.warnedNoSender
        : MODERATION_TEXTS[action];
    return { message: messageText, mailed };
  });
  if (mailed) ctx.kickMail();
  ctx.log.info({ messageId: id, adminId: admin.id, action }, 'message moderated');
  const item = await q.findAdminMessage(ctx.db, id);
  if (!item) throw notFound();
  return { message, item: toAdminMessage(item) };
}

const MODERATION_TEXTS = {
  hide: MESSAGE_MODERATION_TEXTS.hidden,
  restore: MESSAGE_MODERATION_TEXTS.restored,
  dismiss: MESSAGE_MODERATION_TEXTS.dismissed,
} as const;
