import {
  CHANGE_EMAIL_LINK_HOURS,
  type ChangeEmailBody,
  EMAIL_CHANGE_PATH,
  EMAIL_CHANGE_TEXTS,
  maskEmail,
  UNDO_EMAIL_CHANGE_DAYS,
} from '#domain/email-change.ts';
import { normalizeEmail } from '#domain/fields.ts';
import type { AppContext } from '#server/context.ts';
import type { UserRow } from '#server/db/schema/index.ts';
import { AppError, fieldError } from '#server/lib/app-error.ts';
import { logSecurityEvent } from '#server/lib/security-log.ts';
import { hashToken, randomToken } from '#server/lib/tokens.ts';
import { changeEmailMail, emailChangedMail, emailInUseMail } from '#server/mail/email-change-templates.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import * as q from './auth.queries';
import * as ec from './email-change.queries';
import { confirmIdentity, endOtherSessions } from './sessions.service';

const HOUR_MS = 60 * 60_000;
const CHANGE_LINK_MS = CHANGE_EMAIL_LINK_HOURS * HOUR_MS;
const UNDO_LINK_MS = UNDO_EMAIL_CHANGE_DAYS * 24 * HOUR_MS;

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string } | null)?.code === '23505' ||
  (error as { cause?: { code?: string } } | null)?.cause?.code === '23505';

/** The account email and the change waiting for its link, if any. */
export async function getAccountEmail(ctx: AppContext, user: UserRow) {
  const pending = await ec.findPendingEmailChange(ctx.db, user.id, ctx.now());
  return {
    email: user.email,
    pending_email: pending?.email ?? null,
    expires_at: pending ? pending.expiresAt.toISOString() : null,
  };
}

/**
 * Asks to move the account to `new_email`, proven by the current password (or a fresh passkey or
 * sign-in link). The answer is the same whether or not the address has an account: a free one (or
 * one held only by an unverified sign-up, which proves nothing) gets a 24-hour confirmation link; a
 * verified account's owner gets a notice and the requester nothing. In both cases the account shows
 * the change as pending (a link stored hashed, earlier change links retired), so nothing the
 * requester can see tells the two apart. `beforeMail` is the route's per-account limit on mailed
 * requests, counted only once the person is proven.
 */
export async function requestEmailChange(
  ctx: AppContext,
  user: UserRow,
  accessToken: string,
  body: ChangeEmailBody,
  beforeMail: () => Promise<void>,
): Promise<string> {
  const newEmail = normalizeEmail(body.new_email);
  if (newEmail === normalizeEmail(user.email)) throw fieldError('new_email', EMAIL_CHANGE_TEXTS.sameEmail);
  await confirmIdentity(ctx, user, accessToken, body.current_password);
  await beforeMail();
  const now = ctx.now();
  const holder = await q.findUserByEmail(ctx.db, newEmail);
  const taken = holder?.emailVerifiedAt ? holder : undefined;
  const token = randomToken();
  await ctx.db.transaction(async (tx) => {
    await q.retireEmailTokens(tx, user.id, 'change-email', now);
    await q.insertEmailToken(tx, {
      userId: user.id,
      purpose: 'change-email',
      email: newEmail,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHANGE_LINK_MS),
    });
    if (taken) {
      // Its owner hears of it; the stored link is mailed to nobody, and confirming it would be refused.
      await enqueueMail(ctx, tx, {
        kind: 'email-in-use',
        to: taken.email,
        ...emailInUseMail(`${ctx.config.publicUrl}/?auth=login`),
      });
    } else {
      const link = new URL(EMAIL_CHANGE_PATH, ctx.config.publicUrl);
      link.searchParams.set('token', token);
      await enqueueMail(ctx, tx, { kind: 'change-email', to: newEmail, ...changeEmailMail(link.toString()) });
    }
  });
  ctx.kickMail();
  return EMAIL_CHANGE_TEXTS.sent(newEmail);
}

/**
 * Another account holding `email` by the time a link is followed: a verified one blocks the step
 * (`refuse`); an unverified sign-up is deleted, since following our link proves the mailbox and a
 * sign-up that never did owns nothing (as a sign-up or a reset takes such an account over).
 */
async function clearAddressFor(
  tx: AppContext['db'],
  userId: string,
  email: string,
  refuse: () => AppError,
): Promise<void> {
  const holder = await q.findUserByEmail(tx, email);
  if (!holder || holder.id === userId) return;
  if (holder.emailVerifiedAt) throw refuse();
  await q.deleteUser(tx, holder.id);
}

/** The live link of this purpose and its account; anything else is `invalid`. */
async function usableLink(
  ctx: AppContext,
  purpose: 'change-email' | 'undo-email-change',
  token: string,
  now: Date,
  invalid: () => AppError,
) {
  const row = await q.findEmailToken(ctx.db, purpose, hashToken(token));
  if (!row?.email || row.usedAt || row.expiresAt.getTime() <= now.getTime()) throw invalid();
  const user = await q.findUserById(ctx.db, row.userId);
  if (!user) throw invalid();
  return { row: { ...row, email: row.email }, user };
}

/**
 * Follows the link mailed to the new address: in one transaction the link is used, the address
 * becomes the sign-in email (the account stays verified: the link proved the mailbox), the other
 * change links and every reset and sign-in link are retired, and the old address is mailed a
 * notice with a 7-day undo link. A link that is unknown, used or expired, or whose address another
 * verified account took meanwhile, is INVALID_TOKEN and changes nothing. Answers the new email.
 */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<string> {
  const now = ctx.now();
  const invalid = () => new AppError('INVALID_TOKEN', EMAIL_CHANGE_TEXTS.confirmFailed);
  const { row, user } = await usableLink(ctx, 'change-email', token, now, invalid);
  const undoToken = randomToken();
  try {
    await ctx.db.transaction(async (tx) => {
      if (!(await q.consumeEmailToken(tx, row.id, now))) throw invalid();
      const account = await q.findUserById(tx, user.id);
      if (!account) throw invalid();
      const oldEmail = account.email;
      if (normalizeEmail(oldEmail) === row.email) throw invalid();
      await clearAddressFor(tx, account.id, row.email, invalid);
      await q.updateUser(tx, account.id, { email: row.email });
      await q.retireEmailTokens(tx, account.id, 'change-email', now);
      await q.retireEmailTokens(tx, account.id, 'reset', now);
      await q.retireEmailTokens(tx, account.id, 'signin', now);
      await q.insertEmailToken(tx, {
        userId: account.id,
        purpose: 'undo-email-change',
        email: oldEmail,
        tokenHash: hashToken(undoToken),
        createdAt: now,
        expiresAt: new Date(now.getTime() + UNDO_LINK_MS),
      });
      const undoUrl = new URL(EMAIL_CHANGE_PATH, ctx.config.publicUrl);
      undoUrl.searchParams.set('token', undoToken);
      undoUrl.searchParams.set('undo', '1');
      await enqueueMail(ctx, tx, {
        kind: 'email-changed',
        to: oldEmail,
        ...emailChangedMail({
          maskedNewEmail: maskEmail(row.email),
          undoUrl: undoUrl.toString(),
          supportEmail: ctx.config.supportEmail,
        }),
      });
    });
  } catch (error) {
    // Another account took the address between the check and the write (the unique index says so).
    if (isUniqueViolation(error)) throw invalid();
    throw error;
  }
  ctx.kickMail();
  logSecurityEvent(ctx.log, 'email-changed', { userId: user.id });
  return row.email;
}

/**
 * Follows the undo link mailed to the old address (7 days): the old address is the sign-in email
 * again, every change and undo link and every reset and sign-in link is retired, and every session
 * of the account ends (whoever changed the email is signed out). If another verified account took
 * the old address meanwhile, CONFLICT and nothing changes.
 */
export async function undoEmailChange(ctx: AppContext, token: string): Promise<void> {
  const now = ctx.now();
  const invalid = () => new AppError('INVALID_TOKEN', EMAIL_CHANGE_TEXTS.undoFailed);
  const taken = () => new AppError('CONFLICT', EMAIL_CHANGE_TEXTS.undoAddressTaken);
  const { row, user } = await usableLink(ctx, 'undo-email-change', token, now, invalid);
  try {
    await ctx.db.transaction(async (tx) => {
      if (!(await q.consumeEmailToken(tx, row.id, now))) throw invalid();
      await clearAddressFor(tx, user.id, row.email, taken);
      await q.updateUser(tx, user.id, { email: row.email });
      // An undo of a later change would hand the account back to whoever made it.
      for (const purpose of ['change-email', 'undo-email-change', 'reset', 'signin'] as const)
        await q.retireEmailTokens(tx, user.id, purpose, now);
      // So would a passkey they added: every passkey goes (the owner adds theirs again once signed in).
      await ec.deleteAllPasskeys(tx, user.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  await endOtherSessions(ctx, user.id, null);
  logSecurityEvent(ctx.log, 'email-change-undone', { userId: user.id });
}
