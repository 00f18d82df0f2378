import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRESH_PROOF_MINUTES, SECURITY_TEXTS } from '#domain/account-security.ts';
import { ERROR_MESSAGES } from '#domain/errors.ts';
import { defaultPasskeyName, PASSKEY_LIMITS, PASSKEY_TEXTS } from '#domain/passkeys.ts';
import { loginSessions, passkeys, users, webauthnChallenges } from '#server/db/schema/index.ts';
import { verifyAccessToken } from '#server/lib/tokens.ts';
import {
  buildTestApp,
  captureLog,
  MINUTE,
  type RequestOptions,
  TEST_PUBLIC_URL,
  type TestApp,
} from '#server/test/build-test-app.ts';
import { createVerifiedUser, loginAs, type VerifiedUser } from '#server/test/factories.ts';
import { refreshTokenOf } from '#server/test/session-cookie.ts';
import { SoftAuthenticator } from '#server/test/soft-authenticator.ts';

/**
 * Passkeys (WebAuthn): added from the settings after proving who the person is, listed, renamed and
 * removed; a sign-in with one ends as a password login does; a re-authentication with one makes the
 * login freshly proven. The answers are real: a software authenticator (test/soft-authenticator.ts)
 * signs them with its own ES256 keys for PUBLIC_URL's origin and host.
 */

const RP_ID = new URL(TEST_PUBLIC_URL).hostname;
const ORIGIN = new URL(TEST_PUBLIC_URL).origin;
const notRecognisedLogin = {
  success: false,
  error: 'INVALID_CREDENTIALS',
  message: PASSKEY_TEXTS.notRecognised,
};
const notRecognisedReauth = {
  success: false,
  error: 'VALIDATION_ERROR',
  message: PASSKEY_TEXTS.notRecognised,
};
const notAdded = { success: false, error: 'VALIDATION_ERROR', message: PASSKEY_TEXTS.notAdded };

const log = captureLog();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ log });
});
afterAll(() => t?.close());

const bearer = (token: string): RequestOptions => ({ token });
const patch = (url: string, body: unknown, options: RequestOptions) => t.put(url, body, options);

const passkeyRows = (userId: string) => t.db.select().from(passkeys).where(eq(passkeys.userId, userId));
const passkeyRow = async (id: string) => (await t.db.select().from(passkeys).where(eq(passkeys.id, id)))[0];
const challengeRows = () => t.db.select().from(webauthnChallenges);
const loginRow = async (accessToken: string) => {
  const claims = await verifyAccessToken(t.app.ctx.secret, accessToken, t.clock.now());
  const [row] = await t.db.select().from(loginSessions).where(eq(loginSessions.familyId, claims!.family!));
  return row!;
};
const securityEvents = (event: string, userId: string) =>
  log.entries().filter((e) => e.security === event && e.userId === userId).length;

/** A person who signed in with their password (not a fresh proof) and an authenticator of theirs. */
async function personWithPassword() {
  const person = await createVerifiedUser(t);
  const session = await loginAs(t, person.email, person.password);
  return { ...person, token: session.access_token, device: new SoftAuthenticator(ORIGIN) };
}

/** Adds a passkey through the API (the password given at the options step); answers the reply's passkey. */
async function addPasskey(
  person: Pick<VerifiedUser, 'password'> & { token: string; device: SoftAuthenticator },
  name?: string,
) {
  const options = await t.post(
    '/api/account/passkeys/register/options',
    { current_password: person.password },
    bearer(person.token),
  );
  expect(options.status, options.text).toBe(200);
  const response = person.device.register(options.body.options);
  const res = await t.post(
    '/api/account/passkeys/register',
    { response, ...(name ? { name } : {}) },
    bearer(person.token),
  );
  expect(res.status, res.text).toBe(200);
  return res.body.passkey as { id: string; name: string };
}

async function loginOptions() {
  const res = await t.post('/api/auth/passkey/options');
  expect(res.status, res.text).toBe(200);
  return res.body.options;
}

describe('adding a passkey', () => {
  it('asks a password login for the current password; a wrong or missing one adds nothing', async () => {
    const person = await personWithPassword();
    const before = (await challengeRows()).length;

    const missing = await t.post('/api/account/passkeys/register/options', {}, bearer(person.token));
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: 'VALIDATION_ERROR',
      issues: [{ path: 'current_password', message: SECURITY_TEXTS.currentPasswordRequired }],
    });
    const wrong = await t.post(
      '/api/account/passkeys/register/options',
      { current_password: 'Not-My-Password-77' },
      bearer(person.token),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues).toEqual([
      { path: 'current_password', message: SECURITY_TEXTS.currentPasswordWrong },
    ]);
    expect((await challengeRows()).length).toBe(before);
    expect(await passkeyRows(person.user.id)).toEqual([]);
  });

  it('answers creation options for PUBLIC_URL, then verifies and keeps the passkey under a default name', async () => {
    const person = await personWithPassword();
    const options = await t.post(
      '/api/account/passkeys/register/options',
      { current_password: person.password },
      bearer(person.token),
    );
    expect(options.status).toBe(200);
    const o = options.body.options;
    expect(o.rp).toEqual({ name: 'Glowfind', id: RP_ID });
    // The user handle is the account's id as bytes: nothing personal in it.
    expect(Buffer.from(o.user.id, 'base64url').toString('hex')).toBe(person.user.id.replaceAll('-', ''));
    expect(o.user.name).toBe(person.email);
    expect(o.excludeCredentials).toEqual([]);
    expect(o.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'preferred',
    });
    expect(o.attestation).toBe('none');
    const [challenge] = await t.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, o.challenge));
    expect(challenge).toMatchObject({ userId: person.user.id, purpose: 'register' });
    expect(challenge!.expiresAt.getTime() - t.clock.now().getTime()).toBeGreaterThan(4 * MINUTE);
    expect(challenge!.expiresAt.getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(5 * MINUTE);

    const response = person.device.register(o);
    const res = await t.post('/api/account/passkeys/register', { response }, bearer(person.token));
    expect(res.status, res.text).toBe(200);
    const name = defaultPasskeyName('Passkey', t.clock.now());
    expect(res.body).toEqual({
      success: true,
      message: PASSKEY_TEXTS.added,
      passkey: {
        id: response.id,
        name,
        created_at: expect.any(String),
        last_used_at: null,
        backed_up: false,
      },
    });
    const [row] = await passkeyRows(person.user.id);
    expect(row).toMatchObject({
      id: response.id,
      counter: 0,
      transports: ['internal'],
      deviceType: 'singleDevice',
      backedUp: false,
      name,
    });
    expect(row!.publicKey.length).toBeGreaterThan(60);
    // The challenge was used up.
    expect((await challengeRows()).some((c) => c.challenge === o.challenge)).toBe(false);
    expect(securityEvents('passkey-added', person.user.id)).toBe(1);

    // The list; the next options exclude it.
    const list = await t.get('/api/account/passkeys', bearer(person.token));
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      success: true,
      passkeys: [res.body.passkey],
      max: PASSKEY_LIMITS.perAccount,
    });
    const again = await t.post(
      '/api/account/passkeys/register/options',
      { current_password: person.password },
      bearer(person.token),
    );
    expect(again.body.options.excludeCredentials).toEqual([
      { id: response.id, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('takes a name; a session proven by a link minutes ago needs no password', async () => {
    const person = await createVerifiedUser(t);
    const token = person.session.access_token; // verification's login: an emailed link
    const options = await t.post('/api/account/passkeys/register/options', {}, bearer(token));
    expect(options.status, options.text).toBe(200);
    const response = new SoftAuthenticator(ORIGIN).register(options.body.options);
    const res = await t.post(
      '/api/account/passkeys/register',
      { response, name: '  Work laptop  ' },
      bearer(token),
    );
    expect(res.status).toBe(200);
    expect(res.body.passkey.name).toBe('Work laptop');
  });

  it('refuses a wrong origin, a wrong RP ID, a replayed or expired challenge, and bad names; nothing is kept', async () => {
    const person = await personWithPassword();
    const options = async () =>
      (
        await t.post(
          '/api/account/passkeys/register/options',
          { current_password: person.password },
          bearer(person.token),
        )
      ).body.options;
    const attempt = (response: unknown, name?: unknown) =>
      t.post('/api/account/passkeys/register', { response, name }, bearer(person.token));

    const wrongOrigin = await attempt(
      person.device.register(await options(), { origin: 'http://evil.test' }),
    );
    expect(wrongOrigin.status).toBe(400);
    expect(wrongOrigin.body).toEqual(notAdded);
    const wrongRp = await attempt(person.device.register(await options(), { rpId: 'evil.test' }));
    expect(wrongRp.body).toEqual(notAdded);
    const unknownChallenge = await attempt(
      person.device.register(await options(), { challenge: Buffer.from('made up').toString('base64url') }),
    );
    expect(unknownChallenge.body).toEqual(notAdded);

    // Expired: the challenge lasts 5 minutes.
    const late = person.device.register(await options());
    t.clock.advance(PASSKEY_LIMITS.challengeMinutes * MINUTE + 1000);
    expect((await attempt(late)).body).toEqual(notAdded);

    // A bad name is refused before anything is used up; the same answer with a good one then passes.
    const o = await options();
    const good = person.device.register(o);
    const tooLong = await attempt(good, 'x'.repeat(PASSKEY_LIMITS.nameMax + 1));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.issues).toEqual([{ path: 'name', message: PASSKEY_TEXTS.nameTooLong }]);
    expect((await attempt(good, '   ')).body.issues).toEqual([
      { path: 'name', message: PASSKEY_TEXTS.nameRequired },
    ]);
    // Malformed answers are schema errors.
    const malformed = await attempt({ ...good, id: 'not base64url!' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('VALIDATION_ERROR');
    expect(await passkeyRows(person.user.id)).toEqual([]);

    const ok = await attempt(good);
    expect(ok.status).toBe(200);
    // Replayed: the challenge was used once.
    const replay = await attempt(good);
    expect(replay.body).toEqual(notAdded);
    expect(await passkeyRows(person.user.id)).toHaveLength(1);
  });

  it("answers another account's challenge with a refusal", async () => {
    const alice = await personWithPassword();
    const bob = await personWithPassword();
    const aliceOptions = await t.post(
      '/api/account/passkeys/register/options',
      { current_password: alice.password },
      bearer(alice.token),
    );
    const response = bob.device.register(aliceOptions.body.options);
    const res = await t.post('/api/account/passkeys/register', { response }, bearer(bob.token));
    expect(res.body).toEqual(notAdded);
    expect(await passkeyRows(bob.user.id)).toEqual([]);
    expect(await passkeyRows(alice.user.id)).toEqual([]);
  });

  it(`keeps at most ${PASSKEY_LIMITS.perAccount} passkeys an account`, async () => {
    const person = await personWithPassword();
    const o = (
      await t.post(
        '/api/account/passkeys/register/options',
        { current_password: person.password },
        bearer(person.token),
      )
    ).body.options;
    const pending = person.device.register(o);
    await t.db.insert(passkeys).values(
      Array.from({ length: PASSKEY_LIMITS.perAccount }, (_, i) => ({
        id: `filler-${person.user.id}-${i}`,
        userId: person.user.id,
        publicKey: new Uint8Array([1, 2, 3]),
        deviceType: 'singleDevice' as const,
        backedUp: false,
        name: `Filler ${i}`,
      })),
    );
    const full = await t.post('/api/account/passkeys/register', { response: pending }, bearer(person.token));
    expect(full.status).toBe(409);
    expect(full.body).toEqual({ success: false, error: 'CONFLICT', message: PASSKEY_TEXTS.tooMany });
    const options = await t.post(
      '/api/account/passkeys/register/options',
      { current_password: person.password },
      bearer(person.token),
    );
    expect(options.status).toBe(409);
    expect(await passkeyRows(person.user.id)).toHaveLength(PASSKEY_LIMITS.perAccount);
  });

  it('refuses the signed-out, whatever they send', async () => {
    const device = new SoftAuthenticator(ORIGIN);
    const registration = device.register({ challenge: 'AAAA', rp: { id: RP_ID }, user: { id: 'AAAA' } });
    const assertion = device.authenticate({ challenge: 'AAAA', rpId: RP_ID });
    for (const [method, url, body] of [
      ['post', '/api/account/passkeys/register/options', { current_password: 'Anything-123' }],
      ['post', '/api/account/passkeys/register', { response: registration }],
      ['get', '/api/account/passkeys', undefined],
      ['put', `/api/account/passkeys/${registration.id}`, { name: 'Mine' }],
      ['del', `/api/account/passkeys/${registration.id}`, undefined],
      ['post', '/api/account/passkeys/reauth/options', undefined],
      ['post', '/api/account/passkeys/reauth', { response: assertion }],
    ] as const) {
      const res = method === 'get' ? await t.get(url) : await t[method](url, body);
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body.error).toBe('UNAUTHORIZED');
    }
  });
});

describe('signing in with a passkey', () => {
  it('signs in as the password login does: a session, the refresh cookie, a passkey login; the counter moves on', async () => {
    const person = await personWithPassword();
    const added = await addPasskey(person);

    const options = await loginOptions();
    expect(options).toEqual({
      challenge: expect.any(String),
      rpId: RP_ID,
      timeout: PASSKEY_LIMITS.challengeMinutes * MINUTE,
      userVerification: 'preferred',
    });
    const [challenge] = await t.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, options.challenge));
    expect(challenge).toMatchObject({ userId: null, purpose: 'login' });

    const res = await t.post('/api/auth/passkey/login', {
      response: person.device.authenticate(options),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      user: { id: person.user.id, email: person.email },
      session: { access_token: expect.any(String), user: { id: person.user.id } },
    });
    expect(refreshTokenOf(res)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const token = res.body.session.access_token;
    expect((await loginRow(token)).authMethod).toBe('passkey');
    // The session works, and a passkey login is a fresh proof.
    const identity = await t.get('/api/account/identity', bearer(token));
    expect(identity.body.fresh_proof).toBe(true);
    const list = await t.get('/api/account/passkeys', bearer(token));
    expect(list.status).toBe(200);
    expect(list.body.passkeys[0]).toMatchObject({ id: added.id, last_used_at: expect.any(String) });
    expect(await passkeyRow(added.id)).toMatchObject({ counter: 1 });
    // The refresh cookie renews it like any login.
    const refreshed = await t.post('/api/auth/refresh', undefined, {
      headers: { cookie: `glowfind_refresh=${refreshTokenOf(res)}`, 'x-glowfind-csrf': '1' },
    });
    expect(refreshed.status).toBe(200);

    // Replayed: the same answer again is refused, and changes nothing.
    const replay = await t.post('/api/auth/passkey/login', { response: person.device.authenticate(options) });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(notRecognisedLogin);
    expect(await passkeyRow(added.id)).toMatchObject({ counter: 1 });
  });

  it('refuses a wrong origin, a wrong RP ID, a counter gone back, an unknown passkey and a user handle of another account', async () => {
    const person = await personWithPassword();
    const added = await addPasskey(person);
    const tryLogin = async (response: unknown) => t.post('/api/auth/passkey/login', { response });
    // One sign-in first, so the stored counter is above zero.
    expect((await tryLogin(person.device.authenticate(await loginOptions()))).status).toBe(200);
    const stored = await passkeyRow(added.id);
    expect(stored!.counter).toBe(1);
    const sessionsBefore = (
      await t.db.select().from(loginSessions).where(eq(loginSessions.userId, person.user.id))
    ).length;

    for (const overrides of [{ origin: 'http://evil.test' }, { rpId: 'evil.test' }, { counter: 0 }]) {
      const res = await tryLogin(person.device.authenticate(await loginOptions(), overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(401);
      expect(res.body).toEqual(notRecognisedLogin);
    }
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.register({ challenge: 'x', rp: { id: RP_ID }, user: { id: 'AAAA' } });
    expect((await tryLogin(stranger.authenticate(await loginOptions()))).body).toEqual(notRecognisedLogin);
    // The right signature with another account's user handle.
    const o = await loginOptions();
    const forged = person.device.authenticate(o);
    forged.response.userHandle = Buffer.alloc(16, 7).toString('base64url');
    expect((await tryLogin(forged)).body).toEqual(notRecognisedLogin);
    // A signature by another key for this credential id.
    const swapped = stranger.authenticate(await loginOptions(), { withoutUserHandle: true });
    const signedByStranger = { ...swapped, id: added.id, rawId: added.id };
    expect((await tryLogin(signedByStranger)).body).toEqual(notRecognisedLogin);

    expect(
      (await t.db.select().from(loginSessions).where(eq(loginSessions.userId, person.user.id))).length,
    ).toBe(sessionsBefore);
    expect(await passkeyRow(added.id)).toEqual(stored);
    // The schema: no answer at all, or a malformed one, is a 400.
    expect((await t.post('/api/auth/passkey/login', {})).status).toBe(400);
  });

  it('a removed passkey no longer signs in; an unverified account is refused', async () => {
    const person = await personWithPassword();
    const added = await addPasskey(person);
    const removed = await t.del(`/api/account/passkeys/${added.id}`, undefined, bearer(person.token));
    expect(removed.status).toBe(200);
    const gone = await t.post('/api/auth/passkey/login', {
      response: person.device.authenticate(await loginOptions()),
    });
    expect(gone.status).toBe(401);
    expect(gone.body).toEqual(notRecognisedLogin);

    const other = await personWithPassword();
    const key = await addPasskey(other);
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, other.user.id));
    const sessionsBefore = (
      await t.db.select().from(loginSessions).where(eq(loginSessions.userId, other.user.id))
    ).length;
    const unverified = await t.post('/api/auth/passkey/login', {
      response: other.device.authenticate(await loginOptions()),
    });
    expect(unverified.status).toBe(403);
    expect(unverified.body).toEqual({
      success: false,
      error: 'EMAIL_NOT_VERIFIED',
      message: ERROR_MESSAGES.EMAIL_NOT_VERIFIED,
    });
    expect(unverified.headers['set-cookie']).toBeUndefined();
    expect(
      (await t.db.select().from(loginSessions).where(eq(loginSessions.userId, other.user.id))).length,
    ).toBe(sessionsBefore);
    expect(await passkeyRow(key.id)).toBeDefined();
  });
});

describe('confirming it is you with a passkey', () => {
  it("makes a password login freshly proven; another account's passkey does not", async () => {
    const person = await personWithPassword();
    const mine = await addPasskey(person);
    const other = await personWithPassword();
    const theirs = await addPasskey(other);
    expect((await t.get('/api/account/identity', bearer(person.token))).body.fresh_proof).toBe(false);

    const optionsRes = await t.post('/api/account/passkeys/reauth/options', {}, bearer(person.token));
    expect(optionsRes.status).toBe(200);
    const options = optionsRes.body.options;
    expect(options.allowCredentials).toEqual([{ id: mine.id, type: 'public-key', transports: ['internal'] }]);

    // Their passkey, on my challenge.
    const credential = other.device.credentials.find((c) => c.id === theirs.id)!;
    const foreign = await t.post(
      '/api/account/passkeys/reauth',
      { response: other.device.authenticate(options, { credential }) },
      bearer(person.token),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual(notRecognisedReauth);
    expect((await loginRow(person.token)).authMethod).toBe('password');
    // That challenge is used up; and a sign-in challenge does not serve for a re-authentication.
    const loginChallenge = await t.post(
      '/api/account/passkeys/reauth',
      { response: person.device.authenticate(await loginOptions()) },
      bearer(person.token),
    );
    expect(loginChallenge.body).toEqual(notRecognisedReauth);

    const fresh = await t.post('/api/account/passkeys/reauth/options', {}, bearer(person.token));
    const res = await t.post(
      '/api/account/passkeys/reauth',
      { response: person.device.authenticate(fresh.body.options) },
      bearer(person.token),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, fresh_proof: true, fresh_until: expect.any(String) });
    const login = await loginRow(person.token);
    expect(login.authMethod).toBe('passkey');
    expect(Math.abs(login.authenticatedAt.getTime() - t.clock.now().getTime())).toBeLessThan(5000);
    // Now the steps that ask for the password take none.
    const add = await t.post('/api/account/passkeys/register/options', {}, bearer(person.token));
    expect(add.status).toBe(200);
    // Another account's session was not touched.
    expect((await loginRow(other.token)).authMethod).toBe('password');
  });

  it('has nothing to offer an account without passkeys', async () => {
    const person = await personWithPassword();
    const res = await t.post('/api/account/passkeys/reauth/options', {}, bearer(person.token));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(notRecognisedReauth);
  });
});

describe('changing the password after a passkey proof', () => {
  const NEW_PASSWORD = 'Lantern-Meadow-7391';
  const NEXT_PASSWORD = 'Harbour-Thistle-5824';
  const passwordRequired = {
    success: false,
    error: 'VALIDATION_ERROR',
    message: SECURITY_TEXTS.currentPasswordRequired,
    issues: [{ path: 'current_password', message: SECURITY_TEXTS.currentPasswordRequired }],
  };
  const passwordHashOf = async (userId: string) =>
    (await t.db.select().from(users).where(eq(users.id, userId)))[0]!.passwordHash;
  const changePassword = (token: string, newPassword: string) =>
    t.post('/api/account/password', { new_password: newPassword }, bearer(token));
  const canLogIn = async (email: string, password: string) =>
    (await t.post('/api/auth/login', { email, password })).status === 200;

  it(`right after a passkey sign-in no current password is asked; ${FRESH_PROOF_MINUTES} minutes later it is`, async () => {
    const person = await personWithPassword();
    await addPasskey(person);
    const signedIn = await t.post('/api/auth/passkey/login', {
      response: person.device.authenticate(await loginOptions()),
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    const token = signedIn.body.session.access_token as string;

    const changed = await changePassword(token, NEW_PASSWORD);
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toEqual({ success: true, message: SECURITY_TEXTS.passwordChanged });
    expect(await canLogIn(person.email, person.password)).toBe(false);
    expect(await canLogIn(person.email, NEW_PASSWORD)).toBe(true);

    // The proof lasts FRESH_PROOF_MINUTES; the access token (15 minutes) is still good, the proof is not.
    t.clock.advance(FRESH_PROOF_MINUTES * MINUTE + 1000);
    expect((await t.get('/api/account/identity', bearer(token))).body).toEqual({
      success: true,
      fresh_proof: false,
      fresh_until: null,
    });
    const before = await passwordHashOf(person.user.id);
    const stale = await changePassword(token, NEXT_PASSWORD);
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual(passwordRequired);
    expect(await passwordHashOf(person.user.id)).toBe(before);
    // With the current password it goes through.
    const withPassword = await t.post(
      '/api/account/password',
      { current_password: NEW_PASSWORD, new_password: NEXT_PASSWORD },
      bearer(token),
    );
    expect(withPassword.status, withPassword.text).toBe(200);
  });

  it(`a passkey re-authentication of a password login spares the current password for ${FRESH_PROOF_MINUTES} minutes`, async () => {
    const person = await personWithPassword();
    await addPasskey(person);
    // A password login is not a fresh proof.
    expect((await changePassword(person.token, NEW_PASSWORD)).body).toEqual(passwordRequired);

    const options = await t.post('/api/account/passkeys/reauth/options', {}, bearer(person.token));
    expect(options.status, options.text).toBe(200);
    const proven = await t.post(
      '/api/account/passkeys/reauth',
      { response: person.device.authenticate(options.body.options) },
      bearer(person.token),
    );
    expect(proven.status, proven.text).toBe(200);

    const changed = await changePassword(person.token, NEW_PASSWORD);
    expect(changed.status, changed.text).toBe(200);
    expect(await canLogIn(person.email, NEW_PASSWORD)).toBe(true);

    t.clock.advance(FRESH_PROOF_MINUTES * MINUTE + 1000);
    const before = await passwordHashOf(person.user.id);
    const stale = await changePassword(person.token, NEXT_PASSWORD);
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual(passwordRequired);
    expect(await passwordHashOf(person.user.id)).toBe(before);
    expect(await canLogIn(person.email, NEXT_PASSWORD)).toBe(false);
  });
});

describe('renaming and removing', () => {
  it("renames and removes one's own; another account's is a 404 and stays as it was", async () => {
    const person = await personWithPassword();
    const mine = await addPasskey(person, 'Phone');
    const other = await personWithPassword();
    const theirs = await addPasskey(other, 'Their key');
    const url = (id: string) => `/api/account/passkeys/${encodeURIComponent(id)}`;

    const notFound = { success: false, error: 'NOT_FOUND', message: PASSKEY_TEXTS.notFound };
    expect((await patch(url(theirs.id), { name: 'Mine now' }, bearer(person.token))).body).toEqual(notFound);
    expect((await t.del(url(theirs.id), undefined, bearer(person.token))).status).toBe(404);
    expect((await patch(url('no-such-key'), { name: 'x' }, bearer(person.token))).status).toBe(404);
    expect(await passkeyRow(theirs.id)).toMatchObject({ name: 'Their key', userId: other.user.id });

    const blank = await patch(url(mine.id), { name: '' }, bearer(person.token));
    expect(blank.status).toBe(400);
    expect(blank.body.issues).toEqual([{ path: 'name', message: PASSKEY_TEXTS.nameRequired }]);
    expect(await passkeyRow(mine.id)).toMatchObject({ name: 'Phone' });

    const renamed = await patch(url(mine.id), { name: 'Pixel 9' }, bearer(person.token));
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      message: PASSKEY_TEXTS.renamed,
      passkey: { id: mine.id, name: 'Pixel 9' },
    });
    expect(await passkeyRow(mine.id)).toMatchObject({ name: 'Pixel 9' });

    const removed = await t.del(url(mine.id), undefined, bearer(person.token));
    expect(removed.body).toEqual({ success: true, message: PASSKEY_TEXTS.removed });
    expect(await passkeyRow(mine.id)).toBeUndefined();
    expect(securityEvents('passkey-removed', person.user.id)).toBe(1);
    expect((await t.del(url(mine.id), undefined, bearer(person.token))).body).toEqual(notFound);
    expect(await passkeyRow(theirs.id)).toBeDefined();
  });
});
