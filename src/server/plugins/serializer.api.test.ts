import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OpeningsReplySchema } from '#domain/openings.ts';
import { VersionedProfileReplySchema } from '#domain/profile-versions.ts';
import { PublicProfileReplySchema } from '#domain/profiles.ts';
import { ProvidersReplySchema, SearchReplySchema } from '#domain/search.ts';
import { providerProfiles, providerRatings } from '#server/db/schema/index.ts';
import { buildTestApp, HOUR, type LooseJson, type TestApp } from '#server/test/build-test-app.ts';
import { createVerifiedProvider, type VerifiedUser } from '#server/test/factories.ts';
import { insertFixture } from '#server/test/search-fixture.ts';
import { registerErrorHandler } from './errors';
import { compileResponseSchema, registerSerializer } from './serializer';

let t: TestApp;
let provider: VerifiedUser;
beforeAll(async () => {
  t = await buildTestApp();
  await insertFixture(t);
  provider = await createVerifiedProvider(t, { booking_link: 'https://book.example.com/studio' });
  const token = provider.session.access_token;
  const res = await t.put(
    '/api/auth/profile',
    {
      bio: 'Silk presses and "quoted" \\ escapes, ünïcödé too',
      specialties: ['Silk press', 'Trims'],
      amenities: ['Wheelchair Accessible'],
      pricing: [
        {
          service: 'Silk press',
          description: 'Wash and press',
          price: '$85',
          priceType: 'fixed',
          minPrice: 85,
        },
        {
          service: 'Color',
          description: 'Full color',
          price: '$90 - $150',
          priceType: 'range',
          minPrice: 90,
          maxPrice: 150,
        },
        { service: 'Consult', description: 'Call me', price: '', priceType: 'contact' },
      ],
    },
    { token },
  );
  expect(res.status, res.text).toBe(200);
  await t.db
    .update(providerProfiles)
    .set({ portfolioImages: ['/uploads/portfolio/a.webp', '/uploads/portfolio/b.webp'] })
    .where(eq(providerProfiles.userId, provider.user.id));
  await t.db.insert(providerRatings).values({
    providerId: provider.user.id,
    reviewCount: 3,
    ratingSum: 13,
    rating: 4.3,
    stars4: 2,
    stars5: 1,
  });
  for (const hours of [2, 26]) {
    const at = (h: number) => new Date(t.clock.now().getTime() + h * HOUR).toISOString();
    const posted = await t.post(
      '/api/last-minute-openings',
      {
        service_type: 'Silk press',
        start_time: at(hours),
        end_time: at(hours + 1),
        price: '$70',
        note: null,
      },
      { token },
    );
    expect(posted.status, posted.text).toBe(200);
  }
});
afterAll(() => t?.close());

/** Unknown keys at every object level of a JSON value: what zod and the compiled serializer drop. */
function withExtraKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withExtraKeys);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = { unknownKey: 'x', password_hash: 'secret' };
  for (const [key, child] of Object.entries(value)) copy[key] = withExtraKeys(child);
  return copy;
}

/**
 * The reply as served, then as the compiled serializer and as zod-then-JSON.stringify write it
 * again (with unknown keys added everywhere): all three the same JSON.
 */
function expectSameJson(schema: z.ZodType, body: LooseJson) {
  const compiled = compileResponseSchema(schema, '/test');
  if (typeof compiled === 'string') throw new Error(compiled);
  const viaZod = JSON.parse(JSON.stringify(schema.parse(withExtraKeys(body))));
  const viaCompiled = JSON.parse(compiled(withExtraKeys(body)));
  expect(viaCompiled).toEqual(viaZod);
  expect(viaCompiled).toEqual(body);
  expect(JSON.stringify(viaCompiled)).not.toContain('password_hash');
}

describe('compiled response serializers', () => {
  it('every route has one: none falls back to zod', () => {
    expect(t.app.serializerFallbacks).toEqual([]);
    for (const route of [
      'GET /api/user/:slug',
      'POST /api/search',
      'GET /api/providers',
      // The /availability page's list, and a provider's own.
      'GET /api/last-minute-openings',
    ]) {
      expect(t.app.apiRoutes).toContain(route);
    }
  });

  it('write a full public profile as zod does (pricing, portfolio, rating, openings)', async () => {
    const res = await t.get(`/api/user/${provider.user.routing_slug}`);
    expect(res.status, res.text).toBe(200);
    const profile = res.body.profile;
    expect(profile.pricing).toHaveLength(3);
    expect(profile.pricing[2]).toMatchObject({ priceType: 'contact', minPrice: null, maxPrice: null });
    expect(profile.portfolio_images).toHaveLength(2);
    expect(profile).toMatchObject({ rating: 4.3, review_count: 3, avatar_url: null });
    expect(profile.upcoming_openings).toHaveLength(2);
    expect(profile.upcoming_openings[0]).toMatchObject({ note: null, price: '$70' });
    expect(profile.bio).toBe('Silk presses and "quoted" \\ escapes, ünïcödé too');
    expect(profile).not.toHaveProperty('click_token');
    expectSameJson(PublicProfileReplySchema, res.body);
  });

  it('write the account profile, a search with results, corrections and a related block, and the lists', async () => {
    const account = await t.get('/api/auth/profile', { token: provider.session.access_token });
    expect(account.status, account.text).toBe(200);
    expect(account.body.profile.zip).toBe('78701');
    expectSameJson(VersionedProfileReplySchema, account.body);

    const typo = await t.post('/api/search', { query: 'balayge', locationZip: '78701', radiusMiles: 50 });
    expect(typo.status, typo.text).toBe(200);
    expect(typo.body.searched.corrections[0]).toMatchObject({ word: 'balayge' });
    expect(typo.body.results.length).toBeGreaterThan(0);
    expectSameJson(SearchReplySchema, typo.body);

    const related = await t.post('/api/search', { query: 'balayage', locationZip: '78701', radiusMiles: 5 });
    expect(related.status, related.text).toBe(200);
    expect(related.body.related?.results.length).toBeGreaterThan(0);
    expectSameJson(SearchReplySchema, related.body);

    const providers = await t.get('/api/providers?limit=5');
    expect(providers.status, providers.text).toBe(200);
    expect(providers.body.providers).toHaveLength(5);
    expect(providers.body.nextCursor).toEqual(expect.any(String));
    expectSameJson(ProvidersReplySchema, providers.body);

    const openings = await t.get('/api/last-minute-openings');
    expect(openings.status, openings.text).toBe(200);
    expect(openings.body.openings.length).toBeGreaterThan(0);
    expectSameJson(OpeningsReplySchema, openings.body);
  });
});

describe('a reply that breaks its schema', () => {
  const Reply = z.object({
    success: z.literal(true),
    name: z.string(),
    kind: z.enum(['a', 'b']),
    count: z.number().int(),
    note: z.string().nullable(),
    extra: z.string().optional(),
  });
  const good = { success: true, name: 'Ana', kind: 'a', count: 2, note: null };

  async function appWith(check: boolean, payload: unknown) {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    registerSerializer(app, { check });
    registerErrorHandler(app);
    app.get('/reply', { schema: { response: { 200: Reply } } }, async () => payload);
    await app.ready();
    return app;
  }

  it('writes a good one, dropping unknown keys, in production and in tests', async () => {
    for (const check of [false, true]) {
      const app = await appWith(check, { ...good, secret: 'x' });
      const res = await app.inject('/reply');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(good);
      expect(app.serializerFallbacks).toEqual([]);
      await app.close();
    }
  });

  it('is a 500, never sent, when a required key is missing, in production as in tests', async () => {
    const { name: _name, ...missing } = good;
    for (const check of [false, true]) {
      const app = await appWith(check, missing);
      const res = await app.inject('/reply');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, error: 'INTERNAL_ERROR', message: expect.any(String) });
      expect(res.body).not.toContain('Ana');
      await app.close();
    }
  });

  it('is a 500 in tests for every value zod refuses (type, enum, integer, null)', async () => {
    for (const broken of [
      { ...good, name: 5 },
      { ...good, kind: 'c' },
      { ...good, count: 1.5 },
      { ...good, note: undefined },
      { ...good, success: false },
      { ...good, extra: null },
    ]) {
      const app = await appWith(true, broken);
      const res = await app.inject('/reply');
      expect(res.statusCode, JSON.stringify(broken)).toBe(500);
      expect(res.json().error).toBe('INTERNAL_ERROR');
      await app.close();
    }
  });

  it('falls back to zod, and says so, where JSON Schema cannot say what zod does', async () => {
    const app = Fastify({ logger: false });
    registerSerializer(app, { check: false });
    registerErrorHandler(app);
    const Tupled = z.object({ at: z.tuple([z.string(), z.number()]) });
    const Defaulted = z.object({ n: z.number().default(1) });
    app.get('/tupled', { schema: { response: { 200: Tupled } } }, async () => ({ at: ['x', 1, 'extra'] }));
    app.get('/defaulted', { schema: { response: { 200: Defaulted } } }, async () => ({ n: 2, extra: 1 }));
    await app.ready();
    expect(app.serializerFallbacks).toEqual([
      'GET /tupled 200: $.at is a zod tuple',
      'GET /defaulted 200: $.n is a zod default',
    ]);
    // The zod serializer still runs there: what it writes is zod's output.
    const tupled = await app.inject('/tupled');
    expect(tupled.statusCode, tupled.body).toBe(500);
    expect((await app.inject('/defaulted')).json()).toEqual({ n: 2 });
    await app.close();
  });
});
