import {
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import { BRAND } from '#domain/brand.ts';
import {
  type AuthenticationResponse,
  defaultPasskeyName,
  PASSKEY_LIMITS,
  PASSKEY_TEXTS,
  PasskeyCreationOptionsSchema,
  type PasskeyInfo,
  PasskeyRequestOptionsSchema,
  type RegisterPasskeyBody,
} from '#domain/passkeys.ts';
import type { AppContext } from '#server/context.ts';
import type { UserRow } from '#server/db/schema/index.ts';
import { AppError } from '#server/lib/app-error.ts';
import { logSecurityEvent } from '#server/lib/security-log.ts';
import * as authQ from './auth.queries';
import { type IssuedSession, type LoginClient, startLogin } from './auth.service';
import * as q from './passkeys.queries';
import { confirmIdentity, loginFamilyOf } from './sessions.service';

/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): the relying party is PUBLIC_URL's host and
 * its origin the only one accepted. Each ceremony starts with a challenge kept in
 * webauthn_challenges for PASSKEY_LIMITS.challengeMinutes, used once (deleted by its first answer,
 * right or wrong); expired ones are swept whenever a new one is handed out.
 *
 * User verification is 'preferred' (asked for, not required): a security key without a PIN still
 * counts, like the browsers' own passkey prompts allow.
 */

const CHALLENGE_MS = PASSKEY_LIMITS.challengeMinutes * 60_000;

function relyingParty(ctx: AppContext) {
  const url = new URL(ctx.config.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** The user handle: the account's id as bytes (stable, no personal data); one credential per account per authenticator. */
function userHandle(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId.replaceAll('-', ''), 'hex'));
}

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** What makes a passkey, by its authenticator's AAGUID (the common password managers and platforms). */
const AUTHENTICATOR_NAMES: Record<string, string> = {
  'fbfc3007-154e-4ecc-8c0b-6e020557d7bd': 'iCloud Keychain',
  'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4': 'Google Password Manager',
  'adce0002-35bc-c60a-648b-0b25f1f05503': 'Chrome on Mac',
  '08987058-cadc-4b81-b6e1-30de50dcbe96': 'Windows Hello',
  'bada5566-a7aa-401f-bd96-45619a55120d': '1Password',
  'd548826e-79b4-db40-a3d8-11116f7e8349': 'Bitwarden',
};

function authenticatorLabel(aaguid: string, transports: readonly string[]): string {
  const known = AUTHENTICATOR_NAMES[aaguid];
  if (known) return known;
  if (transports.includes('hybrid')) return 'Passkey on a phone';
  if (transports.some((t) => t === 'usb' || t === 'nfc' || t === 'ble')) return 'Security key';
  return 'Passkey';
}

function toInfo(row: q.ListedPasskey): PasskeyInfo {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    backed_up: row.backedUp,
  };
}

async function issueChallenge(
  ctx: AppContext,
  challenge: string,
  purpose: q.ChallengePurpose,
  userId: string | null,
): Promise<void> {
  const now = ctx.now();
  await q.deleteExpiredChallenges(ctx.db, now);
  await q.insertChallenge(ctx.db, {
    challenge,
    purpose,
    userId,
    expiresAt: new Date(now.getTime() + CHALLENGE_MS),
  });
}

/**
 * The challenge an answer signed (read from its clientDataJSON), used up: true when it was one this
 * server handed out for this purpose and user, still live. The signature is checked after, against it.
 */
async function spendChallenge(
  ctx: AppContext,
  clientDataJSON: string,
  purpose: q.ChallengePurpose,
  userId: string | null,
): Promise<string | null> {
  let challenge: unknown;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== 'string' || challenge.length === 0 || challenge.length > 200) return null;
  return (await q.consumeChallenge(ctx.db, challenge, purpose, userId, ctx.now())) ? challenge : null;
}

/** The account's passkeys, oldest first. */
export async function listPasskeys(ctx: AppContext, userId: string): Promise<PasskeyInfo[]> {
  return (await q.findPasskeys(ctx.db, userId)).map(toInfo);
}

/**
 * Options for adding a passkey. A passkey is a new way into the account, so the person proves who
 * they are first: the current password, or a login proven minutes ago (confirmIdentity).
 */
export async function registrationOptions(
  ctx: AppContext,
  user: UserRow,
  accessToken: string,
  currentPassword: string | undefined,
) {
  await confirmIdentity(ctx, user, accessToken, currentPassword);
  const existing = await q.findCredentialDescriptors(ctx.db, user.id);
  if (existing.length >= PASSKEY_LIMITS.perAccount) throw new AppError('CONFLICT', PASSKEY_TEXTS.tooMany);
  const { rpID } = relyingParty(ctx);
  const options = await generateRegistrationOptions({
    rpName: BRAND.name,
    rpID,
    userName: user.email,
    userDisplayName: user.name || user.email,
    userID: userHandle(user.id),
    timeout: CHALLENGE_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({
      id: c.id,
      transports: c.transports as AuthenticatorTransportFuture[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await issueChallenge(ctx, options.challenge, 'register', user.id);
  // As the reply's schema states it (the library's type leaves every field optional).
  return PasskeyCreationOptionsSchema.parse(options);
}

/** Verifies a new credential against its challenge and keeps it (at most PASSKEY_LIMITS.perAccount). */
export async function registerPasskey(
  ctx: AppContext,
  user: UserRow,
  body: RegisterPasskeyBody,
): Promise<PasskeyInfo> {
  const notAdded = () => new AppError('VALIDATION_ERROR', PASSKEY_TEXTS.notAdded);
  const challenge = await spendChallenge(ctx, body.response.response.clientDataJSON, 'register', user.id);
  if (!challenge) throw notAdded();
  const { rpID, origin } = relyingParty(ctx);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: body.response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch (error) {
    ctx.log.info({ err: (error as Error).message }, 'passkey registration refused');
    throw notAdded();
  }
  if (!verified.verified) throw notAdded();
  const info = verified.registrationInfo;
  const transports = body.response.response.transports ?? info.credential.transports ?? [];
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    await q.lockAccount(tx, user.id);
    if ((await q.countPasskeys(tx, user.id)) >= PASSKEY_LIMITS.perAccount)
      throw new AppError('CONFLICT', PASSKEY_TEXTS.tooMany);
    const inserted = await q.insertPasskeyIfAbsent(tx, {
      id: info.credential.id,
      userId: user.id,
      publicKey: info.credential.publicKey,
      counter: info.credential.counter,
      transports: [...transports],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name: body.name ?? defaultPasskeyName(authenticatorLabel(info.aaguid, transports), now),
      createdAt: now,
    });
    if (!inserted) throw new AppError('CONFLICT', PASSKEY_TEXTS.alreadyAdded);
    return inserted;
  });
  logSecurityEvent(ctx.log, 'passkey-added', { userId: user.id });
  return toInfo(row);
}

export async function renamePasskey(
  ctx: AppContext,
  userId: string,
  id: string,
  name: string,
): Promise<PasskeyInfo> {
  const row = await q.renamePasskey(ctx.db, userId, id, name);
  if (!row) throw new AppError('NOT_FOUND', PASSKEY_TEXTS.notFound);
  return toInfo(row);
}

/** Removes one of the account's passkeys (someone else's is not found). */
export async function removePasskey(ctx: AppContext, userId: string, id: string): Promise<void> {
  if (!(await q.deletePasskey(ctx.db, userId, id))) throw new AppError('NOT_FOUND', PASSKEY_TEXTS.notFound);
  logSecurityEvent(ctx.log, 'passkey-removed', { userId });
}

/** Options for a sign-in: no credential list (discoverable passkeys: the browser offers the site's). */
export async function loginOptions(ctx: AppContext) {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).rpID,
    userVerification: 'preferred',
    timeout: CHALLENGE_MS,
  });
  await issueChallenge(ctx, options.challenge, 'login', null);
  return PasskeyRequestOptionsSchema.parse(options);
}

/** Options for proving who the person is again: only this account's passkeys are offered. */
export async function reauthOptions(ctx: AppContext, userId: string) {
  const mine = await q.findCredentialDescriptors(ctx.db, userId);
  if (mine.length === 0) throw new AppError('VALIDATION_ERROR', PASSKEY_TEXTS.notRecognised);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).rpID,
    userVerification: 'preferred',
    timeout: CHALLENGE_MS,
    allowCredentials: mine.map((c) => ({
      id: c.id,
      transports: c.transports as AuthenticatorTransportFuture[],
    })),
  });
  await issueChallenge(ctx, options.challenge, 'reauth', userId);
  return PasskeyRequestOptionsSchema.parse(options);
}

/**
 * Checks an assertion: a challenge of ours for this purpose (used up), a stored credential (of
 * `userId` when given), a user handle that names its account, the origin, the RP ID and the
 * signature; then moves its counter and last use on. Null for any failure (the caller answers one
 * generic refusal: nothing tells a stranger which part was wrong).
 */
async function verifyAssertion(
  ctx: AppContext,
  response: AuthenticationResponse,
  purpose: 'login' | 'reauth',
  userId: string | null,
): Promise<q.PasskeyRow | null> {
  const challenge = await spendChallenge(ctx, response.response.clientDataJSON, purpose, userId);
  if (!challenge || response.id !== response.rawId) return null;
  const passkey = await q.findPasskey(ctx.db, response.id);
  if (!passkey || (userId !== null && passkey.userId !== userId)) return null;
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== base64url(userHandle(passkey.userId))) return null;
  const { rpID, origin } = relyingParty(ctx);
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const used = await q.recordPasskeyUse(ctx.db, passkey.id, passkey, {
      counter: result.authenticationInfo.newCounter,
      backedUp: result.authenticationInfo.credentialBackedUp,
      lastUsedAt: ctx.now(),
    });
    return used ? passkey : null;
  } catch (error) {
    ctx.log.info({ err: (error as Error).message }, 'passkey assertion refused');
    return null;
  }
}

/**
 * Signs in with a passkey, as a password login ends (startLogin, method 'passkey'). An unknown
 * credential or a bad signature is one 401; an unverified account is refused as the password
 * login refuses it (only once the passkey itself was proven, so nothing is learnt without it).
 */
export async function loginWithPasskey(
  ctx: AppContext,
  response: AuthenticationResponse,
  client: LoginClient,
): Promise<IssuedSession> {
  const passkey = await verifyAssertion(ctx, response, 'login', null);
  if (!passkey) throw new AppError('INVALID_CREDENTIALS', PASSKEY_TEXTS.notRecognised);
  const user = await authQ.findUserById(ctx.db, passkey.userId);
  if (!user) throw new AppError('INVALID_CREDENTIALS', PASSKEY_TEXTS.notRecognised);
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED');
  return startLogin(ctx, user, client, 'passkey');
}

/**
 * Proves who the person is again, in this login, by one of their own passkeys: the login then
 * counts as freshly proven (a passkey login) for FRESH_PROOF_MINUTES. A refusal is a 400, not a
 * 401: the session itself is fine.
 */
export async function reauthenticate(
  ctx: AppContext,
  user: UserRow,
  accessToken: string,
  response: AuthenticationResponse,
): Promise<void> {
  const refused = () => new AppError('VALIDATION_ERROR', PASSKEY_TEXTS.notRecognised);
  const familyId = await loginFamilyOf(ctx, accessToken);
  if (!familyId) throw refused();
  const passkey = await verifyAssertion(ctx, response, 'reauth', user.id);
  if (!passkey) throw refused();
  if (!(await q.markProvenByPasskey(ctx.db, familyId, user.id, ctx.now()))) throw refused();
}
