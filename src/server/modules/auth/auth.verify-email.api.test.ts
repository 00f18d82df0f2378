import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '#domain/auth.ts';
import { emailTokens, mailOutbox } from '#server/db/schema/index.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { buildTestApp, HOUR, type TestApp } from '#server/test/build-test-app.ts';
import { expectSessionCookie } from '#server/test/expectations.ts';
import {
  countOutbox,
  createUnverifiedUser,
  createVerifiedUser,
  findUserRow,
  readVerifyLink,
  uniqueEmail,
} from '#server/test/factories.ts';
import { refreshWithCookie } from '#server/test/session-cookie.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const VERIFY_FAILED = 'Email verification failed. The link may be invalid or expired.';
const invalidLink = { success: false, error: 'INVALID_TOKEN', message: VERIFY_FAILED };

describe('POST /api/auth/verify-email', () => {
  it('verifies the address, consumes the token and returns a working session', async () => {
    const { email, token } = await createUnverifiedUser(t);
    const res = await t.post('/api/auth/verify-email', { temp_token: token, type: 'email' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: AUTH_TEXTS.verified });
    expect(res.body.dataStatus).toBeUndefined();
    const { session } = res.body;
    expect(session).toMatchObject({ user: { email, role: 'user', user_type: 'client' } });
    expect(session.access_token).toBeTruthy();
    expect(session.expires_at).toBeGreaterThan(t.clock.now().getTime() / 1000);
    // The refresh token comes only in the HttpOnly cookie, never in the JSON page scripts can read.
    const cookie = expectSessionCookie(res);

    const row = await findUserRow(t.db, email);
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
    const [stored] = await t.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.tokenHash, hashToken(token)));
    expect(stored!.usedAt).toBeInstanceOf(Date);

    const profile = await t.get('/api/auth/profile', { token: session.access_token });
    expect(profile.status).toBe(200);
    // A new account's profile is at its first version.
    expect(profile.body).toEqual({ success: true, profile: session.user, version: '"p1"' });

    const refreshed = await refreshWithCookie(t, cookie.value);
    expect(refreshed.status).toBe(200);
  });

  it("the same link again answers dataStatus 'alreadyConfirmedOrVerified' without a session", async () => {
    const { token } = await createUnverifiedUser(t);
    expect((await t.post('/api/auth/verify-email', { temp_token: token, type: 'email' })).status).toBe(200);
    const again = await t.post('/api/auth/verify-email', { temp_token: token, type: 'email' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      success: true,
      dataStatus: 'alreadyConfirmedOrVerified',
      message: AUTH_TEXTS.alreadyVerified,
    });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('an unknown token → 400 INVALID_TOKEN', async () => {
    const res = await t.post('/api/auth/verify-email', { temp_token: 'x'.repeat(43), type: 'email' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalidLink);
  });

  it('a link older than 24 hours → 400 and the account stays unverified', async () => {
    const { email, password, token } = await createUnverifiedUser(t);
    t.clock.advance(25 * HOUR);
    const res = await t.post('/api/auth/verify-email', { temp_token: token, type: 'email' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalidLink);
    expect((await findUserRow(t.db, email))!.emailVerifiedAt).toBeNull();
    expect((await t.post('/api/auth/login', { email, password })).status).toBe(403);
  });

  it('a link just under 24 hours old still works', async () => {
    const { token } = await createUnverifiedUser(t);
    t.clock.advance(23 * HOUR + 59 * 60_000);
    const res = await t.post('/api/auth/verify-email', { temp_token: token, type: 'email' });
    expect(res.status).toBe(200);
    expect(res.body.session).toBeDefined();
  });

  it.each([
    [{ temp_token: 'abc', type: 'recovery' }, 'type', "type must be 'email'"],
    [{ temp_token: 'abc', type: 'signup' }, 'type', "type must be 'email'"],
    [{ temp_token: 'abc' }, 'type', "type must be 'email'"],
    [{ temp_token: '', type: 'email' }, 'temp_token', 'The verification link is incomplete'],
    [{ temp_token: '   ', type: 'email' }, 'temp_token', 'The verification link is incomplete'],
  ])('bad input %j → 400 VALIDATION_ERROR', async (body, path, message) => {
    const res = await t.post('/api/auth/verify-email', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
    expect(res.body.issues).toContainEqual({ path, message });
  });

  it("a valid token with a type other than 'email' does not verify the account", async () => {
    const { email, token } = await createUnverifiedUser(t);
    const res = await t.post('/api/auth/verify-email', { temp_token: token, type: 'recovery' });
    expect(res.status).toBe(400);
    expect((await findUserRow(t.db, email))!.emailVerifiedAt).toBeNull();
    // …and the token is still good for the real request.
    expect((await t.post('/api/auth/verify-email', { temp_token: token, type: 'email' })).status).toBe(200);
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('answers unknown, unverified and verified addresses alike; only the unverified one gets mail', async () => {
    const unverified = await createUnverifiedUser(t);
    const verified = await createVerifiedUser(t);
    const unknown = uniqueEmail('unknown');
    const mailBefore = {
      unverified: await countOutbox(t.db, unverified.email),
      verified: await countOutbox(t.db, verified.email),
    };

    const answers = await Promise.all(
      [unknown, unverified.email, verified.email].map((email) =>
        t.post('/api/auth/resend-verification', { email }),
      ),
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.text).toBe(answers[0]!.text);
    }
    expect(answers[0]!.body).toEqual({ success: true, message: AUTH_TEXTS.resendSent });

    expect(await countOutbox(t.db, unverified.email)).toBe(mailBefore.unverified + 1);
    expect(await countOutbox(t.db, verified.email)).toBe(mailBefore.verified);
    expect(await countOutbox(t.db, unknown)).toBe(0);

    const fresh = await readVerifyLink(t, unverified.email);
    expect(fresh.token).not.toBe(unverified.token);
    expect(fresh.link.searchParams.get('email')).toBe(unverified.email);
    // Everything queued has gone out, and nothing went to the other two.
    await expect
      .poll(() => t.db.$count(mailOutbox, eq(mailOutbox.status, 'pending')), { timeout: 10_000 })
      .toBe(0);
    expect(t.smtp.mailsTo(unknown)).toEqual([]);
    expect(t.smtp.mailsTo(verified.email)).toHaveLength(1); // the original verification only
  });

  it('a resend leaves the earlier link working (anyone can ask for one); whichever is used first verifies', async () => {
    const { email, token: oldToken } = await createUnverifiedUser(t);
    const res = await t.post('/api/auth/resend-verification', { email: email.toUpperCase() });
    expect(res.status).toBe(200);
    const { token: newToken } = await readVerifyLink(t, email);
    expect(newToken).not.toBe(oldToken);

    const old = await t.post('/api/auth/verify-email', { temp_token: oldToken, type: 'email' });
    expect(old.status).toBe(200);
    expect(old.body.session.user.email).toBe(email);
    expect((await findUserRow(t.db, email))!.emailVerifiedAt).toBeInstanceOf(Date);

    const later = await t.post('/api/auth/verify-email', { temp_token: newToken, type: 'email' });
    expect(later.status).toBe(200);
    expect(later.body.dataStatus).toBe('alreadyConfirmedOrVerified');
    expect(later.body.session).toBeUndefined();
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email'],
  ])('bad input %j → 400 and no mail queued', async (body, message) => {
    const before = await countOutbox(t.db);
    const res = await t.post('/api/auth/resend-verification', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR', message });
    expect(await countOutbox(t.db)).toBe(before);
  });
});
