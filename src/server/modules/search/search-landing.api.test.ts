import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
