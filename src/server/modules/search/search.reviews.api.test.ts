import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProviderCard, RATING_SORT_PRIOR, SEARCH_ERRORS, type SearchBody } from '#domain/search.ts';
import { reviews } from '#server/db/schema/index.ts';
import {
  buildTestApp,
  type LooseJson,
  type TestApp,
  type TestResponse,
} from '#server/test/build-test-app.ts';
import { insertUser } from '#server/test/factories.ts';
import { type FixtureProvider, fixed, insertFixture } from '#server/test/search-fixture.ts';

/**
 * Ratings in search (the reviews issue): cards carry the real average and count of visible
 * reviews, `minRating` keeps providers whose shown average (one decimal) is at least that, and
 * `sort: 'rating'` puts rated providers first by the average adjusted with RATING_SORT_PRIOR.
 * The reviews are inserted straight into the table: the trigger keeps provider_ratings, as it does
 * for every writer (the reviews API itself is tested in reviews.api.test.ts).
 */

const provider = (key: string, name: string, zip: string): FixtureProvider => ({
  key,
  name,
  zip,
  categories: ['nails'],
  specialties: ['Nail Art'],
  pricing: [fixed('Gel manicure', 45)],
  hours: [{ days: ['monday'], from: 9, to: 17 }],
  amenities: [],
  bio: 'Manicures and nail art.',
});

/** Every key's reviews (stars); the comment is the shown average and the adjusted one. */
const RATINGS: Record<string, number[]> = {
  unrated: [],
  single5: [5], // 5.0; (5 + 6) / 3 = 3.67
  many48: [5, 5, 5, 5, 4], // 4.8; 30 / 7 = 4.29
  three4: [4, 4, 4], // 4.0; 18 / 5 = 3.6
  two5: [5, 5], // 5.0; 16 / 4 = 4.0
  single1: [1], // 1.0; 7 / 3 = 2.33
  mixed35: [4, 3], // 3.5; 13 / 4 = 3.25
  two3: [3, 3], // 3.0; 12 / 4 = 3.0
  // 49 / 11 = 4.45, shown as 4.5; 55 / 13 = 4.23
  eleven: [5, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4],
  // Not a 'zinnia': found by zip only.
  elsewhere: [5, 5, 5],
};

const PROVIDERS: FixtureProvider[] = [
  provider('unrated', 'Zinnia Unrated Nails', '78701'),
  provider('single5', 'Zinnia Single Nails', '78702'),
  provider('many48', 'Zinnia Many Nails', '78704'),
  provider('three4', 'Zinnia Three Nails', '78701'),
  provider('two5', 'Zinnia Two Nails', '78702'),
  provider('single1', 'Zinnia Low Nails', '78704'),
  provider('mixed35', 'Zinnia Mixed Nails', '78701'),
  provider('two3', 'Zinnia Middle Nails', '78702'),
  provider('eleven', 'Zinnia Eleven Nails', '78704'),
  provider('elsewhere', 'Orchid Polish Bar', '78701'),
];

const ZINNIAS = PROVIDERS.filter((p) => p.key !== 'elsewhere').map((p) => p.key);

let t: TestApp;
let ids: Map<string, string>;
let keyOf: Map<string, string>;
/** Review ids per provider key, in RATINGS order. */
const reviewIds = new Map<string, string[]>();

beforeAll(async () => {
  t = await buildTestApp();
  ids = await insertFixture(t, PROVIDERS);
  keyOf = new Map([...ids].map(([key, id]) => [id, key]));
  const most = Math.max(...Object.values(RATINGS).map((r) => r.length));
  const clients: { id: string }[] = [];
  for (let i = 0; i < most; i++) clients.push(await insertUser(t.db, { name: `Client ${i}` }));
  for (const [key, stars] of Object.entries(RATINGS)) {
    if (stars.length === 0) continue;
    const rows = await t.db
      .insert(reviews)
      .values(stars.map((rating, i) => ({ providerId: ids.get(key)!, clientId: clients[i]!.id, rating })))
      .returning({ id: reviews.id });
    reviewIds.set(
      key,
      rows.map((r) => r.id),
    );
  }
  // With statistics, the common word takes the walking plan (search.service.ts): the rating sort
  // must hold on it too.
  await t.db.execute(sql`ANALYZE provider_search`);
});
afterAll(() => t?.close());

async function search(body: SearchBody): Promise<LooseJson> {
  const res = await t.post('/api/search', { limit: 50, ...body });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const keys = async (body: SearchBody) =>
  (await search(body)).results.map((r: ProviderCard) => keyOf.get(r.id) ?? r.name);
const sorted = (list: string[]) => [...list].sort();

/** The card's rating fields as the reviews make them. */
const expectedRating = (key: string) => {
  const stars = RATINGS[key]!;
  if (stars.length === 0) return { rating: null, review_count: 0 };
  const sum = stars.reduce((a, b) => a + b, 0);
  return { rating: Math.round((sum * 10) / stars.length) / 10, review_count: stars.length };
};

describe('cards', () => {
  it('carry the real average (one decimal) and the count of reviews', async () => {
    const reply = await search({ query: 'zinnia' });
    expect(sorted(reply.results.map((r: ProviderCard) => keyOf.get(r.id)!))).toEqual(sorted(ZINNIAS));
    const ratings = Object.fromEntries(
      reply.results.map((r: ProviderCard) => [
        keyOf.get(r.id),
        { rating: r.rating, review_count: r.review_count },
      ]),
    );
    expect(ratings).toEqual({
      unrated: { rating: null, review_count: 0 },
      single5: { rating: 5, review_count: 1 },
      many48: { rating: 4.8, review_count: 5 },
      three4: { rating: 4, review_count: 3 },
      two5: { rating: 5, review_count: 2 },
      single1: { rating: 1, review_count: 1 },
      mixed35: { rating: 3.5, review_count: 2 },
      two3: { rating: 3, review_count: 2 },
      eleven: { rating: 4.5, review_count: 11 },
    });
    for (const key of ZINNIAS) expect(ratings[key]).toEqual(expectedRating(key));
  });

  it('carry them on the providers list too', async () => {
    const res = await t.get('/api/providers?limit=50');
    expect(res.status).toBe(200);
    for (const card of res.body.providers as ProviderCard[]) {
      const key = keyOf.get(card.id)!;
      expect({ rating: card.rating, review_count: card.review_count }, key).toEqual(expectedRating(key));
    }
    expect(res.body.providers).toHaveLength(PROVIDERS.length);
  });

  it('leave out hidden reviews, and count them again once restored', async () => {
    const [, three] = reviewIds.get('mixed35')!;
    const card = async () =>
      (await search({ query: 'zinnia mixed' })).results.map((r: ProviderCard) => ({
        rating: r.rating,
        review_count: r.review_count,
      }));
    await t.db.update(reviews).set({ hiddenAt: new Date() }).where(eq(reviews.id, three!));
    try {
      expect(await card()).toEqual([{ rating: 4, review_count: 1 }]);
      // Now 4.0 as shown: the minimum rating follows.
      expect(await keys({ query: 'zinnia', minRating: 4 })).toContain('mixed35');
    } finally {
      await t.db.update(reviews).set({ hiddenAt: null }).where(eq(reviews.id, three!));
    }
    expect(await card()).toEqual([{ rating: 3.5, review_count: 2 }]);
    expect(await keys({ query: 'zinnia', minRating: 4 })).not.toContain('mixed35');
  });
});

describe('minRating', () => {
  it.each([
    [4.5, ['eleven', 'many48', 'single5', 'two5']],
    [4, ['eleven', 'many48', 'single5', 'three4', 'two5']],
    [3.5, ['eleven', 'many48', 'mixed35', 'single5', 'three4', 'two5']],
    [3, ['eleven', 'many48', 'mixed35', 'single5', 'three4', 'two3', 'two5']],
  ] as const)('%s keeps providers whose shown average is at least that', async (minRating, expected) => {
    const reply = await search({ query: 'zinnia', minRating });
    const found = reply.results.map((r: ProviderCard) => keyOf.get(r.id)!);
    expect(sorted(found)).toEqual(expected);
    expect(reply.total).toBe(expected.length);
    // 'eleven' averages 4.45: what counts is the 4.5 people see.
    for (const card of reply.results as ProviderCard[]) expect(card.rating).toBeGreaterThanOrEqual(minRating);
  });

  it('0 (the default) keeps everyone, providers without reviews too', async () => {
    expect(sorted(await keys({ query: 'zinnia', minRating: 0 }))).toEqual(sorted(ZINNIAS));
    expect(sorted(await keys({ query: 'zinnia' }))).toEqual(sorted(ZINNIAS));
  });

  it('applies to a zip search as well', async () => {
    expect(sorted(await keys({ locationZip: '78701', radiusMiles: 25, minRating: 4.5 }))).toEqual([
      'eleven',
      'elsewhere',
      'many48',
      'single5',
      'two5',
    ]);
  });
});

describe("sort: 'rating'", () => {
  /** The documented order: RATING_SORT_PRIOR.reviews reviews of RATING_SORT_PRIOR.stars stars added. */
  const adjusted = (key: string) => {
    const stars = RATINGS[key]!;
    const sum = stars.reduce((a, b) => a + b, 0);
    return (
      (sum + RATING_SORT_PRIOR.reviews * RATING_SORT_PRIOR.stars) / (stars.length + RATING_SORT_PRIOR.reviews)
    );
  };
  const RATED_ORDER = ['many48', 'eleven', 'two5', 'single5', 'three4', 'mixed35', 'two3', 'single1'];

  it('puts rated providers first, by the average adjusted with the prior, then the unrated', async () => {
    expect(RATING_SORT_PRIOR).toEqual({ reviews: 2, stars: 3 });
    // The fixture's order is the prior's: each adjusted score above the next.
    for (let i = 1; i < RATED_ORDER.length; i++) {
      expect(adjusted(RATED_ORDER[i - 1]!)).toBeGreaterThan(adjusted(RATED_ORDER[i]!));
    }
    expect(await keys({ query: 'zinnia', sort: 'rating' })).toEqual([...RATED_ORDER, 'unrated']);
  });

  it('does not let one 5-star review outrank 4.8 from five (or 4.5 from eleven)', async () => {
    const order = await keys({ query: 'zinnia', sort: 'rating' });
    expect(order.indexOf('many48')).toBeLessThan(order.indexOf('single5'));
    expect(order.indexOf('eleven')).toBeLessThan(order.indexOf('single5'));
    expect(order.indexOf('two5')).toBeLessThan(order.indexOf('single5'));
    // …while a single 1-star review still ranks above no reviews at all.
    expect(order.at(-2)).toBe('single1');
    expect(order.at(-1)).toBe('unrated');
  });

  it('combines with minRating, with a zip search, and pages without duplicates', async () => {
    expect(await keys({ query: 'zinnia', sort: 'rating', minRating: 4 })).toEqual([
      'many48',
      'eleven',
      'two5',
      'single5',
      'three4',
    ]);
    // By zip: 'elsewhere' (5.0 from three: 21 / 5 = 4.2) joins between 'eleven' (4.23) and 'two5' (4.0).
    expect(adjusted('elsewhere')).toBeCloseTo(4.2);
    expect(await keys({ locationZip: '78701', radiusMiles: 25, sort: 'rating' })).toEqual([
      'many48',
      'eleven',
      'elsewhere',
      'two5',
      'single5',
      'three4',
      'mixed35',
      'two3',
      'single1',
      'unrated',
    ]);

    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const res: TestResponse = await t.post('/api/search', {
        query: 'zinnia',
        sort: 'rating',
        limit: 4,
        ...(cursor ? { cursor } : {}),
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.total).toBe(ZINNIAS.length);
      pages.push(res.body.results.map((r: ProviderCard) => keyOf.get(r.id)!));
      cursor = res.body.nextCursor;
    } while (cursor && pages.length < 5);
    expect(pages.map((p) => p.length)).toEqual([4, 4, 1]);
    expect(pages.flat()).toEqual([...RATED_ORDER, 'unrated']);
  });

  it("'relevance' is the default", async () => {
    expect(await keys({ query: 'zinnia', sort: 'relevance' })).toEqual(await keys({ query: 'zinnia' }));
  });
});

describe('bad values', () => {
  it.each([['newest'], ['RATING'], [''], [1], [null], [['rating']]])('sort %j → 400', async (sort) => {
    const res = await t.post('/api/search', { query: 'zinnia', sort });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ error: 'VALIDATION_ERROR', message: SEARCH_ERRORS.sortInvalid });
    expect(res.body.issues).toEqual([{ path: 'sort', message: SEARCH_ERRORS.sortInvalid }]);
  });

  it.each([[1], [2], [5], [4.2], [-1], ['4'], [null]])('minRating %j → 400', async (minRating) => {
    const res = await t.post('/api/search', { query: 'zinnia', minRating });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ error: 'VALIDATION_ERROR', message: SEARCH_ERRORS.minRatingInvalid });
    expect(res.body.issues).toEqual([{ path: 'minRating', message: SEARCH_ERRORS.minRatingInvalid }]);
  });
});
