import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderCard, SearchBody } from '#domain/search.ts';
import { RADIUS_OPTIONS, SEARCH_ERRORS, SEARCH_TEXTS } from '#domain/search.ts';
import { providerRatings } from '#server/db/schema/index.ts';
import { buildTestApp, type LooseJson, type TestApp } from '#server/test/build-test-app.ts';
import {
  type FixtureProvider,
  fixed,
  from,
  insertFixture,
  milesBetween,
  range,
} from '#server/test/search-fixture.ts';

/**
 * A query returns the providers whose own data names it, at the named service's own
 * price; filters work without text; the four sorts; the radius choices; the related block.
 * A catalogue where every provider's categories, services and prices are known.
 */
const MON_FRI = { days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const, from: 9, to: 17 };
const provider = (p: Partial<FixtureProvider> & Pick<FixtureProvider, 'key' | 'name'>): FixtureProvider => ({
  zip: '78701',
  categories: ['hair'],
  specialties: [],
  pricing: [],
  hours: [{ ...MON_FRI, days: [...MON_FRI.days] }],
  amenities: [],
  bio: 'A studio.',
  ...p,
});

const CATALOGUE: FixtureProvider[] = [
  // Balayage at $180–260 and a $50 blowout: her lowest price is not her balayage price.
  provider({
    key: 'maya',
    name: 'Maya Rivera',
    zip: '78704',
    pricing: [range('Balayage', 180, 260), fixed('Blowout', 50)],
  }),
  provider({ key: 'ana', name: 'Ana Gomez', zip: '78702', pricing: [fixed('Balayage', 120)] }),
  provider({
    key: 'mini',
    name: 'Mini Color Bar',
    zip: '78745',
    pricing: [fixed('Mini balayage', 90), fixed('Gloss', 40)],
    amenities: ['Wheelchair Accessible'],
  }),
  // Two at the same price: relevance breaks the tie (the name names it too).
  provider({ key: 'tie1', name: 'Balayage Loft', zip: '78660', pricing: [fixed('Balayage', 150)] }),
  provider({ key: 'tie2', name: 'North Studio', zip: '78660', pricing: [fixed('Balayage', 150)] }),
  // Hair providers who never mention balayage: not results for it.
  provider({ key: 'cuts', name: 'Cut Above', zip: '78701', pricing: [fixed('Cut & Style', 60)] }),
  provider({ key: 'curl', name: 'Curl House', zip: '78626', pricing: [fixed('Curly cut', 85)] }),
  provider({
    key: 'fade',
    name: 'Fade Kings',
    zip: '78702',
    categories: ['barber'],
    pricing: [fixed('Beard trim', 25)],
    amenities: ['Wheelchair Accessible'],
  }),
  provider({
    key: 'glow',
    name: 'Glow Nails',
    zip: '78610',
    categories: ['nails'],
    pricing: [fixed('Gel manicure', 40), from('Nail art', 15)],
  }),
  provider({
    key: 'skin',
    name: 'Clear Skin Co',
    zip: '78704',
    categories: ['esthetician'],
    pricing: [fixed('Signature facial', 95)],
  }),
];

let t: TestApp;
let ids: Map<string, string>;
let keyOf: Map<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await insertFixture(t, CATALOGUE);
  keyOf = new Map([...ids].map(([key, id]) => [id, key]));
  // A 5.0 from 2 reviews and a 4.6 from 40: the weighted average puts the 40 first.
  await t.db.insert(providerRatings).values([
    { providerId: ids.get('ana')!, reviewCount: 2, ratingSum: 10, rating: 5, stars5: 2 },
    { providerId: ids.get('maya')!, reviewCount: 40, ratingSum: 184, rating: 4.6, stars5: 24, stars4: 16 },
    { providerId: ids.get('mini')!, reviewCount: 3, ratingSum: 12, rating: 4, stars4: 3 },
  ]);
});
afterAll(() => t?.close());

async function search(body: SearchBody, status = 200): Promise<LooseJson> {
  const res = await t.post('/api/search', body);
  expect(res.status, res.text).toBe(status);
  return res.body;
}
const keysOf = (cards: ProviderCard[]) => cards.map((c) => keyOf.get(c.id));
const keys = async (body: SearchBody) => keysOf((await search({ limit: 50, ...body })).results);
const sorted = (list: (string | undefined)[]) => [...list].sort();

describe('results match the words', () => {
  it("'balayage' returns exactly the providers who offer it, counted as such", async () => {
    const reply = await search({ query: 'balayage' });
    expect(sorted(keysOf(reply.results))).toEqual(['ana', 'maya', 'mini', 'tie1', 'tie2']);
    expect(reply.total).toBe(5);
  });

  it('a category word finds that category exactly', async () => {
    expect(sorted(await keys({ query: 'barber' }))).toEqual(['fade']);
    expect(sorted(await keys({ query: 'nail tech' }))).toEqual(['glow']);
    expect(sorted(await keys({ query: 'facial' }))).toEqual(['skin']);
    // A starting-at price is its own price for filters and sorts, and 'from' on the card.
    const art = await search({ query: 'nail art' });
    expect(art.results[0].matched_service).toEqual({
      name: 'Nail art',
      min_price: 15,
      max_price: 15,
      starting_at: true,
      duration_min: null,
      duration_max: null,
    });
    expect(sorted(await keys({ query: 'hair stylist' }))).toEqual(
      ['ana', 'curl', 'cuts', 'maya', 'mini', 'tie1', 'tie2'].sort(),
    );
  });

  it('the related block: a rare service shows others of its category after the results, never counted', async () => {
    const reply = await search({ query: 'beard trim', locationZip: '78701' });
    expect(keysOf(reply.results)).toEqual(['fade']);
    expect(reply.total).toBe(1);
    // 'Beard Trim' is a barber service (docs/product.md §9); the only barber already matched.
    expect(reply.related).toBeNull();

    const mini = await search({ query: 'gloss', locationZip: '78701' });
    expect(keysOf(mini.results)).toEqual(['mini']);
    // 'gloss' is not a listed service: nothing to widen to.
    expect(mini.related).toBeNull();

    const balayage = await search({ query: 'balayage', locationZip: '78701', radiusMiles: 5 });
    const exact = keysOf(balayage.results);
    expect(sorted(exact)).toEqual(['ana', 'maya']);
    expect(balayage.total).toBe(2);
    expect(balayage.related).toMatchObject({ category: 'hair', title: 'More hair stylists near 78701' });
    const related = keysOf(balayage.related.results);
    // Hair providers within 5 miles who do not offer it, nearest first; no result twice.
    expect(related).toEqual(['cuts']);
    for (const key of related) expect(exact).not.toContain(key);
  });

  it('the related block keeps every filter but the words: a provider a filter left out is not shown there', async () => {
    const reply = await search({
      query: 'balayage',
      locationZip: '78701',
      radiusMiles: 5,
      priceRange: [15, 100],
    });
    expect(reply.results).toEqual([]);
    expect(reply.total).toBe(0);
    expect(reply.related).toMatchObject({ category: 'hair', title: 'More hair stylists near 78701' });
    // Maya's balayage is $180: her $50 blowout does not bring her back among 'More hair stylists'
    // (nor Ana, whose only service is a $120 balayage). Cut Above's $60 cut is within the range.
    expect(keysOf(reply.related.results)).toEqual(['cuts']);
    expect(reply.related.results[0]).toMatchObject({ startingPrice: 60, matched_service: null });
  });

  it('only on a first page that holds every match: a related provider is never also a result', async () => {
    const all = await search({ query: 'balayage', locationZip: '78701', radiusMiles: 5, limit: 50 });
    expect(all.related).not.toBeNull();
    const first = await search({ query: 'balayage', locationZip: '78701', radiusMiles: 5, limit: 1 });
    expect(first.nextCursor).not.toBeNull();
    expect(first.related).toBeNull();
    const next = await search({
      query: 'balayage',
      locationZip: '78701',
      radiusMiles: 5,
      limit: 1,
      cursor: first.nextCursor,
    });
    expect(next.related).toBeNull();
  });
});

describe('words that are also names of object properties', () => {
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty valueOf'])(
    '%j is searched as a word (it was a 500 when looked up among the category words)',
    async (query) => {
      const reply = await search({ query, locationZip: '78701', priceRange: [50, 500] });
      expect(reply.results).toEqual([]);
      expect(reply.total).toBe(0);
    },
  );
});

describe("the searched service's own price", () => {
  it('the card shows the named service and its price; without one, the lowest price', async () => {
    const reply = await search({ query: 'balayage', limit: 50 });
    const maya = reply.results.find((r: ProviderCard) => r.id === ids.get('maya'));
    expect(maya).toMatchObject({
      startingPrice: 50,
      matched_service: { name: 'Balayage', min_price: 180, max_price: 260, starting_at: false },
    });
    const byName = await search({ query: 'Maya Rivera' });
    expect(byName.results[0]).toMatchObject({ startingPrice: 50, matched_service: null });
    const browse = await search({ locationZip: '78704' });
    for (const card of browse.results) expect(card.matched_service).toBeNull();
  });

  it("the price filter applies to the named service's price", async () => {
    // Maya's $50 blowout does not put her $180 balayage under $100.
    expect(await keys({ query: 'balayage', priceRange: [15, 100] })).toEqual(['mini']);
    expect(sorted(await keys({ query: 'balayage', priceRange: [100, 160] }))).toEqual([
      'ana',
      'tie1',
      'tie2',
    ]);
    expect(await keys({ query: 'balayage', priceRange: [250, 500] })).toEqual(['maya']);
    // Without a service in the query, any service in range: her blowout counts.
    expect(await keys({ query: 'maya', priceRange: [15, 60] })).toEqual(['maya']);
  });

  it('among services the query names, the card shows the one in the price range', async () => {
    const reply = await search({ query: 'balayage', priceRange: [15, 100] });
    expect(reply.results[0].matched_service).toEqual({
      name: 'Mini balayage',
      min_price: 90,
      max_price: 90,
      starting_at: false,
      duration_min: null,
      duration_max: null,
    });
  });
});

describe('filters work on their own', () => {
  it('a price range alone lists every provider with a service in it', async () => {
    expect(sorted(await keys({ query: '', priceRange: [15, 45] }))).toEqual(['fade', 'glow', 'mini']);
  });

  it('experience alone, availability alone and a minimum rating alone', async () => {
    expect(sorted(await keys({ experience: ['Wheelchair Accessible'] }))).toEqual(['fade', 'mini']);
    expect(await keys({ availabilityType: 'days_pattern', availability: 'weekends' })).toEqual([]);
    expect(sorted(await keys({ minRating: 4.5 }))).toEqual(['ana', 'maya']);
  });

  it('still refuses a search with nothing to search by (a sort is not a filter)', async () => {
    for (const body of [{}, { query: '   ' }, { sort: 'price' }, { priceRange: [15, 500] }] as SearchBody[]) {
      const reply = await search(body, 400);
      expect(reply.issues).toEqual([{ path: 'query', message: SEARCH_ERRORS.queryOrZipRequired }]);
    }
  });

  it('keeps the 100-character limit', async () => {
    const reply = await search({ query: 'a'.repeat(101), priceRange: [15, 100] }, 400);
    expect(reply.issues).toEqual([{ path: 'query', message: SEARCH_TEXTS.queryTooLong }]);
  });
});

describe('sort', () => {
  it('price, low to high, by the named service, ties by relevance', async () => {
    expect(await keys({ query: 'balayage', sort: 'price' })).toEqual(['mini', 'ana', 'tie1', 'tie2', 'maya']);
    // Without a query, by each provider's lowest price.
    expect(await keys({ priceRange: [15, 500], minRating: 4, sort: 'price' })).toEqual([
      'mini',
      'maya',
      'ana',
    ]);
  });

  it('highest rated, weighted by the number of reviews: 4.6 from 40 before 5.0 from 2', async () => {
    expect((await keys({ query: 'balayage', sort: 'rating' })).slice(0, 3)).toEqual(['maya', 'ana', 'mini']);
  });

  it('distance: nearest first, and only with a zip', async () => {
    const found = await search({
      query: 'balayage',
      locationZip: '78701',
      radiusMiles: 50,
      sort: 'distance',
    });
    const miles = found.results.map((r: ProviderCard) => r.distance_miles);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(found.results).toHaveLength(5);
    const refused = await search({ query: 'balayage', sort: 'distance' }, 400);
    expect(refused.issues).toEqual([{ path: 'sort', message: SEARCH_ERRORS.distanceNeedsZip }]);
  });

  it('relevance is the default: with text by match, with only a zip by distance', async () => {
    expect((await keys({ query: 'balayage' }))[0]).toBe('tie1'); // in the name as well
    const near = await search({ locationZip: '78701', radiusMiles: 50 });
    const miles = near.results.map((r: ProviderCard) => r.distance_miles);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
  });
});

describe('radius', () => {
  it.each(RADIUS_OPTIONS)('%i miles lists exactly the providers within it', async (radiusMiles) => {
    const expected = CATALOGUE.filter((p) => p.zip && milesBetween('78701', p.zip) <= radiusMiles)
      .map((p) => p.key)
      .sort();
    expect(sorted(await keys({ locationZip: '78701', radiusMiles }))).toEqual(expected);
  });

  it('takes the zip out of pasted text', async () => {
    const reply = await search({ query: 'balayage Austin, TX 78704', radiusMiles: 5 });
    expect(reply.searched).toMatchObject({ query: 'balayage Austin, TX', locationZip: '78704' });
  });
});

describe("GET /api/zips/nearest ('Use my location')", () => {
  it('answers the nearest US zip to a position', async () => {
    const res = await t.get('/api/zips/nearest?latitude=30.2672&longitude=-97.7431');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      zip: expect.stringMatching(/^787\d\d$/),
      place: 'Austin, TX',
    });
    expect(res.body.distance_miles).toBeLessThan(2);
  });

  it('a position far from any US zip is a 404 that says so; bad coordinates a 400', async () => {
    const ocean = await t.get('/api/zips/nearest?latitude=0&longitude=0');
    expect(ocean.status).toBe(404);
    expect(ocean.body.message).toBe(SEARCH_TEXTS.noZipNearby);
    for (const query of ['latitude=91&longitude=0', 'latitude=abc&longitude=1', 'longitude=10']) {
      const bad = await t.get(`/api/zips/nearest?${query}`);
      expect(bad.status, query).toBe(400);
    }
  });

  it('takes plain decimals only: hexadecimal, exponents and the other forms Number() reads are a 400', async () => {
    // Each of these is Austin (30.0, -97.0) to Number(): they found a zip before.
    for (const [latitude, longitude] of [
      ['0x1E', '-97'],
      ['30', '-0x61'],
      ['3e1', '-97'],
      ['30', '-9.7E1'],
      ['0b11110', '-97'],
      ['0o36', '-97'],
      ['+30', '-97'],
      [' 30', '-97'],
      ['30', '-97\t'],
      ['30.', '-97'],
      ['.5e2', '-97'],
      ['30', '-97,5'],
      ['Infinity', '-97'],
      ['', '-97'],
    ]) {
      const query = new URLSearchParams({ latitude: latitude!, longitude: longitude! });
      const res = await t.get(`/api/zips/nearest?${query}`);
      expect(res.status, `${query}`).toBe(400);
      expect(res.body, `${query}`).toMatchObject({
        success: false,
        error: 'VALIDATION_ERROR',
        issues: [{ message: SEARCH_ERRORS.coordinatesInvalid }],
      });
    }
    // A repeated parameter is no coordinate either.
    const twice = await t.get('/api/zips/nearest?latitude=30&latitude=31&longitude=-97');
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe('VALIDATION_ERROR');
    // The decimal forms the app sends still answer, at the edges too.
    for (const query of [
      'latitude=30.00&longitude=-97.00',
      'latitude=30&longitude=-97',
      'latitude=-0.00&longitude=180',
    ]) {
      const res = await t.get(`/api/zips/nearest?${query}`);
      expect([200, 404], query).toContain(res.status);
    }
    expect((await t.get('/api/zips/nearest?latitude=30.25&longitude=-97.75')).status).toBe(200);
  });
});
