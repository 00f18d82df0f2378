import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderCard } from '#domain/search.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { createVerifiedProvider } from '#server/test/factories.ts';

/**
 * A card's matched service carries its duration, the stored package's at the service's position
 * (provider_cards keeps each package's durations, so no read per card): on a search in each of its
 * plans (the page's named service, the price sort's per-candidate one) and on a landing page.
 */
let t: TestApp;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await buildTestApp();
  const studios = [
    // Balayage second in the list: the position picks the right package.
    [
      'ranged',
      'Austin, TX 78701',
      [
        { service: 'Gloss', description: 'Shine', priceType: 'fixed', minPrice: 45, durationMin: 30 },
        {
          service: 'Balayage',
          description: 'Hand-painted',
          priceType: 'range',
          minPrice: 180,
          maxPrice: 260,
          durationMin: 150,
          durationMax: 180,
        },
      ],
    ],
    [
      'single',
      'Austin, TX 78702',
      [
        {
          service: 'Balayage',
          description: 'Hand-painted',
          priceType: 'fixed',
          minPrice: 150,
          durationMin: 90,
        },
      ],
    ],
    // Saved without a duration: nulls.
    [
      'none',
      'Austin, TX 78702',
      [{ service: 'Balayage', description: 'Hand-painted', priceType: 'fixed', minPrice: 120 }],
    ],
  ] as const;
  for (const [key, location, pricing] of studios) {
    const provider = await createVerifiedProvider(t, { location, selected_categories: ['hair'] });
    const saved = await t.put('/api/auth/profile', { pricing }, { token: provider.session.access_token });
    expect(saved.status, saved.text).toBe(200);
    ids[key] = provider.user.id;
  }
});
afterAll(() => t?.close());

const durationsOf = (cards: ProviderCard[]) =>
  Object.fromEntries(
    Object.entries(ids).map(([key, id]) => {
      const service = cards.find((c) => c.id === id)?.matched_service;
      return [key, service && [service.name, service.duration_min, service.duration_max]];
    }),
  );

const EXPECTED = {
  ranged: ['Balayage', 150, 180],
  single: ['Balayage', 90, null],
  none: ['Balayage', null, null],
};

describe("the matched service's duration on cards", () => {
  it('is on a search card, whichever plan reads the named service', async () => {
    for (const body of [
      { query: 'balayage' },
      { query: 'balayage', locationZip: '78701' },
      { query: 'balayage', sort: 'price' },
      { query: 'balayage', priceRange: [100, 300], sort: 'price' },
    ]) {
      const res = await t.post('/api/search', body);
      expect(res.status, res.text).toBe(200);
      expect(durationsOf(res.body.results), JSON.stringify(body)).toEqual(EXPECTED);
    }
  });

  it('is on a landing page card, and a card without a named service has none', async () => {
    const page = await t.get('/api/places/balayage/austin-tx');
    expect(page.status, page.text).toBe(200);
    expect(durationsOf(page.body.providers)).toEqual(EXPECTED);
    const browse = await t.post('/api/search', { locationZip: '78701' });
    for (const card of browse.body.results as ProviderCard[]) expect(card.matched_service).toBeNull();
    const gloss = await t.post('/api/search', { query: 'gloss' });
    expect(gloss.body.results[0].matched_service).toMatchObject({
      name: 'Gloss',
      duration_min: 30,
      duration_max: null,
    });
  });
});
