import { randomBytes, randomUUID } from 'node:crypto';
import { AUTH_TEXTS, type Session, type SignupBody, SignupBodySchema, type User } from '#domain/auth.ts';
import { SIGNIN_TOKEN_PARAM } from '#domain/auth-options.ts';
import { normalizeEmail } from '#domain/fields.ts';
import { isReservedSlug, slugCandidate, slugify } from '#domain/slug.ts';
import type { AppContext } from '#server/context.ts';
import type { UserRow } from '#server/db/schema/index.ts';
import { addressHash } from '#server/lib/address-hash.ts';
import { AppError, fieldError, rateLimited } from '#server/lib/app-error.ts';
import {
  burnPasswordCheck,
  hashPassword,
  newPasswordProblem,
  verifyPassword,
} from '#server/lib/passwords.ts';
import { logSecurityEvent } from '#server/lib/security-log.ts';
import {
  ACCESS_TOKEN_TTL_S,
  hashToken,
  REFRESH_TOKEN_TTL_S,
  RESET_TOKEN_TTL_S,
  randomToken,
  signAccessToken,
  VERIFY_TOKEN_TTL_S,
  verifyAccessToken,
} from '#server/lib/tokens.ts';
import { zipFromLocation } from '#server/lib/zip-lookup.ts';
import { countMailboxOnly, type EnqueueResult, enqueueMail, type OutgoingMail } from '#server/mail/outbox.ts';
import {
  accountExistsMail,
  passwordChangedMail,
  resetPasswordMail,
  signinLinkMail,
  verifyEmailMail,
} from '#server/mail/templates.ts';
import * as q from './auth.queries';

const VERIFY_FAILED = 'Email verification failed. The link may be invalid or expired.';
const RESET_FAILED = 'This password reset link is invalid or has expired. Please request a new one.';
/** An emailed sign-in link: short, since it is a login by itself. */
const SIGNIN_TOKEN_TTL_S = 15 * 60;
/** A login address counts as the owner's for this long after it was last used. */
const KNOWN_ADDRESS_MS = 90 * 24 * 60 * 60 * 1000;

/** The API's view of a user: never the hash, never internal timestamps. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar_url: row.avatarUrl,
    user_type: row.userType,
    role: row.role,
    routing_slug: row.routingSlug,
  };
}

/** Refuses a guessable new password (common, repeated, a run, the email, the product's name). */
export function assertNewPassword(password: string, email: string, field = 'password') {
  const problem = newPasswordProblem(password, email);
  if (problem) throw fieldError(field, problem);
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string } | null)?.code === '23505' ||
  (error as { cause?: { code?: string } } | null)?.cause?.code === '23505';

/**
 * Creates an account and queues its verification email. The answer is the same whether or not
 * the email is taken: a verified address gets a notice; an unverified one is taken over by this
 * sign-up (proving the mailbox is what makes the account, so an earlier sign-up by someone who
 * cannot read it keeps nothing: not its password, name, type or profile, nor its links).
 * `ip` is the client's address; only its keyed hash is stored.
 */
export async function signup(ctx: AppContext, input: SignupBody, ip: string): Promise<void> {
  const body = SignupBodySchema.parse(input);
  const email = normalizeEmail(body.email);
  assertNewPassword(body.password, email);
  // Hash first, whatever happens next, so both branches take the same time.
  const passwordHash = await hashPassword(body.password);
  const now = ctx.now();
  const userData = body.userData;
  const account = {
    passwordHash,
    name: (userData.name ?? '').trim() || email.split('@')[0]!.slice(0, 100),
    userType: userData.user_type,
    role: ctx.config.adminEmails.includes(email) ? ('admin' as const) : ('user' as const),
    registrationIpHash: addressHash(ctx.secret, ip),
    // The app's clock (review eligibility compares it with clicks, which use it too). A sign-up
    // that takes over an unverified account starts its age again: the account is new.
    createdAt: now,
  };

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await ctx.db.transaction(async (tx) => {
        const existing = await q.findUserByEmail(tx, email);
        if (existing) {
          if (existing.emailVerifiedAt) {
            const mail = accountExistsMail(
              ctx.config.publicUrl,
              `${ctx.config.publicUrl}/?auth=forgotPassword`,
            );
            await enqueueMail(ctx, tx, { kind: 'account-exists', to: existing.email, ...mail });
          } else {
            const user = await q.updateUser(tx, existing.id, {
              ...account,
              routingSlug: await pickSlug(tx, account.name, existing.routingSlug),
              // Nothing issued to the earlier sign-up survives (it cannot have logged in, but a
              // token can never outlive the credentials it was issued for).
              tokensValidAfter: now,
            });
            await q.deleteProviderProfile(tx, user.id);
            await insertSignupProfile(tx, user.id, userData);
            await q.revokeAllRefreshTokens(tx, user.id, now);
            await q.deleteLoginAddresses(tx, user.id);
            // The earlier sign-up's links would verify these new credentials: they all stop working.
            await q.retireEmailTokens(tx, user.id, 'verify', now);
            await issueVerifyEmail(ctx, tx, user, now);
          }
          return;
        }
        const user = await q.insertUser(tx, {
          email,
          ...account,
          routingSlug: await pickSlug(tx, account.name),
        });
        await insertSignupProfile(tx, user.id, userData);
        await issueVerifyEmail(ctx, tx, user, now);
      });
      ctx.kickMail();
      return;
    } catch (error) {
      // Two sign-ups raced for one email or slug: run again, the loser now takes the 'exists' path.
      if (!isUniqueViolation(error) || attempt === 2) throw error;
    }
  }
}

/** The provider profile a sign-up describes; a client sign-up has none. */
async function insertSignupProfile(
  db: AppContext['db'],
  userId: string,
  userData: ReturnType<typeof SignupBodySchema.parse>['userData'],
) {
  if (userData.user_type !== 'provider') return;
  const place = zipFromLocation(userData.location);
  await q.insertProviderProfileIfAbsent(db, {
    userId,
    bio: userData.bio,
    location: userData.location,
    zip: place?.zip ?? null,
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
    bookingLink: userData.booking_link,
    categories: userData.selected_categories,
    // Inclusivity options are amenities too (docs/product.md §9); one list keeps search simple.
    amenities: [...new Set([...userData.selected_amenities, ...userData.selected_inclusivity])],
  });
}

/** A free slug for `name`; `current` (the account's own slug, when renaming) counts as free. */
async function pickSlug(db: AppContext['db'], name: string, current?: string): Promise<string> {
  const base = slugify(name);
  const random = () => randomBytes(3).toString('hex');
  const candidates = Array.from({ length: 6 }, (_, i) => slugCandidate(base, i, random));
  const taken = await q.findTakenSlugs(db, candidates);
  if (current) taken.delete(current);
  return (
    candidates.find((c) => !taken.has(c) && !isReservedSlug(c)) ??
    `${base.slice(0, 30)}-${random()}${random()}`
  );
}

/**
 * Mails `user` a new single-use link (`mail` makes the email from the token) and stores the token,
 * hashed, only when the email is queued: past the mailbox's cap nothing is written, so no link
 * exists that nobody was sent. Links mailed earlier keep working: a later request, which anyone can
 * make, must not void a link already in the owner's mailbox. `ownerAsked` (see enqueueMail) lets
 * the owner's own request past the cap.
 */
async function mailEmailToken(
  ctx: AppContext,
  db: AppContext['db'],
  user: UserRow,
  link: { purpose: 'verify' | 'reset' | 'signin'; ttlSeconds: number; now: Date },
  mail: (token: string) => Omit<OutgoingMail, 'to'>,
  ownerAsked?: (db: AppContext['db']) => Promise<boolean>,
): Promise<EnqueueResult> {
  const token = randomToken();
  const queued = await enqueueMail(ctx, db, { ...mail(token), to: user.email }, ownerAsked && { ownerAsked });
  if (queued === 'capped') return queued;
  await q.insertEmailToken(db, {
    userId: user.id,
    purpose: link.purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(link.now.getTime() + link.ttlSeconds * 1000),
  });
  return queued;
}

async function issueVerifyEmail(ctx: AppContext, db: AppContext['db'], user: UserRow, now: Date) {
  await mailEmailToken(ctx, db, user, { purpose: 'verify', ttlSeconds: VERIFY_TOKEN_TTL_S, now }, (token) => {
    const link = new URL(ctx.config.publicUrl);
    link.searchParams.set('temp_token', token);
    link.searchParams.set('type', 'email');
    link.searchParams.set('email', user.email);
    return { kind: 'verify-email', ...verifyEmailMail(link.toString()) };
  });
}

/**
 * A session as issued: `session` goes to the browser in JSON, `refreshToken` only in the HttpOnly
 * cookie the route sets (auth.routes.ts), never in a body.
 */
export interface IssuedSession {
  session: Session;
  refreshToken: string;
}

/** How a login was proven (login_sessions.auth_method). */
export type AuthMethod = 'password' | 'link' | 'passkey';

/** Who is signing in: the request's address and browser (the session list reads the User-Agent). */
export interface LoginClient {
  ip: string;
  userAgent?: string | undefined;
}

/** The User-Agent header as the session list keeps it (bounded, like every stored text). */
export const USER_AGENT_MAX = 512;

/**
 * Issues a session: a 15-minute access token and a 30-day rotating refresh token. A new login
 * (`start`) begins a family and its row in the session list; a refresh continues its family.
 */
async function createSession(
  ctx: AppContext,
  user: UserRow,
  from: { start: { method: AuthMethod; userAgent: string } } | { familyId: string },
): Promise<IssuedSession> {
  const now = ctx.now();
  const refresh = randomToken();
  const familyId = 'familyId' in from ? from.familyId : randomUUID();
  const token = {
    userId: user.id,
    familyId,
    tokenHash: hashToken(refresh),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_S * 1000),
  };
  if ('start' in from) {
    await ctx.db.transaction(async (tx) => {
      await q.insertLoginSession(tx, {
        familyId,
        userId: user.id,
        userAgent: from.start.userAgent.slice(0, USER_AGENT_MAX),
        authMethod: from.start.method,
        createdAt: now,
        lastUsedAt: now,
        authenticatedAt: now,
      });
      await q.insertRefreshToken(tx, token);
    });
  } else {
    await Promise.all([q.insertRefreshToken(ctx.db, token), q.touchLoginSession(ctx.db, familyId, now)]);
  }
  const access = await signAccessToken(ctx.secret, user.id, now, familyId);
  return {
    session: { access_token: access.token, expires_at: access.expiresAt, user: toUser(user) },
    refreshToken: refresh,
  };
}

/**
 * A login that has begun: the admin role for an ADMIN_EMAILS address, the address remembered as
 * one the owner uses (keyed hash), and a new session. Every way in (password, emailed link,
 * passkey) ends here.
 */
export async function startLogin(
  ctx: AppContext,
  user: UserRow,
  client: LoginClient,
  method: AuthMethod,
): Promise<IssuedSession> {
  const signedIn =
    user.role !== 'admin' && ctx.config.adminEmails.includes(normalizeEmail(user.email))
      ? await q.updateUser(ctx.db, user.id, { role: 'admin' })
      : user;
  // Two writes that do not wait for each other: one round trip to the database, not two.
  const [, session] = await Promise.all([
    q.upsertLoginAddress(ctx.db, user.id, addressHash(ctx.secret, client.ip), ctx.now()),
    createSession(ctx, signedIn, { start: { method, userAgent: client.userAgent ?? '' } }),
  ]);
  return session;
}

/** The per-account limit on password logins, as the route found it for this request. */
export interface LoginLock {
  /** Seconds until the account's window ends (the answer's Retry-After). */
  retryAfterSeconds: number;
  /** False when this address has also used up its own allowance for the account. */
  ownerMayPass: boolean;
}

/**
 * Checks the password; unknown email and wrong password look the same from outside. While the
 * account is locked (too many attempts from anywhere), only its owner gets in: the right password
 * from an address that has logged in to it before. Everyone else, right or wrong, gets the 429,
 * so a stranger can lock the password out for others but not for the owner, and learns nothing.
 */
export async function login(
  ctx: AppContext,
  emailInput: string,
  password: string,
  attempt: LoginClient & { lock?: LoginLock | undefined },
): Promise<IssuedSession> {
  const email = normalizeEmail(emailInput);
  const user = await q.findUserByEmail(ctx.db, email);
  let passwordOk = false;
  if (user) passwordOk = await verifyPassword(user.passwordHash, password);
  else await burnPasswordCheck(password);
  if (attempt.lock) {
    const since = new Date(ctx.now().getTime() - KNOWN_ADDRESS_MS);
    const isOwner =
      attempt.lock.ownerMayPass &&
      passwordOk &&
      !!user?.emailVerifiedAt &&
      (await q.hasLoginAddress(ctx.db, user.id, addressHash(ctx.secret, attempt.ip), since));
    if (!isOwner) {
      logSecurityEvent(ctx.log, 'login-locked', { userId: user?.id ?? null, ip: attempt.ip });
      const seconds = attempt.lock.retryAfterSeconds;
      throw rateLimited(seconds);
    }
  }
  if (!user || !passwordOk) throw new AppError('INVALID_CREDENTIALS');
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED');
  return startLogin(ctx, user, attempt, 'password');
}

export type VerifyEmailResult =
  | { status: 'verified'; session: IssuedSession }
  | { status: 'alreadyVerified' };

/**
 * Consumes a verification link and logs the user in. Proving the mailbox makes the account: every
 * refresh and access token issued before this moment stops working.
 */
export async function verifyEmail(
  ctx: AppContext,
  token: string,
  client: LoginClient,
): Promise<VerifyEmailResult> {
  const now = ctx.now();
  const row = await q.findEmailToken(ctx.db, 'verify', hashToken(token));
  if (!row) throw new AppError('INVALID_TOKEN', VERIFY_FAILED);
  const user = await q.findUserById(ctx.db, row.userId);
  if (!user) throw new AppError('INVALID_TOKEN', VERIFY_FAILED);
  if (user.emailVerifiedAt) return { status: 'alreadyVerified' };
  if (row.usedAt || row.expiresAt.getTime() <= now.getTime())
    throw new AppError('INVALID_TOKEN', VERIFY_FAILED);
  const verified = await ctx.db.transaction(async (tx) => {
    if (!(await q.consumeEmailToken(tx, row.id, now))) return null;
    await q.revokeAllRefreshTokens(tx, user.id, now);
    return q.updateUser(tx, user.id, { emailVerifiedAt: now, tokensValidAfter: now });
  });
  if (!verified) return { status: 'alreadyVerified' };
  return { status: 'verified', session: await startLogin(ctx, verified, client, 'link') };
}

/** Sends a new verification link to an unverified account; silent otherwise (no enumeration). */
export async function resendVerification(ctx: AppContext, emailInput: string): Promise<void> {
  const user = await q.findUserByEmail(ctx.db, normalizeEmail(emailInput));
  if (!user || user.emailVerifiedAt) return;
  await ctx.db.transaction((tx) => issueVerifyEmail(ctx, tx, user, ctx.now()));
  ctx.kickMail();
}

/**
 * Ends a login family: its refresh tokens revoked and every access token it has issued (the
 * login's first one, each refresh's) refused until the last of them would have expired.
 */
export async function endLoginFamily(ctx: AppContext, familyId: string, now: Date): Promise<void> {
  const lastExpiry = new Date(now.getTime() + ACCESS_TOKEN_TTL_S * 1000);
  // Two writes that do not wait for each other: one round trip to the database, not two.
  await Promise.all([
    q.revokeRefreshFamily(ctx.db, familyId, now),
    q.denyAccessTokenFamily(ctx.db, familyId, lastExpiry),
  ]);
  // The devices this login turned notifications on for stop getting the account's pushes.
  await ctx.events.emit('login.ended', { db: ctx.db, familyId });
}

/**
 * How long after its rotation a refresh token may be sent again by the browser that never got the
 * reply (a reload or a closed tab mid-refresh). Long enough for a slow reply on a phone, short
 * enough that a copied cookie is of little use: one used later ends the whole login.
 */
export const REFRESH_LOST_REPLY_MS = 20_000;

/**
 * Rotates a refresh token (from the cookie; none is a 401 like an unknown one). Presenting an
 * already rotated token ends its whole family, access tokens included, except once right after its
 * rotation (a lost reply, above).
 */
export async function refreshSession(
  ctx: AppContext,
  refreshToken: string | undefined,
): Promise<IssuedSession> {
  const now = ctx.now();
  const expired = new AppError('UNAUTHORIZED', 'Session expired. Please log in again.');
  if (!refreshToken) throw expired;
  const row = await q.findRefreshToken(ctx.db, hashToken(refreshToken));
  if (!row || row.expiresAt.getTime() <= now.getTime()) throw expired;
  if (row.revokedAt) {
    // Revoked while its login goes on: it was the token a lost reply carried, and whoever replayed
    // the rotated one was not the browser that holds this. Someone has a copy: the whole login ends.
    if (await q.familyHasLiveToken(ctx.db, row.familyId)) {
      await endLoginFamily(ctx, row.familyId, now);
      logSecurityEvent(ctx.log, 'refresh-token-reuse', { userId: row.userId, familyId: row.familyId });
    }
    throw expired;
  }
  let lostReply = false;
  if (row.rotatedAt || !(await q.markRefreshTokenRotated(ctx.db, row.id, now))) {
    // Rotated already. Once, within a few seconds of its rotation, this is the browser that rotated
    // it and never got the reply (the page reloaded mid-refresh; every load resumes the session this
    // way): the token that reply carried is revoked and another of the same login is issued, so the
    // login stays one chain. Any other time, or a second time, it is a copy in someone else's hands:
    // the whole login ends.
    const since = new Date(now.getTime() - REFRESH_LOST_REPLY_MS);
    if (!(await q.claimLostReply(ctx.db, row.id, since, now))) {
      await endLoginFamily(ctx, row.familyId, now);
      logSecurityEvent(ctx.log, 'refresh-token-reuse', { userId: row.userId, familyId: row.familyId });
      throw expired;
    }
    await q.revokeUnrotatedInFamily(ctx.db, row.familyId, now);
    lostReply = true;
  }
  const user = await q.findUserById(ctx.db, row.userId);
  if (!user) throw expired;
  const session = await createSession(ctx, user, { familyId: row.familyId });
  // A copy sent at the same moment may have ended the login while this one was issued: then the new
  // token ends with it (the ending revoked the rows it saw, and the new row may have come after).
  if (lostReply && (await q.findRefreshToken(ctx.db, hashToken(refreshToken)))?.revokedAt) {
    await endLoginFamily(ctx, row.familyId, now);
    throw expired;
  }
  return session;
}

/**
 * Ends a login: the family of the refresh token (from the cookie) and the family the access token
 * (from the Authorization header) was issued for, so every access token of the login stops
 * working, not only the one presented; a token without a family goes on the denylist alone. Rows
 * that have expired are swept. Missing, unknown, invalid or expired tokens are ignored: logout
 * always succeeds.
 */
export async function logout(
  ctx: AppContext,
  tokens: { refreshToken?: string | undefined; accessToken?: string | undefined },
): Promise<void> {
  const now = ctx.now();
  const families = new Set<string>();
  if (tokens.refreshToken) {
    const row = await q.findRefreshToken(ctx.db, hashToken(tokens.refreshToken));
    if (row) families.add(row.familyId);
  }
  const claims = tokens.accessToken ? await verifyAccessToken(ctx.secret, tokens.accessToken, now) : null;
  if (claims?.family) families.add(claims.family);
  if (families.size > 0 || claims) await q.deleteExpiredRevokedAccessTokens(ctx.db, now);
  for (const familyId of families) await endLoginFamily(ctx, familyId, now);
  if (claims && !claims.family) {
    await q.insertRevokedAccessToken(ctx.db, claims.jti, new Date(claims.exp * 1000));
  }
}

/**
 * Who asks for a recovery link: the client's address and the refresh-token cookie the browser sent
 * with the request (Path=/api/auth), if any. Only used past the mailbox's cap (ownerAsking).
 */
export interface RecoveryRequester {
  ip: string;
  refreshToken?: string | undefined;
}

/**
 * Whether a recovery link is asked for by the account's owner, as far as a stranger cannot fake it:
 * from an address that has logged in to the account (the remembered login addresses, as the login
 * lock reads them), or from a browser that holds a refresh token of one of its logins (revoked or
 * expired too: it still shows the device logged in). Such a request gets a link past the mailbox's
 * cap, but only one at a time: while a link of this kind mailed earlier is still live, that one is
 * in the mailbox already.
 */
function ownerAsking(
  ctx: AppContext,
  user: UserRow,
  purpose: 'reset' | 'signin',
  requester: RecoveryRequester,
  now: Date,
) {
  return async (db: AppContext['db']): Promise<boolean> => {
    if (await q.hasLiveEmailToken(db, user.id, purpose, now)) return false;
    const since = new Date(now.getTime() - KNOWN_ADDRESS_MS);
    if (await q.hasLoginAddress(db, user.id, addressHash(ctx.secret, requester.ip), since)) return true;
    if (!requester.refreshToken) return false;
    const device = await q.findRefreshToken(db, hashToken(requester.refreshToken));
    return device?.userId === user.id;
  };
}

/**
 * Mails a reset link if the account exists. Answers at once and does the work in the background,
 * so a known address takes no longer to answer than an unknown one (no enumeration by timing).
 */
export function forgotPassword(ctx: AppContext, emailInput: string, requester: RecoveryRequester): void {
  const email = normalizeEmail(emailInput);
  ctx.background('forgot-password', () => sendResetLink(ctx, email, requester));
}

/**
 * The work after a recovery request's answer is the same for every address up to the writes: the
 * lookup, then a transaction that takes the mailbox's lock and counts its mail (countMailboxOnly for
 * an address without an account), and only an account's adds its token and mail. The mail worker is
 * not kicked: the email goes out at its next round (MAIL_POLL_MS), not on the heels of the answer,
 * where sending it (claim, SMTP, mark sent) slowed the client's next request by about 10 ms on
 * PGlite for a known address only (scripts/forgot-timing.ts).
 */
async function sendResetLink(ctx: AppContext, email: string, requester: RecoveryRequester): Promise<void> {
  const user = await q.findUserByEmail(ctx.db, email);
  const now = ctx.now();
  if (!user) {
    await ctx.db.transaction((tx) => countMailboxOnly(ctx, tx, 'reset-password', email));
    return;
  }
  await ctx.db.transaction((tx) =>
    mailEmailToken(
      ctx,
      tx,
      user,
      { purpose: 'reset', ttlSeconds: RESET_TOKEN_TTL_S, now },
      (token) => ({
        kind: 'reset-password',
        ...resetPasswordMail(`${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`),
      }),
      ownerAsking(ctx, user, 'reset', requester, now),
    ),
  );
}

/**
 * The reset link's row and its account while the link can set a password; an unknown, used or
 * expired link (or one whose account is gone) is the same INVALID_TOKEN, so nothing tells them apart.
 */
async function findUsableResetLink(ctx: AppContext, token: string, now: Date) {
  const row = await q.findEmailToken(ctx.db, 'reset', hashToken(token));
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime())
    throw new AppError('INVALID_TOKEN', RESET_FAILED);
  const owner = await q.findUserById(ctx.db, row.userId);
  if (!owner) throw new AppError('INVALID_TOKEN', RESET_FAILED);
  return { row, owner };
}

/** Throws INVALID_TOKEN unless a reset link can still set a password; uses nothing (the page asks as it opens). */
export async function checkResetLink(ctx: AppContext, token: string): Promise<void> {
  await findUsableResetLink(ctx, token, ctx.now());
}

/**
 * Sets a new password from a reset link and signs the account out everywhere; answers the
 * account's email (the route clears its login lock). An unverified account is not the link
 * follower's yet: like a sign-up for it (see signup), the reset makes a fresh client account of
 * it, with nothing an earlier sign-up put there.
 */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  password: string,
  ip: string,
): Promise<string> {
  const now = ctx.now();
  const { row, owner } = await findUsableResetLink(ctx, token, now);
  assertNewPassword(password, owner.email);
  const passwordHash = await hashPassword(password);
  const email = await ctx.db.transaction(async (tx) => {
    if (!(await q.consumeEmailToken(tx, row.id, now))) throw new AppError('INVALID_TOKEN', RESET_FAILED);
    const user = await q.findUserById(tx, row.userId);
    if (!user) throw new AppError('INVALID_TOKEN', RESET_FAILED);
    // Following the emailed link proves the address, so the account is verified from now on.
    const account = user.emailVerifiedAt
      ? await q.updateUser(tx, user.id, { passwordHash, tokensValidAfter: now })
      : await replaceUnverifiedAccount(ctx, tx, user, passwordHash, ip, now);
    await q.revokeAllRefreshTokens(tx, account.id, now);
    // Every other link mailed before the reset goes with the old password: other reset links, and
    // sign-in links, which are logins too.
    await q.retireEmailTokens(tx, account.id, 'reset', now);
    await q.retireEmailTokens(tx, account.id, 'signin', now);
    await enqueueMail(ctx, tx, {
      kind: 'password-changed',
      to: account.email,
      ...passwordChangedMail({
        publicUrl: ctx.config.publicUrl,
        supportEmail: ctx.config.supportEmail,
        signedOut: 'every',
      }),
    });
    return account.email;
  });
  ctx.kickMail();
  return email;
}

/**
 * An unverified account whose mailbox was just proved by a reset link: deleted with everything that
 * hangs on it (every table refers to users with ON DELETE CASCADE: a provider profile, photos,
 * favourites, sessions, links, remembered addresses…) and made again as a fresh, verified client
 * account for the same address, with the new password, a name from the address, and the reset's
 * client address as its registration address. Nothing of whoever signed up with the address first
 * survives, as with a sign-up's take-over.
 */
async function replaceUnverifiedAccount(
  ctx: AppContext,
  tx: AppContext['db'],
  user: UserRow,
  passwordHash: string,
  ip: string,
  now: Date,
): Promise<UserRow> {
  await q.deleteUser(tx, user.id);
  const name = user.email.split('@')[0]!.slice(0, 100);
  return q.insertUser(tx, {
    email: user.email,
    passwordHash,
    name,
    userType: 'client',
    role: ctx.config.adminEmails.includes(normalizeEmail(user.email)) ? 'admin' : 'user',
    routingSlug: await pickSlug(tx, name),
    registrationIpHash: addressHash(ctx.secret, ip),
    emailVerifiedAt: now,
    tokensValidAfter: now,
    createdAt: now,
  });
}

/**
 * 'Email me a sign-in link': mails a verified account a one-time login link (15 minutes), which
 * works while password logins to the account are locked. Answers at once, the same for every
 * address, and does the work in the background (like forgotPassword). An unverified account gets
 * nothing: its password may be anyone's until the mailbox is proved (see signup).
 */
export function requestSigninLink(ctx: AppContext, emailInput: string, requester: RecoveryRequester): void {
  const email = normalizeEmail(emailInput);
  ctx.background('signin-link', () => sendSigninLink(ctx, email, requester));
}

/** Like sendResetLink: the same work for every address up to the writes, and no kick. */
async function sendSigninLink(ctx: AppContext, email: string, requester: RecoveryRequester): Promise<void> {
  const user = await q.findUserByEmail(ctx.db, email);
  const now = ctx.now();
  if (!user?.emailVerifiedAt) {
    await ctx.db.transaction((tx) => countMailboxOnly(ctx, tx, 'signin-link', email));
    return;
  }
  await ctx.db.transaction((tx) =>
    mailEmailToken(
      ctx,
      tx,
      user,
      { purpose: 'signin', ttlSeconds: SIGNIN_TOKEN_TTL_S, now },
      (token) => {
        const link = new URL(ctx.config.publicUrl);
        link.searchParams.set(SIGNIN_TOKEN_PARAM, token);
        return { kind: 'signin-link', ...signinLinkMail(link.toString()) };
      },
      ownerAsking(ctx, user, 'signin', requester, now),
    ),
  );
}

/**
 * Consumes an emailed sign-in link (once, within 15 minutes) and logs its account in; the other
 * sign-in links still in the mailbox stop working (the route clears the account's login lock).
 */
export async function signInWithLink(
  ctx: AppContext,
  token: string,
  client: LoginClient,
): Promise<IssuedSession> {
  const now = ctx.now();
  const invalid = new AppError('INVALID_TOKEN', AUTH_TEXTS.signinLinkFailed);
  const row = await q.findEmailToken(ctx.db, 'signin', hashToken(token));
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) throw invalid;
  if (!(await q.consumeEmailToken(ctx.db, row.id, now))) throw invalid;
  const user = await q.findUserById(ctx.db, row.userId);
  if (!user?.emailVerifiedAt) throw invalid;
  await q.retireEmailTokens(ctx.db, user.id, 'signin', now);
  return startLogin(ctx, user, client, 'link');
}

/** Turns a client into a provider with an empty profile; calling it again changes nothing. */
export async function upgradeToProvider(ctx: AppContext, userId: string): Promise<UserRow> {
  return ctx.db.transaction(async (tx) => {
    await q.insertProviderProfileIfAbsent(tx, { userId });
    return q.updateUser(tx, userId, { userType: 'provider' });
  });
}

/** Grants the admin role (used by `npm run admin -- grant EMAIL`). */
export async function grantAdmin(ctx: Pick<AppContext, 'db'>, emailInput: string): Promise<UserRow | null> {
  const user = await q.findUserByEmail(ctx.db, normalizeEmail(emailInput));
  if (!user) return null;
  return q.updateUser(ctx.db, user.id, { role: 'admin' });
}

/**
 * The user a raw access token belongs to; 401 when it is missing, invalid, expired, of a deleted
 * user, ended by a logout or a reused refresh token (the denylist: the token or its whole login
 * family), or issued before the user's tokens_valid_after;
 * 403 EMAIL_NOT_VERIFIED for an account that never confirmed its email (no login hands one a token;
 * this holds even if one was minted). Loaded fresh so role and type changes apply at once; the
 * denylist is read in the same query, so this stays one round trip.
 */
export async function userFromAccessToken(ctx: AppContext, token: string): Promise<UserRow> {
  if (!token) throw new AppError('UNAUTHORIZED', 'Authentication required');
  const claims = await verifyAccessToken(ctx.secret, token, ctx.now());
  if (!claims) throw new AppError('UNAUTHORIZED');
  const found = await q.findUserForAccessToken(ctx.db, claims.sub, claims);
  if (!found || found.tokenRevoked) throw new AppError('UNAUTHORIZED');
  const { user } = found;
  if (user.tokensValidAfter && claims.issuedAtMs < user.tokensValidAfter.getTime()) {
    throw new AppError('UNAUTHORIZED');
  }
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED');
  return user;
}

/**
 * The signed-in user behind a bearer token on a public read, or null for a visitor. A missing,
 * expired, revoked or unverified token makes a visitor, not an error: the page is public.
 */
export async function optionalViewer(ctx: AppContext, bearer: string): Promise<UserRow | null> {
  if (!bearer) return null;
  try {
    return await userFromAccessToken(ctx, bearer);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
