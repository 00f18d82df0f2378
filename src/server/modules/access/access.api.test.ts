import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS } from '#domain/admin.ts';
import { favorites, searchLogs, users } from '#server/db/schema/index.ts';
import { encodeKeyset } from '#server/lib/keyset-cursor.ts';
import {
  buildTestApp,
  DAY,
  HOUR,
  MINUTE,
  type TestApp,
  type TestResponse,
} from '#server/test/build-test-app.ts';
import {
  countUsers,
  createVerifiedProvider,
  createVerifiedUser,
  DEFAULT_PASSWORD,
  insertProvider,
  insertUser,
  loginAs,
  uniqueEmail,
  type VerifiedUser,
} from '#server/test/factories.ts';

const ADMIN_PASSWORD = 'Orchid-Admin-Step-77';
const BETA_PASSWORD = 'Velvet-Beta-Door-12';
const ADMIN_HEADER = 'x-admin-access';
const BETA_HEADER = 'x-beta-access';

const ISO_MICROS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

describe('the admin password step (ADMIN_PASSWORD set)', () => {
  const adminEmail = uniqueEmail('admin');
  const otherAdminEmail = uniqueEmail('admin');
  const demotedEmail = uniqueEmail('admin');
  let t: TestApp;
  let admin: VerifiedUser;
  let otherAdmin: VerifiedUser;
  let client: VerifiedUser;
  let provider: VerifiedUser;

  beforeAll(async () => {
    t = await buildTestApp({
      env: { ADMIN_EMAILS: [adminEmail, otherAdminEmail, demotedEmail].join(','), ADMIN_PASSWORD },
    });
    admin = await createVerifiedUser(t, { email: adminEmail });
    otherAdmin = await createVerifiedUser(t, { email: otherAdminEmail });
    client = await createVerifiedUser(t);
    provider = await createVerifiedProvider(t);
    expect([admin.user.role, otherAdmin.user.role, client.user.role]).toEqual(['admin', 'admin', 'user']);
  });
  afterAll(async () => {
    await t?.close();
  });

  const grant = async (token: string) => {
    const res = await t.post('/api/admin/access', { password: ADMIN_PASSWORD }, { token });
    expect(res.status, res.text).toBe(200);
    return res.body.access_token as string;
  };

  it('GET /api/admin/access: 401 without a token, Access Denied to non-admins, the status to admins', async () => {
    const anonymous = await t.get('/api/admin/access');
    expect(anonymous.status).toBe(401);
    for (const user of [client, provider]) {
      const res = await t.get('/api/admin/access', { token: user.session.access_token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'FORBIDDEN', message: ADMIN_TEXTS.accessDenied });
    }
    const token = admin.session.access_token;
    const before = await t.get('/api/admin/access', { token });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ success: true, passwordRequired: true, granted: false });
    const forged = await t.get('/api/admin/access', { token, headers: { [ADMIN_HEADER]: 'not-a-token' } });
    expect(forged.body.granted).toBe(false);
    const after = await t.get('/api/admin/access', {
      token,
      headers: { [ADMIN_HEADER]: await grant(token) },
    });
    expect(after.body).toEqual({ success: true, passwordRequired: true, granted: true });
  });

  it("refuses a wrong password with 'Invalid admin password' and hands out no token", async () => {
    const token = admin.session.access_token;
    for (const password of [
      'wrong',
      ADMIN_PASSWORD.toLowerCase(),
      `${ADMIN_PASSWORD} `,
      ADMIN_PASSWORD.slice(0, -1),
      `${ADMIN_PASSWORD}x`,
    ]) {
      const res = await t.post('/api/admin/access', { password }, { token });
      expect(res.status, password).toBe(403);
      expect(res.body).toEqual({ success: false, error: 'FORBIDDEN', message: ADMIN_TEXTS.invalidPassword });
    }
  });

  it('refuses a missing, empty or oversized password with an issue on password', async () => {
    const token = admin.session.access_token;
    for (const body of [{}, { password: '' }, { password: 42 }, { password: 'x'.repeat(201) }]) {
      const res = await t.post('/api/admin/access', body, { token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
      expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(['password']);
    }
  });

  it('gives non-admins no token, even for the right password', async () => {
    expect((await t.post('/api/admin/access', { password: ADMIN_PASSWORD })).status).toBe(401);
    for (const user of [client, provider]) {
      const res = await t.post(
        '/api/admin/access',
        { password: ADMIN_PASSWORD },
        { token: user.session.access_token },
      );
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'FORBIDDEN', message: ADMIN_TEXTS.accessDenied });
      expect(res.body).not.toHaveProperty('access_token');
    }
  });

  it('hands out a 12-hour token for the right password', async () => {
    const res = await t.post(
      '/api/admin/access',
      { password: ADMIN_PASSWORD },
      { token: admin.session.access_token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: ADMIN_TEXTS.accessGranted,
      access_token: expect.any(String),
      expires_at: expect.any(Number),
    });
    const nowS = t.clock.now().getTime() / 1000;
    expect(res.body.expires_at).toBeGreaterThan(nowS + 12 * 3600 - 60);
    expect(res.body.expires_at).toBeLessThanOrEqual(nowS + 12 * 3600 + 1);
  });

  it('answers 403 ADMIN_ACCESS_REQUIRED on the admin lists without the token, and lets it through with it', async () => {
    const token = admin.session.access_token;
    const urls = ['/api/search', '/api/booking-logs', `/api/booking-logs?provider_id=${provider.user.id}`];
    for (const url of urls) {
      for (const headers of [
        {} as Record<string, string>,
        { [ADMIN_HEADER]: '' },
        { [ADMIN_HEADER]: 'garbage' },
      ]) {
        const res = await t.get(url, { token, headers });
        expect(res.status, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.body).toMatchObject({ success: false, error: 'ADMIN_ACCESS_REQUIRED' });
        expect(res.body).not.toHaveProperty('data');
      }
    }
    const access = await grant(token);
    for (const url of urls) {
      const res = await t.get(url, { token, headers: { [ADMIN_HEADER]: access } });
      expect(res.status, `${url}: ${res.text}`).toBe(200);
      expect(res.body.data).toMatchObject({ logs: expect.any(Array), total: expect.any(Number) });
    }
  });

  it('asks nothing more of a provider reading their own clicks', async () => {
    const res = await t.get(`/api/booking-logs?provider_id=${provider.user.id}`, {
      token: provider.session.access_token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.stats.total_clicks).toBe(0);
  });

  it("does not take another admin's token", async () => {
    const theirs = await grant(otherAdmin.session.access_token);
    for (const url of ['/api/search', '/api/booking-logs']) {
      const res = await t.get(url, {
        token: admin.session.access_token,
        headers: { [ADMIN_HEADER]: theirs },
      });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('ADMIN_ACCESS_REQUIRED');
    }
    const status = await t.get('/api/admin/access', {
      token: admin.session.access_token,
      headers: { [ADMIN_HEADER]: theirs },
    });
    expect(status.body.granted).toBe(false);
    // Theirs still works for them.
    const own = await t.get('/api/search', {
      token: otherAdmin.session.access_token,
      headers: { [ADMIN_HEADER]: theirs },
    });
    expect(own.status).toBe(200);
  });

  it('is never a login: as a Bearer token it is refused (401)', async () => {
    const access = await grant(admin.session.access_token);
    for (const url of ['/api/auth/profile', '/api/favorites', '/api/search', '/api/admin/access']) {
      const res = await t.get(url, { token: access, headers: { [ADMIN_HEADER]: access } });
      expect(res.status, url).toBe(401);
      expect(res.body.error).toBe('UNAUTHORIZED');
    }
    const write = await t.post('/api/favorites', { providerId: provider.user.id }, { token: access });
    expect(write.status).toBe(401);
    expect(await t.db.$count(favorites, eq(favorites.userId, admin.user.id))).toBe(0);
  });

  it('stops working for an admin who lost the role', async () => {
    const demoted = await createVerifiedUser(t, { email: demotedEmail });
    const token = demoted.session.access_token;
    const access = await grant(token);
    expect((await t.get('/api/search', { token, headers: { [ADMIN_HEADER]: access } })).status).toBe(200);

    await t.db.update(users).set({ role: 'user' }).where(eq(users.id, demoted.user.id));
    const res = await t.get('/api/search', { token, headers: { [ADMIN_HEADER]: access } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'FORBIDDEN', message: ADMIN_TEXTS.accessDenied });
  });

  it('stops working when ADMIN_PASSWORD changes', async () => {
    const access = await grant(admin.session.access_token);
    // The same database and secret, restarted with another password.
    const restarted = await buildTestApp({
      database: t.database,
      smtp: t.smtp,
      env: { ADMIN_EMAILS: adminEmail, ADMIN_PASSWORD: 'A-New-Admin-Password-1' },
    });
    try {
      const res = await restarted.get('/api/search', {
        token: admin.session.access_token,
        headers: { [ADMIN_HEADER]: access },
      });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('ADMIN_ACCESS_REQUIRED');
      const old = await restarted.post(
        '/api/admin/access',
        { password: ADMIN_PASSWORD },
        { token: admin.session.access_token },
      );
      expect(old.status).toBe(403);
      expect(old.body.message).toBe(ADMIN_TEXTS.invalidPassword);
    } finally {
      await restarted.close();
    }
  });

  it('expires after 12 hours', async () => {
    const access = await grant(admin.session.access_token);
    t.clock.advance(11 * HOUR);
    let token = (await loginAs(t, adminEmail, DEFAULT_PASSWORD)).access_token;
    expect((await t.get('/api/search', { token, headers: { [ADMIN_HEADER]: access } })).status).toBe(200);
    t.clock.advance(HOUR + MINUTE);
    token = (await loginAs(t, adminEmail, DEFAULT_PASSWORD)).access_token;
    const res = await t.get('/api/search', { token, headers: { [ADMIN_HEADER]: access } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ADMIN_ACCESS_REQUIRED');
  });
});

describe('an open deployment (no ADMIN_PASSWORD, no BETA_PASSWORD)', () => {
  const adminEmail = uniqueEmail('admin');
  let t: TestApp;
  let admin: VerifiedUser;
  let client: VerifiedUser;
  let provider: VerifiedUser;

  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_EMAILS: adminEmail } });
    admin = await createVerifiedUser(t, { email: adminEmail });
    client = await createVerifiedUser(t);
    provider = await createVerifiedProvider(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('asks admins for no password step', async () => {
    const token = admin.session.access_token;
    const status = await t.get('/api/admin/access', { token });
    expect(status.body).toEqual({ success: true, passwordRequired: false, granted: true });
    for (const url of [
      '/api/search',
      '/api/booking-logs',
      `/api/booking-logs?provider_id=${provider.user.id}`,
    ]) {
      expect((await t.get(url, { token })).status, url).toBe(200);
    }
    // There is nothing to check, so any password is answered alike.
    const res = await t.post('/api/admin/access', { password: 'anything' }, { token });
    expect(res.status).toBe(200);
    expect(res.body.access_token).toEqual(expect.any(String));
  });

  it("still gives non-admins 'Access Denied' on the admin lists", async () => {
    for (const user of [client, provider]) {
      for (const url of ['/api/search', '/api/booking-logs', '/api/admin/access']) {
        const res = await t.get(url, { token: user.session.access_token });
        expect(res.status, url).toBe(403);
        expect(res.body).toMatchObject({ error: 'FORBIDDEN', message: ADMIN_TEXTS.accessDenied });
      }
    }
    expect((await t.get('/api/search')).status).toBe(401);
  });

  it('has no beta gate', async () => {
    const beta = await t.get('/api/beta');
    expect(beta.status).toBe(200);
    expect(beta.body).toEqual({ success: true, enabled: false, granted: true });
    const access = await t.post('/api/beta/access', { password: BETA_PASSWORD });
    expect(access.status).toBe(404);
    expect(access.body).not.toHaveProperty('access_token');
    expect((await t.get('/api/providers')).status).toBe(200);
    expect((await t.get('/api/favorites', { token: client.session.access_token })).status).toBe(200);
  });

  describe('GET /api/search (search logs, admins)', () => {
    const search = async (query: string) => {
      const res = await t.post('/api/search', { query });
      expect(res.status, res.text).toBe(200);
    };

    it('lists a search made a moment ago', async () => {
      await search('balayage');
      const res = await t.get('/api/search', { token: admin.session.access_token });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data.logs[0]).toEqual({
        id: expect.any(String),
        query: 'balayage',
        zip: null,
        filters: {},
        // An empty database: the search found nobody.
        result_count: 0,
        created_at: expect.stringMatching(ISO_MICROS),
      });
      expect(res.body.data.total).toBe(await t.db.$count(searchLogs));
      expect(res.body.data.total).toBeGreaterThanOrEqual(1);
      const [row] = await t.db
        .select()
        .from(searchLogs)
        .where(eq(searchLogs.id, Number(res.body.data.logs[0].id)));
      expect(row!.query).toBe('balayage');
    });

    it('pages through the logs newest first in 3 pages without duplicates', async () => {
      const queries = ['braids', 'nails', 'lashes', 'waxing', 'facial', 'massage', 'fade'];
      for (const q of queries) {
        await search(q);
        t.clock.advance(1_000);
      }
      const token = admin.session.access_token;
      const totals: number[] = [];
      const pages: { id: string; query: string }[][] = [];
      let cursor: string | null = null;
      do {
        const res: TestResponse = await t.get(
          `/api/search?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          {
            token,
          },
        );
        expect(res.status, res.text).toBe(200);
        totals.push(res.body.data.total);
        pages.push(res.body.data.logs);
        cursor = res.body.data.nextCursor;
      } while (cursor && pages.length < 10);
      // The first page waited for the queued log rows: every page counts all of them.
      const total = await t.db.$count(searchLogs);
      expect(total).toBe(8); // 'balayage' and these 7
      expect(totals).toEqual([total, total, total]);
      expect(pages.map((p) => p.length)).toEqual([3, 3, 2]);
      const all = pages.flat();
      expect(new Set(all.map((l) => l.id)).size).toBe(total);
      expect(all.map((l) => l.query)).toEqual([...queries].reverse().concat('balayage'));
    });

    it('refuses bad limits and cursors with issues', async () => {
      const token = admin.session.access_token;
      for (const [query, path] of [
        ['limit=0', 'limit'],
        ['limit=101', 'limit'],
        ['limit=many', 'limit'],
        ['cursor=garbage', 'cursor'],
        [`cursor=${'x'.repeat(201)}`, 'cursor'],
      ] as const) {
        const res = await t.get(`/api/search?${query}`, { token });
        expect(res.status, query).toBe(400);
        expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual([path]);
      }
    });

    // Search logs page by a bigint id: a (well-formed) cursor of a uuid-keyed list is not theirs.
    it('refuses a well-formed cursor of another list (uuid id) with 400', async () => {
      const cursor = encodeKeyset({
        createdAt: '2024-05-01T12:00:00.000000Z',
        id: '00000000-0000-4000-8000-000000000000',
      });
      const res = await t.get(`/api/search?cursor=${cursor}`, { token: admin.session.access_token });
      expect(res.status).toBe(400);
    });
  });
});

describe('the beta gate (BETA_PASSWORD set)', () => {
  const adminEmail = uniqueEmail('admin');
  let t: TestApp;
  let betaToken: string;
  let member: { id: string; email: string };
  let memberToken: string;
  let provider: { id: string };

  /** Logs in through the gate (the login endpoint is behind it too). */
  const login = async (email: string) => {
    const res = await t.post(
      '/api/auth/login',
      { email, password: DEFAULT_PASSWORD },
      { headers: { [BETA_HEADER]: betaToken } },
    );
    expect(res.status, res.text).toBe(200);
    return res.body.session.access_token as string;
  };

  beforeAll(async () => {
    t = await buildTestApp({ env: { BETA_PASSWORD, ADMIN_EMAILS: adminEmail } });
    const res = await t.post('/api/beta/access', { password: BETA_PASSWORD });
    expect(res.status, res.text).toBe(200);
    betaToken = res.body.access_token;
    member = await insertUser(t.db);
    provider = await insertProvider(t.db);
    memberToken = await login(member.email);
  });
  afterAll(async () => {
    await t?.close();
  });

  const LOCKED: [method: 'get' | 'post' | 'put' | 'del', url: string, body?: unknown][] = [
    ['get', '/api'],
    ['get', '/api/providers'],
    ['post', '/api/search', { query: 'balayage' }],
    ['get', '/api/search'],
    ['post', '/api/auth/signup', { email: 'gate-crasher@example.test', password: DEFAULT_PASSWORD }],
    ['post', '/api/auth/login', { email: 'x@example.test', password: DEFAULT_PASSWORD }],
    ['get', '/api/auth/profile'],
    ['get', '/api/favorites'],
    ['get', '/api/favorites/ids'],
    ['post', '/api/favorites', { providerId: '00000000-0000-4000-8000-000000000000' }],
    ['del', '/api/favorites', { providerId: '00000000-0000-4000-8000-000000000000' }],
    ['get', '/api/favorite-services'],
    ['post', '/api/favorite-services', { serviceName: 'Balayage' }],
    ['del', '/api/favorite-services', { serviceName: 'Balayage' }],
    ['get', '/api/booking-logs'],
    [
      'post',
      '/api/booking-logs',
      { url: 'https://book.example.com/x', provider_id: '00000000-0000-4000-8000-000000000000' },
    ],
    ['get', '/api/admin/access'],
    ['post', '/api/admin/access', { password: 'x' }],
    ['get', '/api/no-such-endpoint'],
    ['get', '/api/healthz'],
    ['get', '/api/beta/elsewhere'],
    ['get', '/api/favorites?next=/api/health'],
    // Percent-encoded paths reach the same routes.
    ['get', '/%61pi/providers'],
    ['get', '/api/%70roviders'],
    ['post', '/%61pi/favorites', { providerId: '00000000-0000-4000-8000-000000000000' }],
  ];

  it('answers 403 BETA_LOCKED on every other /api endpoint, with or without a login', async () => {
    const users = await countUsers(t.db);
    for (const [method, url, body] of LOCKED) {
      for (const token of [undefined, memberToken]) {
        const res = method === 'get' ? await t.get(url, { token }) : await t[method](url, body, { token });
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body).toMatchObject({ success: false, error: 'BETA_LOCKED' });
      }
    }
    expect(await countUsers(t.db)).toBe(users);
    expect(await t.db.$count(favorites)).toBe(0);
  });

  it('leaves the health check and the gate itself open', async () => {
    const health = await t.get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const beta = await t.get('/api/beta');
    expect(beta.status).toBe(200);
    expect(beta.body).toEqual({ success: true, enabled: true, granted: false });
    const granted = await t.get('/api/beta', { headers: { [BETA_HEADER]: betaToken } });
    expect(granted.body).toEqual({ success: true, enabled: true, granted: true });
  });

  it('refuses a wrong password (403) and an empty one (400), handing out no token', async () => {
    for (const password of ['wrong', BETA_PASSWORD.toUpperCase(), `${BETA_PASSWORD} `]) {
      const res = await t.post('/api/beta/access', { password });
      expect(res.status, password).toBe(403);
      expect(res.body).toEqual({
        success: false,
        error: 'FORBIDDEN',
        message: ADMIN_TEXTS.invalidPasswordForm,
      });
    }
    for (const body of [{}, { password: '' }]) {
      const res = await t.post('/api/beta/access', body);
      expect(res.status).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(['password']);
      expect(res.body).not.toHaveProperty('access_token');
    }
  });

  it('lets requests with the token in x-beta-access through to the endpoint', async () => {
    const headers = { [BETA_HEADER]: betaToken };
    expect((await t.get('/api/providers', { headers })).status).toBe(200);
    // Past the gate, the endpoint's own rules apply.
    const anonymous = await t.get('/api/favorites', { headers });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('UNAUTHORIZED');
    const saved = await t.post(
      '/api/favorites',
      { providerId: provider.id },
      { token: memberToken, headers },
    );
    expect(saved.status).toBe(200);
    expect(await t.db.$count(favorites, eq(favorites.userId, member.id))).toBe(1);
    const users = await countUsers(t.db);
    const signup = await t.post(
      '/api/auth/signup',
      { email: uniqueEmail('beta'), password: DEFAULT_PASSWORD },
      { headers },
    );
    expect(signup.status, signup.text).toBe(200);
    expect(await countUsers(t.db)).toBe(users + 1);
  });

  it('refuses forged tokens, login tokens and admin-access tokens in x-beta-access', async () => {
    const adminUser = await insertUser(t.db, { email: adminEmail, role: 'admin' });
    const adminToken = await login(adminUser.email);
    const adminAccess = await t.post(
      '/api/admin/access',
      { password: 'anything' },
      { token: adminToken, headers: { [BETA_HEADER]: betaToken } },
    );
    expect(adminAccess.status).toBe(200);
    const [, payload] = betaToken.split('.');
    for (const fake of [
      'garbage',
      memberToken,
      adminAccess.body.access_token,
      // The beta token's body with a made-up signature.
      `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.${payload}.c2lnbmF0dXJl`,
    ]) {
      const res = await t.get('/api/providers', { headers: { [BETA_HEADER]: fake } });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('BETA_LOCKED');
    }
  });

  it('is never a login: as a Bearer token it is refused (401)', async () => {
    const res = await t.get('/api/favorites', { token: betaToken, headers: { [BETA_HEADER]: betaToken } });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('UNAUTHORIZED');
  });

  it('stops working when BETA_PASSWORD changes', async () => {
    const restarted = await buildTestApp({
      database: t.database,
      smtp: t.smtp,
      env: { BETA_PASSWORD: 'Another-Beta-Password-3' },
    });
    try {
      const res = await restarted.get('/api/providers', { headers: { [BETA_HEADER]: betaToken } });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('BETA_LOCKED');
      expect((await restarted.post('/api/beta/access', { password: BETA_PASSWORD })).status).toBe(403);
    } finally {
      await restarted.close();
    }
  });

  it('expires after 90 days', async () => {
    t.clock.advance(89 * DAY);
    expect((await t.get('/api/providers', { headers: { [BETA_HEADER]: betaToken } })).status).toBe(200);
    t.clock.advance(DAY + MINUTE);
    const res = await t.get('/api/providers', { headers: { [BETA_HEADER]: betaToken } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('BETA_LOCKED');
  });
});
