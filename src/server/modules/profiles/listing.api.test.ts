import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountProfile } from '#domain/profiles.ts';
import { LISTING_ITEMS, missingForListing } from '#domain/profiles-options.ts';
import { providerSearch, users } from '#server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import {
  createVerifiedProvider,
  createVerifiedUser,
  TEST_SERVICE,
  type VerifiedUser,
} from '#server/test/factories.ts';

/**
 * A provider is listed — searchable, on /availability, open to favourites,
 * messages, booking clicks and reviews, with a public page — only once the profile has a name, a
 * location with a zip we know and a service with a price type. Until then the page is 'Profile not
 * found' to everyone but its owner, who gets a preview that says what is missing.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const tokenOf = (u: VerifiedUser) => ({ token: u.session.access_token });
const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

const listedColumn = async (id: string) =>
  (await t.db.select({ listed: users.listed }).from(users).where(eq(users.id, id)))[0]?.listed;
const inSearchTable = async (id: string) =>
  (await t.db.$count(providerSearch, eq(providerSearch.providerId, id))) === 1;

async function searchIds(query: string): Promise<string[]> {
  const res = await t.post('/api/search', { query });
  expect(res.status, res.text).toBe(200);
  return res.body.results.map((r: { id: string }) => r.id);
}

async function publicOpeningIds(): Promise<string[]> {
  const res = await t.get('/api/last-minute-openings?limit=50');
  expect(res.status, res.text).toBe(200);
  return res.body.openings.map((o: { id: string }) => o.id);
}

async function put(provider: VerifiedUser, body: Record<string, unknown>): Promise<AccountProfile> {
  const res = await t.put('/api/auth/profile', body, tokenOf(provider));
  expect(res.status, res.text).toBe(200);
  return res.body.profile;
}

describe('a provider without a service', () => {
  it('is not found by anyone but its owner, whose preview names what is missing', async () => {
    const provider = await createVerifiedProvider(t, {}, { listed: false });
    const slug = provider.user.routing_slug;
    const client = await createVerifiedUser(t);

    for (const token of [undefined, client.session.access_token]) {
      const res = await t.get(`/api/user/${slug}`, token ? { token } : {});
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'NOT_FOUND', message: 'Profile not found' });
    }
    const own = await t.get(`/api/user/${slug}`, tokenOf(provider));
    expect(own.status).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.body.profile).toMatchObject({ listed: false, missing: ['service'] });
    expect(await listedColumn(provider.user.id)).toBe(false);
  });

  it('is not in search, and nobody can save, message or book it; its openings stay off the public list', async () => {
    const provider = await createVerifiedProvider(t, { name: 'Quillon Varga Studio' }, { listed: false });
    const client = await createVerifiedUser(t);
    const id = provider.user.id;

    expect(await searchIds('Quillon Varga')).toEqual([]);
    expect(await inSearchTable(id)).toBe(false);
    const save = await t.post('/api/favorites', { providerId: id }, tokenOf(client));
    expect(save.status).toBe(404);
    const message = await t.post('/api/messages', { providerId: id, message: 'Hello' }, tokenOf(client));
    expect(message.status).toBe(404);
    const click = await t.post(
      '/api/booking-logs',
      { url: 'https://book.example.com/q', provider_id: id },
      tokenOf(client),
    );
    expect(click.status).toBe(404);

    const posted = await t.post(
      '/api/last-minute-openings',
      { service_type: 'Silk press', start_time: at(2 * HOUR), end_time: at(3 * HOUR), price: '$80' },
      tokenOf(provider),
    );
    expect(posted.status, posted.text).toBe(200);
    expect(await publicOpeningIds()).not.toContain(posted.body.opening.id);

    // One service later it is listed everywhere, the opening included.
    await put(provider, { pricing: [TEST_SERVICE] });
    expect(await listedColumn(id)).toBe(true);
    expect(await searchIds('Quillon Varga')).toEqual([id]);
    expect(await publicOpeningIds()).toContain(posted.body.opening.id);
    expect((await t.post('/api/favorites', { providerId: id }, tokenOf(client))).status).toBe(200);
    const page = await t.get(`/api/user/${provider.user.routing_slug}`);
    expect(page.status).toBe(200);
    expect(page.body.profile.listed).toBe(true);
    expect(page.body.profile).not.toHaveProperty('missing');
  });
});

describe('the listing follows the saved profile', () => {
  it('goes when the last service, the zip or the name goes, and comes back with it', async () => {
    const provider = await createVerifiedProvider(t, { name: 'Ottoline Brisk Nails' });
    const id = provider.user.id;
    const anonymous = () => t.get(`/api/user/${provider.user.routing_slug}`);
    expect((await anonymous()).status).toBe(200);
    expect(await searchIds('Ottoline Brisk')).toEqual([id]);

    await put(provider, { pricing: [] });
    expect((await anonymous()).status).toBe(404);
    expect(await searchIds('Ottoline Brisk')).toEqual([]);
    await put(provider, { pricing: [TEST_SERVICE] });
    expect((await anonymous()).status).toBe(200);

    // A location with no zip in it, and no zip field: no place to list it at.
    await put(provider, { location: 'Somewhere sunny', zip: '' });
    expect((await anonymous()).status).toBe(404);
    const own = await t.get(`/api/user/${provider.user.routing_slug}`, tokenOf(provider));
    expect(own.body.profile.missing).toEqual(['location']);
    await put(provider, { zip: '78702' });
    expect((await anonymous()).status).toBe(200);
    expect(await searchIds('Ottoline Brisk')).toEqual([id]);
  });

  it('lists a client who becomes a provider only once place and service are there', async () => {
    // A client's sign-up always leaves a name (the address's local part when none is given).
    const person = await createVerifiedUser(t);
    const up = await t.post('/api/auth/upgrade-to-provider', {}, tokenOf(person));
    expect(up.status, up.text).toBe(200);
    const slug = person.user.routing_slug;
    const own = await t.get(`/api/user/${slug}`, tokenOf(person));
    expect(own.status).toBe(200);
    expect(own.body.profile.missing).toEqual(['location', 'service']);
    expect((await t.get(`/api/user/${slug}`)).status).toBe(404);

    await put(person, { name: 'Perpetua Lind', location: 'Austin, TX 78701', pricing: [TEST_SERVICE] });
    expect((await t.get(`/api/user/${slug}`)).status).toBe(200);
    expect(await listedColumn(person.user.id)).toBe(true);
  });

  it('agrees with the checklist the account page shows (missingForListing) in every case', async () => {
    const cases: Record<string, unknown>[] = [
      {},
      { pricing: [] },
      { location: 'Nowhere in particular', zip: '' },
      { location: 'Austin, TX 78701', zip: '' },
      { pricing: [{ service: 'Deep tissue', description: '60 minutes', priceType: 'fixed', minPrice: 90 }] },
      { zip: '10001' },
      { name: 'A' },
    ];
    const provider = await createVerifiedProvider(t);
    for (const body of cases) {
      const profile = await put(provider, body);
      const listed = (await t.get(`/api/user/${provider.user.routing_slug}`)).status === 200;
      expect(missingForListing(profile).length === 0, JSON.stringify(body)).toBe(listed);
      expect(await listedColumn(provider.user.id)).toBe(listed);
      expect(await inSearchTable(provider.user.id)).toBe(listed);
    }
  });

  it('names each checklist item in the form order', () => {
    expect(missingForListing({ name: ' ', location: '', zip: null, pricing: [] })).toEqual([
      ...LISTING_ITEMS,
    ]);
    expect(
      missingForListing({
        name: 'Ana',
        location: 'Austin',
        zip: '78701',
        pricing: [{ service: '  ', priceType: 'fixed' }],
      }),
    ).toEqual(['service']);
  });
});
