import { eq, lte } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '#domain/auth.ts';
import { CSRF_HEADER } from '#domain/auth-options.ts';
import { providerProfiles, refreshTokens, revokedAccessTokens, users } from '#server/db/schema/index.ts';
import { hashToken, signAccessToken } from '#server/lib/tokens.ts';
import { buildTestApp, DAY, MINUTE, type TestApp } from '#server/test/build-test-app.ts';
import { REFRESH_COOKIE_ATTRIBUTES } from '#server/test/expectations.ts';
import { createVerifiedUser, findUserRow } from '#server/test/factories.ts';
import {
  csrfHeader,
  loginWithCookie,
  logoutWithCookie,
  refreshSetCookie,
  refreshTokenOf,
  refreshWithCookie,
} from '#server/test/session-cookie.ts';
import { REFRESH_LOST_REPLY_MS } from './auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const unauthorized = {
  success: false,
  error: 'UNAUTHORIZED',
  message: 'Session expired. Please log in again.',
};
const csrfRefused = {
  success: false,
  error: 'FORBIDDEN',
  message: 'This request must come from the Glowfind app.',
};

async function refreshRow(token: string) {
  const [row] = await t.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  return row!;
}

/** The claims of a JWT, read without checking it (the test only needs its id and expiry). */
const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { jti: string; exp: number };

const denylisted = (jti: string) => t.db.$count(revokedAccessTokens, eq(revokedAccessTokens.jti, jti));

/** The denylist key that refuses every access token of a login family. */
const familyKey = async (refreshToken: string) => `family:${(await refreshRow(refreshToken)).familyId}`;

/** The status GET /api/auth/verify answers for each access token, in order. */
const verifyStatuses = (tokens: string[]) =>
  Promise.all(tokens.map(async (token) => (await t.get('/api/auth/verify', { token })).status));

describe('the refresh cookie', () => {
  it('an https site marks it Secure; the JSON session never carries the refresh token', async () => {
    const https = await buildTestApp({
      database: t.database,
      smtp: t.smtp,
      env: { PUBLIC_URL: 'https://glowfind.test' },
    });
    try {
      const { email, password } = await createVerifiedUser(t);
      const res = await https.post('/api/auth/login', { email, password });
      expect(res.status).toBe(200);
      const cookie = refreshSetCookie(res)!;
      expect(cookie.attributes).toEqual({ ...REFRESH_COOKIE_ATTRIBUTES, secure: true });
      expect(Object.keys(res.body.session).sort()).toEqual(['access_token', 'expires_at', 'user']);
      expect(res.text).not.toContain(cookie.value);
      expect((await refreshRow(cookie.value)).revokedAt).toBeNull();
    } finally {
      await https.close();
    }
  });

  it('an http site (local development) leaves Secure off, so browsers keep it on that host', async () => {
    const { email, password } = await createVerifiedUser(t);
    const res = await t.post('/api/auth/login', { email, password });
    expect(refreshSetCookie(res)!.attributes).toEqual(REFRESH_COOKIE_ATTRIBUTES);
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates: reads the cookie, sets a new one in the same family, the old one marked rotated', async () => {
    const { session, refreshToken } = await createVerifiedUser(t);
    const res = await refreshWithCookie(t, refreshToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Session refreshed', user: session.user });
    const next = res.body.session;
    expect(Object.keys(next).sort()).toEqual(['access_token', 'expires_at', 'user']);
    expect(next.user).toEqual(session.user);
    expect(next.access_token).toBeTruthy();
    expect(next.expires_at).toBeGreaterThanOrEqual(session.expires_at);
    const cookie = refreshSetCookie(res)!;
    expect(cookie.value).not.toBe(refreshToken);
    expect(cookie.attributes).toMatchObject({ path: '/api/auth', httponly: true, samesite: 'Strict' });
    expect(res.text).not.toContain(cookie.value);

    const oldRow = await refreshRow(refreshToken);
    const newRow = await refreshRow(cookie.value);
    expect(oldRow.rotatedAt).toBeInstanceOf(Date);
    expect(newRow).toMatchObject({ familyId: oldRow.familyId, rotatedAt: null, revokedAt: null });

    const me = await t.get('/api/auth/verify', { token: next.access_token });
    expect(me.status).toBe(200);
  });

  it.each([
    ['without the CSRF header', {}],
    ['with the wrong CSRF header value', { [CSRF_HEADER]: 'yes' }],
  ])(
    'refuses a request %s (a cross-site form): 403, nothing rotated, no cookie set',
    async (_label, headers) => {
      const { refreshToken } = await createVerifiedUser(t);
      const before = await refreshRow(refreshToken);
      const res = await t.post('/api/auth/refresh', undefined, {
        headers: { cookie: `glowfind_refresh=${refreshToken}`, ...headers },
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(csrfRefused);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await refreshRow(refreshToken)).toEqual(before);
      expect(await t.db.$count(refreshTokens, eq(refreshTokens.familyId, before.familyId))).toBe(1);
      // The token is still good for the app itself.
      expect((await refreshWithCookie(t, refreshToken)).status).toBe(200);
    },
  );

  it('no longer takes the refresh token from a JSON body (only the cookie): 401, nothing rotated', async () => {
    const { refreshToken } = await createVerifiedUser(t);
    const res = await t.post('/api/auth/refresh', { refresh_token: refreshToken }, { headers: csrfHeader });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(unauthorized);
    expect((await refreshRow(refreshToken)).rotatedAt).toBeNull();
  });

  it('reusing a rotated token (a stolen cookie) fails and revokes the whole family, the newest included', async () => {
    const { email, password, refreshToken } = await createVerifiedUser(t);
    const other = await loginWithCookie(t, email, password); // another device: another family

    const first = await refreshWithCookie(t, refreshToken);
    const second = await refreshWithCookie(t, refreshTokenOf(first));
    expect(second.status).toBe(200);
    const newest = refreshTokenOf(second);
    const familyAccess = [first.body.session.access_token, second.body.session.access_token];
    expect(await verifyStatuses(familyAccess)).toEqual([200, 200]);

    // Past the moment a lost reply could explain it.
    t.clock.advance(REFRESH_LOST_REPLY_MS);
    const reuse = await refreshWithCookie(t, refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual(unauthorized);
    expect(reuse.headers['set-cookie']).toBeUndefined();
    // Whoever holds the family's access tokens, thief or owner, is out as well.
    expect(await verifyStatuses(familyAccess)).toEqual([401, 401]);
    expect(await denylisted(await familyKey(newest))).toBe(1);

    const afterReuse = await refreshWithCookie(t, newest);
    expect(afterReuse.status).toBe(401);
    expect(afterReuse.body).toEqual(unauthorized);

    const family = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, (await refreshRow(newest)).familyId));
    expect(family).toHaveLength(3);
    for (const row of family) expect(row.revokedAt).toBeInstanceOf(Date);

    // The other login is untouched.
    expect((await refreshRow(other.refreshToken)).revokedAt).toBeNull();
    expect(await verifyStatuses([other.session.access_token])).toEqual([200]);
    expect((await refreshWithCookie(t, other.refreshToken)).status).toBe(200);
  });

  it('a token sent again right after its rotation (a reload mid-refresh: the reply was lost) gets a new token of the same login, once; the lost one is revoked', async () => {
    const { refreshToken } = await createVerifiedUser(t);
    const first = await refreshWithCookie(t, refreshToken);
    expect(first.status).toBe(200);
    const lost = refreshTokenOf(first);
    // The page reloaded before the reply arrived: the browser still holds the rotated token.
    t.clock.advance(REFRESH_LOST_REPLY_MS - 1_000);
    const again = await refreshWithCookie(t, refreshToken);
    expect(again.status, again.text).toBe(200);
    const kept = refreshTokenOf(again);
    expect((await refreshRow(kept)).familyId).toBe((await refreshRow(refreshToken)).familyId);
    expect(await verifyStatuses([again.body.session.access_token])).toEqual([200]);
    // The token the lost reply carried is revoked: the login is one chain, not two.
    expect((await refreshRow(lost)).revokedAt).toBeInstanceOf(Date);
    // The login goes on from the token the browser did get.
    const next = await refreshWithCookie(t, kept);
    expect(next.status).toBe(200);
    // The first token once more, still within the window: a second replay is a copy, and the whole login ends.
    const copy = await refreshWithCookie(t, refreshToken);
    expect(copy.status).toBe(401);
    expect((await refreshWithCookie(t, refreshTokenOf(next))).status).toBe(401);
    expect(await verifyStatuses([next.body.session.access_token])).toEqual([401]);
  });

  it('a copy replayed within the window by someone else: when the owner refreshes with the token they did get, the login ends for both', async () => {
    const { refreshToken } = await createVerifiedUser(t);
    const owners = await refreshWithCookie(t, refreshToken);
    expect(owners.status).toBe(200);
    // A copy of the first cookie, replayed within the window, is taken for a lost reply…
    const thief = await refreshWithCookie(t, refreshToken);
    expect(thief.status).toBe(200);
    // …which revoked the token the owner did get: presenting it shows the login is in two hands.
    expect((await refreshWithCookie(t, refreshTokenOf(owners))).status).toBe(401);
    expect((await refreshWithCookie(t, refreshTokenOf(thief))).status).toBe(401);
    expect(await verifyStatuses([thief.body.session.access_token, owners.body.session.access_token])).toEqual(
      [401, 401],
    );
  });

  it('a rotated token sent again after the window ends the login, even the first time', async () => {
    const { refreshToken } = await createVerifiedUser(t);
    const first = await refreshWithCookie(t, refreshToken);
    t.clock.advance(REFRESH_LOST_REPLY_MS + 1);
    expect((await refreshWithCookie(t, refreshToken)).status).toBe(401);
    expect((await refreshWithCookie(t, refreshTokenOf(first))).status).toBe(401);
  });

  it('two copies of a rotated token sent at once within the window: at most one goes on, and then the login ends', async () => {
    const { refreshToken } = await createVerifiedUser(t);
    await refreshWithCookie(t, refreshToken);
    const replies = await Promise.all([
      refreshWithCookie(t, refreshToken),
      refreshWithCookie(t, refreshToken),
    ]);
    expect(replies.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    expect(replies.some((r) => r.status === 401)).toBe(true);
    // Whatever either was given, the login has ended: no token of it refreshes or authenticates.
    for (const reply of replies.filter((r) => r.status === 200)) {
      expect((await refreshWithCookie(t, refreshTokenOf(reply))).status).toBe(401);
      expect(await verifyStatuses([reply.body.session.access_token])).toEqual([401]);
    }
    const family = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, (await refreshRow(refreshToken)).familyId));
    for (const row of family) expect(row.revokedAt).toBeInstanceOf(Date);
  });

  it('a token of a login that has ended is refused even right after its rotation', async () => {
    const { refreshToken } = await createVerifiedUser(t);
    const first = await refreshWithCookie(t, refreshToken);
    const logout = await t.post('/api/auth/logout', undefined, {
      headers: { ...csrfHeader, cookie: `glowfind_refresh=${refreshTokenOf(first)}` },
    });
    expect(logout.status).toBe(200);
    expect((await refreshWithCookie(t, refreshToken)).status).toBe(401);
  });

  it('a refresh token older than 30 days → 401', async () => {
    const { refreshToken } = await createVerifiedUser(t);
    t.clock.advance(31 * DAY);
    const res = await refreshWithCookie(t, refreshToken);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(unauthorized);
  });

  it('a refresh token 29 days old still works', async () => {
    const { refreshToken } = await createVerifiedUser(t);
    t.clock.advance(29 * DAY);
    const res = await refreshWithCookie(t, refreshToken);
    expect(res.status).toBe(200);
  });

  it('an unknown, malformed or missing cookie → 401', async () => {
    for (const cookie of ['x'.repeat(43), '"quoted"; other=1', '%00%0A', '']) {
      const res = await t.post('/api/auth/refresh', undefined, {
        headers: { ...csrfHeader, cookie: `glowfind_refresh=${cookie}` },
      });
      expect(res.status, cookie).toBe(401);
      expect(res.body).toEqual(unauthorized);
    }
    const missing = await refreshWithCookie(t, undefined);
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual(unauthorized);
  });

  it('reads our cookie among others', async () => {
    const { refreshToken } = await createVerifiedUser(t);
    const res = await t.post('/api/auth/refresh', undefined, {
      headers: { ...csrfHeader, cookie: `theme=dark; glowfind_refresh=${refreshToken}; other=x=y` },
    });
    expect(res.status).toBe(200);
    expect((await refreshRow(refreshToken)).rotatedAt).toBeInstanceOf(Date);
  });
});

describe('access tokens', () => {
  it('work for 15 minutes: fine at 14, 401 on /api/auth/verify at 16', async () => {
    const { session, refreshToken } = await createVerifiedUser(t);
    t.clock.advance(14 * MINUTE);
    expect((await t.get('/api/auth/verify', { token: session.access_token })).status).toBe(200);
    t.clock.advance(2 * MINUTE);
    const res = await t.get('/api/auth/verify', { token: session.access_token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(unauthorized);
    // The refresh cookie still gets a new one.
    const refreshed = await refreshWithCookie(t, refreshToken);
    expect(refreshed.status).toBe(200);
    expect((await t.get('/api/auth/verify', { token: refreshed.body.session.access_token })).status).toBe(
      200,
    );
  });
});

describe('POST /api/auth/logout', () => {
  it("login, refresh, logout: the login's first access token and the refreshed one get 401, another login keeps working", async () => {
    const { email, password } = await createVerifiedUser(t);
    const login = await loginWithCookie(t, email, password);
    const otherLogin = await loginWithCookie(t, email, password);
    const refreshed = await refreshWithCookie(t, login.refreshToken);
    expect(refreshed.status).toBe(200);
    const firstAccess = login.session.access_token;
    const refreshedAccess: string = refreshed.body.session.access_token;
    expect(await verifyStatuses([firstAccess, refreshedAccess])).toEqual([200, 200]);

    // The app logs out with its current tokens only: the cookie and the refreshed bearer.
    const res = await logoutWithCookie(t, refreshTokenOf(refreshed), refreshedAccess);
    expect(res.status).toBe(200);

    // Both access tokens of that login are refused, though each has minutes left, on every route.
    expect(await verifyStatuses([firstAccess, refreshedAccess])).toEqual([401, 401]);
    for (const token of [firstAccess, refreshedAccess]) {
      const profile = await t.get('/api/auth/profile', { token });
      expect(profile.status).toBe(401);
      expect(profile.body).toEqual(unauthorized);
    }
    const [row] = await t.db
      .select()
      .from(revokedAccessTokens)
      .where(eq(revokedAccessTokens.jti, await familyKey(login.refreshToken)));
    // Kept until the last token the family issued has expired, and no longer than one lifetime.
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(claimsOf(refreshedAccess).exp * 1000);
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(t.clock.now().getTime() + 15 * MINUTE);
    const family = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, (await refreshRow(login.refreshToken)).familyId));
    expect(family).toHaveLength(2);
    for (const refreshToken of family) expect(refreshToken.revokedAt).toBeInstanceOf(Date);

    // The same user's other login is untouched: its access token works, its cookie refreshes.
    expect(await verifyStatuses([otherLogin.session.access_token])).toEqual([200]);
    expect(await denylisted(await familyKey(otherLogin.refreshToken))).toBe(0);
    const otherRefreshed = await refreshWithCookie(t, otherLogin.refreshToken);
    expect(otherRefreshed.status).toBe(200);
    expect(await verifyStatuses([otherRefreshed.body.session.access_token])).toEqual([200]);
  });

  it('revokes the family of the cookie and the access token, clears the cookie, leaves other logins alone', async () => {
    const { email, password, refreshToken } = await createVerifiedUser(t);
    const rotated = await refreshWithCookie(t, refreshToken);
    const current = refreshTokenOf(rotated);
    const accessToken: string = rotated.body.session.access_token;
    const otherDevice = await loginWithCookie(t, email, password);
    expect((await t.get('/api/auth/verify', { token: accessToken })).status).toBe(200);

    const res = await logoutWithCookie(t, current, accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: AUTH_TEXTS.loggedOut });
    expect(refreshSetCookie(res)).toEqual({
      name: 'glowfind_refresh',
      value: '',
      attributes: { path: '/api/auth', 'max-age': '0', httponly: true, samesite: 'Strict' },
    });

    // The access token is refused from now on, though it has minutes left.
    const after = await t.get('/api/auth/verify', { token: accessToken });
    expect(after.status).toBe(401);
    expect(after.body).toEqual(unauthorized);
    expect((await t.get('/api/auth/profile', { token: accessToken })).status).toBe(401);
    const [row] = await t.db
      .select()
      .from(revokedAccessTokens)
      .where(eq(revokedAccessTokens.jti, await familyKey(current)));
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(claimsOf(accessToken).exp * 1000);

    expect((await refreshRow(current)).revokedAt).toBeInstanceOf(Date);
    expect((await refreshRow(refreshToken)).revokedAt).toBeInstanceOf(Date);
    expect((await refreshWithCookie(t, current)).status).toBe(401);

    // The other device keeps both its tokens.
    expect((await t.get('/api/auth/verify', { token: otherDevice.session.access_token })).status).toBe(200);
    expect(await denylisted(await familyKey(otherDevice.refreshToken))).toBe(0);
    expect((await refreshWithCookie(t, otherDevice.refreshToken)).status).toBe(200);
  });

  it('without the CSRF header: 403, nothing revoked, the cookie kept', async () => {
    const { session, refreshToken } = await createVerifiedUser(t);
    const res = await t.post('/api/auth/logout', undefined, {
      token: session.access_token,
      headers: { cookie: `glowfind_refresh=${refreshToken}` },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(csrfRefused);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await refreshRow(refreshToken)).revokedAt).toBeNull();
    expect(await denylisted(await familyKey(refreshToken))).toBe(0);
    expect((await t.get('/api/auth/verify', { token: session.access_token })).status).toBe(200);
  });

  it('ends the whole login from either token alone: the bearer when the cookie is gone, the cookie without a bearer', async () => {
    const a = await createVerifiedUser(t);
    expect((await logoutWithCookie(t, undefined, a.session.access_token)).status).toBe(200);
    expect((await t.get('/api/auth/verify', { token: a.session.access_token })).status).toBe(401);
    expect((await refreshRow(a.refreshToken)).revokedAt).toBeInstanceOf(Date);
    expect((await refreshWithCookie(t, a.refreshToken)).status).toBe(401);

    const b = await createVerifiedUser(t);
    expect((await logoutWithCookie(t, b.refreshToken)).status).toBe(200);
    expect((await refreshRow(b.refreshToken)).revokedAt).toBeInstanceOf(Date);
    expect(await denylisted(await familyKey(b.refreshToken))).toBe(1);
    expect((await t.get('/api/auth/verify', { token: b.session.access_token })).status).toBe(401);
  });

  it('puts a token minted outside a login (no family) on the denylist by its own id', async () => {
    const { user } = await createVerifiedUser(t);
    const { token, jti, expiresAt } = await signAccessToken(t.app.ctx.secret, user.id, t.clock.now());
    expect((await t.get('/api/auth/verify', { token })).status).toBe(200);
    expect((await logoutWithCookie(t, undefined, token)).status).toBe(200);
    expect((await t.get('/api/auth/verify', { token })).status).toBe(401);
    const [row] = await t.db.select().from(revokedAccessTokens).where(eq(revokedAccessTokens.jti, jti));
    expect(row!.expiresAt.getTime()).toBe(expiresAt * 1000);
  });

  it('answers the same with no cookie, an unknown cookie, or a bearer that is not ours, and stores nothing', async () => {
    const rowsBefore = await t.db.$count(revokedAccessTokens);
    const empty = await t.post('/api/auth/logout', undefined, { headers: csrfHeader });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ success: true, message: AUTH_TEXTS.loggedOut });
    const unknown = await logoutWithCookie(t, 'x'.repeat(43), 'not-a-jwt');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ success: true, message: AUTH_TEXTS.loggedOut });
    const { user } = await createVerifiedUser(t);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setJti('forged-jti')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('someone-elses-secret-someone-elses-secret'));
    expect((await logoutWithCookie(t, undefined, forged)).status).toBe(200);
    expect(await t.db.$count(revokedAccessTokens)).toBe(rowsBefore);
    expect(await denylisted('forged-jti')).toBe(0);
  });

  it("keeps a denylist row only until the family's tokens would have expired: the next logout sweeps it", async () => {
    const first = await createVerifiedUser(t);
    await logoutWithCookie(t, first.refreshToken, first.session.access_token);
    const firstKey = await familyKey(first.refreshToken);
    expect(await denylisted(firstKey)).toBe(1);

    t.clock.advance(16 * MINUTE);
    // Expired: refused by its own expiry now, whatever the denylist says.
    expect((await t.get('/api/auth/verify', { token: first.session.access_token })).status).toBe(401);
    const second = await createVerifiedUser(t);
    await logoutWithCookie(t, second.refreshToken, second.session.access_token);
    expect(await denylisted(firstKey)).toBe(0);
    expect(await denylisted(await familyKey(second.refreshToken))).toBe(1);
    const stale = await t.db
      .select()
      .from(revokedAccessTokens)
      .where(lte(revokedAccessTokens.expiresAt, t.clock.now()));
    expect(stale).toEqual([]);
  });

  it('a second logout with the same tokens changes nothing more', async () => {
    const { session, refreshToken } = await createVerifiedUser(t);
    expect((await logoutWithCookie(t, refreshToken, session.access_token)).status).toBe(200);
    const revokedAt = (await refreshRow(refreshToken)).revokedAt;
    const key = await familyKey(refreshToken);
    const [denied] = await t.db.select().from(revokedAccessTokens).where(eq(revokedAccessTokens.jti, key));
    expect((await logoutWithCookie(t, refreshToken, session.access_token)).status).toBe(200);
    expect(await t.db.select().from(revokedAccessTokens).where(eq(revokedAccessTokens.jti, key))).toEqual([
      denied,
    ]);
    expect((await refreshRow(refreshToken)).revokedAt).toEqual(revokedAt);
  });
});

describe.each(['/api/auth/verify', '/api/auth/profile'])('GET %s (bearer)', (url) => {
  it('401 without a token', async () => {
    const res = await t.get(url);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: 'UNAUTHORIZED', message: 'Authentication required' });
  });

  it.each([
    ['garbage', 'Bearer not-a-jwt'],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['an empty bearer', 'Bearer '],
  ])('401 with %s', async (_label, authorization) => {
    const res = await t.get(url, { headers: { authorization } });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('UNAUTHORIZED');
  });

  it('401 with a token signed by another secret', async () => {
    const { user } = await createVerifiedUser(t);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('someone-elses-secret-someone-elses-secret'));
    const res = await t.get(url, { token: forged });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(unauthorized);
  });

  it('401 once the user no longer exists', async () => {
    const { user, session } = await createVerifiedUser(t);
    await t.db.delete(users).where(eq(users.id, user.id));
    const res = await t.get(url, { token: session.access_token });
    expect(res.status).toBe(401);
  });

  it('200 with the user for a valid token', async () => {
    const { session } = await createVerifiedUser(t);
    const res = await t.get(url, { token: session.access_token });
    expect(res.status).toBe(200);
    const key = url.endsWith('/verify') ? 'user' : 'profile';
    // The profile also carries its version (a new account's first).
    const version = key === 'profile' ? { version: '"p1"' } : {};
    expect(res.body).toEqual({ success: true, [key]: session.user, ...version });
    expect(res.text).not.toContain('password');
  });
});

describe('POST /api/auth/upgrade-to-provider', () => {
  it('401 without a token, and changes nothing', async () => {
    const res = await t.post('/api/auth/upgrade-to-provider');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('UNAUTHORIZED');
  });

  it('turns a client into a provider with one empty profile; calling it twice changes nothing more', async () => {
    const { email, session } = await createVerifiedUser(t);
    const userId = session.user.id;
    for (let i = 0; i < 2; i++) {
      const res = await t.post('/api/auth/upgrade-to-provider', undefined, { token: session.access_token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: AUTH_TEXTS.upgraded });
      expect(await t.db.$count(providerProfiles, eq(providerProfiles.userId, userId))).toBe(1);
      expect((await findUserRow(t.db, email))!.userType).toBe('provider');
    }
    const profile = await t.get('/api/auth/profile', { token: session.access_token });
    expect(profile.body.profile).toMatchObject({ id: userId, user_type: 'provider' });
  });

  it('keeps the profile of an existing provider as it is', async () => {
    const { session } = await createVerifiedUser(t, {
      userData: { user_type: 'provider', name: 'Kept Profile', location: 'Austin, TX 78701', bio: 'Keep me' },
    });
    const res = await t.post('/api/auth/upgrade-to-provider', undefined, { token: session.access_token });
    expect(res.status).toBe(200);
    const rows = await t.db
      .select()
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, session.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ bio: 'Keep me', location: 'Austin, TX 78701', zip: '78701' });
  });
});
