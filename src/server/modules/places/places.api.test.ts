import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDING_TEXTS } from '#domain/landing-texts.ts';
import { OPENING_LIMITS } from '#domain/openings-options.ts';
import type { LandingLink, LandingReply } from '#domain/places.ts';
import type { ProviderCard } from '#domain/search.ts';
import { rowsOf } from '#server/db/client.ts';
import { openings, users } from '#server/db/schema/index.ts';
import { buildTestApp, DAY, HOUR, type TestApp } from '#server/test/build-test-app.ts';
import { type FixtureProvider, fixed, from, insertFixture, range } from '#server/test/search-fixture.ts';
import { webRenderer } from '#server/test/web-renderer.ts';
import { listLandingPages } from './places.service';

/**
 * Landing pages over a small catalogue: hair stylists and a barber in Austin
 * (78701, 78702), one in Round Rock (about 17 miles north), one in Chicago; one Austin provider is
 * not listed (never verified), one sells only blowouts.
 */

const provider = (
  key: string,
  zip: string,
  categories: string[],
  pricing: FixtureProvider['pricing'],
  more: Partial<FixtureProvider> = {},
): FixtureProvider => ({
  key,
  name: key.replace(/^./, (c) => c.toUpperCase()),
  zip,
  categories,
  specialties: [],
  pricing,
  hours: [],
  amenities: [],
  bio: '',
  ...more,
});

const FIXTURE: FixtureProvider[] = [
  // The most complete profile in Austin (bio, specialties, hours): first on its pages.
  provider('ava', '78701', ['hair'], [fixed('Balayage', 150), range('Highlights', 120, 200)], {
    bio: 'Lived-in colour for twelve years in downtown Austin.',
    specialties: ['Balayage', 'Lived-in colour'],
    hours: [{ days: ['monday', 'tuesday'], from: 9, to: 17 }],
  }),
  provider('bea', '78702', ['hair'], [from('Balayage', 240)]),
  provider('cal', '78701', ['hair'], [fixed('Blowout', 60)]),
  provider('dee', '78701', ['hair'], [fixed('Balayage', 90)], { verified: false }),
  provider('eli', '78701', ['barber'], [fixed('Classic Haircut', 35), fixed('Beard Trim', 20)]),
  provider('rae', '78664', ['hair'], [fixed('Balayage', 175)]),
  provider('cho', '60601', ['hair'], [fixed('Balayage', 300), fixed('Kids Haircut', 25)]),
];

/** Every page the fixture has providers for. */
const NON_EMPTY = [
  '/balayage/austin-tx',
  '/hair-stylists/austin-tx',
  '/highlights/austin-tx',
  '/blowout/austin-tx',
  '/barbers/austin-tx',
  '/haircuts/austin-tx',
  '/beard-trim/austin-tx',
  '/balayage/round-rock-tx',
  '/hair-stylists/round-rock-tx',
  '/balayage/chicago-il',
  '/hair-stylists/chicago-il',
  '/haircuts/chicago-il',
  '/kids-haircuts/chicago-il',
].sort();

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Glowfind</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

let t: TestApp;
let ids: Map<string, string>;
let keyOf: Map<string, string>;

async function page(path: string, expectStatus = 200): Promise<LandingReply> {
  const res = await t.get(`/api/places${path}`);
  expect(res.status, res.text).toBe(expectStatus);
  return res.body;
}
const keys = (cards: ProviderCard[]) => cards.map((c) => keyOf.get(c.id) ?? c.name);
const links = (list: LandingLink[]) => list.map((l) => `${l.path} ${l.count}`);

async function addOpening(providerKey: string, startsIn: number, isActive = true, serviceType = 'Balayage') {
  const start = new Date(t.clock.now().getTime() + startsIn);
  await t.db.insert(openings).values({
    providerId: ids.get(providerKey)!,
    serviceType,
    startTime: start,
    endTime: new Date(start.getTime() + 2 * HOUR),
    isActive,
  });
}

beforeAll(async () => {
  // The web app's own rendering, for the introduction as a visitor reads it (ADR 017).
  t = await buildTestApp({ indexHtml: INDEX, renderer: await webRenderer() });
  ids = await insertFixture(t, FIXTURE);
  keyOf = new Map([...ids].map(([key, id]) => [id, key]));
  // Counted on the balayage page: one of Ava's, one of Bea's. Not counted: an inactive one, one 6
  // days out (past the public lists' 5 days), one that has ended, one of the unlisted Dee, one of
  // Cal (no balayage) and Ava's highlights (another service).
  await addOpening('ava', 2 * DAY);
  await addOpening('ava', 6 * DAY);
  await addOpening('bea', 1 * HOUR);
  await addOpening('ava', 3 * DAY, false);
  await addOpening('ava', 9 * DAY);
  await addOpening('bea', -3 * HOUR);
  await addOpening('dee', 1 * DAY);
  await addOpening('cal', 1 * DAY);
  await addOpening('ava', 1 * DAY, true, 'Full Highlights');
});
afterAll(() => t?.close());

describe('GET /api/places/:service/:place', () => {
  it('lists the listed providers of that service in that city, with the figures of the introduction', async () => {
    const reply = await page('/balayage/austin-tx');
    expect(reply.heading).toBe('Balayage in Austin, TX');
    expect(reply.path).toBe('/balayage/austin-tx');
    expect(reply.topic).toEqual({ slug: 'balayage', label: 'Balayage', kind: 'service' });
    expect(reply.place).toEqual({ slug: 'austin-tx', city: 'Austin', state: 'TX' });
    // Not Dee (unlisted), Cal (no balayage), Rae (Round Rock) or Cho (Chicago); most complete first.
    expect(keys(reply.providers)).toEqual(['ava', 'bea']);
    expect(reply.figures).toEqual({ providers: 2, priceMin: 150, priceMax: 240, openings: 2 });
    expect(reply.nextCursor).toBeNull();
  });

  it('shows the service on each card as search does, with real ratings only', async () => {
    const reply = await page('/balayage/austin-tx');
    const [ava, bea] = reply.providers;
    expect(ava!.matched_service).toEqual({
      name: 'Balayage',
      min_price: 150,
      max_price: 150,
      starting_at: false,
      // Packages saved without a duration.
      duration_min: null,
      duration_max: null,
    });
    expect(bea!.matched_service).toEqual({
      name: 'Balayage',
      min_price: 240,
      max_price: 240,
      starting_at: true,
      // Packages saved without a duration.
      duration_min: null,
      duration_max: null,
    });
    expect(ava!.startingPrice).toBe(120);
    expect([ava!.rating, ava!.review_count]).toEqual([null, 0]);
    expect(ava!.routing_slug).toMatch(/^ava-/);
  });

  it('a category page lists the category, with the range of their starting prices', async () => {
    const reply = await page('/hair-stylists/austin-tx');
    expect(reply.heading).toBe('Hair Stylists in Austin, TX');
    expect(keys(reply.providers).sort()).toEqual(['ava', 'bea', 'cal']);
    expect(keys(reply.providers)[0]).toBe('ava');
    // Every opening of theirs counts here, whatever its service (an opening names no category):
    // Ava's two, Bea's and Cal's.
    expect(reply.figures).toEqual({ providers: 3, priceMin: 60, priceMax: 240, openings: 4 });
    expect(reply.providers.every((c) => c.matched_service === null)).toBe(true);
  });

  it("counts a service page's openings of that service in the public lists' days, and says so on the page", async () => {
    // Ava's highlights opening is on the highlights page, not on the balayage page.
    expect((await page('/balayage/austin-tx')).figures.openings).toBe(2);
    expect((await page('/highlights/austin-tx')).figures.openings).toBe(1);
    const html = await t.get('/balayage/austin-tx');
    expect(html.status).toBe(200);
    const root = html.text.slice(html.text.indexOf('<div id="root">'));
    expect(root).toContain(
      `They have 2 openings for balayage in the next ${OPENING_LIMITS.windowDays} days.`,
    );
    const highlights = await t.get('/highlights/austin-tx');
    expect(highlights.text).toContain(
      `It has 1 opening for highlights in the next ${OPENING_LIMITS.windowDays} days.`,
    );
  });

  it('links to the same service nearby and to the other services of the place, only where there are providers', async () => {
    const reply = await page('/balayage/austin-tx');
    // Round Rock has a balayage provider; Cedar Park (nearer than Chicago, also in range) has none.
    expect(links(reply.nearby)).toEqual(['/balayage/round-rock-tx 1']);
    expect(reply.nearby[0]!.label).toBe('Balayage in Round Rock, TX');
    expect(links(reply.related)).toEqual([
      '/hair-stylists/austin-tx 3',
      '/barbers/austin-tx 1',
      '/blowout/austin-tx 1',
      '/highlights/austin-tx 1',
      '/haircuts/austin-tx 1',
      '/beard-trim/austin-tx 1',
    ]);
    const chicago = await page('/balayage/chicago-il');
    expect(chicago.nearby).toEqual([]);
    expect(links(chicago.related)).toEqual([
      '/hair-stylists/chicago-il 1',
      '/haircuts/chicago-il 1',
      '/kids-haircuts/chicago-il 1',
    ]);
  });

  it("a service named in other words is found by any of its names ('Kids Haircut' for kids' haircuts)", async () => {
    const reply = await page('/kids-haircuts/chicago-il');
    expect(reply.heading).toBe("Kids' Haircuts in Chicago, IL");
    expect(keys(reply.providers)).toEqual(['cho']);
    expect(reply.providers[0]!.matched_service).toMatchObject({ name: 'Kids Haircut', min_price: 25 });
    expect(reply.figures).toMatchObject({ providers: 1, priceMin: 25, priceMax: 25 });
  });

  it('answers 404 for an unknown service, an unknown place and a combination without providers, saying which', async () => {
    // The page then shows 'Oops!' for an address that names nothing, its own explanation for an empty one.
    for (const [path, message] of [
      ['/unicorns/austin-tx', LANDING_TEXTS.unknownPage],
      ['/balayage/atlantis-zz', LANDING_TEXTS.unknownPage],
      ['/balayage/austin', LANDING_TEXTS.unknownPage],
      ['/massage/austin-tx', LANDING_TEXTS.notFound],
      ['/balayage/cedar-park-tx', LANDING_TEXTS.notFound],
      ['/swedish-massage/chicago-il', LANDING_TEXTS.notFound],
    ]) {
      const res = await t.get(`/api/places${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ success: false, error: 'NOT_FOUND', message });
    }
  });

  it('finds a page typed in capitals', async () => {
    expect((await page('/Balayage/Austin-TX')).path).toBe('/balayage/austin-tx');
  });

  it('refuses a cursor it did not make', async () => {
    const res = await t.get('/api/places/balayage/austin-tx?cursor=bm90LWEtY3Vyc29y');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'VALIDATION_ERROR' });
  });

  it('is cached for everyone with an ETag and answers 304 when unchanged', async () => {
    const first = await t.get('/api/places/barbers/austin-tx');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toContain('public');
    const again = await t.get('/api/places/barbers/austin-tx', {
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.status).toBe(304);
  });

  it('a provider whose slug is named like a city still has its profile: one segment is never a landing page', async () => {
    await t.db
      .update(users)
      .set({ routingSlug: 'austin-tx' })
      .where(eq(users.id, ids.get('eli')!));
    const profile = await t.get('/api/user/austin-tx');
    expect(profile.status).toBe(200);
    expect(profile.body.profile.name).toBe('Eli');
    expect((await page('/barbers/austin-tx')).providers[0]!.routing_slug).toBe('austin-tx');
  });
});

describe('listLandingPages', () => {
  it('lists exactly the combinations that have providers, with their latest change', async () => {
    const pages = [];
    for await (const p of listLandingPages(t.app.ctx)) pages.push(p);
    expect(pages.map((p) => p.path)).toEqual(NON_EMPTY);
    const [row] = rowsOf<{ at: string }>(
      await t.db.execute(sql`
      SELECT to_char(max(greatest(u.updated_at, p.updated_at)) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
      FROM users u JOIN provider_profiles p ON p.user_id = u.id WHERE u.id = ${ids.get('cho')!}::uuid`),
    );
    // Chicago's pages have one provider: their lastmod is hers.
    const chicago = pages.find((p) => p.path === '/balayage/chicago-il')!;
    expect(chicago.lastmod.toISOString()).toBe(row!.at);
    for (const p of pages) expect((await page(p.path)).figures.providers).toBeGreaterThan(0);
  });
});

describe('paging and changes', () => {
  it('pages 24 at a time by cursor, each provider once, and shows a new provider after the change', async () => {
    const seattle = Array.from({ length: 26 }, (_, i) =>
      provider(`sea${String(i).padStart(2, '0')}`, '98101', ['hair'], [fixed('Balayage', 100 + i)], {
        specialties: i % 3 === 0 ? ['Balayage'] : [],
      }),
    );
    const more = await insertFixture(t, seattle);
    for (const [key, id] of more) keyOf.set(id, key);
    const first = await page('/balayage/seattle-wa');
    expect(first.providers).toHaveLength(24);
    expect(first.figures).toMatchObject({ providers: 26, priceMin: 100, priceMax: 125 });
    expect(first.nextCursor).not.toBeNull();
    const second = await page(`/balayage/seattle-wa?cursor=${first.nextCursor}`);
    expect(second.providers).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const all = [...keys(first.providers), ...keys(second.providers)];
    expect(new Set(all).size).toBe(26);
    // Those with a specialty (more complete profiles) come first.
    const complete = seattle.filter((p) => p.specialties.length > 0).map((p) => p.key);
    expect(all.slice(0, complete.length).sort()).toEqual(complete.sort());

    // A new Austin provider appears at once: the cached reply was made under an older catalogue.
    await insertFixture(t, [
      provider(`fay-${randomUUID().slice(0, 4)}`, '78701', ['hair'], [fixed('Balayage', 95)]),
    ]);
    const after = await page('/balayage/austin-tx');
    expect(after.figures).toMatchObject({ providers: 3, priceMin: 95, priceMax: 240 });
  });
});
