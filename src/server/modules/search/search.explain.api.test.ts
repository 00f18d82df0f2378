import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchBody, SearchBodySchema } from '#domain/search.ts';
import type { AppContext } from '#server/context.ts';
import { rowsOf } from '#server/db/client.ts';
import { pgArray } from '#server/db/sql-array.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { plansOf as plansOfTest, writeCards } from '#server/test/explain-plans.ts';
import { searchPlan } from '#server/test/search-plan.ts';
import { WordCache } from './query-understanding';
import { findSearchPage, priceBandsOf, type SearchPlan } from './search.queries';
import { listProviders, StemStats, searchProviders } from './search.service';

/**
 * Every search path on a table big enough for the planner to care (20,000 providers): the plans of
 * the very statements the service sends must not read users, provider_profiles or provider_search
 * from end to end. The rows are generated in SQL; the search rows are written directly (building
 * 20,000 full documents through the trigger takes too long for a test), with the same column kinds
 * and a realistic spread: five categories, a few thousand names, skewed zips, hours and amenities.
 */

const PROVIDERS = 20_000;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.execute(sql`ALTER TABLE users DISABLE TRIGGER USER`);
  await t.db.execute(sql`ALTER TABLE provider_profiles DISABLE TRIGGER USER`);
  await t.db.execute(sql`
    INSERT INTO users (id, email, password_hash, name, user_type, routing_slug, email_verified_at, created_at)
    SELECT md5(i::text)::uuid, 'p' || i || '@explain.test', 'x', 'Provider ' || i, 'provider', 'explain-' || i,
      now(), now() - i * INTERVAL '1 minute'
    FROM generate_series(1, ${PROVIDERS}) AS i`);
  await t.db.execute(sql`
    INSERT INTO provider_profiles (user_id, location, created_at)
    SELECT md5(i::text)::uuid, 'Somewhere', now() - i * INTERVAL '1 minute'
    FROM generate_series(1, ${PROVIDERS}) AS i`);
  await t.db.execute(sql`ALTER TABLE users ENABLE TRIGGER USER`);
  await t.db.execute(sql`ALTER TABLE provider_profiles ENABLE TRIGGER USER`);
  // Indexes built once after the load are much faster than 20,000 single inserts into them (on
  // PGlite most of all); they are the migration's own definitions, read back and re-run.
  const indexes = (
    (await t.db.execute(sql`
      SELECT indexname, indexdef FROM pg_indexes
      WHERE tablename = 'provider_search' AND indexname <> 'provider_search_pkey'`)) as unknown as {
      rows: { indexname: string; indexdef: string }[];
    }
  ).rows;
  expect(indexes.length).toBeGreaterThanOrEqual(7);
  for (const index of indexes) await t.db.execute(sql.raw(`DROP INDEX "${index.indexname}"`));
  await t.db.execute(sql`
    INSERT INTO provider_search
      (provider_id, created_at, document, quality, earth_point, prices, starting_price, hours, amenities,
       categories)
    SELECT md5(i::text)::uuid, now() - i * INTERVAL '1 minute',
      format('%s:1A %s:2A %s:3B %s:4B %s:5B %s:6C licens:7C',
        (ARRAY['maya', 'jordan', 'aaliyah', 'sofia', 'chris', 'dani', 'marcus', 'priya'])[1 + i % 8],
        'n' || (i % 3000), c.cat, c.services[1 + i % 3], c.services[1 + (i / 3) % 3], z.city)::tsvector,
      (i * 37) % 100,
      ll_to_earth(z.lat, z.lon),
      nummultirange(numrange(20 + i % 300, 20 + i % 300, '[]')),
      20 + i % 300,
      week.hours,
      CASE i % 4
        WHEN 0 THEN ARRAY['freewifi', 'lgbtqia+friendly']
        WHEN 1 THEN ARRAY['freewifi', 'parkingavailable']
        WHEN 2 THEN ARRAY['freewifi', 'wheelchairaccessible']
        ELSE ARRAY['multilingual', 'privatestudio'] END,
      ARRAY[(ARRAY['hair', 'nails', 'barber', 'massage', 'esthetician'])[1 + i % 5]]
    FROM generate_series(1, ${PROVIDERS}) AS i
    -- Three days from 9 to 17, starting on a different weekday for each seventh of the providers.
    JOIN (SELECT s, ARRAY(SELECT ((s + k) % 7) * 24 + 9 + h FROM generate_series(0, 2) AS k, generate_series(0, 7) AS h) AS hours
          FROM generate_series(0, 6) AS s) week ON week.s = i % 7
    CROSS JOIN LATERAL (SELECT
      (ARRAY['hair', 'nail', 'barber', 'massag', 'esthetician'])[1 + i % 5] AS cat,
      CASE i % 5
        WHEN 0 THEN ARRAY['balayag', 'blowout', 'highlight']
        WHEN 1 THEN ARRAY['manicur', 'pedicur', 'gel']
        WHEN 2 THEN ARRAY['fade', 'beard', 'shave']
        WHEN 3 THEN ARRAY['deep', 'tissu', 'swedish']
        ELSE ARRAY['facial', 'peel', 'brow'] END AS services) c
    -- 40% in two Austin zips, the rest spread over six cities.
    CROSS JOIN LATERAL (SELECT * FROM (VALUES
      (0, 'austin', 30.2672, -97.7431), (1, 'austin', 30.2638, -97.7161), (2, 'brooklyn', 40.7093, -73.9565),
      (3, 'chicago', 41.9220, -87.6531), (4, 'atlanta', 33.7866, -84.3533), (5, 'seattle', 47.6615, -122.3473),
      (6, 'denver', 39.7586, -104.9754), (7, 'desmoin', 41.5868, -93.6250)) AS zips(n, city, lat, lon)
      WHERE zips.n = CASE WHEN i % 10 < 4 THEN i % 2 ELSE 2 + i % 6 END) z`);
  for (const index of indexes) await t.db.execute(sql.raw(index.indexdef));
  // Three priced services each, named after the document's service words: what a service query's
  // named service and its price filter read.
  await t.db.execute(sql`
    INSERT INTO provider_search_services (provider_id, position, name, document, price, starting_at)
    SELECT md5(i::text)::uuid, k, c.names[k], to_tsvector('english', c.names[k]),
      numrange(20 + (i * k) % 300, 20 + (i * k) % 300, '[]'), k = 3
    FROM generate_series(1, ${PROVIDERS}) AS i
    CROSS JOIN generate_series(1, 3) AS k
    CROSS JOIN LATERAL (SELECT CASE i % 5
        WHEN 0 THEN ARRAY['Balayage', 'Blowout', 'Highlights']
        WHEN 1 THEN ARRAY['Manicure', 'Pedicure', 'Gel Nails']
        WHEN 2 THEN ARRAY['Fade', 'Beard Trim', 'Hot Towel Shave']
        WHEN 3 THEN ARRAY['Deep Tissue', 'Swedish Massage', 'Hot Stone']
        ELSE ARRAY['Facial', 'Chemical Peel', 'Brow Shaping'] END AS names) c`);
  // The same pairs of service words and prices on the search rows, as the rebuild writes them.
  await t.db.execute(sql`
    UPDATE provider_search d
    SET service_lexemes = pairs.lexemes, service_prices = pairs.prices
    FROM (
      SELECT s.provider_id, array_agg(l.lexeme ORDER BY s.position, l.lexeme) AS lexemes,
        array_agg(s.price ORDER BY s.position, l.lexeme) AS prices
      FROM provider_search_services s, unnest(tsvector_to_array(s.document)) AS l(lexeme)
      GROUP BY s.provider_id
    ) pairs
    WHERE pairs.provider_id = d.provider_id`);
  await t.db.execute(sql`ANALYZE provider_search_services`);
  // Ratings for 40% of the providers (the rows the reviews trigger keeps), averages 2.0 to 5.0.
  await t.db.execute(sql`
    INSERT INTO provider_ratings (provider_id, review_count, rating_sum, rating, stars_5)
    SELECT md5(i::text)::uuid, 1 + i % 20, (1 + i % 20) * (20 + i % 31) / 10, round((20 + i % 31) / 10.0, 1), 1 + i % 20
    FROM generate_series(1, ${PROVIDERS}) AS i WHERE i % 5 < 2`);
  await t.db.execute(sql`ANALYZE provider_ratings`);
  await writeCards(t.db);
  await t.db.execute(sql`ANALYZE users`);
  await t.db.execute(sql`ANALYZE provider_profiles`);
  await t.db.execute(sql`ANALYZE provider_search`);
}, 120_000);
afterAll(() => t?.close());

const plansOf = (run: (ctx: AppContext) => Promise<unknown>) => plansOfTest(t, run);

const searchPlans = (body: SearchBody) =>
  plansOf((ctx) => searchProviders(ctx, SearchBodySchema.parse(body), freshCaches()));

const freshCaches = () => ({ words: new WordCache(), stems: new StemStats() });

/** Caches as before the first ANALYZE: nothing is known, so a search without a place reads the indexes. */
const indexOnly = {
  words: new WordCache(),
  stems: {
    get: async () => ({ shares: new Map<string, number>(), facets: new Map<string, number>(), rows: 0 }),
  },
};

const SEQ_SCAN =
  /Seq Scan on (users|provider_profiles|provider_search|provider_search_services|provider_cards|provider_ratings)\b/;

function expectIndexedOnly(plans: string[]) {
  expect(plans.length).toBeGreaterThan(0);
  for (const plan of plans) expect(plan, plan).not.toMatch(SEQ_SCAN);
}

describe('no search path reads a provider table from end to end', () => {
  it.each<[string, SearchBody]>([
    ['a common word', { query: 'balayage' }],
    ['a category word', { query: 'hair' }],
    ['filters alone', { priceRange: [50, 150] }],
    ['hours alone', { availabilityType: 'days_pattern', availability: 'weekends' }],
    ['experience alone', { experience: ['Wheelchair Accessible'] }],
    ['4.5 stars and up alone', { minRating: 4.5 }],
    ['text and hours', { query: 'balayage', availabilityType: 'time_pattern', availability: 'evenings' }],
    ['filters alone, highest rated first', { experience: ['Free Wi-Fi'], sort: 'rating' }],
    ['a service in a price range', { query: 'balayage', priceRange: [50, 150] }],
    [
      'a service in a price range near a zip',
      { query: 'manicure', locationZip: '78701', priceRange: [15, 60] },
    ],
    [
      'a service in a price range, cheapest first',
      { query: 'balayage', priceRange: [15, 100], sort: 'price' },
    ],
    ['text and a zip, nearest first', { query: 'balayage', locationZip: '78701', sort: 'distance' }],
    ['two common words', { query: 'deep tissue' }],
    ['a rare word', { query: 'n2999' }],
    ['a name', { query: 'maya' }],
    ['a typo', { query: 'balayge' }],
    ['a zip', { locationZip: '78701' }],
    ['a zip in a sparse area', { locationZip: '50309' }],
    ['text and a zip', { query: 'nails', locationZip: '11211' }],
    ['a rare word and a zip', { query: 'n17', locationZip: '78701' }],
    [
      'a zip with every filter',
      {
        locationZip: '60614',
        priceRange: [50, 150],
        experience: ['Free Wi-Fi'],
        availabilityType: 'time_pattern',
        availability: 'evenings',
      },
    ],
    [
      'text with every filter',
      {
        query: 'manicure',
        priceRange: [15, 60],
        experience: ['Wheelchair Accessible', 'Free Wi-Fi'],
        availabilityType: 'days_pattern',
        availability: 'weekends',
      },
    ],
    ['a common word, 4 stars and up', { query: 'hair', minRating: 4 }],
    ['a rare word, highest rated first', { query: 'n2999', sort: 'rating' }],
    [
      'a zip, 4.5 stars and up, highest rated first',
      { locationZip: '78701', minRating: 4.5, sort: 'rating' },
    ],
    ['text and a zip, highest rated first', { query: 'nails', locationZip: '11211', sort: 'rating' }],
    ['a later page', { query: 'hair', cursor: Buffer.from(JSON.stringify({ o: 48 })).toString('base64url') }],
  ])('%s', async (_label, body) => {
    expectIndexedOnly(await searchPlans(body));
  });

  it('the provider list, first and later pages', async () => {
    expectIndexedOnly(await plansOf((ctx) => listProviders(ctx, { limit: 24 })));
    const first = await listProviders(t.app.ctx, { limit: 24 });
    expect(first.nextCursor).toEqual(expect.any(String));
    expectIndexedOnly(await plansOf((ctx) => listProviders(ctx, { limit: 24, cursor: first.nextCursor! })));
  });

  it('walking common words finds what the full-text index finds', async () => {
    // Without a zip: the generated points are not jittered, so 'nearest' has ties a limit may cut anywhere.
    // Price ranges and category words walk too.
    for (const asked of [
      { query: 'balayage' },
      { query: 'deep tissue' },
      { query: 'gel manicure' },
      { query: 'balayage', priceRange: [50, 150] },
      { query: 'hair stylist' },
      { query: 'nails', priceRange: [20, 60] },
      // A walk its filters leave short: of every posting (balayage), or of the first walkRows of a
      // word in every document, which the index then answers.
      { query: 'balayage', priceRange: [20, 22] },
      { query: 'license', priceRange: [20, 22] },
      { query: 'maya deep tissue' },
    ]) {
      const query = JSON.stringify(asked);
      const body = SearchBodySchema.parse({ ...asked, limit: 50 });
      const [walked, indexed] = [
        await searchProviders(t.app.ctx, body, freshCaches()),
        await searchProviders(t.app.ctx, body, indexOnly as never),
      ];
      expect(walked.reply.total, query).toBe(indexed.reply.total);
      expect(
        walked.reply.results.map((r) => r.id),
        query,
      ).toEqual(indexed.reply.results.map((r) => r.id));
    }
    // The walk is what the plans show for a common word (the postings of the rarest word, in the
    // static order: nothing sorted before the limit), and the index for a rare one.
    const [common] = (await searchPlans({ query: 'balayage' })).slice(-1);
    expect(common).toMatch(/Index (Only )?Scan using provider_search_postings_walk_idx/);
    expect(common).not.toMatch(/Sort Key: (t|w|d|doc)\.quality/);
    // With a price range the walk skips, in the postings' index, the providers priced outside the
    // range's bands, instead of reading their documents.
    const priced = (await searchPlans({ query: 'balayage', priceRange: [50, 150] })).find((plan) =>
      plan.includes('CTE cand'),
    );
    expect(priced).toMatch(
      /provider_search_postings_walk_idx[^\n]*\n(\s+Index Cond:[^\n]*\n)?\s+Filter: [^\n]*price_mask &/,
    );
    const [category] = (await searchPlans({ query: 'hair' })).slice(-1);
    expect(category).toMatch(/Index Scan using provider_search_quality_idx/);
    const [rare] = (await searchPlans({ query: 'n2999' })).slice(-1);
    expect(rare).toMatch(/Bitmap Index Scan on provider_search_document_idx/);
  });

  it('without a place, filters are walked when common and read from their indexes otherwise, with the same answer', async () => {
    // Before any ANALYZE (rows 0) nothing is known: the indexes. Analysed, every filter here is
    // common enough to walk.
    for (const asked of [
      { availabilityType: 'days_pattern', availability: 'weekends' },
      { experience: ['Wheelchair Accessible'] },
      { experience: ['Free Wi-Fi'], sort: 'rating' },
      { minRating: 4.5 },
      { query: 'balayage', availabilityType: 'time_pattern', availability: 'evenings' },
      { query: 'deep tissue', experience: ['Multilingual'], minRating: 3 },
      { query: 'n2999', availabilityType: 'days_pattern', availability: 'weekdays' },
    ] satisfies SearchBody[]) {
      const label = JSON.stringify(asked);
      const body = SearchBodySchema.parse({ ...asked, limit: 50 });
      const indexPlans = await plansOf((ctx) => searchProviders(ctx, body, indexOnly as never));
      expectIndexedOnly(indexPlans);
      const [indexed, walked] = [
        await searchProviders(t.app.ctx, body, indexOnly as never),
        await searchProviders(t.app.ctx, body, freshCaches()),
      ];
      expect(walked.reply.total, label).toBe(indexed.reply.total);
      expect(
        walked.reply.results.map((r) => r.id),
        label,
      ).toEqual(indexed.reply.results.map((r) => r.id));
    }
    // Analysed: the weekend hours walk the static order; the same with no statistics reads the hours' index.
    const weekends = { availabilityType: 'days_pattern', availability: 'weekends' } satisfies SearchBody;
    const [walk] = (await searchPlans(weekends)).slice(-1);
    expect(walk).toMatch(/Index Scan using provider_search_quality_idx/);
    const [index] = (
      await plansOf((ctx) => searchProviders(ctx, SearchBodySchema.parse(weekends), indexOnly as never))
    ).slice(-1);
    expect(index).toMatch(/Bitmap Index Scan on provider_search_hours_idx/);
  });

  it('a common word near a zip is tested in the nearest-first index, not in each nearer document', async () => {
    const [page] = (await searchPlans({ query: 'balayage', locationZip: '78701' })).slice(-1);
    // The scan's index condition holds the words beside the box (the index holds the document). The
    // statement is planned once for any words (findSearchPage): they are a value of the run, their
    // tsquery computed once (an InitPlan's value), not again for each row that tests or ranks them.
    expect(page).toMatch(
      /Index Scan using provider_search_earth_idx on provider_search d[^\n]*\n\s+Index Cond: \([^\n]*document @@ (\$\d+|\(InitPlan \d+\)\.col1)\)/,
    );
    expect(page).not.toMatch(/to_tsquery/);
    expect(page).not.toMatch(/IS TRUE/);
    // Without a place the partial index cannot serve a test of the words alone (that scan would read
    // the whole index): a rare word still comes from the full-text index (above).
    const [rare] = (await searchPlans({ query: 'n2999' })).slice(-1);
    expect(rare).not.toMatch(/provider_search_earth_idx/);
  });

  it('filters near a place are tested as facets in the nearest-first index, planned once', async () => {
    for (const body of [
      {
        locationZip: '60614',
        priceRange: [50, 150],
        experience: ['Free Wi-Fi'],
        availabilityType: 'time_pattern',
        availability: 'evenings',
      },
      { query: 'nails', locationZip: '11211', experience: ['Wheelchair Accessible'] },
      { query: 'hair', locationZip: '78701', priceRange: [15, 60] },
    ] satisfies SearchBody[]) {
      const [page] = (await searchPlans(body)).slice(-1);
      // The facets' tsquery is computed once (an InitPlan's value) and tested in the index scan's
      // condition beside the box; the exact price test is hidden from the price index.
      expect(page, JSON.stringify(body)).toMatch(
        /Index Scan using provider_search_earth_idx on provider_search d[^\n]*\n\s+Index Cond: \([^\n]*facets @@ (\$\d+|\(InitPlan \d+\)\.col1)\)/,
      );
      expect(page, JSON.stringify(body)).not.toMatch(
        /provider_search_(prices|hours|amenities|categories)_idx/,
      );
    }
  });

  it('near a place, the facets find what the filters themselves find', async () => {
    // Chicago's point (60614 in the generated data): about 2,000 providers within 25 miles.
    const chicago = { latitude: 41.922, longitude: -87.6531 };
    const plan = (filters: Partial<SearchPlan>) => searchPlan({ center: chicago, limit: 250, ...filters });
    for (const filters of [
      { price: { min: 50, max: 60 }, amenities: ['Free Wi-Fi'] },
      { price: { min: 290, max: null } },
      { categories: ['barber'], hours: [9, 10, 33], price: { min: 100, max: 130 } },
      { categories: ['nails', 'hair'], amenities: ['Parking available'], minRating: 4 },
      { amenities: ['Parking Available', 'free wifi'], hours: [24 * 5 + 16], price: { min: 200, max: 300 } },
      // An amenity that folds to nothing asks nothing, as search_canonical_amenities drops it.
      { amenities: ['!!!'], price: { min: 60, max: 70 } },
      { tsquery: 'fade', serviceTsquery: 'fade', price: { min: 15, max: 60 }, hours: [9, 57] },
    ] satisfies Partial<SearchPlan>[]) {
      const label = JSON.stringify(filters);
      const found = (await findSearchPage(t.db, plan(filters))).map((r) => r.id).sort();
      const { price, hours, amenities, categories, minRating, tsquery } = plan(filters);
      const exact = rowsOf<{ id: string }>(
        await t.db.execute(sql`
          SELECT d.provider_id AS id FROM provider_search d
          WHERE d.earth_point IS NOT NULL
            AND earth_distance(d.earth_point, ll_to_earth(${chicago.latitude}, ${chicago.longitude})) <= 40233
            AND (${tsquery}::text IS NULL OR d.document @@ to_tsquery('english', ${tsquery}))
            AND (${price?.min ?? null}::numeric IS NULL
              OR d.prices && numrange(${price?.min ?? null}::numeric, ${price?.max ?? null}::numeric, '[]'))
            AND (${hours && pgArray(hours)}::int[] IS NULL OR d.hours && ${hours && pgArray(hours)}::int[])
            AND (${amenities && pgArray(amenities)}::text[] IS NULL
              OR d.amenities @> search_canonical_amenities(${amenities && pgArray(amenities)}::text[]))
            AND (${categories && pgArray(categories)}::text[] IS NULL OR d.categories && ${categories && pgArray(categories)}::text[])
            AND (${minRating}::numeric IS NULL OR EXISTS (
              SELECT 1 FROM provider_ratings r WHERE r.provider_id = d.provider_id AND r.rating >= ${minRating}::numeric))
          ORDER BY 1`),
      ).map((r) => r.id);
      expect(exact.length, label).toBeGreaterThan(0);
      expect(exact.length, label).toBeLessThanOrEqual(250);
      expect(found, label).toEqual(exact);
    }
  });

  it('the price bands of a range are the ones search_price_mask gives it', async () => {
    const ranges: { min: number; max: number | null }[] = [];
    for (let min = 0; min <= 1100; min += 5) {
      ranges.push({ min, max: null });
      for (const width of [0, 5, 40, 300]) ranges.push({ min, max: min + width });
    }
    ranges.push({ min: 14.99, max: 15 }, { min: 999.5, max: 999.99 });
    const masks = rowsOf<{ mask: number }>(
      await t.db.execute(sql`
        SELECT search_price_mask(nummultirange(numrange(r.min, r.max, '[]'))) AS mask
        FROM unnest(${pgArray(ranges.map((r) => r.min))}::numeric[], ${pgArray(ranges.map((r) => r.max))}::numeric[])
          WITH ORDINALITY AS r(min, max, n)
        ORDER BY r.n`),
    ).map((r) => Number(r.mask));
    expect(masks).toEqual(ranges.map((r) => priceBandsOf(r).reduce((mask, band) => mask | (1 << band), 0)));
  });

  it("a named service's price is checked in the search row: the services are read for the page only", async () => {
    for (const body of [
      { query: 'balayage', priceRange: [50, 150] },
      { query: 'manicure', locationZip: '78701', priceRange: [15, 60] },
      { query: 'n2999 balayage', priceRange: [50, 150] },
    ] satisfies SearchBody[]) {
      // The search pages (a walk its filters leave short is followed by the index search).
      const pages = (await searchPlans(body)).filter((plan) => plan.includes('CTE cand'));
      expect(pages.length, JSON.stringify(body)).toBeGreaterThan(0);
      for (const plan of pages) {
        // The CTE that chooses the candidates (its lines are indented below its name) reads no services.
        const lines = plan.split('\n');
        const start = lines.indexOf('  CTE cand');
        expect(start, plan).toBeGreaterThan(0);
        const end = lines.findIndex((line, i) => i > start && !line.startsWith('   '));
        const candidates = lines.slice(start, end).join('\n');
        expect(candidates, JSON.stringify(body)).toMatch(/provider_search(_postings)?\b/);
        expect(candidates, JSON.stringify(body)).not.toMatch(/provider_search_services/);
        // The page's cards still name the service in range (one read per card).
        expect(plan, JSON.stringify(body)).toMatch(/provider_search_services/);
      }
    }
  });

  it('the generated data answers like the real thing', async () => {
    const hair = await searchProviders(t.app.ctx, SearchBodySchema.parse({ query: 'hair' }), freshCaches());
    expect(hair.reply).toMatchObject({ total: 250, totalCapped: true });
    const near = await searchProviders(
      t.app.ctx,
      SearchBodySchema.parse({ locationZip: '78701' }),
      freshCaches(),
    );
    expect(near.reply.results[0]!.distance_miles).toBeLessThan(2);
  });
});
