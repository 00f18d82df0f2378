import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '#domain/options.ts';
import type { ProviderCard, SearchBody } from '#domain/search.ts';
import { SEARCH_ERRORS, SEARCH_TEXTS } from '#domain/search.ts';
import { providerProfiles, searchLogs, users } from '#server/db/schema/index.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import {
  createUnverifiedUser,
  createVerifiedProvider,
  createVerifiedUser,
  TEST_SERVICE,
  uniqueEmail,
} from '#server/test/factories.ts';
import { countSearchLogs, FIXTURE, insertFixture, settleLogs, WRITTEN } from '#server/test/search-fixture.ts';
import { CATEGORY_WORDS } from './query-understanding';
import { SearchLogWriter } from './search-log';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await insertFixture(t, FIXTURE.slice(0, 4));
});
afterAll(() => t?.close());

const names = async (body: SearchBody, token?: string) => {
  const res = await t.post('/api/search', { limit: 50, ...body }, token ? { token } : {});
  expect(res.status, res.text).toBe(200);
  return res.body.results.map((r: ProviderCard) => r.name);
};

describe('search documents follow every writer', () => {
  it('sign-up, verification and profile updates through the API', async () => {
    const email = uniqueEmail('wren');
    const { token } = await createUnverifiedUser(t, {
      email,
      userData: {
        user_type: 'provider',
        name: 'Wren Waxing',
        location: 'East Austin, TX 78702',
        selected_categories: ['esthetician'],
        selected_amenities: ['Free Wi-Fi'],
        selected_inclusivity: [],
      },
    });
    expect(await names({ query: 'wren' })).toEqual([]);

    const verified = await t.post('/api/auth/verify-email', { temp_token: token, type: 'email' });
    expect(verified.status).toBe(200);
    const access = verified.body.session.access_token;
    // Verified, but with no service yet the profile is not listed (ADR 013).
    expect(await names({ query: 'wren' })).toEqual([]);
    const firstService = await t.put(
      '/api/auth/profile',
      { pricing: [{ service: 'Brow shaping', description: 'Tidy and shape', priceType: 'contact' }] },
      { token: access },
    );
    expect(firstService.status, firstService.text).toBe(200);
    expect(await names({ query: 'wren' })).toEqual(['Wren Waxing']);
    expect(await names({ query: 'facial', locationZip: '78702' })).toContain('Wren Waxing');
    expect(await names({ locationZip: '78702', experience: ['Free WiFi'] })).toEqual([
      'Wren Waxing',
      'Balayage by Bea',
    ]);

    const update = await t.put(
      '/api/auth/profile',
      {
        name: 'Wren Brow Bar',
        specialties: ['Brazilian Waxing'],
        availability: 'Sat 9AM-1PM',
        amenities: ['Gratuity Free'],
        pricing: [
          { service: 'Brow lamination', description: 'Lift and tint', priceType: 'fixed', minPrice: 70 },
        ],
      },
      { token: access },
    );
    expect(update.status, update.text).toBe(200);
    expect(await names({ query: 'wren brow' })).toEqual(['Wren Brow Bar']);
    expect(await names({ query: 'waxing' })).toEqual(['Wren Brow Bar']);
    expect(await names({ query: 'lamination' })).toEqual(['Wren Brow Bar']);
    expect(await names({ locationZip: '78702', experience: ['Free Wi-Fi'] })).toEqual(['Balayage by Bea']);
    expect(await names({ locationZip: '78702', experience: ['Gratuity Free'] })).toEqual(['Wren Brow Bar']);
    expect(await names({ locationZip: '78702', priceRange: [70, 70] })).toEqual(['Wren Brow Bar']);
    const weekend = {
      locationZip: '78702',
      availabilityType: 'days_pattern',
      availability: 'weekends',
    } as const;
    expect(await names(weekend)).toContain('Wren Brow Bar');
    expect(
      await names({
        ...weekend,
        availabilityType: 'custom_pattern',
        requestedDays: ['saturday'],
        requestedTimes: ['13:00'],
      }),
    ).not.toContain('Wren Brow Bar'); // 9AM-1PM is the slots 09:00 to 12:00

    // A zip typed in the location moves the provider.
    const moved = await t.put('/api/auth/profile', { location: 'Brooklyn, NY 11211' }, { token: access });
    expect(moved.status).toBe(200);
    expect(await names({ locationZip: '78702' })).not.toContain('Wren Brow Bar');
    expect(await names({ locationZip: '11211' })).toEqual(['Wren Brow Bar']);
  });

  it('an upgraded client appears once a provider, and the list follows the name', async () => {
    const client = await createVerifiedUser(t);
    const before = await t.get('/api/providers?limit=50');
    expect(before.body.providers.map((p: ProviderCard) => p.id)).not.toContain(client.user.id);

    const upgraded = await t.post('/api/auth/upgrade-to-provider', undefined, {
      token: client.session.access_token,
    });
    expect(upgraded.status, upgraded.text).toBe(200);
    const renamed = await t.put(
      '/api/auth/profile',
      { name: 'Upgraded Umbra Studio' },
      { token: client.session.access_token },
    );
    expect(renamed.status).toBe(200);
    // A name alone does not list it: a place with a zip and a service do.
    expect(await names({ query: 'umbra' })).toEqual([]);
    const completed = await t.put(
      '/api/auth/profile',
      { location: 'Austin, TX 78704', pricing: [TEST_SERVICE] },
      { token: client.session.access_token },
    );
    expect(completed.status, completed.text).toBe(200);
    const after = await t.get('/api/providers?limit=50');
    expect(after.body.providers[0]).toMatchObject({ id: client.user.id, name: 'Upgraded Umbra Studio' });
    expect(await names({ query: 'umbra' })).toEqual(['Upgraded Umbra Studio']);
  });

  it('a provider whose account is deleted or unverified leaves the index', async () => {
    const provider = await createVerifiedProvider(t, {
      name: 'Ephemeral Edges',
      location: 'Austin, TX 78701',
    });
    expect(await names({ query: 'ephemeral' })).toEqual(['Ephemeral Edges']);
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, provider.user.id));
    expect(await names({ query: 'ephemeral' })).toEqual([]);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, provider.user.id));
    expect(await names({ query: 'ephemeral' })).toEqual(['Ephemeral Edges']);
    await t.db.delete(users).where(eq(users.id, provider.user.id));
    expect(await names({ query: 'ephemeral' })).toEqual([]);
  });

  it('portfolio images and avatars reach the cards', async () => {
    const provider = await createVerifiedProvider(t, { name: 'Portfolio Pia', location: 'Austin, TX 78701' });
    const images = ['/uploads/a.webp', '/uploads/b.webp', '/uploads/c.webp'];
    await t.db
      .update(providerProfiles)
      .set({ portfolioImages: images })
      .where(eq(providerProfiles.userId, provider.user.id));
    await t.db.update(users).set({ avatarUrl: '/uploads/pia.webp' }).where(eq(users.id, provider.user.id));
    const res = await t.post('/api/search', { query: 'pia' });
    expect(res.body.results[0]).toMatchObject({
      avatar_url: '/uploads/pia.webp',
      portfolio_images: images.slice(0, 2),
      portfolio_count: 3,
    });
  });

  it("the postings are every document's words with its order and price mask, whatever writes the documents", async () => {
    /** Postings that no document has, and documents' words without their posting. */
    const drift = async () => {
      const result = (await t.db.execute(sql`
        WITH expected AS (
          SELECT l.lexeme, d.quality, d.created_at, d.provider_id, search_price_mask(d.prices) AS price_mask
          FROM provider_search d, unnest(tsvector_to_array(d.document)) AS l(lexeme)
        ), stored AS (SELECT lexeme, quality, created_at, provider_id, price_mask FROM provider_search_postings)
        SELECT (SELECT count(*) FROM (SELECT * FROM stored EXCEPT ALL SELECT * FROM expected) x)::int AS extra,
          (SELECT count(*) FROM (SELECT * FROM expected EXCEPT ALL SELECT * FROM stored) x)::int AS missing,
          (SELECT count(*) FROM stored)::int AS stored`)) as unknown as {
        rows: { extra: number; missing: number; stored: number }[];
      };
      return result.rows[0]!;
    };
    expect(await drift()).toMatchObject({ extra: 0, missing: 0, stored: expect.any(Number) });
    const provider = await createVerifiedProvider(t, { name: 'Posting Poppy', location: 'Austin, TX 78701' });
    const poppy = sql`SELECT count(*)::int AS n FROM provider_search_postings WHERE provider_id = ${provider.user.id}`;
    const postingsOf = async () =>
      ((await t.db.execute(poppy)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(await postingsOf()).toBeGreaterThan(0);
    // New words and a new quality (a bio and specialties count towards it): every posting follows.
    const before = await postingsOf();
    const update = await t.put(
      '/api/auth/profile',
      { bio: 'Silk press specialist and curl whisperer', specialties: ['Silk Press'] },
      { token: provider.session.access_token },
    );
    expect(update.status, update.text).toBe(200);
    const updated = await postingsOf();
    expect(updated).toBeGreaterThan(before);
    expect(await drift()).toMatchObject({ extra: 0, missing: 0 });
    expect(await names({ query: 'whisperer' })).toEqual(['Posting Poppy']);
    // The postings follow a write inside its transaction, and a write that rolls back leaves them as they were.
    const rosa = sql`SELECT count(*)::int AS n FROM provider_search_postings
      WHERE provider_id = ${provider.user.id} AND lexeme = 'rosa'`;
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(users).set({ name: 'Rolled Back Rosa' }).where(eq(users.id, provider.user.id));
        expect(((await tx.execute(rosa)) as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(((await t.db.execute(rosa)) as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect(await postingsOf()).toBe(updated);
    expect(await drift()).toMatchObject({ extra: 0, missing: 0 });
    // Unlisted, then gone: its postings go with its document.
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, provider.user.id));
    expect(await postingsOf()).toBe(0);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, provider.user.id));
    expect(await postingsOf()).toBe(updated);
    // New prices: every posting carries the new bands (a $40 service, then a $260 one).
    const maskOf = sql`SELECT DISTINCT price_mask FROM provider_search_postings WHERE provider_id = ${provider.user.id}`;
    const masks = async () => (await t.db.execute(maskOf)) as unknown as { rows: { price_mask: number }[] };
    for (const minPrice of [40, 260]) {
      const priced = await t.put(
        '/api/auth/profile',
        { pricing: [{ service: 'Silk press', description: 'Smooth', priceType: 'fixed', minPrice }] },
        { token: provider.session.access_token },
      );
      expect(priced.status, priced.text).toBe(200);
      const [band] = (
        (await t.db.execute(
          sql`SELECT search_price_mask(nummultirange(numrange(${minPrice}::numeric, ${minPrice}::numeric, '[]'))) AS band`,
        )) as unknown as { rows: { band: number }[] }
      ).rows;
      expect((await masks()).rows).toEqual([{ price_mask: band!.band }]);
      expect(band!.band).toBeGreaterThan(0);
      expect(await drift()).toMatchObject({ extra: 0, missing: 0 });
      // A walk with a range around the price finds her; a range beside it does not.
      expect(await names({ query: 'whisperer', priceRange: [minPrice - 5, minPrice + 5] })).toEqual([
        'Posting Poppy',
      ]);
      expect(await names({ query: 'whisperer', priceRange: [minPrice + 100, minPrice + 150] })).toEqual([]);
    }
    await t.db.delete(users).where(eq(users.id, provider.user.id));
    expect(await postingsOf()).toBe(0);
    expect(await drift()).toMatchObject({ extra: 0, missing: 0 });
    // The bulk path (the bench's, and a migration's): rebuilt from scratch, with its index.
    const stored = (await drift()).stored;
    await t.db.execute(sql`SELECT search_rebuild_all()`);
    expect(await drift()).toEqual({ extra: 0, missing: 0, stored });
    const indexes = (await t.db.execute(
      sql`SELECT indexname FROM pg_indexes WHERE tablename = 'provider_search_postings'`,
    )) as unknown as { rows: { indexname: string }[] };
    expect(indexes.rows.map((r) => r.indexname)).toEqual(['provider_search_postings_walk_idx']);
    expect(await names({ query: 'balayage' })).toContain('Balayage by Bea');
  });

  it('the category words in the documents find their category, and the query side knows them', async () => {
    const result = (await t.db.execute(
      sql`SELECT search_category_labels(ARRAY['hair', 'massage', 'barber', 'nails', 'esthetician']::text[]) AS labels`,
    )) as unknown as { rows: { labels: string }[] };
    const words = result.rows[0]!.labels.toLowerCase().split(/\s+/);
    for (const word of words) expect(CATEGORY_WORDS, word).toHaveProperty(word);
    for (const category of SERVICE_CATEGORIES) expect(Object.values(CATEGORY_WORDS)).toContain(category.id);
  });
});

describe('the search log', () => {
  it('a valid search writes exactly one row, after the reply', async () => {
    await settleLogs();
    const before = await countSearchLogs(t);
    const res = await t.post('/api/search', {
      query: '  balayage 78701 ',
      priceRange: [50, 200],
      experience: ['Free Wi-Fi'],
      sessionId: 'session-abc',
    });
    expect(res.status).toBe(200);
    await settleLogs();
    // A search with a session id waits out the settle window for a refinement (search-log.ts).
    expect(await countSearchLogs(t)).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await expect.poll(() => countSearchLogs(t), WRITTEN).toBe(before + 1);
    const [row] = await t.db.select().from(searchLogs).orderBy(desc(searchLogs.id)).limit(1);
    expect(row).toMatchObject({
      query: 'balayage 78701',
      zip: '78701',
      filters: { priceRange: [50, 200], experience: ['Free Wi-Fi'] },
      sessionId: 'session-abc',
      userId: null,
      resultCount: res.body.total,
    });
  });

  it('knows the signed-in user; a further page is not a new search', async () => {
    const user = await createVerifiedUser(t);
    await settleLogs();
    const before = await countSearchLogs(t);
    const first = await t.post(
      '/api/search',
      { locationZip: '78701', limit: 1 },
      { token: user.session.access_token },
    );
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const next = await t.post('/api/search', {
      locationZip: '78701',
      limit: 1,
      cursor: first.body.nextCursor,
    });
    expect(next.status).toBe(200);
    await expect.poll(() => countSearchLogs(t), WRITTEN).toBe(before + 1);
    await settleLogs(); // a second row (the further page) would have been written by now
    expect(await countSearchLogs(t)).toBe(before + 1);
    const [row] = await t.db.select().from(searchLogs).orderBy(desc(searchLogs.id)).limit(1);
    expect(row).toMatchObject({ query: '', zip: '78701', userId: user.user.id });
  });

  it('a bad token does not fail the search; it is logged without a user', async () => {
    const before = await countSearchLogs(t);
    const res = await t.post('/api/search', { query: 'hair' }, { token: 'not-a-token' });
    expect(res.status).toBe(200);
    await expect.poll(() => countSearchLogs(t), WRITTEN).toBe(before + 1);
    const [row] = await t.db.select().from(searchLogs).orderBy(desc(searchLogs.id)).limit(1);
    expect(row).toMatchObject({ query: 'hair', userId: null });
  });

  it('the writer batches rows and writes what is queued when closed', async () => {
    const writer = new SearchLogWriter({
      db: t.db,
      log: t.app.log,
      secret: new TextEncoder().encode('unused'),
      now: () => new Date(),
      intervalMs: 60_000,
      maxRows: 3,
    });
    const row = (query: string) => ({
      query,
      zip: null,
      filters: {},
      sessionId: null,
      createdAt: new Date(),
    });
    const stored = async () =>
      (await t.db.select().from(searchLogs).where(sql`${searchLogs.query} LIKE 'batched %'`)).length;
    writer.push(row('batched 1'));
    writer.push(row('batched 2'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await stored()).toBe(0); // neither a full batch nor the interval yet
    writer.push(row('batched 3')); // a full batch goes at once
    await writer.flush();
    expect(await stored()).toBe(3);
    writer.push(row('batched 4'));
    await writer.close();
    expect(await stored()).toBe(4);
  });

  it('a row the database refuses is dropped alone; the rows around it are written', async () => {
    const writer = new SearchLogWriter({
      db: t.db,
      log: t.app.log,
      secret: t.app.ctx.secret,
      now: () => new Date(),
      intervalMs: 60_000,
      maxRows: 3,
    });
    const row = (query: string) => ({
      query,
      zip: null,
      filters: {},
      sessionId: null,
      createdAt: new Date(),
    });
    const stored = async () =>
      (await t.db.select().from(searchLogs).where(sql`${searchLogs.query} LIKE 'refused batch %'`))
        .map((r) => r.query)
        .sort();
    writer.push(row('refused batch 1'));
    writer.push(row('refused batch \u0000 2')); // PostgreSQL text cannot hold NUL
    writer.push(row('refused batch 3'));
    await writer.flush();
    expect(await stored()).toEqual(['refused batch 1', 'refused batch 3']);
    writer.push(row('refused batch 4'));
    await writer.close();
    expect(await stored()).toEqual(['refused batch 1', 'refused batch 3', 'refused batch 4']);
  });

  it('rows queued when the server stops are written before it closes', async () => {
    // A second app on this file's database, which stays open when that app closes.
    const app = await buildTestApp({ database: t.database });
    for (let i = 0; i < 3; i++) {
      const res = await app.post('/api/search', { query: `closing ${i}` });
      expect(res.status).toBe(200);
    }
    await app.close(); // well inside the 100 ms batch window
    const rows = await t.db
      .select({ query: searchLogs.query })
      .from(searchLogs)
      .where(sql`${searchLogs.query} LIKE 'closing %'`);
    expect(rows.map((r) => r.query).sort()).toEqual(['closing 0', 'closing 1', 'closing 2']);
  });
});

describe('bad input gets its 400 and writes no log row', () => {
  const long = 'a'.repeat(101);
  let logsBefore = 0;
  beforeAll(async () => {
    await settleLogs();
    logsBefore = await countSearchLogs(t);
  });
  afterAll(async () => {
    // Every case below has run: none of them may have queued a log row.
    await settleLogs();
    expect(await countSearchLogs(t)).toBe(logsBefore);
  });
  it.each<[string, unknown, string, string]>([
    ['a query over 100 characters', { query: long }, 'query', SEARCH_TEXTS.queryTooLong],
    ['neither query nor zip', {}, 'query', SEARCH_ERRORS.queryOrZipRequired],
    ['blank query and zip', { query: '   ', locationZip: '' }, 'query', SEARCH_ERRORS.queryOrZipRequired],
    ['a query that is not text', { query: 42 }, 'query', 'The search query must be text'],
    ['a 4-digit zip', { locationZip: '7870' }, 'locationZip', SEARCH_TEXTS.zipInvalid],
    ['a zip with letters', { locationZip: '7870a' }, 'locationZip', SEARCH_TEXTS.zipInvalid],
    ['an unknown zip', { locationZip: '00000' }, 'locationZip', SEARCH_TEXTS.unknownZip],
    ['an unknown zip in the query', { query: 'hair 00000' }, 'locationZip', SEARCH_TEXTS.unknownZip],
    ['a price under 15', { query: 'hair', priceRange: [10, 100] }, 'priceRange.0', SEARCH_ERRORS.priceRange],
    ['a price over 500', { query: 'hair', priceRange: [15, 600] }, 'priceRange.1', SEARCH_ERRORS.priceRange],
    [
      'a reversed price range',
      { query: 'hair', priceRange: [200, 100] },
      'priceRange',
      SEARCH_ERRORS.priceRange,
    ],
    [
      'a price range of one value',
      { query: 'hair', priceRange: [100] },
      'priceRange',
      SEARCH_ERRORS.priceRange,
    ],
    [
      'four experience filters',
      { query: 'hair', experience: ['Multilingual', 'Free Wi-Fi', 'Private Studio', 'Kid-Friendly'] },
      'experience',
      SEARCH_ERRORS.experienceMax,
    ],
    [
      'an empty experience filter',
      { query: 'hair', experience: [' '] },
      'experience.0',
      SEARCH_ERRORS.experienceItem,
    ],
    [
      'an unknown availability type',
      { query: 'hair', availabilityType: 'sometimes' },
      'availabilityType',
      'Availability type must be one of flexible, specific_date, days_pattern, time_pattern, custom_pattern',
    ],
    [
      'a date search without a date',
      { query: 'hair', availabilityType: 'specific_date' },
      'requestedDate',
      SEARCH_ERRORS.dateRequired,
    ],
    [
      'an impossible date',
      { query: 'hair', availabilityType: 'specific_date', requestedDate: '2031-02-30' },
      'requestedDate',
      SEARCH_ERRORS.dateInvalid,
    ],
    [
      'a days search without days',
      { query: 'hair', availabilityType: 'days_pattern' },
      'requestedDays',
      SEARCH_ERRORS.daysRequired,
    ],
    [
      'an unknown day',
      { query: 'hair', requestedDays: ['someday'] },
      'requestedDays.0',
      'Days are monday to sunday',
    ],
    [
      'a times search without times',
      { query: 'hair', availabilityType: 'time_pattern' },
      'requestedTimes',
      SEARCH_ERRORS.timesRequired,
    ],
    [
      'a half-hour time',
      { query: 'hair', requestedTimes: ['17:30'] },
      'requestedTimes.0',
      SEARCH_ERRORS.timeInvalid,
    ],
    [
      'a custom search without days or times',
      { query: 'hair', availabilityType: 'custom_pattern' },
      'requestedDays',
      SEARCH_ERRORS.dayOrTimeRequired,
    ],
    ['a radius of 0', { query: 'hair', radiusMiles: 0 }, 'radiusMiles', SEARCH_ERRORS.radius],
    ['a radius of 500', { query: 'hair', radiusMiles: 500 }, 'radiusMiles', SEARCH_ERRORS.radius],
    ['a page of 51', { query: 'hair', limit: 51 }, 'limit', SEARCH_ERRORS.limit],
    [
      'a cursor it did not make',
      { query: 'hair', cursor: 'eyJvIjotMX0' },
      'cursor',
      SEARCH_ERRORS.cursorInvalid,
    ],
    [
      'an overlong session id',
      { query: 'hair', sessionId: 's'.repeat(101) },
      'sessionId',
      'Session id is too long',
    ],
  ])('%s', async (_label, body, path, message) => {
    const res = await t.post('/api/search', body);
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR', message });
    expect(res.body.issues).toContainEqual({ path, message });
  });

  it('a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { 'content-type': 'application/json' },
      payload: '{"query":',
    });
    expect(res.statusCode).toBe(400);
  });

  it('the list refuses a page size over 50', async () => {
    const res = await t.get('/api/providers?limit=51');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SEARCH_ERRORS.limit);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the search limit, per address', async () => {
    const limited = await buildTestApp({ rateLimit: true, database: t.database });
    try {
      // Refused bodies count too (the limit runs before validation), and cost no database work.
      for (let i = 0; i < RATE_LIMITS.search.max; i++) {
        const res = await limited.post('/api/search', {}, { ip: '203.0.113.9' });
        expect(res.status).toBe(400);
      }
      const over = await limited.post('/api/search', { query: 'hair' }, { ip: '203.0.113.9' });
      expect(over.status).toBe(429);
      expect(over.body.error).toBe('RATE_LIMITED');
      expect(over.headers['retry-after']).toBeDefined();
      const other = await limited.post('/api/search', { query: 'hair' }, { ip: '203.0.113.10' });
      expect(other.status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
