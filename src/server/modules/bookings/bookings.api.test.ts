import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS } from '#domain/admin.ts';
import { BOOKING_LIMITS, BOOKING_TEXTS } from '#domain/bookings.ts';
import { bookingLogs } from '#server/db/schema/index.ts';
import { encodeKeyset } from '#server/lib/keyset-cursor.ts';
import { buildTestApp, DAY, HOUR, type TestApp, type TestResponse } from '#server/test/build-test-app.ts';
import {
  createUnverifiedUser,
  createVerifiedProvider,
  createVerifiedUser,
  DEFAULT_PASSWORD,
  findUserRow,
  insertProvider,
  insertUser,
  loginAs,
  uniqueEmail,
  type VerifiedUser,
} from '#server/test/factories.ts';

const ADMIN_EMAIL = uniqueEmail('admin');
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let admin: VerifiedUser;
beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  admin = await createVerifiedUser(t, { email: ADMIN_EMAIL });
  expect(admin.user.role).toBe('admin');
});
afterAll(async () => {
  await t.close();
});

const newLink = () => `https://book.example.com/${randomBytes(4).toString('hex')}`;

/** A verified provider whose profile has this booking link (set through the API). */
async function providerWithLink(link = newLink()) {
  const provider = await createVerifiedProvider(t);
  const res = await t.put(
    '/api/auth/profile',
    { booking_link: link },
    { token: provider.session.access_token },
  );
  expect(res.status, res.text).toBe(200);
  expect(res.body.profile.booking_link).toBe(link);
  return { ...provider, link };
}

const logsOf = (providerId: string) =>
  t.db
    .select()
    .from(bookingLogs)
    .where(eq(bookingLogs.providerId, providerId))
    .orderBy(asc(bookingLogs.createdAt));

const countLogs = (providerId: string) => t.db.$count(bookingLogs, eq(bookingLogs.providerId, providerId));

describe('POST /api/booking-logs', () => {
  it('needs a token and stores nothing', async () => {
    const provider = await providerWithLink();
    const res = await t.post('/api/booking-logs', { url: provider.link, provider_id: provider.user.id });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('UNAUTHORIZED');
    expect(await countLogs(provider.user.id)).toBe(0);
  });

  it("logs a client's click on the provider's link; the client is the token's user", async () => {
    const provider = await providerWithLink();
    const client = await createVerifiedUser(t);
    const someoneElse = await createVerifiedUser(t);
    // A client_id (or via_page) in the body is not the caller's to choose: the body is strict
    // (ADR 008; it used to drop unknown fields), so it is refused and nothing is stored.
    for (const extra of [{ client_id: someoneElse.user.id }, { via_page: true }]) {
      const refused = await t.post(
        '/api/booking-logs',
        { url: provider.link, provider_id: provider.user.id, ...extra },
        { token: client.session.access_token },
      );
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.error).toBe('VALIDATION_ERROR');
      expect(await countLogs(provider.user.id)).toBe(0);
    }
    const before = t.clock.now().getTime();
    const res = await t.post(
      '/api/booking-logs',
      { url: provider.link, provider_id: provider.user.id },
      { token: client.session.access_token },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, logged: true });

    const rows = await logsOf(provider.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      clientId: client.user.id,
      providerId: provider.user.id,
      url: provider.link,
      // Without a click token: counted, but it opens no review.
      viaPage: false,
    });
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(rows[0]!.createdAt.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
  });

  it("refuses a url that is not the provider's booking link (400 on url) and stores nothing", async () => {
    const provider = await providerWithLink();
    const other = await providerWithLink();
    const noLink = await createVerifiedProvider(t);
    const client = await createVerifiedUser(t);
    const token = client.session.access_token;

    const cases: [string, string][] = [
      [provider.user.id, 'https://evil.example.com/phish'],
      [provider.user.id, `${provider.link}/other`],
      [provider.user.id, other.link],
      [provider.user.id, 'javascript:alert(1)'],
      [provider.user.id, `javascript://${provider.link.slice('https://'.length)}`],
      [provider.user.id, 'not a url'],
      [provider.user.id, ''],
      [provider.user.id, `https://x.example.com/${'a'.repeat(2100)}`],
      // A provider without a booking link has no link to click.
      [noLink.user.id, 'https://book.example.com/anything'],
    ];
    for (const [providerId, url] of cases) {
      const res = await t.post('/api/booking-logs', { url, provider_id: providerId }, { token });
      expect(res.status, url.slice(0, 60)).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
      expect(res.body.issues).toContainEqual({ path: 'url', message: BOOKING_TEXTS.invalidUrl });
      expect(res.body.issues.every((i: { path: string }) => i.path === 'url')).toBe(true);
    }
    const missing = await t.post('/api/booking-logs', { provider_id: provider.user.id }, { token });
    expect(missing.status).toBe(400);
    expect(missing.body.issues.map((i: { path: string }) => i.path)).toEqual(['url']);

    expect(await countLogs(provider.user.id)).toBe(0);
    expect(await countLogs(noLink.user.id)).toBe(0);
  });

  it('answers 404 for unknown ids, clients and unverified providers; 400 for a malformed id', async () => {
    const client = await createVerifiedUser(t);
    const otherClient = await createVerifiedUser(t);
    const unverified = await createUnverifiedUser(t, {
      userData: { user_type: 'provider', name: 'Pending Studio', location: 'Austin, TX 78701' },
    });
    const token = client.session.access_token;
    const total = await t.db.$count(bookingLogs);
    const link = 'https://book.example.com/x';

    const pending = await findUserRow(t.db, unverified.email);
    for (const providerId of [NO_SUCH_ID, otherClient.user.id, pending!.id]) {
      const res = await t.post('/api/booking-logs', { url: link, provider_id: providerId }, { token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'NOT_FOUND', message: 'Provider not found' });
    }
    const bad = await t.post('/api/booking-logs', { url: link, provider_id: 'abc' }, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: 'provider_id', message: 'Provider not found' }]);
    expect(await t.db.$count(bookingLogs)).toBe(total);
  });

  it("does not count the provider's own click", async () => {
    const provider = await providerWithLink();
    const res = await t.post(
      '/api/booking-logs',
      { url: provider.link, provider_id: provider.user.id },
      { token: provider.session.access_token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, logged: false });
    expect(await countLogs(provider.user.id)).toBe(0);
  });

  it(`counts the same client and link once within ${BOOKING_LIMITS.duplicateWindowSeconds} s`, async () => {
    const provider = await providerWithLink();
    const client = await createVerifiedUser(t);
    const other = await createVerifiedUser(t);
    const body = { url: provider.link, provider_id: provider.user.id };
    const token = client.session.access_token;

    expect((await t.post('/api/booking-logs', body, { token })).body.logged).toBe(true);
    expect((await t.post('/api/booking-logs', body, { token })).body).toEqual({
      success: true,
      logged: false,
    });
    t.clock.advance(9_000);
    expect((await t.post('/api/booking-logs', body, { token })).body.logged).toBe(false);
    // Another client in the same moment is another click.
    expect((await t.post('/api/booking-logs', body, { token: other.session.access_token })).body.logged).toBe(
      true,
    );
    t.clock.advance(2_000);
    expect((await t.post('/api/booking-logs', body, { token })).body.logged).toBe(true);

    const rows = await logsOf(provider.user.id);
    expect(rows.map((r) => r.clientId)).toEqual([client.user.id, other.user.id, client.user.id]);
    expect(rows[2]!.createdAt.getTime() - rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(11_000);
  });

  it('counts the same link spelled another way as the same link', async () => {
    const provider = await providerWithLink('https://book.example.com/ana');
    const client = await createVerifiedUser(t);
    const token = client.session.access_token;
    const first = await t.post(
      '/api/booking-logs',
      { url: 'https://book.example.com/ana', provider_id: provider.user.id },
      { token },
    );
    expect(first.body.logged).toBe(true);
    // Accepted as the provider's link (same URL once parsed)…
    const shouted = await t.post(
      '/api/booking-logs',
      { url: 'HTTPS://BOOK.EXAMPLE.COM/ana', provider_id: provider.user.id },
      { token },
    );
    expect(shouted.status).toBe(200);
    // …so it is the same click, not a second one.
    expect(shouted.body.logged).toBe(false);
    t.clock.advance(11_000);
    const later = await t.post(
      '/api/booking-logs',
      { url: ' https://book.example.com:443/ana ', provider_id: provider.user.id },
      { token },
    );
    expect(later.body.logged).toBe(true);
    const rows = await logsOf(provider.user.id);
    expect(rows).toHaveLength(2);
    // The provider's analytics show their own link, whatever the browser sent.
    expect(rows.map((r) => r.url)).toEqual(['https://book.example.com/ana', 'https://book.example.com/ana']);
  });

  it('counts a burst of simultaneous clicks once', async () => {
    const provider = await providerWithLink();
    const client = await createVerifiedUser(t);
    const body = { url: provider.link, provider_id: provider.user.id };
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.post('/api/booking-logs', body, { token: client.session.access_token }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(replies.filter((r) => r.body.logged)).toHaveLength(1);
    expect(await countLogs(provider.user.id)).toBe(1);
  });
});

describe('GET /api/booking-logs (who may read)', () => {
  let owner: Awaited<ReturnType<typeof providerWithLink>>;
  let otherProvider: VerifiedUser;
  let client: VerifiedUser;
  beforeAll(async () => {
    owner = await providerWithLink();
    otherProvider = await createVerifiedProvider(t);
    client = await createVerifiedUser(t, { userData: { user_type: 'client', name: 'Maya Rodriguez' } });
    const res = await t.post(
      '/api/booking-logs',
      { url: owner.link, provider_id: owner.user.id },
      { token: client.session.access_token },
    );
    expect(res.body.logged).toBe(true);
  });

  it('needs a token', async () => {
    for (const url of [`/api/booking-logs?provider_id=${owner.user.id}`, '/api/booking-logs']) {
      const res = await t.get(url);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('UNAUTHORIZED');
    }
  });

  it('gives the owner their clicks with stats, each client by first name and last initial only', async () => {
    const res = await t.get(`/api/booking-logs?provider_id=${owner.user.id}`, {
      token: owner.session.access_token,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.nextCursor).toBeNull();
    // Never the full name or the email.
    expect(res.text).not.toContain('Rodriguez');
    expect(res.text.toLowerCase()).not.toContain(client.email.toLowerCase());
    expect(res.body.data.logs).toEqual([
      {
        id: expect.any(String),
        client_id: client.user.id,
        client: { first_name: 'Maya', last_initial: 'R' },
        provider_id: owner.user.id,
        url: owner.link,
        // The profile's own Book: no service named.
        service_name: null,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      },
    ]);
    expect(res.body.data.stats).toMatchObject({
      total_clicks: 1,
      unique_clicks: 1,
      unique_clients: 1,
      last_7_days: 1,
      unique_last_7_days: 1,
    });
    expect(res.body.data.stats.per_day).toHaveLength(BOOKING_LIMITS.chartDays);
    expect(res.body.data.stats.per_day.at(-1)).toEqual({
      date: t.clock.now().toISOString().slice(0, 10),
      count: 1,
      unique: 1,
    });
  });

  it('names each client as the provider may see them, page by page: no name, one name, an email for a name', async () => {
    const provider = await insertProvider(t.db);
    const named = async (name: string, slug: string) =>
      (await insertUser(t.db, { name, routingSlug: slug, email: uniqueEmail(slug) })).id;
    const clients = [
      [await named('Mary Jane  Watson ', 'bi-mary'), { first_name: 'Mary', last_initial: 'W' }],
      [await named('cher', 'bi-cher'), { first_name: 'cher', last_initial: null }],
      [await named('', 'bi-nameless'), null],
      [await named('lee.park@example.com', 'bi-email'), null],
      [await named('Ana lima', 'bi-ana'), { first_name: 'Ana', last_initial: 'L' }],
    ] as const;
    const start = t.clock.now().getTime();
    await t.db.insert(bookingLogs).values(
      clients.map(([clientId], i) => ({
        clientId,
        providerId: provider.id,
        url: 'https://book.example.com/names',
        // Newest first is the order given here.
        createdAt: new Date(start - i * HOUR),
      })),
    );
    const token = (await loginAs(t, provider.email, DEFAULT_PASSWORD)).access_token;
    const seen: unknown[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `provider_id=${provider.id}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res: TestResponse = await t.get(`/api/booking-logs?${query}`, { token });
      expect(res.status, res.text).toBe(200);
      for (const leak of ['Jane', 'Watson', 'lima', 'lee.park', '@example.com'])
        expect(res.text).not.toContain(leak);
      expect(res.body.data.logs.length).toBeLessThanOrEqual(2);
      seen.push(
        ...res.body.data.logs.map((l: { client_id: string; client: unknown }) => [l.client_id, l.client]),
      );
      cursor = res.body.data.nextCursor;
    } while (cursor);
    expect(seen).toEqual(clients);
    expect(clients.map(([, c]) => BOOKING_TEXTS.clientName(c))).toEqual([
      'Mary W.',
      'cher',
      'Client with no name given',
      'Client with no name given',
      'Ana L.',
    ]);
  });

  it('answers 404 to another provider and to a client (the numbers are private), 200 to an admin', async () => {
    const url = `/api/booking-logs?provider_id=${owner.user.id}`;
    for (const reader of [otherProvider, client]) {
      const res = await t.get(url, { token: reader.session.access_token });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('NOT_FOUND');
      expect(res.text).not.toContain(owner.link);
    }
    const asAdmin = await t.get(url, { token: admin.session.access_token });
    expect(asAdmin.status).toBe(200);
    const asOwner = await t.get(url, { token: owner.session.access_token });
    expect(asAdmin.body).toEqual(asOwner.body);
  });

  it("lists every provider's clicks, without stats, to admins only ('Access Denied' for others)", async () => {
    for (const reader of [owner, otherProvider, client]) {
      const res = await t.get('/api/booking-logs', { token: reader.session.access_token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'FORBIDDEN', message: ADMIN_TEXTS.accessDenied });
    }
    const res = await t.get(`/api/booking-logs?limit=${BOOKING_LIMITS.pageMax}`, {
      token: admin.session.access_token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(await t.db.$count(bookingLogs));
    expect(res.body.data).not.toHaveProperty('stats');
    expect(res.body.data.logs.map((l: { provider_id: string }) => l.provider_id)).toContain(owner.user.id);
  });

  it('refuses bad queries with issues', async () => {
    const token = owner.session.access_token;
    const mine = `provider_id=${owner.user.id}`;
    for (const [query, path] of [
      ['provider_id=abc', 'provider_id'],
      [`${mine}&limit=0`, 'limit'],
      [`${mine}&limit=${BOOKING_LIMITS.pageMax + 1}`, 'limit'],
      [`${mine}&limit=ten`, 'limit'],
      [`${mine}&tz_offset=841`, 'tz_offset'],
      [`${mine}&tz_offset=-841`, 'tz_offset'],
      [`${mine}&tz_offset=1.5`, 'tz_offset'],
      [`${mine}&tz_offset=east`, 'tz_offset'],
      [`${mine}&cursor=garbage`, 'cursor'],
      [`${mine}&cursor=${encodeKeyset({ createdAt: '2024-05-01T12:00:00.000000Z', id: '12345' })}`, 'cursor'],
      [
        `${mine}&cursor=${encodeKeyset({ createdAt: '2024-02-30T12:00:00.000000Z', id: NO_SUCH_ID })}`,
        'cursor',
      ],
    ] as const) {
      const res = await t.get(`/api/booking-logs?${query}`, { token });
      expect(res.status, `${query}: ${res.text}`).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
      expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual([path]);
    }
  });
});

/**
 * Analytics on a known fixture. The clock is moved to NOW (far ahead of every other row) and the
 * clicks are inserted with chosen times, so every number below is worked out by hand.
 */
describe('GET /api/booking-logs analytics', () => {
  const NOW = Date.parse('2035-03-15T15:00:00.000Z');
  const at = (iso: string) => new Date(iso);
  let owner: { id: string; email: string };
  let other: { id: string; email: string };
  let ownerToken: string;
  let adminToken: string;
  /** Owner's clicks, newest first (as the list answers them). */
  let fixture: { id: string; createdAt: Date }[];

  beforeAll(async () => {
    t.clock.advance(NOW - t.clock.now().getTime());
    owner = await insertProvider(t.db);
    other = await insertProvider(t.db);
    const [c1, c2, c3] = await Promise.all([insertUser(t.db), insertUser(t.db), insertUser(t.db)]);
    const url = 'https://book.example.com/fixture';
    const click = (clientId: string, iso: string, providerId = owner.id) => ({
      clientId,
      providerId,
      url,
      createdAt: at(iso),
    });
    const rows = await t.db
      .insert(bookingLogs)
      .values([
        click(c1!.id, '2035-03-15T14:00:00.000Z'), // today
        click(c2!.id, '2035-03-15T01:00:00.000Z'), // today in UTC, yesterday at UTC-5
        click(c1!.id, '2035-03-10T03:00:00.000Z'), // 03-10 in UTC, 03-09 at UTC-5
        click(c1!.id, '2035-03-09T12:00:00.000Z'),
        click(c3!.id, '2035-03-09T12:00:00.000Z'), // same instant as the one above
        click(c3!.id, '2035-03-08T10:00:00.000Z'), // 7 days and 5 hours ago
        click(c2!.id, '2035-02-14T02:00:00.000Z'), // first chart day in UTC
        click(c2!.id, '2035-02-13T23:00:00.000Z'), // before the chart in UTC, on it at UTC+2
        click(c3!.id, '2034-12-01T09:00:00.000Z'), // long ago: totals only
        // Another provider's clicks never count for the owner.
        click(c1!.id, '2035-03-15T10:00:00.000Z', other.id),
        click(c2!.id, '2035-03-01T10:00:00.000Z', other.id),
      ])
      .returning({
        id: bookingLogs.id,
        providerId: bookingLogs.providerId,
        createdAt: bookingLogs.createdAt,
      });
    fixture = rows
      .filter((r) => r.providerId === owner.id)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
    ownerToken = (await loginAs(t, owner.email, DEFAULT_PASSWORD)).access_token;
    adminToken = (await loginAs(t, ADMIN_EMAIL, DEFAULT_PASSWORD)).access_token;
  });

  /**
   * 30 days from `first`, with these counts and zeros elsewhere: a number when every click of the
   * day is from another client, else [clicks, clients].
   */
  const days = (first: string, counts: Record<string, number | [number, number]>) => {
    const start = Date.parse(`${first}T00:00:00Z`);
    const list = Array.from({ length: BOOKING_LIMITS.chartDays }, (_, i) => {
      const date = new Date(start + i * DAY).toISOString().slice(0, 10);
      const [count, unique] = [counts[date] ?? 0].flat();
      return { date, count: count!, unique: unique ?? count! };
    });
    for (const date of Object.keys(counts)) expect(list.map((d) => d.date)).toContain(date);
    return list;
  };

  const stats = async (query = '') => {
    const res = await t.get(`/api/booking-logs?provider_id=${owner.id}${query}`, { token: ownerToken });
    expect(res.status, res.text).toBe(200);
    return res.body.data.stats;
  };

  it('counts total clicks, unique clicks (one per client and day), unique clients and the last 7 days', async () => {
    // Every click in the fixture is the only one of its client on its UTC day.
    expect(await stats()).toMatchObject({
      total_clicks: 9,
      unique_clicks: 9,
      unique_clients: 3,
      last_7_days: 5,
      unique_last_7_days: 5,
    });
  });

  it('buckets the last 30 UTC days by default (tz_offset=0)', async () => {
    const expected = days('2035-02-14', {
      '2035-02-14': 1,
      '2035-03-08': 1,
      '2035-03-09': 2,
      '2035-03-10': 1,
      '2035-03-15': 2,
    });
    expect((await stats()).per_day).toEqual(expected);
    expect((await stats('&tz_offset=0')).per_day).toEqual(expected);
  });

  it('buckets by the viewer’s local day at UTC-5 (tz_offset=-300): 03:00 UTC is the day before', async () => {
    const s = await stats('&tz_offset=-300');
    expect(s.per_day).toEqual(
      days('2035-02-14', {
        '2035-03-08': 1,
        // c1 at 07:00 and 22:00 local, and c3: 3 clicks, 2 clients.
        '2035-03-09': [3, 2],
        '2035-03-14': 1,
        '2035-03-15': 1,
      }),
    );
    // The totals do not depend on the viewer's zone; unique clicks count the viewer's days, where
    // c1's two clicks of 03-09 are one, and so are c2's of 02-13 (21:00 and 18:00 local).
    expect(s).toMatchObject({
      total_clicks: 9,
      unique_clicks: 7,
      unique_clients: 3,
      last_7_days: 5,
      unique_last_7_days: 4,
    });
  });

  it('buckets at UTC+2 (tz_offset=120): a late click on 02-13 UTC is on the chart’s first day', async () => {
    expect((await stats('&tz_offset=120')).per_day).toEqual(
      days('2035-02-14', {
        // Both c2's: 01:00 and 04:00 local.
        '2035-02-14': [2, 1],
        '2035-03-08': 1,
        '2035-03-09': 2,
        '2035-03-10': 1,
        '2035-03-15': 2,
      }),
    );
  });

  it('ends the chart on the viewer’s today when it is already tomorrow in UTC (tz_offset=600)', async () => {
    expect((await stats('&tz_offset=600')).per_day).toEqual(
      days('2035-02-15', {
        '2035-03-08': 1,
        '2035-03-09': 2,
        '2035-03-10': 1,
        '2035-03-15': 1,
        '2035-03-16': 1,
      }),
    );
  });

  it('moves the 7-day window with the clock', async () => {
    // Access tokens live 15 minutes: log in again after each jump.
    const statsLater = async (ms: number) => {
      t.clock.advance(ms);
      ownerToken = (await loginAs(t, owner.email, DEFAULT_PASSWORD)).access_token;
      return stats();
    };
    try {
      // 03-16 11:00: the two clicks of 03-09 12:00 are still inside.
      expect(await statsLater(20 * HOUR)).toMatchObject({ total_clicks: 9, last_7_days: 5 });
      // 03-16 13:00: they have left.
      const s = await statsLater(2 * HOUR);
      expect(s).toMatchObject({ total_clicks: 9, last_7_days: 3 });
      expect(s.per_day.at(-1)).toEqual({ date: '2035-03-16', count: 0, unique: 0 });
      expect(s.per_day[0]).toEqual({ date: '2035-02-15', count: 0, unique: 0 });
      // 03-17 13:00: so has 03-10 03:00.
      expect((await statsLater(DAY)).last_7_days).toBe(2);
    } finally {
      t.clock.advance(-(20 * HOUR + 2 * HOUR + DAY));
      ownerToken = (await loginAs(t, owner.email, DEFAULT_PASSWORD)).access_token;
    }
  });

  it('gives an admin the same numbers, and nobody else any', async () => {
    const url = `/api/booking-logs?provider_id=${owner.id}&tz_offset=-300`;
    const mine = await t.get(url, { token: ownerToken });
    const asAdmin = await t.get(url, { token: adminToken });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toEqual(mine.body);
    const otherToken = (await loginAs(t, other.email, DEFAULT_PASSWORD)).access_token;
    expect((await t.get(url, { token: otherToken })).status).toBe(404);
    // The other provider's own page has their two clicks only.
    const theirs = await t.get(`/api/booking-logs?provider_id=${other.id}`, { token: otherToken });
    expect(theirs.body.data.total).toBe(2);
    expect(theirs.body.data.stats).toMatchObject({ total_clicks: 2, unique_clients: 2, last_7_days: 1 });
  });

  it('lists the clicks newest first, the default page being 10', async () => {
    const res = await t.get(`/api/booking-logs?provider_id=${owner.id}`, { token: ownerToken });
    expect(res.body.data.total).toBe(9);
    expect(res.body.data.nextCursor).toBeNull();
    expect(res.body.data.logs.map((l: { id: string }) => l.id)).toEqual(fixture.map((f) => f.id));
    expect(res.body.data.logs[0]).toMatchObject({
      provider_id: owner.id,
      url: 'https://book.example.com/fixture',
      created_at: '2035-03-15T14:00:00.000000Z',
    });
    expect(res.body.data.logs.at(-1).created_at).toBe('2034-12-01T09:00:00.000000Z');
  });

  it('pages through the clicks in 3 pages (ties included) without duplicates', async () => {
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const query: string = `provider_id=${owner.id}&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res: TestResponse = await t.get(`/api/booking-logs?${query}`, { token: ownerToken });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.total).toBe(9);
      pages.push(res.body.data.logs.map((l: { id: string }) => l.id));
      cursor = res.body.data.nextCursor;
    } while (cursor && pages.length < 5);
    expect(pages.map((p) => p.length)).toEqual([4, 4, 1]);
    expect(new Set(pages.flat()).size).toBe(9);
    expect(pages.flat()).toEqual(fixture.map((f) => f.id));
  });

  it("pages through every provider's clicks for the admin", async () => {
    const total = await t.db.$count(bookingLogs);
    const seen: string[] = [];
    let pages = 0;
    let cursor: string | null = null;
    do {
      const query: string = `limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res: TestResponse = await t.get(`/api/booking-logs?${query}`, { token: adminToken });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.total).toBe(total);
      seen.push(...res.body.data.logs.map((l: { id: string }) => l.id));
      cursor = res.body.data.nextCursor;
      pages++;
    } while (cursor && pages < 50);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });
});

describe('GET /api/admin/booking-logs and its CSV export', () => {
  let adminToken = '';
  let clientToken = '';
  let provider: VerifiedUser;
  let client: VerifiedUser;
  const ids = { march: '', april: '' };

  beforeAll(async () => {
    adminToken = (await loginAs(t, ADMIN_EMAIL, DEFAULT_PASSWORD)).access_token;
    provider = await createVerifiedProvider(t, { name: 'Studio =SUM(A1)' });
    client = await createVerifiedUser(t, { userData: { user_type: 'client', name: 'Casey Client' } });
    clientToken = client.session.access_token;
    const insert = async (url: string, createdAt: string) => {
      const [row] = await t.db
        .insert(bookingLogs)
        .values({
          clientId: client.user.id,
          providerId: provider.user.id,
          url,
          createdAt: new Date(createdAt),
        })
        .returning({ id: bookingLogs.id });
      return row!.id;
    };
    ids.march = await insert('https://book.example.com/march', '2020-03-31T23:30:00Z');
    ids.april = await insert('https://book.example.com/april,"quoted"', '2020-04-01T00:30:00Z');
  });

  it('names the provider and the client, with a profile link only for someone who has one', async () => {
    const res = await t.get('/api/admin/booking-logs?from=2020-03-01&to=2020-04-30', { token: adminToken });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.logs).toEqual([
      {
        id: ids.april,
        url: 'https://book.example.com/april,"quoted"',
        service_name: null,
        provider_id: provider.user.id,
        provider_name: 'Studio =SUM(A1)',
        provider_slug: provider.user.routing_slug,
        client_id: client.user.id,
        client_name: 'Casey Client',
        client_slug: null,
        created_at: '2020-04-01T00:30:00.000000Z',
      },
      expect.objectContaining({
        id: ids.march,
        provider_slug: provider.user.routing_slug,
        client_slug: null,
      }),
    ]);
  });

  it('filters by UTC days, pages with keyset cursors, and refuses a backwards range', async () => {
    const march = await t.get('/api/admin/booking-logs?from=2020-03-31&to=2020-03-31', { token: adminToken });
    expect(march.body.data.logs.map((l: { id: string }) => l.id)).toEqual([ids.march]);
    expect(march.body.data.total).toBe(1);
    const first = await t.get('/api/admin/booking-logs?to=2020-04-01&limit=1', { token: adminToken });
    expect(first.body.data.logs[0].id).toBe(ids.april);
    const second = await t.get(
      `/api/admin/booking-logs?to=2020-04-01&limit=1&cursor=${first.body.data.nextCursor}`,
      {
        token: adminToken,
      },
    );
    expect(second.body.data.logs.map((l: { id: string }) => l.id)).toEqual([ids.march]);
    expect(second.body.data.nextCursor).toBeNull();

    const backwards = await t.get('/api/admin/booking-logs?from=2020-04-02&to=2020-04-01', {
      token: adminToken,
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.issues).toContainEqual({ path: 'to', message: ADMIN_TEXTS.badDateRange });
    const badCursor = await t.get('/api/admin/booking-logs?cursor=nope', { token: adminToken });
    expect(badCursor.status).toBe(400);
  });

  it('exports the clicks within the dates as a formula-safe CSV', async () => {
    const res = await t.get('/api/admin/booking-logs/export?from=2020-03-01&to=2020-04-30', {
      token: adminToken,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['x-export-rows']).toBe('2');
    expect(res.headers['x-export-truncated']).toBe('false');
    expect(res.text.split('\r\n')).toEqual([
      'id,created_at,provider_name,provider_id,provider_slug,client_name,client_id,url,service_name',
      // A name that merely contains '=' is left alone: only a leading one makes a formula.
      `${ids.april},2020-04-01T00:30:00.000000Z,Studio =SUM(A1),${provider.user.id},${provider.user.routing_slug},Casey Client,${client.user.id},"https://book.example.com/april,""quoted""",`,
      `${ids.march},2020-03-31T23:30:00.000000Z,Studio =SUM(A1),${provider.user.id},${provider.user.routing_slug},Casey Client,${client.user.id},https://book.example.com/march,`,
      '',
    ]);
  });

  it('is for admins only', async () => {
    for (const path of ['/api/admin/booking-logs', '/api/admin/booking-logs/export']) {
      expect((await t.get(path)).status, path).toBe(401);
      const refused = await t.get(path, { token: clientToken });
      expect(refused.status, path).toBe(403);
      expect(refused.body.message).toBe(ADMIN_TEXTS.accessDenied);
      const asProvider = await t.get(path, { token: provider.session.access_token });
      expect(asProvider.status, path).toBe(403);
    }
  });
});
