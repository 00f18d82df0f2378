import { MESSAGE_TEXTS } from '#domain/messages-options.ts';
import type { AppContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { THREAD_SIDES, type ThreadSide } from '#server/db/schema/messages.ts';
import { PollingWorker } from '#server/lib/polling-loop.ts';
import { isAddressName } from '#server/lib/shown-name.ts';
import { newMessageMail } from '#server/mail/message-templates.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { emailRecipientFor, unsubscribeLinksFor } from '../notifications/notifications.service';
import * as q from './message-notifications.queries';
import { REPLY_ADDRESS_DAYS, readReplyAddress, replyAddress } from './reply-address';

/**
 * Emails about new messages (docs/product.md 'Messages'): a thread side whose notify_due_at has come
 * gets one email with what it has neither read nor been emailed about, at most one per thread per 15
 * minutes (postToThread makes the next one due no sooner than notified_at + 15 minutes). Nothing
 * unread by then: no email. The kind 'new_messages' can be switched off; when it is (or the address
 * is unverified, or the account gone), the side is marked as notified all the same, so the grouping
 * holds when it is switched on again. With the inbound SMTP server on, the email's Reply-To is the
 * recipient's own reply address for the thread (reply-address.ts).
 */

const BATCH = 20;
/** Unread messages shown in one email (the count says how many more). */
const SHOWN = 5;
const DAY_MS = 24 * 60 * 60_000;

/** The sender as the recipient sees them (as the thread shows them: threads.service's shownName). */
function senderName(due: q.DueSide): string {
  if (!due.sender_id) return MESSAGE_TEXTS.deletedAccount;
  const name = (due.sender_name ?? '').trim();
  return isAddressName(name, due.sender_email) ? MESSAGE_TEXTS.unnamedMember : name;
}

/** One due side, in the caller's transaction; true when an email was queued. */
async function notifySide(ctx: AppContext, tx: Db, due: q.DueSide, now: Date): Promise<boolean> {
  const { thread_id: threadId, side, recipient_id: recipientId } = due;
  if (!recipientId) {
    await q.finishDueSide(tx, threadId, side, null);
    return false;
  }
  const unread = await q.findUnnotifiedMessages(tx, threadId, side, SHOWN);
  if (unread.length === 0) {
    await q.finishDueSide(tx, threadId, side, null);
    return false;
  }
  const recipient = await emailRecipientFor(tx, recipientId, 'new_messages');
  if (recipient) {
    const links = await unsubscribeLinksFor(ctx, recipientId, 'new_messages');
    const inbound = ctx.config.inboundSmtp !== undefined;
    const mail = newMessageMail({
      senderName: senderName(due),
      newest: unread.map((m) => m.body),
      total: unread[0]!.total,
      threadUrl: `${ctx.config.publicUrl}/messages/${threadId}`,
      replyByEmail: inbound,
      unsubscribeUrl: links.unsubscribeUrl,
      settingsUrl: links.settingsUrl,
    });
    await enqueueMail(ctx, tx, {
      kind: 'new-message',
      to: recipient.email,
      ...mail,
      ...(inbound
        ? {
            replyTo: replyAddress(ctx.secret, {
              threadId,
              side,
              expiresAt: new Date(now.getTime() + REPLY_ADDRESS_DAYS * DAY_MS),
              domain: ctx.config.replyDomain,
            }),
          }
        : {}),
      listUnsubscribe: links.listUnsubscribe,
    });
  }
  await q.finishDueSide(tx, threadId, side, now);
  return recipient !== undefined;
}

export class MessageNotifier extends PollingWorker {
  constructor(
    private readonly ctx: AppContext,
    pollMs: number,
  ) {
    super({ pollMs, onError: (error) => ctx.log.error({ err: error }, 'message notifications pass failed') });
  }

  protected async pass(): Promise<boolean> {
    await this.runOnce();
    return false;
  }

  /** One pass: every due thread side, in batches of transactions. Returns the emails queued. */
  async runOnce(): Promise<number> {
    let queued = 0;
    for (;;) {
      const now = this.ctx.now();
      const claimed = await this.ctx.db.transaction(async (tx) => {
        let count = 0;
        for (const side of THREAD_SIDES) {
          const due = await q.claimDueSides(tx, side, now, BATCH);
          for (const row of due) if (await notifySide(this.ctx, tx, row, now)) queued++;
          count = Math.max(count, due.length);
        }
        return count;
      });
      if (claimed < BATCH) break;
    }
    if (queued > 0) this.ctx.kickMail();
    return queued;
  }
}

/**
 * Who an emailed reply to `address` is from and where it goes: the thread and the user on the side
 * the address was made for, or null when it is not a reply address of ours (forged, altered, expired,
 * another domain), that side's account is gone, or the thread is read-only for them (a block, or the
 * other party deleted). The inbound SMTP server asks at RCPT TO.
 */
export async function findReplyTarget(
  ctx: AppContext,
  address: string,
): Promise<{ threadId: string; side: ThreadSide; userId: string } | null> {
  const claims = readReplyAddress(ctx.secret, address, ctx.now(), ctx.config.replyDomain);
  if (!claims) return null;
  const target = await q.findReplySide(ctx.db, claims.threadId, claims.side);
  if (!target?.userId || target.readOnly) return null;
  return { ...claims, userId: target.userId };
}
