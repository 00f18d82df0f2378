import UAParser from 'ua-parser-js';
import {
  type ChangePasswordBody,
  FRESH_PROOF_MINUTES,
  SECURITY_TEXTS,
  SESSIONS_LIST_MAX,
  type SessionInfo,
} from '#domain/account-security.ts';
import type { AppContext } from '#server/context.ts';
import type { UserRow } from '#server/db/schema/index.ts';
import { AppError, fieldError } from '#server/lib/app-error.ts';
import { hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import { logSecurityEvent } from '#server/lib/security-log.ts';
import { verifyAccessToken } from '#server/lib/tokens.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { passwordChangedMail } from '#server/mail/templates.ts';
import * as q from './auth.queries';
import { assertNewPassword, endLoginFamily } from './auth.service';

const FRESH_PROOF_MS = FRESH_PROOF_MINUTES * 60_000;

/** The login (refresh-token family) a bearer token was issued for; null for a token without one. */
export async function loginFamilyOf(ctx: AppContext, accessToken: string): Promise<string | null> {
  const claims = accessToken ? await verifyAccessToken(ctx.secret, accessToken, ctx.now()) : null;
  return claims?.family ?? null;
}

/**
 * Until when this login counts as freshly proven: a passkey or an emailed link (sign-in,
 * verification) within FRESH_PROOF_MINUTES. A password login is not: the password is asked again.
 */
async function freshUntil(ctx: AppContext, familyId: string | null): Promise<Date | null> {
  if (!familyId) return null;
  const login = await q.findLoginSession(ctx.db, familyId);
  if (!login || login.authMethod === 'password') return null;
  const until = new Date(login.authenticatedAt.getTime() + FRESH_PROOF_MS);
  return until.getTime() > ctx.now().getTime() ? until : null;
}

export async function identityStatus(ctx: AppContext, accessToken: string) {
  const until = await freshUntil(ctx, await loginFamilyOf(ctx, accessToken));
  return { fresh_proof: until !== null, fresh_until: until?.toISOString() ?? null };
}

/**
 * The check before a step that changes what signs the person in or ends the account: the current
 * password, or a login proven minutes ago by a passkey or a sign-in link. A wrong or missing
 * password is a field error on `current_password` (and a security log line); nothing changes.
 * The route limits how often an account may try (RATE_LIMITS.identityCheck).
 */
export async function confirmIdentity(
  ctx: AppContext,
  user: UserRow,
  accessToken: string,
  currentPassword: string | undefined,
): Promise<void> {
  if (currentPassword) {
    if (await verifyPassword(user.passwordHash, currentPassword)) return;
    logSecurityEvent(ctx.log, 'identity-check-failed', { userId: user.id });
    throw fieldError('current_password', SECURITY_TEXTS.currentPasswordWrong);
  }
  if (await freshUntil(ctx, await loginFamilyOf(ctx, accessToken))) return;
  throw fieldError('current_password', SECURITY_TEXTS.currentPasswordRequired);
}

/**
 * Ends every login of the account but `keepFamilyId` (the caller's own): their refresh tokens
 * revoked and their access tokens refused. Returns how many ended.
 */
export async function endOtherSessions(
  ctx: AppContext,
  userId: string,
  keepFamilyId: string | null,
): Promise<number> {
  const now = ctx.now();
  const families = await q.liveFamiliesExcept(ctx.db, userId, keepFamilyId, now);
  await q.deleteExpiredRevokedAccessTokens(ctx.db, now);
  for (const familyId of families) await endLoginFamily(ctx, familyId, now);
  return families.length;
}

/**
 * Changes the password of a signed-in person: proven by the current password (or a fresh passkey or
 * sign-in link), the sign-up rules for the new one, every other login ended, reset and sign-in links
 * mailed before retired, and a security notice to the account's address.
 */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  accessToken: string,
  body: ChangePasswordBody,
): Promise<void> {
  await confirmIdentity(ctx, user, accessToken, body.current_password);
  assertNewPassword(body.new_password, user.email, 'new_password');
  if (await verifyPassword(user.passwordHash, body.new_password))
    throw fieldError('new_password', SECURITY_TEXTS.samePassword);
  const passwordHash = await hashPassword(body.new_password);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await q.updateUser(tx, user.id, { passwordHash });
    await q.retireEmailTokens(tx, user.id, 'reset', now);
    await q.retireEmailTokens(tx, user.id, 'signin', now);
    await enqueueMail(ctx, tx, {
      kind: 'password-changed',
      to: user.email,
      ...passwordChangedMail({
        publicUrl: ctx.config.publicUrl,
        supportEmail: ctx.config.supportEmail,
        signedOut: 'other',
      }),
    });
  });
  await endOtherSessions(ctx, user.id, await loginFamilyOf(ctx, accessToken));
  ctx.kickMail();
  logSecurityEvent(ctx.log, 'password-changed', { userId: user.id });
}

/** Browser and system of a User-Agent, as the session list names them. */
export function describeUserAgent(userAgent: string): { browser: string; system: string } {
  if (!userAgent) return { browser: SECURITY_TEXTS.unknownBrowser, system: SECURITY_TEXTS.unknownSystem };
  const { browser, os } = new UAParser(userAgent).getResult();
  const named = (name: string | undefined, version: string | undefined, fallback: string) =>
    name ? [name, version?.split('.')[0]].filter(Boolean).join(' ') : fallback;
  return {
    browser: named(browser.name, browser.version, SECURITY_TEXTS.unknownBrowser),
    system: named(os.name, os.version, SECURITY_TEXTS.unknownSystem),
  };
}

/** The account's live logins, most recently used first, this one marked. */
export async function listSessions(
  ctx: AppContext,
  user: UserRow,
  accessToken: string,
): Promise<SessionInfo[]> {
  const [rows, current] = await Promise.all([
    q.listLiveSessions(ctx.db, user.id, ctx.now(), SESSIONS_LIST_MAX),
    loginFamilyOf(ctx, accessToken),
  ]);
  return rows.map((row) => ({
    id: row.familyId,
    ...describeUserAgent(row.userAgent),
    method: row.authMethod,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    current: row.familyId === current,
  }));
}

/**
 * Ends one of the account's logins. Someone else's login, or one already ended, is the same 404
 * (no probing of ids).
 */
export async function endSession(ctx: AppContext, user: UserRow, familyId: string): Promise<void> {
  const login = await q.findLoginSession(ctx.db, familyId);
  if (login?.userId !== user.id || !(await q.familyHasLiveToken(ctx.db, familyId)))
    throw new AppError('NOT_FOUND', SECURITY_TEXTS.sessionNotFound);
  await endLoginFamily(ctx, familyId, ctx.now());
}
