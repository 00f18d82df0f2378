import { timingSafeEqual } from 'node:crypto';
import { ADMIN_TEXTS } from '#domain/admin.ts';
import type { AppContext } from '#server/context.ts';
import type { UserRow } from '#server/db/schema/index.ts';
import { AppError } from '#server/lib/app-error.ts';
import { passwordFingerprint, signPurposeToken, verifyPurposeToken } from '#server/lib/tokens.ts';

/**
 * The two shared passwords of docs/product.md §4, checked here instead of in the browser
 * (docs/product.md §10):
 * the admin dashboard's 'Admin Access' step (ADMIN_PASSWORD, on top of the admin role) and the
 * whole-site beta gate (BETA_PASSWORD). A right password earns a signed token the browser keeps
 * and sends in a header; changing the password voids every token granted for the old one.
 */
/** A wrong admin or beta password (403): the routes count it toward the site-wide budget and log it. */
export class WrongAccessPasswordError extends AppError {
  constructor(message: string) {
    super('FORBIDDEN', message);
  }
}

const ADMIN_ACCESS_TTL_S = 12 * 60 * 60;
const BETA_ACCESS_TTL_S = 90 * 24 * 60 * 60;

/** Compares in constant time (HMACs of equal length), so timing tells nothing about the password. */
function samePassword(ctx: AppContext, given: string, expected: string): boolean {
  const a = Buffer.from(passwordFingerprint(ctx.secret, given));
  const b = Buffer.from(passwordFingerprint(ctx.secret, expected));
  return timingSafeEqual(a, b) && given.length === expected.length;
}

const adminClaims = (ctx: AppContext, userId: string, password: string) => ({
  purpose: 'admin-access' as const,
  sub: userId,
  fingerprint: passwordFingerprint(ctx.secret, password),
});

const betaClaims = (ctx: AppContext, password: string) => ({
  purpose: 'beta-access' as const,
  fingerprint: passwordFingerprint(ctx.secret, password),
});

/** True when this admin may use the admin endpoints: no password is set, or the token is valid. */
export async function hasAdminAccess(ctx: AppContext, user: UserRow, token: string): Promise<boolean> {
  const password = ctx.config.adminPassword;
  if (!password) return true;
  return verifyPurposeToken(ctx.secret, token, adminClaims(ctx, user.id, password), ctx.now());
}

/** Admins only: whether the password step is on and whether this request already passed it. */
export async function getAdminAccessStatus(ctx: AppContext, user: UserRow, token: string) {
  return {
    passwordRequired: Boolean(ctx.config.adminPassword),
    granted: await hasAdminAccess(ctx, user, token),
  };
}

/** Admins only: checks the admin password and grants a 12-hour token for this admin. */
export async function grantAdminAccess(ctx: AppContext, user: UserRow, given: string) {
  const password = ctx.config.adminPassword;
  if (password && !samePassword(ctx, given, password))
    throw new WrongAccessPasswordError(ADMIN_TEXTS.invalidPassword);
  // Without ADMIN_PASSWORD there is no step; the token is then never needed, but the answer is alike.
  const { token, expiresAt } = await signPurposeToken(
    ctx.secret,
    adminClaims(ctx, user.id, password ?? ''),
    ctx.now(),
    ADMIN_ACCESS_TTL_S,
  );
  return { access_token: token, expires_at: expiresAt };
}

/** True when the beta gate is off, or the token was granted for the current beta password. */
export async function hasBetaAccess(ctx: AppContext, token: string): Promise<boolean> {
  const password = ctx.config.betaPassword;
  if (!password) return true;
  return verifyPurposeToken(ctx.secret, token, betaClaims(ctx, password), ctx.now());
}

/** Checks the beta password and grants a 90-day token. */
export async function grantBetaAccess(ctx: AppContext, given: string) {
  const password = ctx.config.betaPassword;
  if (!password) throw new AppError('NOT_FOUND', 'The beta gate is off');
  if (!samePassword(ctx, given, password))
    throw new WrongAccessPasswordError(ADMIN_TEXTS.invalidPasswordForm);
  const { token, expiresAt } = await signPurposeToken(
    ctx.secret,
    betaClaims(ctx, password),
    ctx.now(),
    BETA_ACCESS_TTL_S,
  );
  return { access_token: token, expires_at: expiresAt };
}
