import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SearchBody, SearchBodySchema } from '#domain/search.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { plansOf, writeCards } from '#server/test/explain-plans.ts';
import { WordCache } from './query-understanding';
import { StemStats, searchProviders } from './search.service';

/**
 * 'Search this area' on a table big enough for the planner to care (20,000 providers spread over
 * six cities, up to half a degree from each centre): a bbox search finds its candidates through
 * provider_search's GiST index (provider_search_earth_idx, the box around the area's circumcircle)
 * and reads no provider table from end to end, whatever the words, filters and sort.
 */

const PROVIDERS = 20_000;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.execute(sql`ALTER TABLE users DISABLE TRIGGER USER`);
  await t.db.execute(sql`ALTER TABLE provider_profiles DISABLE TRIGGER USER`);
  await t.db.execute(sql`
    INSERT INTO users (id, email, password_hash, name, user_type, routing_slug, email_verified_at, created_at, listed)
    SELECT md5(i::text)::uuid, 'p' || i || '@area.test', 'x', 'Provider ' || i, 'provider', 'area-' || i,
      now(), now() - i * INTERVAL '1 minute', true
    FROM generate_series(1, ${PROVIDERS}) AS i`);
  await t.db.execute(sql`
    INSERT INTO provider_profiles (user_id, location, created_at)
    SELECT md5(i::text)::uuid, 'Somewhere', now() - i * INTERVAL '1 minute'
    FROM generate_series(1, ${PROVIDERS}) AS i`);
  await t.db.execute(sql`ALTER TABLE users ENABLE TRIGGER USER`);
  await t.db.execute(sql`ALTER TABLE provider_profiles ENABLE TRIGGER USER`);
  await t.db.execute(sql`
    INSERT INTO provider_search
      (provider_id, created_at, document, quality, earth_point, prices, starting_price, hours, amenities, categories)
    SELECT md5(i::text)::uuid, now() - i * INTERVAL '1 minute',
      format('%s:1A %s:2B %s:3B', 'n' || (i % 3000), c.cat, c.service)::tsvector,
      (i * 37) % 100,
      ll_to_earth(z.lat + ((i * 7919) % 1000 - 500) / 1000.0, z.lon + ((i * 104729) % 1000 - 500) / 1000.0),
      nummultirange(numrange(20 + i % 300, 20 + i % 300, '[]')),
      20 + i % 300, ARRAY[(i % 7) * 24 + 10], ARRAY['freewifi'],
      ARRAY[(ARRAY['hair', 'nails', 'barber', 'massage', 'esthetician'])[1 + i % 5]]
    FROM generate_series(1, ${PROVIDERS}) AS i
    CROSS JOIN LATERAL (SELECT
      (ARRAY['hair', 'nail', 'barber', 'massag', 'esthetician'])[1 + i % 5] AS cat,
      (ARRAY['balayag', 'manicur', 'fade', 'swedish', 'facial'])[1 + i % 5] AS service) c
    CROSS JOIN LATERAL (SELECT * FROM (VALUES
      (0, 30.2672, -97.7431), (1, 40.7093, -73.9565), (2, 41.9220, -87.6531), (3, 33.7866, -84.3533),
      (4, 47.6615, -122.3473), (5, 39.7586, -104.9754)) AS zips(n, lat, lon) WHERE zips.n = i % 6) z
    ON CONFLICT (provider_id) DO NOTHING`);
  await writeCards(t.db);
  for (const table of ['users', 'provider_profiles', 'provider_search'])
    await t.db.execute(sql.raw(`ANALYZE ${table}`));
}, 180_000);
afterAll(() => t?.close());

const SEQ_SCAN =
  /Seq Scan on (users|provider_profiles|provider_search|provider_search_services|provider_cards|provider_ratings)\b/;
const DOWNTOWN = { south: 30.22, west: -97.8, north: 30.32, east: -97.68 };

const searchPlans = (body: SearchBody) =>
  plansOf(t, (ctx) =>
    searchProviders(ctx, SearchBodySchema.parse(body), { words: new WordCache(), stems: new StemStats() }),
  );

it.each<[string, SearchBody]>([
  ['a map area', { bbox: DOWNTOWN }],
  ['a map area, nearest its centre first', { bbox: DOWNTOWN, sort: 'distance' }],
  ['words in a map area', { query: 'balayage', bbox: DOWNTOWN }],
  ['a category word in a map area', { query: 'hair', bbox: DOWNTOWN }],
  ['a map area with filters, cheapest first', { bbox: DOWNTOWN, priceRange: [15, 100], sort: 'price' }],
  ['a map area, highest rated first', { bbox: DOWNTOWN, sort: 'rating' }],
  ['the largest map area allowed', { bbox: { south: 29.5, west: -98.5, north: 31, east: -97 } }],
])('%s: through the GiST index, no table read end to end', async (name, body) => {
  const plans = await searchPlans(body);
  expect(plans.length).toBeGreaterThan(0);
  const plan = plans.at(-1)!;
  if (process.env.SHOW_PLANS) console.log(name, '\n', plan);
  for (const p of plans) expect(p, p).not.toMatch(SEQ_SCAN);
  expect(plan, plan).toMatch(/provider_search_earth_idx/);
});

it('finds what the bounds say, from the generated points', async () => {
  const found = await searchProviders(t.app.ctx, SearchBodySchema.parse({ bbox: DOWNTOWN, limit: 50 }), {
    words: new WordCache(),
    stems: new StemStats(),
  });
  const [row] = (
    (await t.db.execute(sql`
      SELECT count(*)::int AS n FROM provider_search
      WHERE latitude(earth_point::earth) BETWEEN ${DOWNTOWN.south} AND ${DOWNTOWN.north}
        AND longitude(earth_point::earth) BETWEEN ${DOWNTOWN.west} AND ${DOWNTOWN.east}`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  expect(row!.n).toBeGreaterThan(0);
  expect(found.reply.total).toBe(Math.min(row!.n, 250));
});
