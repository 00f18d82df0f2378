import { createHash, createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { isSwitchableKind, type SwitchableNotificationKind } from '#domain/notifications.ts';

export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60;
export const VERIFY_TOKEN_TTL_S = 24 * 60 * 60;
export const RESET_TOKEN_TTL_S = 60 * 60;

/** 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as SHA-256 hashes, so a database leak yields no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface AccessClaims {
  sub: string;
  iat: number;
  /** Issue time in milliseconds: `iat` has whole seconds, too coarse to tell a token issued
   *  just before a password reset from one issued just after it in the same second. */
  issuedAtMs: number;
  /** The token's id: a logout of a token without a family puts it on the denylist until `exp`. */
  jti: string;
  /** The login (refresh-token family) it was issued for: logout and a reused refresh token deny
   *  every access token of the family, the login's first one included. Null for a token minted
   *  outside a login (tests, and tokens issued before families were carried). */
  family: string | null;
  /** Expiry, epoch seconds. */
  exp: number;
}

/** A login family id is a UUID; anything else in `fam` is not a token we issued. */
const FAMILY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function signAccessToken(secret: Uint8Array, userId: string, now: Date, familyId?: string) {
  const iat = Math.floor(now.getTime() / 1000);
  const expiresAt = iat + ACCESS_TOKEN_TTL_S;
  const jti = randomBytes(16).toString('base64url');
  const claims = familyId ? { iat_ms: now.getTime(), fam: familyId } : { iat_ms: now.getTime() };
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setJti(jti)
    .setIssuedAt(iat)
    .setExpirationTime(expiresAt)
    .sign(secret);
  return { token, expiresAt, jti };
}

export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
  now: Date,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: now });
    const { sub, iat, jti, exp } = payload;
    if (typeof sub !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return null;
    // Without an id a token could not be revoked at logout, so it is not a login token.
    if (typeof jti !== 'string' || jti.length === 0 || jti.length > 64) return null;
    // A purpose token (admin step, beta gate) is signed with the same secret but is never a login.
    if (payload.pur !== undefined) return null;
    const { fam } = payload;
    if (fam !== undefined && (typeof fam !== 'string' || !FAMILY_ID.test(fam))) return null;
    const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : iat * 1000;
    return { sub, iat, issuedAtMs, jti, family: fam ?? null, exp };
  } catch {
    return null;
  }
}

/**
 * A token for one purpose (the admin password step, the beta gate). It carries a fingerprint of
 * the password it was granted for, so changing the password ends every grant at once.
 */
export interface PurposeClaims {
  purpose:
    | 'admin-access'
    | 'beta-access'
    | 'unsubscribe-alerts'
    | 'unsubscribe-saved-search'
    | NotificationUnsubscribePurpose
    | 'booking-click';
  /** The user it was granted to; absent for the beta gate (visitors are anonymous). */
  sub?: string;
  /** First bytes of an HMAC of the password, keyed by the signing secret; for a booking click, the
   *  provider's id (the page it was shown on: ADR 008). */
  fingerprint: string;
}

export function passwordFingerprint(secret: Uint8Array, password: string): string {
  return createHmac('sha256', secret).update(password).digest('base64url').slice(0, 16);
}

export async function signPurposeToken(
  secret: Uint8Array,
  claims: PurposeClaims,
  now: Date,
  ttlSeconds: number,
) {
  const iat = Math.floor(now.getTime() / 1000);
  const expiresAt = iat + ttlSeconds;
  const jwt = new SignJWT({ pur: claims.purpose, fp: claims.fingerprint })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(expiresAt);
  if (claims.sub) jwt.setSubject(claims.sub);
  return { token: await jwt.sign(secret), expiresAt };
}

/** The subject of a purpose token that is ours, unexpired, of this purpose and fingerprint; null otherwise. */
export async function readPurposeToken(
  secret: Uint8Array,
  token: string,
  expected: Omit<PurposeClaims, 'sub'>,
  now: Date,
): Promise<{ sub: string | undefined } | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: now });
    if (payload.pur !== expected.purpose || payload.fp !== expected.fingerprint) return null;
    return { sub: payload.sub };
  } catch {
    return null;
  }
}

/**
 * The purpose of a notification-settings unsubscribe link: one per kind of email a person can turn
 * off (src/domain/notifications.ts), so a link from one kind's email never turns another kind off.
 */
export type NotificationUnsubscribePurpose = `unsubscribe-kind-${SwitchableNotificationKind}`;

/**
 * What a one-click unsubscribe link (RFC 8058) turns off: a user's opening alerts, one saved
 * search's, or one kind of email in the user's notification settings.
 */
export type UnsubscribePurpose = Extract<
  PurposeClaims['purpose'],
  'unsubscribe-alerts' | 'unsubscribe-saved-search' | NotificationUnsubscribePurpose
>;

export const notificationUnsubscribePurpose = (
  kind: SwitchableNotificationKind,
): NotificationUnsubscribePurpose => `unsubscribe-kind-${kind}`;

/** The answer to an unsubscribe link whose token is not a valid one. */
export const UNSUBSCRIBE_LINK_FAILED = 'This unsubscribe link is invalid or has expired.';

/** An unsubscribe link works for a year without a login; its fingerprint is fixed (no password behind it). */
const UNSUBSCRIBE_TTL_S = 365 * 24 * 60 * 60;
const UNSUBSCRIBE_FINGERPRINT = 'v1';

/** The token of an unsubscribe link for `subject` (a user id, a saved search id). */
export async function signUnsubscribeToken(
  secret: Uint8Array,
  purpose: UnsubscribePurpose,
  subject: string,
  now: Date,
): Promise<string> {
  const claims = { purpose, sub: subject, fingerprint: UNSUBSCRIBE_FINGERPRINT };
  return (await signPurposeToken(secret, claims, now, UNSUBSCRIBE_TTL_S)).token;
}

/** The subject an unsubscribe token of `purpose` was made for, or null when it is not a valid one. */
export async function readUnsubscribeToken(
  secret: Uint8Array,
  purpose: UnsubscribePurpose,
  token: string,
  now: Date,
): Promise<string | null> {
  const claims = await readPurposeToken(
    secret,
    token,
    { purpose, fingerprint: UNSUBSCRIBE_FINGERPRINT },
    now,
  );
  return claims?.sub ?? null;
}

/**
 * The kind and user of a notification-settings unsubscribe token (signed with
 * notificationUnsubscribePurpose(kind) and the user's id), or null when it is not a valid one.
 */
export async function readNotificationUnsubscribeToken(
  secret: Uint8Array,
  token: string,
  now: Date,
): Promise<{ kind: SwitchableNotificationKind; userId: string } | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: now });
    const prefix = 'unsubscribe-kind-';
    if (typeof payload.pur !== 'string' || !payload.pur.startsWith(prefix)) return null;
    if (payload.fp !== UNSUBSCRIBE_FINGERPRINT || typeof payload.sub !== 'string') return null;
    const kind = payload.pur.slice(prefix.length);
    return isSwitchableKind(kind) ? { kind, userId: payload.sub } : null;
  } catch {
    return null;
  }
}

/** True when the token is ours, unexpired, and has exactly these claims. */
export async function verifyPurposeToken(
  secret: Uint8Array,
  token: string,
  expected: PurposeClaims,
  now: Date,
): Promise<boolean> {
  const claims = await readPurposeToken(secret, token, expected, now);
  return claims !== null && claims.sub === expected.sub;
}
