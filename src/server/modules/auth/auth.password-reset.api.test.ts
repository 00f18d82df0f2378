import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '#domain/auth.ts';
import { emailTokens, refreshTokens } from '#server/db/schema/index.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { buildTestApp, MINUTE, TEST_PUBLIC_URL, type TestApp } from '#server/test/build-test-app.ts';
import {
  countOutbox,
  createUnverifiedUser,
  createVerifiedUser,
  findUserRow,
  loginAs,
  uniqueEmail,
} from '#server/test/factories.ts';
import { loginWithCookie, refreshWithCookie } from '#server/test/session-cookie.ts';
import { firstLink } from '#server/test/smtp-sink.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const NEW_PASSWORD = 'Brand-New-Secret-9031';
const RESET_FAILED = 'This password reset link is invalid or has expired. Please request a new one.';
const invalidLink = { success: false, error: 'INVALID_TOKEN', message: RESET_FAILED };

/** forgot-password → the reset link from the email. */
async function requestReset(email: string) {
  const res = await t.post('/api/auth/forgot-password', { email });
  expect(res.status).toBe(200);
  const mail = await t.smtp.waitForMail(email, (m) => m.subject === 'Reset your Glowfind password');
  const link = new URL(firstLink(mail));
  return { link, token: link.searchParams.get('token')!, mail };
}

describe('POST /api/auth/forgot-password', () => {
  it('answers known and unknown addresses alike; only the known one gets a reset link', async () => {
    const known = await createVerifiedUser(t);
    const unknown = uniqueEmail('unknown');
    const before = await countOutbox(t.db, known.email);

    const a = await t.post('/api/auth/forgot-password', { email: known.email });
    const b = await t.post('/api/auth/forgot-password', { email: unknown });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body).toEqual({ success: true, message: AUTH_TEXTS.resetSent });
    expect(b.text).toBe(a.text);

    // The lookup and the mail happen after the answer (constant time): wait for that work.
    await t.app.ctx.settle();
    expect(await countOutbox(t.db, known.email)).toBe(before + 1);
    expect(await countOutbox(t.db, unknown)).toBe(0);

    const mail = await t.smtp.waitForMail(known.email, (m) => m.subject === 'Reset your Glowfind password');
    const link = new URL(firstLink(mail));
    expect(`${link.origin}${link.pathname}`).toBe(`${TEST_PUBLIC_URL}/reset-password`);
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.tokenHash, hashToken(token)));
    expect(stored).toMatchObject({ purpose: 'reset', usedAt: null });
    const lifetime = stored!.expiresAt.getTime() - t.clock.now().getTime();
    expect(lifetime).toBeGreaterThan(59 * MINUTE);
    expect(lifetime).toBeLessThanOrEqual(60 * MINUTE);
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: 'nope' }, 'Please enter a valid email'],
  ])('bad input %j → 400 and no mail', async (body, message) => {
    const before = await countOutbox(t.db);
    const res = await t.post('/api/auth/forgot-password', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR', message });
    expect(await countOutbox(t.db)).toBe(before);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password once, signs out everywhere and mails a notice', async () => {
    const { email, password, session, refreshToken } = await createVerifiedUser(t);
    const otherDevice = await loginWithCookie(t, email, password);
    // Access tokens issued before the reset, even within the same second, must stop working.
    expect((await t.get('/api/auth/verify', { token: session.access_token })).status).toBe(200);
    const { token } = await requestReset(email);

    const res = await t.post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: AUTH_TEXTS.passwordReset });

    // New password in, old password out.
    await loginAs(t, email, NEW_PASSWORD);
    const old = await t.post('/api/auth/login', { email, password });
    expect(old.status).toBe(401);
    expect(old.body.error).toBe('INVALID_CREDENTIALS');

    // Every refresh token from before is revoked.
    const user = await findUserRow(t.db, email);
    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user!.id));
    const before = rows.filter((r) =>
      [refreshToken, otherDevice.refreshToken].map(hashToken).includes(r.tokenHash),
    );
    expect(before).toHaveLength(2);
    for (const row of before) expect(row.revokedAt).toBeInstanceOf(Date);
    expect((await refreshWithCookie(t, refreshToken)).status).toBe(401);
    expect((await refreshWithCookie(t, otherDevice.refreshToken)).status).toBe(401);

    // Access tokens issued before the reset are refused.
    for (const accessToken of [session.access_token, otherDevice.session.access_token]) {
      const me = await t.get('/api/auth/verify', { token: accessToken });
      expect(me.status).toBe(401);
      expect(me.body.error).toBe('UNAUTHORIZED');
    }

    // The link works once.
    const again = await t.post('/api/auth/reset-password', { token, password: 'Yet-Another-Secret-55' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(invalidLink);
    await loginAs(t, email, NEW_PASSWORD);

    const notice = await t.smtp.waitForMail(email, (m) => m.subject === 'Your Glowfind password was changed');
    expect(notice.text).toContain('every device was signed out');
  });

  it('a session started after the reset works', async () => {
    const { email } = await createVerifiedUser(t);
    const { token } = await requestReset(email);
    expect((await t.post('/api/auth/reset-password', { token, password: NEW_PASSWORD })).status).toBe(200);
    const { session, refreshToken } = await loginWithCookie(t, email, NEW_PASSWORD);
    expect((await t.get('/api/auth/profile', { token: session.access_token })).status).toBe(200);
    expect((await refreshWithCookie(t, refreshToken)).status).toBe(200);
  });

  it('a link older than 1 hour → 400 and the password stays the same', async () => {
    const { email, password } = await createVerifiedUser(t);
    const { token } = await requestReset(email);
    t.clock.advance(61 * MINUTE);
    const res = await t.post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalidLink);
    await loginAs(t, email, password);
    expect((await t.post('/api/auth/login', { email, password: NEW_PASSWORD })).status).toBe(401);
  });

  it('a newer reset email leaves the older link working (anyone can ask for one); a completed reset ends the others', async () => {
    const { email } = await createVerifiedUser(t);
    const first = await requestReset(email);
    const second = await requestReset(email);
    expect(
      (await t.post('/api/auth/reset-password', { token: first.token, password: NEW_PASSWORD })).status,
    ).toBe(200);
    const late = await t.post('/api/auth/reset-password', {
      token: second.token,
      password: 'Yet-Another-Secret-55',
    });
    expect(late.status).toBe(400);
    expect(late.body).toEqual(invalidLink);
    await loginAs(t, email, NEW_PASSWORD);
  });

  it('refuses a common password and keeps the link usable', async () => {
    const { email, password } = await createVerifiedUser(t);
    const { token } = await requestReset(email);
    const res = await t.post('/api/auth/reset-password', { token, password: 'iloveyou' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: 'VALIDATION_ERROR',
      message: AUTH_TEXTS.commonPassword,
      issues: [{ path: 'password', message: AUTH_TEXTS.commonPassword }],
    });
    await loginAs(t, email, password);
    expect((await t.post('/api/auth/reset-password', { token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it.each([
    [{ token: 'abc', password: '123' }, 'password', 'Password must be at least 6 characters'],
    [{ token: 'abc' }, 'password', 'Password is required'],
    [{ token: '', password: NEW_PASSWORD }, 'token', 'The reset link is incomplete'],
  ])('bad input %j → 400 VALIDATION_ERROR', async (body, path, message) => {
    const res = await t.post('/api/auth/reset-password', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
    expect(res.body.issues).toContainEqual({ path, message });
  });

  it('an unknown token → 400 INVALID_TOKEN', async () => {
    const res = await t.post('/api/auth/reset-password', { token: 'x'.repeat(43), password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalidLink);
  });

  it('a verification token is not a reset token, and a reset token is not a verification token', async () => {
    const unverified = await createUnverifiedUser(t);
    const asReset = await t.post('/api/auth/reset-password', {
      token: unverified.token,
      password: NEW_PASSWORD,
    });
    expect(asReset.status).toBe(400);
    expect(asReset.body).toEqual(invalidLink);

    const verified = await createVerifiedUser(t);
    const { token } = await requestReset(verified.email);
    const asVerify = await t.post('/api/auth/verify-email', { temp_token: token, type: 'email' });
    expect(asVerify.status).toBe(400);
    expect(asVerify.body.error).toBe('INVALID_TOKEN');
    // Neither misuse consumed anything.
    expect((await t.post('/api/auth/reset-password', { token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('resetting proves the address, so an unverified account can log in afterwards', async () => {
    const { email } = await createUnverifiedUser(t);
    const { token } = await requestReset(email);
    expect((await t.post('/api/auth/reset-password', { token, password: NEW_PASSWORD })).status).toBe(200);
    expect((await findUserRow(t.db, email))!.emailVerifiedAt).toBeInstanceOf(Date);
    await loginAs(t, email, NEW_PASSWORD);
  });
});

describe('POST /api/auth/reset-password/check', () => {
  const check = (token: string) => t.post('/api/auth/reset-password/check', { token });

  it('answers 200 for a link that can set a password, and uses nothing', async () => {
    const { email } = await createVerifiedUser(t);
    const { token } = await requestReset(email);
    for (let i = 0; i < 2; i++) {
      const res = await check(token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: AUTH_TEXTS.resetLinkUsable });
    }
    const [stored] = await t.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.tokenHash, hashToken(token)));
    expect(stored!.usedAt).toBeNull();
    expect((await t.post('/api/auth/reset-password', { token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('a used, an expired and an unknown link get the same INVALID_TOKEN answer', async () => {
    const used = await requestReset((await createVerifiedUser(t)).email);
    expect(
      (await t.post('/api/auth/reset-password', { token: used.token, password: NEW_PASSWORD })).status,
    ).toBe(200);
    const expired = await requestReset((await createVerifiedUser(t)).email);
    t.clock.advance(61 * MINUTE);

    const answers = await Promise.all([used.token, expired.token, 'x'.repeat(43)].map(check));
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual(invalidLink);
    }
    // Nothing in the answer tells an unknown link from a used or expired one.
    expect(new Set(answers.map((res) => res.text)).size).toBe(1);
  });

  it('a verification link is not a reset link', async () => {
    const unverified = await createUnverifiedUser(t);
    const res = await check(unverified.token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalidLink);
  });

  it.each([
    [{}, 'token', 'Invalid input: expected string, received undefined'],
    [{ token: '' }, 'token', 'The reset link is incomplete'],
  ])('bad input %j → 400 VALIDATION_ERROR', async (body, path, message) => {
    const res = await t.post('/api/auth/reset-password/check', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
    expect(res.body.issues).toContainEqual({ path, message });
  });
});
