import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '#domain/auth.ts';
import { emailTokens, loginAddresses, refreshTokens } from '#server/db/schema/index.ts';
import { addressHash } from '#server/lib/address-hash.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { buildTestApp, MINUTE, TEST_PUBLIC_URL, type TestApp } from '#server/test/build-test-app.ts';
import {
  countOutbox,
  createUnverifiedUser,
  createVerifiedUser,
  findUserRow,
  insertUser,
  uniqueEmail,
} from '#server/test/factories.ts';
import { firstLink } from '#server/test/smtp-sink.ts';

/**
 * 'Email me a sign-in link': POST /api/auth/signin-link mails a
 * verified account a single-use 15-minute link to `/?signin_token=…`; POST
 * /api/auth/signin-link/verify exchanges it for a session like a verification link does.
 */

const LATE_ADMIN = uniqueEmail('late-admin');
const sentText = { success: true, message: AUTH_TEXTS.signinLinkSent };
const invalid = { success: false, error: 'INVALID_TOKEN', message: AUTH_TEXTS.signinLinkFailed };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: LATE_ADMIN } });
});
afterAll(() => t?.close());

/** Asks for a link and reads it from the mailbox. */
async function requestLink(email: string) {
  const res = await t.post('/api/auth/signin-link', { email });
  expect(res.status).toBe(200);
  expect(res.body).toEqual(sentText);
  const mail = await t.smtp.waitForMail(email, (m) => m.subject === 'Your Glowfind sign-in link');
  const link = new URL(firstLink(mail));
  return { link, token: link.searchParams.get('signin_token')!, mail };
}

const signinTokens = async (userId: string) =>
  t.db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'signin')));

describe('POST /api/auth/signin-link', () => {
  it('answers every address alike; only a verified account gets a link, stored hashed, for 15 minutes', async () => {
    const verified = await createVerifiedUser(t);
    const unverified = await createUnverifiedUser(t);
    const unknown = uniqueEmail('unknown');
    const before = {
      verified: await countOutbox(t.db, verified.email),
      unverified: await countOutbox(t.db, unverified.email),
    };

    const answers = await Promise.all(
      [verified.email, unverified.email, unknown].map((email) => t.post('/api/auth/signin-link', { email })),
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.text).toBe(answers[0]!.text);
    }
    expect(answers[0]!.body).toEqual(sentText);

    await t.app.ctx.settle();
    expect(await countOutbox(t.db, verified.email)).toBe(before.verified + 1);
    expect(await countOutbox(t.db, unverified.email)).toBe(before.unverified);
    expect(await countOutbox(t.db, unknown)).toBe(0);

    const mail = await t.smtp.waitForMail(verified.email, (m) => m.subject === 'Your Glowfind sign-in link');
    expect(mail.text).toContain('expires in 15 minutes');
    const link = new URL(firstLink(mail));
    expect(`${link.origin}${link.pathname}`).toBe(`${TEST_PUBLIC_URL}/`);
    expect([...link.searchParams.keys()]).toEqual(['signin_token']);
    const token = link.searchParams.get('signin_token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [stored] = await signinTokens(verified.user.id);
    expect(stored).toMatchObject({ tokenHash: hashToken(token), usedAt: null });
    const lifetime = stored!.expiresAt.getTime() - t.clock.now().getTime();
    expect(lifetime).toBeGreaterThan(14 * MINUTE);
    expect(lifetime).toBeLessThanOrEqual(15 * MINUTE);
    const unverifiedRow = await findUserRow(t.db, unverified.email);
    expect(await signinTokens(unverifiedRow!.id)).toEqual([]);
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: 'nope' }, 'Please enter a valid email'],
  ])('bad input %j → 400 and no mail', async (body, message) => {
    const before = await countOutbox(t.db);
    const res = await t.post('/api/auth/signin-link', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR', message });
    await t.app.ctx.settle();
    expect(await countOutbox(t.db)).toBe(before);
  });
});

describe('POST /api/auth/signin-link/verify', () => {
  it('logs in once: a session like verify-email gives, the link used up, the address remembered', async () => {
    const { email, user } = await createVerifiedUser(t);
    const { token } = await requestLink(email);
    const tokensBefore = await t.db.$count(refreshTokens, eq(refreshTokens.userId, user.id));

    const res = await t.post('/api/auth/signin-link/verify', { token }, { ip: '192.0.2.77' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: AUTH_TEXTS.signedIn });
    expect(res.body.session.user).toEqual(user);
    expect(res.body.session.access_token.split('.')).toHaveLength(3);
    expect(res.body.session.expires_at).toBeGreaterThan(t.clock.now().getTime() / 1000);
    const me = await t.get('/api/auth/verify', { token: res.body.session.access_token });
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(user.id);

    const [stored] = await signinTokens(user.id);
    expect(stored!.usedAt).toBeInstanceOf(Date);
    expect(await t.db.$count(refreshTokens, eq(refreshTokens.userId, user.id))).toBe(tokensBefore + 1);
    const addresses = await t.db.select().from(loginAddresses).where(eq(loginAddresses.userId, user.id));
    expect(addresses.map((a) => a.ipHash)).toContain(addressHash(t.app.ctx.secret, '192.0.2.77'));

    const again = await t.post('/api/auth/signin-link/verify', { token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(invalid);
  });

  it('a link older than 15 minutes → 400, and it stays unused', async () => {
    const { email, user } = await createVerifiedUser(t);
    const { token } = await requestLink(email);
    t.clock.advance(16 * MINUTE);
    const res = await t.post('/api/auth/signin-link/verify', { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid);
    const [stored] = await signinTokens(user.id);
    expect(stored!.usedAt).toBeNull();
  });

  it('a newer link leaves the older one working (anyone can ask for one); signing in with one ends the others', async () => {
    const { email } = await createVerifiedUser(t);
    const first = await requestLink(email);
    const second = await requestLink(email);
    expect((await t.post('/api/auth/signin-link/verify', { token: first.token })).status).toBe(200);
    expect((await t.post('/api/auth/signin-link/verify', { token: second.token })).body).toEqual(invalid);
  });

  it('a password reset retires an outstanding link (it goes with the old password)', async () => {
    const { email } = await createVerifiedUser(t);
    const { token } = await requestLink(email);
    expect((await t.post('/api/auth/forgot-password', { email })).status).toBe(200);
    const reset = await t.smtp.waitForMail(email, (m) => m.subject === 'Reset your Glowfind password');
    const resetToken = new URL(firstLink(reset)).searchParams.get('token')!;
    expect(
      (await t.post('/api/auth/reset-password', { token: resetToken, password: 'Fresh-Lantern-8120' }))
        .status,
    ).toBe(200);
    expect((await t.post('/api/auth/signin-link/verify', { token })).body).toEqual(invalid);
  });

  it('tokens of other purposes are refused, and a sign-in token is nothing else', async () => {
    const unverified = await createUnverifiedUser(t);
    expect((await t.post('/api/auth/signin-link/verify', { token: unverified.token })).body).toEqual(invalid);
    const { email } = await createVerifiedUser(t);
    const { token } = await requestLink(email);
    const asVerify = await t.post('/api/auth/verify-email', { temp_token: token, type: 'email' });
    expect(asVerify.body.error).toBe('INVALID_TOKEN');
    const asReset = await t.post('/api/auth/reset-password', { token, password: 'Fresh-Lantern-8120' });
    expect(asReset.body.error).toBe('INVALID_TOKEN');
    // Neither misuse consumed it.
    expect((await t.post('/api/auth/signin-link/verify', { token })).status).toBe(200);
  });

  it('gives the admin role to an ADMIN_EMAILS account, as a password login does', async () => {
    await insertUser(t.db, { email: LATE_ADMIN, role: 'user' });
    const { token } = await requestLink(LATE_ADMIN);
    const res = await t.post('/api/auth/signin-link/verify', { token });
    expect(res.status).toBe(200);
    expect(res.body.session.user.role).toBe('admin');
    expect((await findUserRow(t.db, LATE_ADMIN))!.role).toBe('admin');
  });

  it.each([
    [{ token: '' }, 'The sign-in link is incomplete'],
    [{ token: 'x'.repeat(201) }, undefined],
  ])('bad input %j → 400 VALIDATION_ERROR', async (body, message) => {
    const res = await t.post('/api/auth/signin-link/verify', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
    if (message) expect(res.body.issues).toContainEqual({ path: 'token', message });
  });

  it('an unknown token → 400 INVALID_TOKEN', async () => {
    const res = await t.post('/api/auth/signin-link/verify', { token: 'x'.repeat(43) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid);
  });
});

describe('limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimit: true, smtp: t.smtp });
  });
  afterAll(() => limited?.close());

  it(`asks at most ${RATE_LIMITS.perEmailMail.max} times an hour for one address from one client address; another client address has its own allowance`, async () => {
    const email = uniqueEmail('limited');
    for (let i = 0; i < RATE_LIMITS.perEmailMail.max; i++) {
      const res = await limited.post('/api/auth/signin-link', { email }, { ip: '192.0.2.100' });
      expect(res.status).toBe(200);
    }
    const res = await limited.post('/api/auth/signin-link', { email }, { ip: '192.0.2.100' });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else's requests do not use up the owner's: the mail cap bounds the mailbox instead.
    expect((await limited.post('/api/auth/signin-link', { email }, { ip: '192.0.2.150' })).status).toBe(200);
  });

  it(`allows ${RATE_LIMITS.forgotPassword.max} requests per client address in 15 minutes`, async () => {
    const ip = '192.0.2.200';
    for (let i = 0; i < RATE_LIMITS.forgotPassword.max; i++) {
      const res = await limited.post('/api/auth/signin-link', { email: uniqueEmail('burst') }, { ip });
      expect(res.status).toBe(200);
    }
    const res = await limited.post('/api/auth/signin-link', { email: uniqueEmail('burst') }, { ip });
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('RATE_LIMITED');
  });
});
