import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_TEXTS, type MapArea, roundCoordinate } from '#domain/map-area.ts';
import type { ProviderCard, SearchBody } from '#domain/search.ts';
import { distanceMeters, METERS_PER_MILE } from '#server/lib/geo.ts';
import { lookupZip } from '#server/lib/zip-lookup.ts';
import { buildTestApp, type LooseJson, type TestApp } from '#server/test/build-test-app.ts';
import { FIXTURE, type FixtureProvider, insertFixture } from '#server/test/search-fixture.ts';

/** 'Search this area': POST /api/search with a bbox, and the map positions on every card. */

let t: TestApp;
let ids: Map<string, string>;
let keyOf: Map<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await insertFixture(t);
  keyOf = new Map([...ids].map(([key, id]) => [id, key]));
  await t.db.execute(sql`ANALYZE provider_search`);
});
afterAll(() => t?.close());

async function search(body: SearchBody, expectStatus = 200): Promise<LooseJson> {
  const res = await t.post('/api/search', body);
  expect(res.status, res.text).toBe(expectStatus);
  return res.body;
}

const keysOf = (reply: LooseJson) => reply.results.map((r: ProviderCard) => keyOf.get(r.id) ?? r.name);

const listed = FIXTURE.filter((p) => p.verified !== false && p.zip !== null);
const centreOf = (p: FixtureProvider) => lookupZip(p.zip!)!;
const inside = (area: MapArea) => (p: FixtureProvider) => {
  const c = centreOf(p);
  return (
    c.latitude >= area.south &&
    c.latitude <= area.north &&
    c.longitude >= area.west &&
    c.longitude <= area.east
  );
};

/** Central Austin (78701, 78702, 78704), leaving out the suburbs and Brooklyn. */
const CENTRAL: MapArea = { south: 30.22, west: -97.8, north: 30.3, east: -97.68 };
/** The whole Austin area, about 1.4° across. */
const AUSTIN: MapArea = { south: 29.6, west: -98.5, north: 31, east: -97.1 };

describe('positions on cards', () => {
  it("every card carries its provider's map point, their zip's centre to 3 decimals", async () => {
    const reply = await search({ query: 'Maya Lopez' });
    const maya = centreOf(FIXTURE.find((p) => p.key === 'maya')!);
    expect(reply.results[0].position).toEqual({
      latitude: roundCoordinate(maya.latitude),
      longitude: roundCoordinate(maya.longitude),
    });
    const list = await t.get('/api/providers?limit=50');
    for (const card of list.body.providers as ProviderCard[]) {
      const p = FIXTURE.find((f) => f.key === keyOf.get(card.id))!;
      expect(card.position, p.key).toEqual({
        latitude: roundCoordinate(centreOf(p).latitude),
        longitude: roundCoordinate(centreOf(p).longitude),
      });
    }
  });
});

describe('POST /api/search with a bbox', () => {
  it('finds exactly the providers inside the area, and says the area was searched', async () => {
    for (const area of [CENTRAL, AUSTIN, { south: 40.6, west: -74.1, north: 40.8, east: -73.8 }]) {
      const reply = await search({ bbox: area, limit: 50 });
      const expected = listed.filter(inside(area)).map((p) => p.key);
      expect(expected.length).toBeGreaterThan(0);
      expect([...keysOf(reply)].sort(), JSON.stringify(area)).toEqual([...expected].sort());
      expect(reply.total).toBe(expected.length);
      expect(reply.searched).toMatchObject({ locationZip: null, bbox: area });
      for (const card of reply.results as ProviderCard[]) {
        const { latitude, longitude } = card.position!;
        expect(latitude).toBeGreaterThanOrEqual(area.south - 0.001);
        expect(longitude).toBeLessThanOrEqual(area.east + 0.001);
      }
    }
    // An area with nobody in it.
    expect((await search({ bbox: { south: 35, west: -100, north: 35.5, east: -99.5 } })).total).toBe(0);
  });

  it('applies the words and filters as with a zip, and sorts by distance from its centre', async () => {
    const hair = await search({ query: 'hair', bbox: AUSTIN, limit: 50 });
    const expected = listed.filter((p) => inside(AUSTIN)(p) && p.categories.includes('hair'));
    expect([...keysOf(hair)].sort()).toEqual(expected.map((p) => p.key).sort());

    const nearest = await search({ bbox: AUSTIN, sort: 'distance', limit: 50 });
    const centre = {
      latitude: (AUSTIN.south + AUSTIN.north) / 2,
      longitude: (AUSTIN.west + AUSTIN.east) / 2,
    };
    const miles = (nearest.results as ProviderCard[]).map((c) => c.distance_miles!);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    const first = FIXTURE.find((p) => p.key === keyOf.get(nearest.results[0].id))!;
    expect(miles[0]).toBeCloseTo(distanceMeters(centre, centreOf(first)) / METERS_PER_MILE, 0);

    const cheap = await search({ bbox: AUSTIN, priceRange: [15, 60], sort: 'price', limit: 50 });
    const prices = (cheap.results as ProviderCard[]).map(
      (c) => c.matched_service?.min_price ?? c.startingPrice!,
    );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(cheap.results.length).toBeGreaterThan(0);
    expect(cheap.results.length).toBeLessThan(listed.filter(inside(AUSTIN)).length);
  });

  it.each<[string, unknown, string]>([
    ['a missing side', { south: 30, west: -98, north: 30.5 }, MAP_TEXTS.areaInvalid],
    ['text for a number', { south: '30', west: -98, north: 30.5, east: -97.5 }, MAP_TEXTS.areaInvalid],
    ['a latitude past 90', { south: 89, west: -98, north: 91, east: -97.5 }, MAP_TEXTS.latitudeRange],
    ['a longitude past 180', { south: 30, west: 179, north: 30.5, east: 181 }, MAP_TEXTS.longitudeRange],
    ['south above north', { south: 30.5, west: -98, north: 30, east: -97.5 }, MAP_TEXTS.areaOrder],
    ['across the antimeridian', { south: 50, west: 179.5, north: 51, east: -179.5 }, MAP_TEXTS.areaOrder],
    ['too tall', { south: 30, west: -98, north: 31.6, east: -97.5 }, MAP_TEXTS.areaTooLarge],
    ['too wide', { south: 30, west: -98.6, north: 30.5, east: -97 }, MAP_TEXTS.areaTooLarge],
  ])('refuses %s with its message', async (_label, bbox, message) => {
    const reply = await search({ bbox } as never, 400);
    expect(reply.error).toBe('VALIDATION_ERROR');
    expect(reply.issues.map((i: { message: string }) => i.message)).toContain(message);
    expect(reply.issues[0].path).toMatch(/^bbox/);
  });

  it('refuses a bbox with a zip, in the zip field or in the words', async () => {
    const field = await search({ bbox: CENTRAL, locationZip: '78701' }, 400);
    expect(field.issues).toEqual([{ path: 'bbox', message: MAP_TEXTS.areaWithZip }]);
    const words = await search({ query: 'balayage 78701', bbox: CENTRAL }, 400);
    expect(words).toMatchObject({ message: MAP_TEXTS.areaWithZip, issues: [{ path: 'bbox' }] });
  });

  it('a saved search keeps a zip, not a map area', async () => {
    const res = await t.post('/api/saved-searches', { name: 'Map', search: { bbox: CENTRAL } });
    // Signed out: 401 before the body is read; the body's rule is the schema's (checked here).
    expect([400, 401]).toContain(res.status);
    const { CreateSavedSearchBodySchema } = await import('#domain/saved-searches-body.ts');
    const parsed = CreateSavedSearchBodySchema.safeParse({ name: 'Map', search: { bbox: CENTRAL } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(MAP_TEXTS.savedSearchArea);
  });
});
