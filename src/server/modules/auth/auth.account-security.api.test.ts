import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_TEXTS } from '#domain/account-security.ts';
import { AUTH_TEXTS } from '#domain/auth.ts';
import { LIMITS } from '#domain/options.ts';
import { loginSessions } from '#server/db/schema/index.ts';
import { buildTestApp, MINUTE, type TestApp } from '#server/test/build-test-app.ts';
import { createVerifiedUser, findUserRow } from '#server/test/factories.ts';
import { loginWithCookie, logoutWithCookie, refreshWithCookie } from '#server/test/session-cookie.ts';
import { firstLink } from '#server/test/smtp-sink.ts';
import { describeUserAgent } from './sessions.service';

/**
 * Sign-in and security in settings: the password change (proof, rules, other sessions ended, the
 * notice) and the session list (what it shows, ending one, ending every other).
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const NEW_PASSWORD = 'Lantern-Meadow-7391';
const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:131.0) Gecko/20100101 Firefox/131.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';

const fieldError = (path: string, message: string) => ({
  success: false,
  error: 'VALIDATION_ERROR',
  message,
  issues: [{ path, message }],
});

async function loginFrom(email: string, password: string, userAgent: string) {
  const res = await t.post('/api/auth/login', { email, password }, { headers: { 'user-agent': userAgent } });
  expect(res.status).toBe(200);
  return res.body.session.access_token as string;
}

const passwordHashOf = async (email: string) => (await findUserRow(t.db, email))!.passwordHash;

describe('POST /api/account/password', () => {
  it('changes the password, keeps this session, ends every other one and mails the notice', async () => {
    const { email, password } = await createVerifiedUser(t);
    const here = await loginWithCookie(t, email, password);
    const phone = await loginWithCookie(t, email, password);
    const res = await t.post(
      '/api/account/password',
      { current_password: password, new_password: NEW_PASSWORD },
      { token: here.session.access_token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: SECURITY_TEXTS.passwordChanged });

    // This device goes on; the other one is out, its access token and its refresh cookie both.
    expect((await t.get('/api/auth/verify', { token: here.session.access_token })).status).toBe(200);
    expect((await refreshWithCookie(t, here.refreshToken)).status).toBe(200);
    expect((await t.get('/api/auth/verify', { token: phone.session.access_token })).status).toBe(401);
    expect((await refreshWithCookie(t, phone.refreshToken)).status).toBe(401);

    expect((await t.post('/api/auth/login', { email, password })).status).toBe(401);
    expect((await t.post('/api/auth/login', { email, password: NEW_PASSWORD })).status).toBe(200);

    const notice = await t.smtp.waitForMail(email, (m) => m.subject === 'Your Glowfind password was changed');
    expect(notice.text).toContain('every other device was signed out');
    expect(notice.text).toContain('Not you? Reset your password');
    expect(firstLink(notice)).toBe(`${t.config.publicUrl}/?auth=forgotPassword`);
  });

  it('a wrong or missing current password changes nothing', async () => {
    const { email, password } = await createVerifiedUser(t);
    const token = await loginFrom(email, password, FIREFOX_MAC);
    const other = await loginWithCookie(t, email, password);
    const before = await passwordHashOf(email);

    const wrong = await t.post(
      '/api/account/password',
      { current_password: 'Not-The-Password-1', new_password: NEW_PASSWORD },
      { token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(fieldError('current_password', SECURITY_TEXTS.currentPasswordWrong));

    // A password login is not a fresh proof: the current password is asked.
    const missing = await t.post('/api/account/password', { new_password: NEW_PASSWORD }, { token });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(fieldError('current_password', SECURITY_TEXTS.currentPasswordRequired));

    expect(await passwordHashOf(email)).toBe(before);
    expect((await refreshWithCookie(t, other.refreshToken)).status).toBe(200);
  });

  it('the new password follows the sign-up rules, and must differ from the current one', async () => {
    const { email, password } = await createVerifiedUser(t);
    const token = await loginFrom(email, password, FIREFOX_MAC);
    const before = await passwordHashOf(email);
    const cases: [string, string, string][] = [
      ['short', 'new_password', `Password must be at least ${LIMITS.passwordMin} characters`],
      ['password123', 'new_password', 'This password is too common. Please choose a less predictable one.'],
      [email, 'new_password', AUTH_TEXTS.passwordIsEmail],
      [password, 'new_password', SECURITY_TEXTS.samePassword],
    ];
    for (const [candidate, path, message] of cases) {
      const res = await t.post(
        '/api/account/password',
        { current_password: password, new_password: candidate },
        { token },
      );
      expect(res.status, candidate).toBe(400);
      expect(res.body.issues?.[0], candidate).toMatchObject({ path, message });
    }
    expect(await passwordHashOf(email)).toBe(before);
  });

  it('right after a sign-in link no current password is asked; ten minutes later it is', async () => {
    const { email, password } = await createVerifiedUser(t);
    expect((await t.post('/api/auth/signin-link', { email })).status).toBe(200);
    const mail = await t.smtp.waitForMail(email, (m) => m.subject === 'Your Glowfind sign-in link');
    const token = new URL(firstLink(mail)).searchParams.get('signin_token')!;
    const signedIn = await t.post('/api/auth/signin-link/verify', { token });
    const access = signedIn.body.session.access_token as string;

    const status = await t.get('/api/account/identity', { token: access });
    expect(status.body).toMatchObject({ success: true, fresh_proof: true });

    t.clock.advance(11 * MINUTE);
    const later = await t.get('/api/account/identity', { token: access });
    expect(later.body).toEqual({ success: true, fresh_proof: false, fresh_until: null });
    // The access token has expired meanwhile (15 minutes): a password login's fresh one.
    const stale = await t.post('/api/account/password', { new_password: NEW_PASSWORD }, { token: access });
    expect(stale.body).toEqual(fieldError('current_password', SECURITY_TEXTS.currentPasswordRequired));

    // A new link, used at once: the change goes through without the password.
    expect((await t.post('/api/auth/signin-link', { email })).status).toBe(200);
    const linkMails = () => t.smtp.mailsTo(email).filter((m) => m.subject === 'Your Glowfind sign-in link');
    await t.smtp.waitForMail(email, () => linkMails().length === 2);
    const second = linkMails()[1]!;
    const again = await t.post('/api/auth/signin-link/verify', {
      token: new URL(firstLink(second)).searchParams.get('signin_token'),
    });
    const res = await t.post(
      '/api/account/password',
      { new_password: NEW_PASSWORD },
      { token: again.body.session.access_token },
    );
    expect(res.status).toBe(200);
    expect((await t.post('/api/auth/login', { email, password })).status).toBe(401);
  });

  it('anonymous → 401; bad bodies → 400 and nothing changes', async () => {
    expect((await t.post('/api/account/password', { new_password: NEW_PASSWORD })).status).toBe(401);
    const { email, password } = await createVerifiedUser(t);
    const token = await loginFrom(email, password, FIREFOX_MAC);
    const before = await passwordHashOf(email);
    for (const body of [
      {},
      { current_password: password },
      { current_password: 5, new_password: NEW_PASSWORD },
    ]) {
      expect((await t.post('/api/account/password', body, { token })).status).toBe(400);
    }
    expect(await passwordHashOf(email)).toBe(before);
  });
});

describe('the session list', () => {
  it('lists each login with its browser and system, this one marked, most recent first', async () => {
    const { email, password, user } = await createVerifiedUser(t);
    // The verification's own login, then two more.
    await loginFrom(email, password, FIREFOX_MAC);
    t.clock.advance(MINUTE);
    const phone = await loginFrom(email, password, SAFARI_IPHONE);
    const res = await t.get('/api/account/sessions', { token: phone });
    expect(res.status).toBe(200);
    const { sessions } = res.body;
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({
      browser: 'Mobile Safari 17',
      system: 'iOS 17',
      method: 'password',
      current: true,
    });
    expect(sessions[1]).toMatchObject({ browser: 'Firefox 131', system: 'Mac OS 14', current: false });
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const rows = await t.db.select().from(loginSessions).where(eq(loginSessions.userId, user.id));
    expect(rows.map((r) => r.familyId).sort()).toEqual(sessions.map((s: { id: string }) => s.id).sort());
  });

  it('a refresh moves "last used" on; a logout takes the session off the list', async () => {
    const { email, password } = await createVerifiedUser(t);
    const other = await loginWithCookie(t, email, password);
    const here = await loginFrom(email, password, FIREFOX_MAC);
    t.clock.advance(5 * MINUTE);
    expect((await refreshWithCookie(t, other.refreshToken)).status).toBe(200);
    const listed = (await t.get('/api/account/sessions', { token: here })).body.sessions as {
      created_at: string;
      last_used_at: string;
    }[];
    // The refreshed login is now the most recently used, five minutes after it began.
    const used = Date.parse(listed[0]!.last_used_at) - Date.parse(listed[0]!.created_at);
    expect(used).toBeGreaterThanOrEqual(5 * MINUTE);

    const before = listed.length;
    expect((await logoutWithCookie(t, other.refreshToken, other.session.access_token)).status).toBe(200);
    expect((await t.get('/api/account/sessions', { token: here })).body.sessions).toHaveLength(before - 1);
  });

  it("'Sign out' ends one session; another account's or an ended one is a 404", async () => {
    const owner = await createVerifiedUser(t);
    await loginWithCookie(t, owner.email, owner.password);
    const here = await loginFrom(owner.email, owner.password, FIREFOX_MAC);
    const sessions = (await t.get('/api/account/sessions', { token: here })).body.sessions as {
      id: string;
      current: boolean;
    }[];
    const otherId = sessions.find((s) => !s.current)!.id;
    const stranger = await createVerifiedUser(t);

    const theirs = await t.del(`/api/account/sessions/${otherId}`, undefined, {
      token: stranger.session.access_token,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe(SECURITY_TEXTS.sessionNotFound);

    const ended = await t.del(`/api/account/sessions/${otherId}`, undefined, { token: here });
    expect(ended.status).toBe(200);
    expect(ended.body.message).toBe(SECURITY_TEXTS.sessionEnded);
    expect((await t.del(`/api/account/sessions/${otherId}`, undefined, { token: here })).status).toBe(404);
    expect(
      (await t.get('/api/account/sessions', { token: here })).body.sessions.map((s: { id: string }) => s.id),
    ).not.toContain(otherId);
    expect((await t.get('/api/auth/verify', { token: here })).status).toBe(200);
    expect((await t.del('/api/account/sessions/not-a-uuid', undefined, { token: here })).status).toBe(400);
  });

  it("'Sign out everywhere else' ends every other session and keeps this one", async () => {
    const { email, password } = await createVerifiedUser(t);
    const a = await loginWithCookie(t, email, password);
    const b = await loginWithCookie(t, email, password);
    const here = await loginWithCookie(t, email, password);
    const res = await t.post('/api/account/sessions/end-others', undefined, {
      token: here.session.access_token,
    });
    expect(res.body).toEqual({ success: true, message: SECURITY_TEXTS.otherSessionsEnded });
    for (const other of [a, b]) {
      expect((await t.get('/api/auth/verify', { token: other.session.access_token })).status).toBe(401);
      expect((await refreshWithCookie(t, other.refreshToken)).status).toBe(401);
    }
    expect((await t.get('/api/auth/verify', { token: here.session.access_token })).status).toBe(200);
    const listed = (await t.get('/api/account/sessions', { token: here.session.access_token })).body.sessions;
    expect(listed).toHaveLength(1);
    expect(listed[0].current).toBe(true);
  });

  it('anonymous → 401', async () => {
    expect((await t.get('/api/account/sessions')).status).toBe(401);
    expect((await t.post('/api/account/sessions/end-others')).status).toBe(401);
    expect((await t.get('/api/account/identity')).status).toBe(401);
  });
});

describe('describeUserAgent', () => {
  it('names browser and system, and says when it cannot', () => {
    expect(describeUserAgent(FIREFOX_MAC)).toEqual({ browser: 'Firefox 131', system: 'Mac OS 14' });
    expect(describeUserAgent('')).toEqual({
      browser: SECURITY_TEXTS.unknownBrowser,
      system: SECURITY_TEXTS.unknownSystem,
    });
    expect(describeUserAgent('curl/8.5.0').system).toBe(SECURITY_TEXTS.unknownSystem);
  });
});
