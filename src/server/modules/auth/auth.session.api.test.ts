import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '../../../domain/auth';
import { providerProfiles, refreshTokens, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { buildTestApp, DAY, MINUTE, type TestApp } from '../../test/build-test-app';
import { createVerifiedUser, findUserRow, loginAs } from '../../test/factories';

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

async function refreshRow(token: string) {
  const [row] = await t.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  return row!;
}

describe('POST /api/auth/refresh', () => {
  it('rotates: a new refresh token in the same family, the old one marked rotated', async () => {
    const { session } = await createVerifiedUser(t);
    const res = await t.post('/api/auth/refresh', { refresh_token: session.refresh_token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Session refreshed', user: session.user });
    const next = res.body.session;
    expect(next.user).toEqual(session.user);
    expect(next.refresh_token).not.toBe(session.refresh_token);
    expect(next.access_token).toBeTruthy();
    expect(next.expires_at).toBeGreaterThanOrEqual(session.expires_at);

    const oldRow = await refreshRow(session.refresh_token);
    const newRow = await refreshRow(next.refresh_token);
    expect(oldRow.rotatedAt).toBeInstanceOf(Date);
    expect(newRow).toMatchObject({ familyId: oldRow.familyId, rotatedAt: null, revokedAt: null });

    const me = await t.get('/api/auth/verify', { token: next.access_token });
    expect(me.status).toBe(200);
  });

  it('reusing a rotated token fails and revokes the whole family, the newest token included', async () => {
    const { email, password, session } = await createVerifiedUser(t);
    const other = await loginAs(t, email, password); // another device: another family

    const first = await t.post('/api/auth/refresh', { refresh_token: session.refresh_token });
    const second = await t.post('/api/auth/refresh', { refresh_token: first.body.session.refresh_token });
    expect(second.status).toBe(200);
    const newest = second.body.session.refresh_token;

    const reuse = await t.post('/api/auth/refresh', { refresh_token: session.refresh_token });
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual(unauthorized);

    const afterReuse = await t.post('/api/auth/refresh', { refresh_token: newest });
    expect(afterReuse.status).toBe(401);
    expect(afterReuse.body).toEqual(unauthorized);

    const family = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, (await refreshRow(newest)).familyId));
    expect(family).toHaveLength(3);
    for (const row of family) expect(row.revokedAt).toBeInstanceOf(Date);

    // The other login is untouched.
    expect((await refreshRow(other.refresh_token)).revokedAt).toBeNull();
    expect((await t.post('/api/auth/refresh', { refresh_token: other.refresh_token })).status).toBe(200);
  });

  it('a refresh token older than 30 days → 401', async () => {
    const { session } = await createVerifiedUser(t);
    t.clock.advance(31 * DAY);
    const res = await t.post('/api/auth/refresh', { refresh_token: session.refresh_token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(unauthorized);
  });

  it('a refresh token 29 days old still works', async () => {
    const { session } = await createVerifiedUser(t);
    t.clock.advance(29 * DAY);
    const res = await t.post('/api/auth/refresh', { refresh_token: session.refresh_token });
    expect(res.status).toBe(200);
  });

  it('an unknown refresh token → 401; a missing one → 400', async () => {
    const unknown = await t.post('/api/auth/refresh', { refresh_token: 'x'.repeat(43) });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(unauthorized);
    const missing = await t.post('/api/auth/refresh', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('VALIDATION_ERROR');
  });
});

describe('access tokens', () => {
  it('work for 15 minutes: fine at 14, 401 on /api/auth/verify at 16', async () => {
    const { session } = await createVerifiedUser(t);
    t.clock.advance(14 * MINUTE);
    expect((await t.get('/api/auth/verify', { token: session.access_token })).status).toBe(200);
    t.clock.advance(2 * MINUTE);
    const res = await t.get('/api/auth/verify', { token: session.access_token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(unauthorized);
    // The refresh token still gets a new one.
    const refreshed = await t.post('/api/auth/refresh', { refresh_token: session.refresh_token });
    expect(refreshed.status).toBe(200);
    expect((await t.get('/api/auth/verify', { token: refreshed.body.session.access_token })).status).toBe(
      200,
    );
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the family of the given refresh token and leaves other logins alone', async () => {
    const { email, password, session } = await createVerifiedUser(t);
    const rotated = await t.post('/api/auth/refresh', { refresh_token: session.refresh_token });
    const current = rotated.body.session.refresh_token;
    const otherDevice = await loginAs(t, email, password);

    const res = await t.post('/api/auth/logout', { refresh_token: current });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: AUTH_TEXTS.loggedOut });

    expect((await refreshRow(current)).revokedAt).toBeInstanceOf(Date);
    expect((await refreshRow(session.refresh_token)).revokedAt).toBeInstanceOf(Date);
    expect((await t.post('/api/auth/refresh', { refresh_token: current })).status).toBe(401);
    expect((await t.post('/api/auth/refresh', { refresh_token: otherDevice.refresh_token })).status).toBe(
      200,
    );
  });

  it('answers the same without a body or with an unknown token', async () => {
    const empty = await t.post('/api/auth/logout');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ success: true, message: AUTH_TEXTS.loggedOut });
    const unknown = await t.post('/api/auth/logout', { refresh_token: 'x'.repeat(43) });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ success: true, message: AUTH_TEXTS.loggedOut });
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
    expect(res.body).toEqual({ success: true, [key]: session.user });
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
