import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLandingChecks, searchLandingLink } from '#server/modules/places/places.service.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createVerifiedProvider } from '../../test/factories';

/**
 * A search whose words name a service or category, with a zip, links to that
 * topic's landing page in the zip's city ('See all balayage in Austin'), only when the page has
 * providers; never on a further page.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  for (const [name, location] of [
    ['Lena Color Bar', 'Austin, TX 78701'],
    ['Rue Balayage Studio', 'Austin, TX 78702'],
  ] as const) {
    const provider = await createVerifiedProvider(t, { name, location, selected_categories: ['hair'] });
    const saved = await t.put(
      '/api/auth/profile',
      { pricing: [{ service: 'Balayage', description: 'Hand-painted', priceType: 'fixed', minPrice: 180 }] },
      { token: provider.session.access_token },
    );
    expect(saved.status, saved.text).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
});

const search = (body: Record<string, unknown>) => t.post('/api/search', body);

describe('POST /api/search: the landing page link', () => {
  it("names the page of the searched service in the zip's city", async () => {
    const res = await search({ query: 'balayage', locationZip: '78704' });
    expect(res.status).toBe(200);
    expect(res.body.landing).toEqual({ path: '/balayage/austin-tx', label: 'See all balayage in Austin' });
    // The page it names exists and lists them.
    const page = await t.get('/api/places/balayage/austin-tx');
    expect(page.status).toBe(200);
    expect(page.body.figures.providers).toBe(2);
  });

  it('works for a category word and a zip written in the query', async () => {
    const res = await search({ query: 'hair stylists 78704' });
    expect(res.body.landing).toEqual({
      path: '/hair-stylists/austin-tx',
      label: 'See all hair stylists in Austin',
    });
  });

  it('is null without a zip, for other words, for a city with no such providers, and on a further page', async () => {
    expect((await search({ query: 'balayage' })).body.landing).toBeNull();
    expect((await search({ query: 'balayage studio', locationZip: '78704' })).body.landing).toBeNull();
    expect((await search({ query: 'barbers', locationZip: '78704' })).body.landing).toBeNull();
    expect((await search({ query: 'balayage', locationZip: '60601' })).body.landing).toBeNull();
    const first = await search({ query: 'balayage', locationZip: '78704', limit: 1 });
    expect(first.body.nextCursor).not.toBeNull();
    const next = await search({
      query: 'balayage',
      locationZip: '78704',
      limit: 1,
      cursor: first.body.nextCursor,
    });
    expect(next.status).toBe(200);
    expect(next.body.landing).toBeNull();
  });
});

describe('the landing check, kept per catalogue version', () => {
  it('reads a topic and city once per version, whatever words and zip name them', async () => {
    let reads = 0;
    const db = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver);
        return (query: Parameters<typeof target.execute>[0]) => {
          reads++;
          return target.execute(query);
        };
      },
    });
    const ctx = { ...t.app.ctx, db };
    const checks = { memo: createLandingChecks(), version: 1 };
    const link = { path: '/balayage/austin-tx', label: 'See all balayage in Austin' };
    expect(await searchLandingLink(ctx, { query: 'balayage', locationZip: '78704' }, checks)).toEqual(link);
    expect(await searchLandingLink(ctx, { query: 'balayages', locationZip: '78701' }, checks)).toEqual(link);
    expect(reads).toBe(1);
    expect(
      await searchLandingLink(ctx, { query: 'balayage', locationZip: '78704' }, { ...checks, version: 2 }),
    ).toEqual(link);
    expect(reads).toBe(2);
  });

  it("shows a city's page once a provider fills it, after searches found it empty", async () => {
    const before = await search({ query: 'balayage', locationZip: '97201' });
    expect(before.body.landing).toBeNull();
    const provider = await createVerifiedProvider(t, {
      location: 'Portland, OR 97205',
      selected_categories: ['hair'],
    });
    const saved = await t.put(
      '/api/auth/profile',
      { pricing: [{ service: 'Balayage', description: 'Hand-painted', priceType: 'fixed', minPrice: 150 }] },
      { token: provider.session.access_token },
    );
    expect(saved.status, saved.text).toBe(200);
    // Another search naming the same page (other words, another zip of the city).
    const after = await search({ query: 'balayages', locationZip: '97209' });
    expect(after.body.landing).toEqual({
      path: '/balayage/portland-or',
      label: 'See all balayage in Portland',
    });
  });
});
