import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '#domain/errors.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { refreshTokens } from '#server/db/schema/index.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { buildTestApp, DAY, type TestApp, testDbKind, unusedPort } from '#server/test/build-test-app.ts';
import { expectSessionCookie } from '#server/test/expectations.ts';
import {
  createUnverifiedUser,
  createVerifiedUser,
  findUserRow,
  uniqueEmail,
} from '#server/test/factories.ts';
import { refreshTokenOf } from '#server/test/session-cookie.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const invalidCredentials = {
  success: false,
  error: 'INVALID_CREDENTIALS',
  message: ERROR_MESSAGES.INVALID_CREDENTIALS,
};

describe('POST /api/auth/login', () => {
  it('returns the user and a session with a 15-minute access token and a stored, hashed refresh token', async () => {
    const { email, password } = await createVerifiedUser(t, {
      userData: { user_type: 'provider', name: 'Login Lashes', location: 'Austin, TX 78701' },
    });
    const row = await findUserRow(t.db, email);
    const nowS = t.clock.now().getTime() / 1000;

    const res = await t.post('/api/auth/login', { email: ` ${email.toUpperCase()} `, password });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['session', 'success', 'user']);
    expect(res.body.success).toBe(true);
    const user = {
      id: row!.id,
      name: 'Login Lashes',
      email,
      avatar_url: null,
      user_type: 'provider',
      role: 'user',
      routing_slug: 'login-lashes',
    };
    expect(res.body.user).toEqual(user);
    const { session } = res.body;
    expect(session.user).toEqual(user);
    expect(Number.isInteger(session.expires_at)).toBe(true);
    expect(session.expires_at).toBeGreaterThanOrEqual(Math.floor(nowS) + 900 - 5);
    expect(session.expires_at).toBeLessThanOrEqual(Math.ceil(nowS) + 900 + 5);
    expect(session.access_token.split('.')).toHaveLength(3);
    // The refresh token is never in the JSON (page scripts could read it): only in the HttpOnly cookie.
    const cookie = expectSessionCookie(res);
    expect(res.text).not.toContain('refresh_token');
    expect(res.text).not.toContain('argon2');
    expect(res.text).not.toContain('password');

    const [stored] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(cookie.value)));
    expect(stored).toMatchObject({ userId: row!.id, rotatedAt: null, revokedAt: null });
    const lifetime = stored!.expiresAt.getTime() - t.clock.now().getTime();
    expect(lifetime).toBeGreaterThan(30 * DAY - 60_000);
    expect(lifetime).toBeLessThanOrEqual(30 * DAY);

    const me = await t.get('/api/auth/verify', { token: session.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ success: true, user });
  });

  it('each login starts its own refresh family', async () => {
    const { email, password } = await createVerifiedUser(t);
    const a = await t.post('/api/auth/login', { email, password });
    const b = await t.post('/api/auth/login', { email, password });
    const family = async (token: string) =>
      (
        await t.db
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashToken(token)))
      )[0]!.familyId;
    expect(await family(refreshTokenOf(a))).not.toBe(await family(refreshTokenOf(b)));
  });

  it('refuses an unverified account with 403 EMAIL_NOT_VERIFIED and issues no tokens', async () => {
    const { email, password } = await createUnverifiedUser(t);
    const row = await findUserRow(t.db, email);
    const res = await t.post('/api/auth/login', { email, password });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      success: false,
      error: 'EMAIL_NOT_VERIFIED',
      message: ERROR_MESSAGES.EMAIL_NOT_VERIFIED,
    });
    expect(await t.db.$count(refreshTokens, eq(refreshTokens.userId, row!.id))).toBe(0);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('does not reveal that an unverified account exists without the right password', async () => {
    const { email } = await createUnverifiedUser(t);
    const res = await t.post('/api/auth/login', { email, password: 'not-the-password' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(invalidCredentials);
  });

  it('answers a wrong password and an unknown email with byte-identical 401 bodies', async () => {
    const { email } = await createVerifiedUser(t);
    const wrong = await t.post('/api/auth/login', { email, password: 'Wrong-Password-123' });
    const unknown = await t.post('/api/auth/login', {
      email: uniqueEmail('nobody'),
      password: 'Wrong-Password-123',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(invalidCredentials);
    expect(unknown.text).toBe(wrong.text);
    expect(unknown.headers['content-type']).toBe(wrong.headers['content-type']);
    expect(unknown.headers['content-length']).toBe(wrong.headers['content-length']);
  });

  it('passwords are case-sensitive', async () => {
    const { email, password } = await createVerifiedUser(t);
    const res = await t.post('/api/auth/login', { email, password: password.toUpperCase() });
    expect(res.status).toBe(401);
  });

  it.each([
    [{ password: 'whatever-1' }, 'email', 'Email is required'],
    [{ email: 'nope', password: 'whatever-1' }, 'email', 'Please enter a valid email'],
    [{ email: 'a@example.test' }, 'password', 'Password is required'],
    [{ email: 'a@example.test', password: '123' }, 'password', 'Password must be at least 6 characters'],
  ])('bad input %j → 400 VALIDATION_ERROR', async (body, path, message) => {
    const res = await t.post('/api/auth/login', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR', message });
    expect(res.body.issues).toContainEqual({ path, message });
  });

  it('does not rate-limit when RATE_LIMIT=off (the test default)', async () => {
    const { email } = await createVerifiedUser(t);
    for (let i = 0; i < 12; i++) {
      const res = await t.post('/api/auth/login', { email, password: 'Wrong-Password-123' });
      expect(res.status).toBe(401);
    }
  });
});

describe('database unavailable', () => {
  const serviceUnavailable = {
    success: false,
    error: 'SERVICE_UNAVAILABLE',
    message: 'Service Temporarily Unavailable: Please try again in a few moments.',
  };

  async function expectServiceUnavailable(database: Database) {
    const down = await buildTestApp({ database });
    try {
      const login = await down.post('/api/auth/login', {
        email: 'someone@example.test',
        password: 'Some-Password-1',
      });
      expect(login.status).toBe(503);
      expect(login.body).toEqual(serviceUnavailable);
      expect(login.headers['retry-after']).toBe('5');

      const signup = await down.post('/api/auth/signup', {
        email: 'someone@example.test',
        password: 'Some-Password-1',
      });
      expect(signup.status).toBe(503);
      expect(signup.body).toEqual(serviceUnavailable);

      const health = await down.get('/api/health');
      expect(health.status).toBe(503);
      expect(health.body).toEqual(serviceUnavailable);
    } finally {
      await down.close();
    }
  }

  it('a PostgreSQL server that cannot be reached gives 503 SERVICE_UNAVAILABLE', async () => {
    const port = await unusedPort();
    const database = await openDatabase({
      databaseUrl: `postgres://nobody:nothing@127.0.0.1:${port}/nowhere`,
      onPoolError: () => {},
    });
    try {
      await expectServiceUnavailable(database);
    } finally {
      await database.close();
    }
  });

  // Each engine's own way of going away.
  if (testDbKind() === 'pglite') {
    it('a closed embedded database gives 503 SERVICE_UNAVAILABLE', async () => {
      const database = await openDatabase({});
      await database.close();
      await expectServiceUnavailable(database);
    });
  } else {
    it('survives the server killing its connections: the next request reconnects', async () => {
      expect((await t.get('/api/health')).status).toBe(200);
      const result = (await t.db.execute(sql`SELECT current_database() AS name`)) as unknown as {
        rows: { name: string }[];
      };
      const name = result.rows[0]!.name;
      const admin = new URL(process.env.TEST_DATABASE_URL!);
      admin.pathname = '/postgres';
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      try {
        const killed = await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        expect(killed.rowCount).toBeGreaterThan(0);
      } finally {
        await client.end();
      }
      await expect.poll(async () => (await t.get('/api/health')).status, { timeout: 10_000 }).toBe(200);
      const { email, password } = await createVerifiedUser(t);
      expect((await t.post('/api/auth/login', { email, password })).status).toBe(200);
    });
  }
});
