import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS, type Weekday } from '#domain/availability.ts';
import { roundCoordinate } from '#domain/map-position-options.ts';
import { SERVICE_CATEGORIES } from '#domain/options.ts';
import type { ProviderCard, SearchBody } from '#domain/search.ts';
import { users } from '#server/db/schema/index.ts';
import { lookupZip } from '#server/lib/zip-lookup.ts';
import {
  buildTestApp,
  type LooseJson,
  type TestApp,
  type TestResponse,
} from '#server/test/build-test-app.ts';
import {
  byKey,
  FIXTURE,
  type FixtureProvider,
  insertFixture,
  milesBetween,
  offers,
} from '#server/test/search-fixture.ts';
import { CATEGORY_WORDS } from './query-understanding';

let t: TestApp;
let ids: Map<string, string>;
let keyOf: Map<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await insertFixture(t);
  keyOf = new Map([...ids].map(([key, id]) => [id, key]));
  // A client whose name would match: only providers are ever listed.
  await t.db.insert(users).values({
    email: 'client@fixture.test',
    passwordHash: 'no-login',
    name: 'Balayage Client',
    routingSlug: 'balayage-client',
    emailVerifiedAt: new Date(),
  });
  // Statistics make common words take the walking plan (search.service.ts, WALK_MIN_SHARE): the
  // answers below must not depend on which plan ran.
  await t.db.execute(sql`ANALYZE provider_search`);
});
afterAll(() => t?.close());

async function search(body: SearchBody, expectStatus = 200): Promise<LooseJson> {
  const res = await t.post('/api/search', body);
  expect(res.status, res.text).toBe(expectStatus);
  return res.body;
}

/** The fixture keys of the results, in order. */
async function keys(body: SearchBody): Promise<string[]> {
  const reply = await search({ limit: 50, ...body });
  return reply.results.map((r: ProviderCard) => keyOf.get(r.id) ?? r.name);
}
const sorted = (list: string[]) => [...list].sort();

/** Listed: verified, with a zip (every fixture provider has a priced service); ADR 013. */
const active = FIXTURE.filter((p) => p.verified !== false && p.zip !== null);
const keysWhere = (pred: (p: FixtureProvider) => boolean) =>
  active
    .filter(pred)
    .map((p) => p.key)
    .sort();
const inCategory = (category: string) => keysWhere((p) => p.categories.includes(category));
/** Everyone within 100 miles of downtown Austin: the base set for the filter tests. */
const AUSTIN = { locationZip: '78701', radiusMiles: 100 } as const;
const inAustin = (p: FixtureProvider) => p.zip !== null && milesBetween('78701', p.zip) <= 100;

describe('POST /api/search: text', () => {
  it('finds only providers whose own data names the word, a name match first, and only active ones', async () => {
    // Bea has it in her name, Maya in her specialties; the other hair providers never mention it
    // (the category's service list, docs/product.md §9, no longer stands in for what a provider offers).
    expect(await keys({ query: 'balayage' })).toEqual(['bea', 'maya']);
    expect(inCategory('hair').length).toBeGreaterThan(2);
  });

  it('answers with the card fields', async () => {
    const reply = await search({ query: 'Maya Lopez' });
    expect(reply.results[0]).toEqual({
      id: ids.get('maya'),
      routing_slug: expect.stringMatching(/^maya-/),
      name: 'Maya Lopez',
      avatar_url: null,
      location: 'Austin, TX 78701',
      specialties: ['Balayage', 'Curly Cuts'],
      categories: ['hair'],
      startingPrice: 85,
      matched_service: null,
      portfolio_images: [],
      portfolio_count: 0,
      amenities: ['LGBTQ+ Friendly', 'Wheelchair Accessible'],
      distance_miles: null,
      position: {
        latitude: roundCoordinate(lookupZip('78701')!.latitude),
        longitude: roundCoordinate(lookupZip('78701')!.longitude),
      },
      rating: null,
      review_count: 0,
      active: true,
    });
    expect(reply).toMatchObject({ success: true, total: 1, totalCapped: false, nextCursor: null });
    expect(reply.searched).toEqual({
      query: 'Maya Lopez',
      locationZip: null,
      radiusMiles: 25,
      bbox: null,
      corrections: [],
    });
  });

  it('matches word forms both ways', async () => {
    expect(sorted(await keys({ query: 'braid' }))).toEqual(['brooklyn', 'sofia']);
    expect(sorted(await keys({ query: 'braids' }))).toEqual(['brooklyn', 'sofia']);
    const color = await keys({ query: 'color' });
    expect(sorted(color)).toEqual(['colorbar', 'maya']);
    expect(color[0]).toBe('colorbar'); // in the name
    expect(await keys({ query: 'coloring' })).toEqual(color);
  });

  it('forgives a typo and says what it searched instead', async () => {
    const reply = await search({ query: 'balayge', limit: 50 });
    expect(reply.searched.corrections).toEqual([
      { word: 'balayge', suggestions: expect.arrayContaining(['balayage']) },
    ]);
    expect(reply.results.map((r: ProviderCard) => keyOf.get(r.id))).toEqual(
      await keys({ query: 'balayage' }),
    );
    // 'manicure' is in Glow's 'Gel manicure' (and Mobile Manicures' name, but it has no zip: not
    // listed); Priya does acrylics only.
    expect(sorted(await keys({ query: 'manicur' }))).toEqual(['glow']);
  });

  it('all words must match; stop words are ignored', async () => {
    expect(await keys({ query: 'maya curly' })).toEqual(['maya']);
    expect(await keys({ query: 'maya braids' })).toEqual([]);
    expect(await keys({ query: 'the maya and' })).toEqual(['maya']);
    const onlyStopWords = await search({ query: 'the and of' });
    expect(onlyStopWords).toMatchObject({ results: [], total: 0, nextCursor: null });
  });

  it.each([
    ['nails', 'nails'],
    ['nail tech', 'nails'],
    ['barber', 'barber'],
    ['esthetician', 'esthetician'],
    ['massage', 'massage'],
    ['hair', 'hair'],
    ['hair stylist', 'hair'],
    ['facial', 'esthetician'],
    ['skin care', 'esthetician'],
    ['massage therapist', 'massage'],
    ['masage', 'massage'],
  ])('the category word %j finds the %s providers', async (query, category) => {
    expect(sorted(await keys({ query }))).toEqual(inCategory(category));
  });

  it('a listed service name finds only providers who name it themselves, never a whole category', async () => {
    for (const category of SERVICE_CATEGORIES) {
      for (const service of category.services) {
        // 'Facial' is also a category word: it finds the esthetician category (tested above).
        if (service.toLowerCase() in CATEGORY_WORDS) continue;
        const found = await keys({ query: service });
        const words = service
          .toLowerCase()
          .split(/[^a-z]+/)
          .filter((w) => w.length > 2 && w !== 'kids');
        for (const key of found) {
          const p = byKey(key);
          const own = [
            p.name,
            p.bio,
            ...p.specialties,
            ...p.pricing.flatMap((e) => [e.service, e.description]),
          ]
            .join(' ')
            .toLowerCase();
          expect(
            words.some((w) => own.includes(w.replace(/s$/, ''))),
            `${service}: ${key}`,
          ).toBe(true);
        }
      }
    }
  });

  it('matches bios, locations, products of the text and service names', async () => {
    expect(await keys({ query: 'athletes runners' })).toEqual(['relief']);
    expect(sorted(await keys({ query: 'Buda' }))).toEqual(['clear']);
    expect(await keys({ query: 'extensions' })).toContain('luxe');
    expect(await keys({ query: 'beard shape-up' })).toEqual(['fade']);
  });
});

describe('POST /api/search: zip', () => {
  it('lists providers within 25 miles of the zip, nearest first, with their distance', async () => {
    const reply = await search({ locationZip: '78701', limit: 50 });
    const expected = keysWhere((p) => p.zip !== null && milesBetween('78701', p.zip) <= 25);
    const found = reply.results.map((r: ProviderCard) => keyOf.get(r.id));
    expect(sorted(found)).toEqual(expected);
    expect(found).not.toContain('georgetown'); // 25.38 miles
    const miles = reply.results.map((r: ProviderCard) => r.distance_miles);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    for (const r of reply.results as ProviderCard[]) {
      const p = byKey(keyOf.get(r.id)!);
      expect(r.distance_miles).toBeCloseTo(milesBetween('78701', p.zip!), 1);
    }
    expect(reply.searched).toMatchObject({ query: '', locationZip: '78701', radiusMiles: 25 });
  });

  it('includes a provider just inside the radius and leaves out one just outside', async () => {
    const edge = milesBetween('78701', '78626');
    expect(edge).toBeGreaterThan(25);
    expect(await keys({ locationZip: '78701', radiusMiles: edge + 0.005 })).toContain('georgetown');
    expect(await keys({ locationZip: '78701', radiusMiles: edge - 0.005 })).not.toContain('georgetown');
  });

  it('takes a zip out of the query text', async () => {
    const reply = await search({ query: 'hair 78702', limit: 50 });
    expect(reply.searched).toMatchObject({ query: 'hair', locationZip: '78702' });
    const found = reply.results.map((r: ProviderCard) => keyOf.get(r.id));
    expect(sorted(found)).toEqual(
      keysWhere((p) => p.categories.includes('hair') && p.zip !== null && milesBetween('78702', p.zip) <= 25),
    );
    expect(reply.results.every((r: ProviderCard) => typeof r.distance_miles === 'number')).toBe(true);
  });

  it('a zip in the box wins over one in the text, which is still taken out', async () => {
    const reply = await search({ query: 'braids 11211', locationZip: '78701' });
    expect(reply.searched).toMatchObject({ query: 'braids', locationZip: '78701' });
    expect(reply.results.map((r: ProviderCard) => keyOf.get(r.id))).toEqual(['sofia']);
  });

  it('with text and a zip, relevance comes first and nearness breaks near-ties', async () => {
    const found = await keys({ query: 'balayage', locationZip: '78701' });
    expect(found.slice(0, 2)).toEqual(['bea', 'maya']);
    expect(found).not.toContain('brooklyn');
    expect(found).not.toContain('georgetown');
  });

  it('a provider without a zip is not listed: found neither by text nor by zip', async () => {
    expect(await keys({ query: 'mobile manicures' })).toEqual([]);
    expect(await keys({ ...AUSTIN, query: 'mobile manicures' })).toEqual([]);
    const [row] = await t.db
      .select({ listed: users.listed })
      .from(users)
      .where(eq(users.id, ids.get('nozip')!));
    expect(row?.listed).toBe(false);
  });
});

describe('POST /api/search: price range', () => {
  const priced = async (priceRange: [number, number]) => sorted(await keys({ ...AUSTIN, priceRange }));

  it('filters nothing at the default 15 to 500+ (contact-only providers included)', async () => {
    expect(await priced([15, 500])).toEqual(keysWhere(inAustin));
    expect(await priced([15, 500])).toContain('contact');
  });

  it('includes a service priced exactly at either end', async () => {
    expect(await priced([15, 20])).toEqual(['fade']);
    expect(await priced([25, 35])).toEqual(['tuesday']);
    expect(await priced([15, 499])).not.toContain('contact');
  });

  it('500 means no upper bound', async () => {
    expect(await priced([500, 500])).toEqual(['luxe']);
    expect(await priced([400, 495])).toEqual([]);
  });

  it('a range overlapping one service of a provider is enough', async () => {
    // Maya: $85 and $180 - $320.
    expect(await priced([300, 305])).toEqual(['maya']);
    expect(await priced([221, 249])).toEqual(['maya']);
    // Sofia: $220 and 'Starting at $250', whose known price is 250 (not every price above it).
    expect(await priced([250, 250])).toEqual(['maya', 'sofia']);
    expect(await priced([330, 400])).toEqual([]);
  });
});

describe('POST /api/search: availability', () => {
  const base = keysWhere(inAustin);
  const weekdayOf = (date: Date): Weekday => WEEKDAYS[(date.getDay() + 6) % 7]!;
  const offering = (days: readonly Weekday[], hours?: readonly number[]) =>
    keysWhere((p) => inAustin(p) && offers(p, days, hours));

  it('flexible filters nothing', async () => {
    expect(sorted(await keys({ ...AUSTIN, availabilityType: 'flexible' }))).toEqual(base);
  });

  it('today and tomorrow follow the server clock', async () => {
    const now = new Date();
    const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    const today = await keys({ ...AUSTIN, availabilityType: 'specific_date', requestedDate: 'today' });
    expect(sorted(today)).toEqual(offering([weekdayOf(now)]));
    const next = await keys({ ...AUSTIN, availabilityType: 'specific_date', requestedDate: 'tomorrow' });
    expect(sorted(next)).toEqual(offering([weekdayOf(tomorrow)]));
    expect(today).not.toEqual(next);
  });

  it('a calendar date uses its weekday', async () => {
    // 2030-01-05 is a Saturday.
    const found = await keys({ ...AUSTIN, availabilityType: 'specific_date', requestedDate: '2030-01-05' });
    expect(sorted(found)).toEqual(offering(['saturday']));
    expect(found).toContain('sofia');
    expect(found).not.toContain('maya');
  });

  it('weekdays and weekends', async () => {
    const weekends = await keys({ ...AUSTIN, availabilityType: 'days_pattern', availability: 'weekends' });
    expect(sorted(weekends)).toEqual(offering(['saturday', 'sunday']));
    const weekdays = await keys({
      ...AUSTIN,
      availabilityType: 'days_pattern',
      requestedDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
    });
    expect(sorted(weekdays)).toEqual(offering(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']));
    expect(weekdays).not.toContain('contact'); // Sundays only
  });

  it('evenings are the 17:00, 18:00 and 19:00 slots on any day', async () => {
    const found = await keys({ ...AUSTIN, availabilityType: 'time_pattern', availability: 'evenings' });
    expect(sorted(found)).toEqual(offering(WEEKDAYS, [17, 18, 19]));
    expect(found).toContain('glow');
    expect(found).not.toContain('maya'); // her last slot starts at 16:00
    const sameByTimes = await keys({
      ...AUSTIN,
      availabilityType: 'time_pattern',
      requestedTimes: ['17:00', '18:00', '19:00'],
    });
    expect(sorted(sameByTimes)).toEqual(sorted(found));
  });

  it('custom days × times', async () => {
    const found = await keys({
      ...AUSTIN,
      availabilityType: 'custom_pattern',
      requestedDays: ['monday'],
      requestedTimes: ['09:00'],
    });
    expect(sorted(found)).toEqual(offering(['monday'], [9]));
    expect(sorted(found)).toEqual(['fade', 'maya', 'priya', 'relief']);
    const daysOnly = await keys({
      ...AUSTIN,
      availabilityType: 'custom_pattern',
      requestedDays: ['wednesday'],
    });
    expect(sorted(daysOnly)).toEqual(offering(['wednesday']));
  });
});

describe('POST /api/search: experience', () => {
  const withExperience = async (experience: string[]) => sorted(await keys({ ...AUSTIN, experience }));

  it('treats synonyms as one option', async () => {
    expect(await withExperience(['LGBTQIA+ Friendly'])).toEqual(['maya', 'sofia']);
    expect(await withExperience(['LGBTQ+ Friendly'])).toEqual(['maya', 'sofia']);
    expect(await withExperience(['Silent Service Option'])).toEqual(['colorbar', 'glow']);
    expect(await withExperience(['Snacks & Beverages'])).toEqual(['glow', 'priya']);
    expect(await withExperience(['lgbtqia+ friendly'])).toEqual(['maya', 'sofia']);
  });

  it('needs every chosen option', async () => {
    expect(await withExperience(['LGBTQIA+ Friendly', 'Wheelchair Accessible'])).toEqual(['maya']);
    expect(await withExperience(['LGBTQIA+ Friendly', 'Kid-Friendly', 'Wheelchair Accessible'])).toEqual([]);
  });

  it('never returns an inactive provider, even one matching every filter', async () => {
    const filters = { experience: ['LGBTQIA+ Friendly', 'Wheelchair Accessible', 'Free Wi-Fi'] };
    expect(await keys({ ...AUSTIN, ...filters })).toEqual([]);
    expect(await keys({ query: 'hidden', ...filters })).toEqual([]);
  });

  it('combines with text, zip, price and availability', async () => {
    const found = await keys({
      query: 'hair',
      locationZip: '78701',
      priceRange: [60, 400],
      experience: ['Wheelchair Accessible'],
      availabilityType: 'days_pattern',
      availability: 'weekdays',
    });
    expect(found).toEqual(['maya']);
  });
});

describe('pagination', () => {
  it('pages a search with nextCursor, without repeats or gaps', async () => {
    const all = await keys({ query: 'hair' });
    expect(all.length).toBeGreaterThan(5);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const reply = await search({ query: 'hair', limit: 3, ...(cursor ? { cursor } : {}) });
      expect(reply.total).toBe(all.length);
      seen.push(...reply.results.map((r: ProviderCard) => keyOf.get(r.id)!));
      cursor = reply.nextCursor ?? undefined;
      expect(reply.results.length).toBe(cursor ? 3 : all.length % 3 || 3);
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('pages a zip search the same way', async () => {
    const all = await keys({ ...AUSTIN });
    const first = await search({ ...AUSTIN, limit: 4 });
    const second = await search({ ...AUSTIN, limit: 4, cursor: first.nextCursor });
    expect([...first.results, ...second.results].map((r: ProviderCard) => keyOf.get(r.id))).toEqual(
      all.slice(0, 8),
    );
  });

  it('lists active providers newest first, page by page', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: TestResponse = await t.get(
        `/api/providers?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.total).toBe(active.length);
      seen.push(...res.body.providers.map((p: ProviderCard) => keyOf.get(p.id)!));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    // The fixture joined a minute apart in list order.
    expect(seen).toEqual(active.map((p) => p.key).reverse());
  });

  it('lists 24 by default, with the card fields', async () => {
    const res = await t.get('/api/providers');
    expect(res.status).toBe(200);
    expect(res.body.providers).toHaveLength(active.length);
    const maya = res.body.providers.find((p: ProviderCard) => p.id === ids.get('maya'));
    expect(maya).toMatchObject({ name: 'Maya Lopez', startingPrice: 85, distance_miles: null, rating: null });
    expect(res.body.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not make', async () => {
    const res = await t.get('/api/providers?cursor=not-a-cursor');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This page of results is no longer available. Please search again.');
    const bad = await search({ query: 'hair', cursor: 'bm9wZQ' }, 400);
    expect(bad.issues).toEqual([{ path: 'cursor', message: bad.message }]);
  });

  it('refuses a cursor dated on a day that does not exist (was a 500 from the SQL cast)', async () => {
    const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const id = ids.get('maya')!;
    for (const createdAt of ['2025-02-30T10:00:00.000000Z', '2025-13-01T00:00:00.000000Z']) {
      const res = await t.get(`/api/providers?cursor=${cursorOf({ c: createdAt, i: id })}`);
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({
        error: 'VALIDATION_ERROR',
        message: 'This page of results is no longer available. Please search again.',
        issues: [
          { path: 'cursor', message: 'This page of results is no longer available. Please search again.' },
        ],
      });
    }
  });
});
