import { and, asc, count, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { addressHash } from '../lib/address-hash';
import { logSecurityEvent } from '../lib/security-log';
import type { MailContent } from './templates';

/**
 * Emails that someone other than the address's owner can cause to be sent to it, in two groups that
 * each hold across every route and client address, counted per mailbox (mailboxOf: every case and
 * `+tag` of an address is one mailbox); past a group's cap the mail is dropped (and logged), so the
 * product cannot be used to flood a mailbox.
 * - `typed`: an address someone typed into sign-up, forgot password, resend verification, the
 *   sign-in link or the support form. It may be anyone's, so the cap is tight.
 * - `messages`: the message form mails a listed provider's own, verified address, chosen by us and
 *   not by the sender. A busy provider gets many honest messages an hour, so the cap only stops a
 *   flood (the per-IP limit on messages stays); it is counted apart so that messages never use up
 *   the provider's share of password resets and sign-in links.
 * Mail the owner asked for (opening and saved-search alerts), mail to our own inbox (form notices), and mail that
 * follows a proof of the mailbox (password changed) or a checked booking (new review) is not counted.
 */
export const MAIL_RECIPIENT_CAPS = {
  typed: {
    kinds: [
      'verify-email',
      'account-exists',
      'reset-password',
      'signin-link',
      'support-ack',
      'change-email',
      'email-in-use',
    ],
    perHour: 5,
    perDay: 20,
  },
  /** 'provider-message': the emails of messages before the inbox (kept for their rows). */
  messages: { kinds: ['provider-message', 'new-message'], perHour: 30, perDay: 100 },
} as const;

type CapGroup = (typeof MAIL_RECIPIENT_CAPS)[keyof typeof MAIL_RECIPIENT_CAPS];
type CappedKind = CapGroup['kinds'][number];

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** First key of the per-recipient advisory locks (the two-int key space is apart from the migration lock's). */
const RECIPIENT_LOCK_SPACE = 7_243_112;

/** What enqueueMail needs from the app: its clock (the caps' windows), log and secret (the capped event). */
export type MailContext = Pick<AppContext, 'now' | 'log' | 'secret'>;

/** 'capped': the recipient had their share of unsolicited mail; nothing was queued. */
export type EnqueueResult = 'queued' | 'capped';

/**
 * Every kind of email. A new kind is added here on purpose: if someone other than the recipient can
 * cause it, it goes in a group of MAIL_RECIPIENT_CAPS too.
 */
export type MailKind =
  | CappedKind
  | 'password-changed'
  | 'email-changed'
  | 'account-deleted'
  | 'opening-alert'
  | 'saved-search-alert'
  | 'new-review'
  | 'review-reply'
  | 'form-notice'
  | 'message-warning';

/**
 * The mailbox an address reaches, as the caps count it: lower-case, with a `+tag` dropped from the
 * local part (`Victim+7@Example.com` → `victim@example.com`), since a provider delivers every tag to
 * the one mailbox. The database's mail_mailbox() (migration 0025), which the cap's count and index
 * use, is the same rule.
 */
export function mailboxOf(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const plus = lower.indexOf('+');
  return plus >= 0 && plus < at ? lower.slice(0, plus) + lower.slice(at) : lower;
}

/** The cap group a kind is counted in, if any. */
const capGroupOf = (kind: MailKind): CapGroup | undefined =>
  Object.values(MAIL_RECIPIENT_CAPS).find((group) => (group.kinds as readonly MailKind[]).includes(kind));

export interface OutgoingMail extends MailContent {
  kind: MailKind;
  to: string;
  replyTo?: string;
  /** An opening alert: dropped at send time if the user turned alerts off or unsaved the provider. */
  alert?: { userId: string; providerId: string };
  /** A saved-search alert: dropped at send time if the search was deleted or its alert turned off. */
  savedSearchAlert?: { savedSearchId: string };
  /** One-click unsubscribe address (RFC 8058). */
  listUnsubscribe?: string;
  /** Who wrote it (a message to a provider): the sender's data download lists it. */
  senderId?: string;
}

export interface EnqueueOptions {
  /**
   * Asked, inside the mailbox's lock, only when the mail is over its cap: true when the recipient
   * asked for it themselves in a way a stranger cannot (a recovery link requested from an address
   * or device that has logged in to the account). Such a mail is queued past the cap (and counted
   * like any other); the caller bounds how often it says true.
   */
  ownerAsked?: (db: Db) => Promise<boolean>;
}

/**
 * Queues an email. Call it with the transaction that makes the change the email is about. A kind in
 * MAIL_RECIPIENT_CAPS is counted against its recipient first; over the cap it is dropped and logged,
 * and the caller answers as if it was sent (no enumeration, nothing for the requester to learn).
 */
export async function enqueueMail(
  ctx: MailContext,
  db: Db,
  mail: OutgoingMail,
  options: EnqueueOptions = {},
): Promise<EnqueueResult> {
  const now = ctx.now();
  const row = {
    kind: mail.kind,
    toAddress: mail.to,
    replyTo: mail.replyTo ?? null,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    alertUserId: mail.alert?.userId ?? null,
    alertProviderId: mail.alert?.providerId ?? null,
    alertSavedSearchId: mail.savedSearchAlert?.savedSearchId ?? null,
    listUnsubscribe: mail.listUnsubscribe ?? null,
    senderId: mail.senderId ?? null,
    // The app's clock, which the caps' windows are measured on (and tests move).
    createdAt: now,
  };
  const group = capGroupOf(mail.kind);
  if (!group) {
    await db.insert(mailOutbox).values(row);
    return 'queued';
  }
  const to = mailboxOf(mail.to);
  // Its own (sub)transaction, so the lock holds until the caller's transaction ends even when the
  // caller passed the pool: two requests racing for one mailbox are counted one after the other.
  const capped = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${RECIPIENT_LOCK_SPACE}, hashtext(${to}))`);
    const window = await recipientWindow(tx, group, to, now);
    if (window && !(await options.ownerAsked?.(tx))) return window;
    await tx.insert(mailOutbox).values(row);
    if (window) {
      logSecurityEvent(ctx.log, 'mail-recipient-cap-passed-by-owner', {
        kind: mail.kind,
        window,
        recipientDomain: to.slice(to.lastIndexOf('@') + 1),
        recipientHash: addressHash(ctx.secret, to),
      });
    }
    return null;
  });
  if (!capped) return 'queued';
  // The address is personal data (and the victim's, not the attacker's): its domain and a keyed
  // hash are enough to see a campaign and to match a complaint, without keeping the address.
  logSecurityEvent(ctx.log, 'mail-recipient-capped', {
    kind: mail.kind,
    window: capped,
    recipientDomain: to.slice(to.lastIndexOf('@') + 1),
    recipientHash: addressHash(ctx.secret, to),
  });
  return 'capped';
}

/**
 * What enqueueMail does for a capped kind before it writes — the mailbox's lock and the cap's count,
 * in a (sub)transaction of their own — for an address nothing will be mailed to: a recovery link
 * asked for an address without an account does the database work one with an account does, up to
 * the writes, so the server's work after the answer says little about which it was.
 */
export async function countMailboxOnly(
  ctx: MailContext,
  db: Db,
  kind: CappedKind,
  address: string,
): Promise<void> {
  const group = capGroupOf(kind);
  if (!group) return;
  const mailbox = mailboxOf(address);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${RECIPIENT_LOCK_SPACE}, hashtext(${mailbox}))`);
    await recipientWindow(tx, group, mailbox, ctx.now());
  });
}

/** Which cap a new capped email to the mailbox `mailbox` (see mailboxOf) would exceed at `now`, if any. */
async function recipientWindow(
  db: Db,
  group: CapGroup,
  mailbox: string,
  now: Date,
): Promise<'hour' | 'day' | null> {
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const [counts] = await db
    .select({
      day: count(),
      hour: sql<number>`(count(*) filter (where ${mailOutbox.createdAt} > ${hourAgo.toISOString()}::timestamptz))::int`,
    })
    .from(mailOutbox)
    .where(
      and(
        eq(sql`mail_mailbox(${mailOutbox.toAddress})`, mailbox),
        gt(mailOutbox.createdAt, new Date(now.getTime() - DAY_MS)),
        inArray(mailOutbox.kind, [...group.kinds]),
      ),
    );
  if ((counts?.hour ?? 0) >= group.perHour) return 'hour';
  if ((counts?.day ?? 0) >= group.perDay) return 'day';
  return null;
}

/** Marks mail that is no longer wanted (MailWorkerOptions.stillWanted); it is never sent. */
export async function markMailCancelled(db: Db, id: number, reason: string): Promise<void> {
  await db.update(mailOutbox).set({ status: 'cancelled', lastError: reason }).where(eq(mailOutbox.id, id));
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Claims due messages: pushing next_attempt_at forward is the lease, so another worker
 * (another instance) skips them, and a crashed worker's claim expires by itself.
 */
export async function claimDueMail(db: Db, now: Date, leaseMs: number, limit = 10): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(
        inArray(
          mailOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

export async function markMailSent(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: now, lastError: null })
    .where(eq(mailOutbox.id, id));
}

export async function markMailFailed(db: Db, id: number, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      retryAt
        ? { lastError: error.slice(0, 1000), nextAttemptAt: retryAt }
        : { lastError: error.slice(0, 1000), status: 'failed' },
    )
    .where(eq(mailOutbox.id, id));
}
