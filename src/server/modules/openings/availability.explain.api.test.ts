import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OpeningsAreaQuerySchema } from '#domain/openings-area.ts';
import type { AppContext } from '#server/context.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { plansOf as plansOfTest } from '#server/test/explain-plans.ts';
import { listUpcomingOpenings } from './openings.service';

/**
 * The plans of /availability's filters on tables big enough for the planner to
 * care: 5,000 providers over 8 cities and 40,000 openings over the next 60 days. No filter may read
 * openings, users, provider_profiles or provider_search from end to end: the day and the plain
 * list walk openings_active_start_idx, words use openings_text_idx, a zip provider_search's GiST
 * index and a category its GIN index, each joined to openings by openings_provider_start_idx; the
 * reduced-price filter walks its partial index, openings_reduced_start_idx.
 */

const PROVIDERS = 5_000;
const OPENINGS = 40_000;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  // Triggers off for speed: every provider is inserted listed, as their search rows are.
  await t.db.execute(sql`ALTER TABLE users DISABLE TRIGGER USER`);
  await t.db.execute(sql`ALTER TABLE provider_profiles DISABLE TRIGGER USER`);
  await t.db.execute(sql`
    INSERT INTO users (id, email, password_hash, name, user_type, routing_slug, email_verified_at, created_at, listed)
    SELECT md5(i::text)::uuid, 'p' || i || '@explain.test', 'x', 'Provider ' || i, 'provider', 'explain-' || i,
      now(), now() - i * INTERVAL '1 minute', true
    FROM generate_series(1, ${PROVIDERS}) AS i`);
  await t.db.execute(sql`
    INSERT INTO provider_profiles (user_id, location, created_at)
    SELECT md5(i::text)::uuid, 'Somewhere', now() FROM generate_series(1, ${PROVIDERS}) AS i`);
  await t.db.execute(sql`ALTER TABLE users ENABLE TRIGGER USER`);
  await t.db.execute(sql`ALTER TABLE provider_profiles ENABLE TRIGGER USER`);
  await t.db.execute(sql`
    INSERT INTO provider_search (provider_id, created_at, document, quality, earth_point, categories)
    SELECT md5(i::text)::uuid, now(), 'x'::tsvector, 0, ll_to_earth(z.lat, z.lon),
      ARRAY[(ARRAY['hair', 'nails', 'barber', 'massage', 'esthetician'])[1 + i % 5]]
    FROM generate_series(1, ${PROVIDERS}) AS i
    CROSS JOIN LATERAL (SELECT * FROM (VALUES
      (0, 30.2672, -97.7431), (1, 40.7093, -73.9565), (2, 41.9220, -87.6531), (3, 33.7866, -84.3533),
      (4, 47.6615, -122.3473), (5, 39.7586, -104.9754), (6, 41.5868, -93.6250), (7, 34.0614, -118.2385))
      AS zips(n, lat, lon) WHERE zips.n = i % 8) z
    ON CONFLICT (provider_id) DO NOTHING`);
  await t.db.execute(sql`
    INSERT INTO openings (provider_id, service_type, note, start_time, end_time, time_zone, price, regular_price)
    SELECT md5((1 + i % ${PROVIDERS})::text)::uuid,
      (ARRAY['Silk press', 'Gel manicure', 'Fade', 'Deep tissue', 'Facial', 'Balayage', 'Blowout', 'Beard trim'])[1 + i % 8]
        || ' ' || (i % 997),
      CASE WHEN i % 50 = 0 THEN 'Last-minute cancellation' END,
      now() + (i % 1440) * INTERVAL '1 hour' + INTERVAL '1 hour',
      now() + (i % 1440) * INTERVAL '1 hour' + INTERVAL '2 hours',
      'America/Chicago',
      -- One in 40 at a reduced price.
      CASE WHEN i % 40 = 0 THEN '$90' ELSE '$120' END,
      CASE WHEN i % 40 = 0 THEN 120 END
    FROM generate_series(1, ${OPENINGS}) AS i`);
  for (const table of ['users', 'provider_profiles', 'provider_search', 'openings'])
    await t.db.execute(sql.raw(`ANALYZE ${table}`));
}, 180_000);
afterAll(() => t?.close());

const plansOf = (run: (ctx: AppContext) => Promise<unknown>) => plansOfTest(t, run);

const SEQ_SCAN = /Seq Scan on (openings|users|provider_profiles|provider_search)\b/;

const planOf = async (query: Record<string, string>) => {
  const parsed = OpeningsAreaQuerySchema.parse(query);
  const plans = await plansOf((ctx) => listUpcomingOpenings(ctx, parsed));
  expect(plans).toHaveLength(1);
  return plans[0]!;
};

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

it.each([
  ['no filter', {}, /openings_active_start_idx/],
  ['a day', { day: tomorrow() }, /openings_active_start_idx/],
  ['rare words', { q: 'cancellation' }, /openings_text_idx|openings_active_start_idx/],
  ['a zip', { zip: '78701', radius: '10' }, /provider_search_earth_idx|openings_active_start_idx/],
  ['a map area', { bbox: '30.2,-97.8,30.35,-97.65' }, /provider_search_earth_idx|openings_active_start_idx/],
  [
    'a map area and words',
    { bbox: '41.8,-87.8,42,-87.5', q: 'fade' },
    /provider_search_earth_idx|openings_text_idx|openings_active_start_idx/,
  ],
  ['a category', { category: 'barber' }, /provider_search_categories_idx|openings_active_start_idx/],
  ['reduced price', { reduced: 'true' }, /openings_reduced_start_idx/],
  [
    'everything',
    { zip: '78701', radius: '50', q: 'fade', category: 'barber', day: tomorrow() },
    /openings_text_idx|openings_active_start_idx|provider_search_earth_idx/,
  ],
])('%s reads no table end to end', async (name, query, index) => {
  const plan = await planOf(query);
  if (process.env.SHOW_PLANS) console.log(name, '\n', plan);
  expect(plan, plan).not.toMatch(SEQ_SCAN);
  expect(plan, plan).toMatch(index);
});
