import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '#server/context.ts';
import { allUsZips } from '#server/lib/zip-lookup.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { plansOf as plansOfTest, writeCards } from '#server/test/explain-plans.ts';
import { cityOfSlug } from './place-index';
import { getLandingPage } from './places.service';

/**
 * A landing page's statements on tables big enough for the planner to care (20,000 providers over
 * 2,000 zips, one in seventeen in Austin's): the plans of the very statements getLandingPage sends
 * must not read users, provider_profiles, provider_search or provider_search_services from end to
 * end. Rows are generated in SQL, the search rows written directly (as search.explain.api.test.ts).
 */

const PROVIDERS = 20_000;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  const austin = cityOfSlug('austin-tx')!.zips;
  const elsewhere = allUsZips()
    .map((z) => z.zip)
    .filter((zip) => !austin.includes(zip))
    .filter((_, i) => i % 20 === 0)
    .slice(0, 2000);
  const list = (zips: string[]) => `{${zips.join(',')}}`;
  await t.db.execute(sql`ALTER TABLE users DISABLE TRIGGER USER`);
  await t.db.execute(sql`ALTER TABLE provider_profiles DISABLE TRIGGER USER`);
  await t.db.execute(sql`
    INSERT INTO users (id, email, password_hash, name, user_type, routing_slug, email_verified_at, listed, created_at)
    SELECT md5(i::text)::uuid, 'p' || i || '@explain.test', 'x', 'Provider ' || i, 'provider', 'explain-' || i,
      now(), TRUE, now() - i * INTERVAL '1 minute'
    FROM generate_series(1, ${PROVIDERS}) AS i`);
  await t.db.execute(sql`
    INSERT INTO provider_profiles (user_id, location, zip, created_at)
    SELECT md5(i::text)::uuid, 'Somewhere',
      CASE WHEN i % 17 = 0 THEN (${list(austin)}::text[])[1 + i % ${austin.length}]
        ELSE (${list(elsewhere)}::text[])[1 + i % ${elsewhere.length}] END,
      now() - i * INTERVAL '1 minute'
    FROM generate_series(1, ${PROVIDERS}) AS i`);
  await t.db.execute(sql`ALTER TABLE users ENABLE TRIGGER USER`);
  await t.db.execute(sql`ALTER TABLE provider_profiles ENABLE TRIGGER USER`);
  await t.db.execute(sql`
    INSERT INTO provider_search (provider_id, created_at, document, quality, starting_price, categories)
    SELECT md5(i::text)::uuid, now() - i * INTERVAL '1 minute', 'provid:1A'::tsvector, (i * 37) % 100,
      20 + i % 300, ARRAY[(ARRAY['hair', 'nails', 'barber', 'massage', 'esthetician'])[1 + i % 5]]
    FROM generate_series(1, ${PROVIDERS}) AS i`);
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
  // Each opening is of a service its provider sells (a service page counts only those of its service).
  await t.db.execute(sql`
    INSERT INTO openings (provider_id, service_type, start_time, end_time)
    SELECT md5(i::text)::uuid,
      CASE i % 5 WHEN 0 THEN 'Balayage' WHEN 1 THEN 'Gel Nails' WHEN 2 THEN 'Fade'
        WHEN 3 THEN 'Swedish Massage' ELSE 'Facial' END,
      now() + (i % 200) * INTERVAL '1 hour',
      now() + (i % 200) * INTERVAL '1 hour' + INTERVAL '2 hours'
    FROM generate_series(2, ${PROVIDERS}, 2) AS i`);
  await writeCards(t.db);
  for (const table of [
    'users',
    'provider_profiles',
    'provider_search',
    'provider_search_services',
    'openings',
  ]) {
    await t.db.execute(sql.raw(`ANALYZE ${table}`));
  }
}, 120_000);
afterAll(() => t?.close());

const plansOf = (run: (ctx: AppContext) => Promise<unknown>) => plansOfTest(t, run);

const SEQ_SCAN =
  /Seq Scan on (users|provider_profiles|provider_search|provider_search_services|provider_cards|openings)\b/;

function expectIndexedOnly(plans: string[]) {
  expect(plans.length).toBeGreaterThanOrEqual(5);
  for (const plan of plans) expect(plan, plan).not.toMatch(SEQ_SCAN);
}

describe('a landing page reads no provider table from end to end', () => {
  it.each([
    ['a service page', 'balayage'],
    ['a category page', 'hair-stylists'],
    ['a service in a category', 'swedish-massage'],
  ])('%s', async (_label, topic) => {
    const reply = await getLandingPage(t.app.ctx, topic, 'austin-tx');
    expect(reply.figures.providers).toBeGreaterThan(24);
    expect(reply.figures.openings).toBeGreaterThan(0);
    expectIndexedOnly(await plansOf((ctx) => getLandingPage(ctx, topic, 'austin-tx')));
    expectIndexedOnly(
      await plansOf((ctx) => getLandingPage(ctx, topic, 'austin-tx', { cursor: reply.nextCursor! })),
    );
  });
});
