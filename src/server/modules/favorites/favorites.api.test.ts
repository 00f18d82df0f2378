import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_TEXTS } from '#domain/blocks-options.ts';
import { CATALOGUE_SERVICES, FAVORITE_LIMITS, FAVORITE_TEXTS } from '#domain/favorites.ts';
import {
  blockedProviders,
  favoriteServices,
  favorites,
  providerProfiles,
  users,
} from '#server/db/schema/index.ts';
import { encodeKeyset } from '#server/lib/keyset-cursor.ts';
import { buildTestApp, type TestApp, type TestResponse } from '#server/test/build-test-app.ts';
import {
  completeProfile,
  createUnverifiedUser,
  createVerifiedProvider,
  createVerifiedUser,
  insertProvider,
  uniqueEmail,
} from '#server/test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

const savedIds = async (userId: string) =>
  (
    await t.db
      .select({ providerId: favorites.providerId })
      .from(favorites)
      .where(eq(favorites.userId, userId))
  ).map((r) => r.providerId);

const countSaved = (userId: string) => t.db.$count(favorites, eq(favorites.userId, userId));
const countSavers = (providerId: string) => t.db.$count(favorites, eq(favorites.providerId, providerId));
const countServices = (userId: string) => t.db.$count(favoriteServices, eq(favoriteServices.userId, userId));

/** `count` listed providers inserted straight into the database, in two statements (no mail; the caps' tests need a thousand). */
async function insertListedProviders(count: number) {
  const tag = randomBytes(3).toString('hex');
  const rows = await t.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `cap-${tag}-${i}@example.test`,
        passwordHash: 'not-a-login',
        name: `Cap ${tag} ${i}`,
        routingSlug: `cap-${tag}-${i}`,
        userType: 'provider' as const,
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  await t.db.insert(providerProfiles).values(rows.map((r) => completeProfile(r.id)));
  return rows;
}

describe('POST /api/favorites', () => {
  it('needs a token and stores nothing', async () => {
    const provider = await createVerifiedProvider(t);
    const res = await t.post('/api/favorites', { providerId: provider.user.id });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('UNAUTHORIZED');
    expect(await countSavers(provider.user.id)).toBe(0);
  });

  it('saves a provider once, however often it is sent (idempotent)', async () => {
    const provider = await createVerifiedProvider(t);
    const client = await createVerifiedUser(t);
    const token = client.session.access_token;

    for (let i = 0; i < 2; i++) {
      const res = await t.post('/api/favorites', { providerId: provider.user.id }, { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        message: FAVORITE_TEXTS.saved,
        favorite: { providerId: provider.user.id, saved: true },
      });
    }
    expect(await savedIds(client.user.id)).toEqual([provider.user.id]);
    const ids = await t.get('/api/favorites/ids', { token });
    expect(ids.body.providerIds).toEqual([provider.user.id]);
  });

  it('lets a provider save another provider', async () => {
    const a = await createVerifiedProvider(t);
    const b = await createVerifiedProvider(t);
    const res = await t.post('/api/favorites', { providerId: b.user.id }, { token: a.session.access_token });
    expect(res.status).toBe(200);
    expect(await savedIds(a.user.id)).toEqual([b.user.id]);
  });

  it('answers 404 for unknown ids, clients and unverified providers, and stores nothing', async () => {
    const client = await createVerifiedUser(t);
    const otherClient = await createVerifiedUser(t);
    const unverified = await createUnverifiedUser(t, {
      userData: { user_type: 'provider', name: 'Not Yet Verified', location: 'Austin, TX 78701' },
    });
    const [unverifiedRow] = await t.db.select().from(users).where(eq(users.email, unverified.email));
    const token = client.session.access_token;

    for (const providerId of [NO_SUCH_ID, otherClient.user.id, unverifiedRow!.id]) {
      const res = await t.post('/api/favorites', { providerId }, { token });
      expect(res.status, providerId).toBe(404);
      expect(res.body).toMatchObject({ success: false, error: 'NOT_FOUND', message: 'Provider not found' });
    }
    // A client saving their own id: not a provider either.
    const self = await t.post('/api/favorites', { providerId: client.user.id }, { token });
    expect(self.status).toBe(404);
    expect(await countSaved(client.user.id)).toBe(0);
  });

  it('refuses a provider saving their own profile (400 on providerId)', async () => {
    const provider = await createVerifiedProvider(t);
    const res = await t.post(
      '/api/favorites',
      { providerId: provider.user.id },
      { token: provider.session.access_token },
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
    expect(res.body.issues).toEqual([{ path: 'providerId', message: FAVORITE_TEXTS.ownProfile }]);
    expect(await countSaved(provider.user.id)).toBe(0);
  });

  it('refuses malformed bodies with issues on providerId', async () => {
    const client = await createVerifiedUser(t);
    const token = client.session.access_token;
    for (const body of [{ providerId: 'not-a-uuid' }, { providerId: 42 }, {}, { providerId: '' }]) {
      const res = await t.post('/api/favorites', body, { token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
      expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(['providerId']);
    }
    const noBody = await t.post('/api/favorites', undefined, { token });
    expect(noBody.status).toBe(400);
    expect(await countSaved(client.user.id)).toBe(0);
  });

  it(`stops at ${FAVORITE_LIMITS.providersMax} saved providers, but re-saving one is still a success`, async () => {
    const client = await createVerifiedUser(t);
    const [extra, ...capped] = await insertListedProviders(FAVORITE_LIMITS.providersMax + 1);
    await t.db.insert(favorites).values(capped.map((r) => ({ userId: client.user.id, providerId: r.id })));
    const token = client.session.access_token;

    const full = await t.post('/api/favorites', { providerId: extra!.id }, { token });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ error: 'CONFLICT', message: FAVORITE_TEXTS.tooMany });
    expect(await countSaved(client.user.id)).toBe(FAVORITE_LIMITS.providersMax);

    const again = await t.post('/api/favorites', { providerId: capped[500]!.id }, { token });
    expect(again.status).toBe(200);
    expect(again.body.favorite).toEqual({ providerId: capped[500]!.id, saved: true });

    // Removing one makes room again.
    expect((await t.del('/api/favorites', { providerId: capped[0]!.id }, { token })).status).toBe(200);
    expect((await t.post('/api/favorites', { providerId: extra!.id }, { token })).status).toBe(200);
    expect(await countSaved(client.user.id)).toBe(FAVORITE_LIMITS.providersMax);
    expect(await savedIds(client.user.id)).toContain(extra!.id);
  });
});

describe('DELETE /api/favorites', () => {
  it('needs a token and removes nothing', async () => {
    const provider = await insertProvider(t.db);
    const client = await createVerifiedUser(t);
    await t.post('/api/favorites', { providerId: provider.id }, { token: client.session.access_token });
    const res = await t.del('/api/favorites', { providerId: provider.id });
    expect(res.status).toBe(401);
    expect(await savedIds(client.user.id)).toEqual([provider.id]);
  });

  it("removes the caller's row only, and answers alike when it is already gone (idempotent)", async () => {
    const provider = await insertProvider(t.db);
    const client = await createVerifiedUser(t);
    const other = await createVerifiedUser(t);
    for (const u of [client, other]) {
      const res = await t.post(
        '/api/favorites',
        { providerId: provider.id },
        { token: u.session.access_token },
      );
      expect(res.status).toBe(200);
    }
    const token = client.session.access_token;
    for (let i = 0; i < 2; i++) {
      const res = await t.del('/api/favorites', { providerId: provider.id }, { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        message: FAVORITE_TEXTS.removed,
        favorite: { providerId: provider.id, saved: false },
      });
    }
    expect(await savedIds(client.user.id)).toEqual([]);
    expect(await savedIds(other.user.id)).toEqual([provider.id]);
  });

  it('removes a saved provider who is no longer listed', async () => {
    const provider = await insertProvider(t.db);
    const client = await createVerifiedUser(t);
    const token = client.session.access_token;
    await t.post('/api/favorites', { providerId: provider.id }, { token });
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, provider.id));

    const res = await t.del('/api/favorites', { providerId: provider.id }, { token });
    expect(res.status).toBe(200);
    expect(await countSaved(client.user.id)).toBe(0);
    // Once gone, an unlisted provider is like an unknown one.
    expect((await t.del('/api/favorites', { providerId: provider.id }, { token })).status).toBe(404);
  });

  it('answers 404 for unknown ids and clients, 400 for malformed ids, and leaves saved rows alone', async () => {
    const provider = await insertProvider(t.db);
    const client = await createVerifiedUser(t);
    const otherClient = await createVerifiedUser(t);
    const token = client.session.access_token;
    await t.post('/api/favorites', { providerId: provider.id }, { token });

    for (const providerId of [NO_SUCH_ID, otherClient.user.id]) {
      const res = await t.del('/api/favorites', { providerId }, { token });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('NOT_FOUND');
    }
    const bad = await t.del('/api/favorites', { providerId: 'nope' }, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: 'providerId', message: 'Provider not found' }]);
    expect(await savedIds(client.user.id)).toEqual([provider.id]);
  });
});

describe('GET /api/favorites', () => {
  it('needs a token', async () => {
    const res = await t.get('/api/favorites');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('UNAUTHORIZED');
  });

  it('answers an empty page for a user who saved nothing', async () => {
    const client = await createVerifiedUser(t);
    const res = await t.get('/api/favorites', { token: client.session.access_token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, favorites: [], total: 0, nextCursor: null });
  });

  it("lists the caller's saved providers as cards, newest saved first", async () => {
    const maya = await createVerifiedProvider(t, { name: 'Maya Curls', location: 'East Austin, TX 78702' });
    const put = await t.put(
      '/api/auth/profile',
      { specialties: ['Curly cuts', 'Balayage'] },
      { token: maya.session.access_token },
    );
    expect(put.status).toBe(200);
    const second = await insertProvider(t.db);
    const third = await insertProvider(t.db);
    const client = await createVerifiedUser(t);
    const bystander = await createVerifiedUser(t);
    const token = client.session.access_token;
    for (const id of [maya.user.id, second.id, third.id]) {
      expect((await t.post('/api/favorites', { providerId: id }, { token })).status).toBe(200);
    }
    await t.post('/api/favorites', { providerId: second.id }, { token: bystander.session.access_token });

    const res = await t.get('/api/favorites', { token });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.favorites.map((f: { id: string }) => f.id)).toEqual([third.id, second.id, maya.user.id]);
    expect(res.body.favorites[2]).toEqual({
      id: maya.user.id,
      name: 'Maya Curls',
      avatar_url: null,
      location: 'East Austin, TX 78702',
      specialties: ['Curly cuts', 'Balayage'],
      routing_slug: maya.user.routing_slug,
    });
    // A provider with no specialties still gets a whole card.
    expect(res.body.favorites[0]).toEqual({
      id: third.id,
      name: third.name,
      avatar_url: null,
      location: 'Austin, TX 78701',
      specialties: [],
      routing_slug: third.routingSlug,
    });
  });

  it('hides saved providers who are no longer listed, and shows them again when they are', async () => {
    const listed = await insertProvider(t.db);
    const leaving = await insertProvider(t.db);
    const client = await createVerifiedUser(t);
    const token = client.session.access_token;
    await t.post('/api/favorites', { providerId: listed.id }, { token });
    await t.post('/api/favorites', { providerId: leaving.id }, { token });

    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, leaving.id));
    const hidden = await t.get('/api/favorites', { token });
    expect(hidden.body.favorites.map((f: { id: string }) => f.id)).toEqual([listed.id]);
    expect(hidden.body.total).toBe(1);
    expect(await countSaved(client.user.id)).toBe(2);

    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, leaving.id));
    const back = await t.get('/api/favorites', { token });
    expect(back.body.favorites.map((f: { id: string }) => f.id)).toEqual([leaving.id, listed.id]);
    expect(back.body.total).toBe(2);
  });

  it('pages through 7 saved providers in 3 pages, ties on the save time included, without duplicates', async () => {
    const client = await createVerifiedUser(t);
    const providers = await Promise.all(Array.from({ length: 7 }, () => insertProvider(t.db)));
    const base = Date.parse('2024-05-01T12:00:00.000Z');
    // Three saved in the same microsecond and two in another: the cursor must break ties by id.
    const offsets = [0, 0, 0, 1000, 1000, 2000, 3000];
    const rows = providers.map((p, i) => ({
      userId: client.user.id,
      providerId: p.id,
      createdAt: new Date(base + offsets[i]!),
    }));
    await t.db.insert(favorites).values(rows);
    const expected = [...rows]
      .sort(
        (a, b) =>
          b.createdAt.getTime() - a.createdAt.getTime() ||
          (a.providerId < b.providerId ? 1 : a.providerId > b.providerId ? -1 : 0),
      )
      .map((r) => r.providerId);

    const token = client.session.access_token;
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const query: string = `limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res: TestResponse = await t.get(`/api/favorites?${query}`, { token });
      expect(res.status, res.text).toBe(200);
      expect(res.body.total).toBe(7);
      pages.push(res.body.favorites.map((f: { id: string }) => f.id));
      cursor = res.body.nextCursor;
    } while (cursor && pages.length < 5);

    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    const all = pages.flat();
    expect(new Set(all).size).toBe(7);
    expect(all).toEqual(expected);
  });

  it('uses a default page size and refuses bad limits and cursors with issues', async () => {
    const client = await createVerifiedUser(t);
    const token = client.session.access_token;
    const many = await Promise.all(
      Array.from({ length: FAVORITE_LIMITS.pageDefault + 1 }, () => insertProvider(t.db)),
    );
    await t.db.insert(favorites).values(many.map((p) => ({ userId: client.user.id, providerId: p.id })));
    const first = await t.get('/api/favorites', { token });
    expect(first.body.favorites).toHaveLength(FAVORITE_LIMITS.pageDefault);
    expect(first.body.nextCursor).toEqual(expect.any(String));

    for (const [query, path] of [
      ['limit=0', 'limit'],
      [`limit=${FAVORITE_LIMITS.pageMax + 1}`, 'limit'],
      ['limit=abc', 'limit'],
      ['limit=2.5', 'limit'],
      ['cursor=not-a-cursor', 'cursor'],
      [`cursor=${'x'.repeat(201)}`, 'cursor'],
      // Well-formed JSON, but not a keyset of this list.
      [`cursor=${Buffer.from('{"c":"yesterday","i":"x"}').toString('base64url')}`, 'cursor'],
      [`cursor=${encodeKeyset({ createdAt: '2024-05-01T12:00:00.000000Z', id: '12345' })}`, 'cursor'],
      [`cursor=${encodeKeyset({ createdAt: '2024-13-45T12:00:00.000000Z', id: NO_SUCH_ID })}`, 'cursor'],
    ] as const) {
      const res = await t.get(`/api/favorites?${query}`, { token });
      expect(res.status, `${query}: ${res.text}`).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
      expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual([path]);
    }
  });
});

describe('GET /api/favorites/ids', () => {
  it('needs a token', async () => {
    expect((await t.get('/api/favorites/ids')).status).toBe(401);
  });

  it('answers every saved id of the caller only, newest saved first; [] when none', async () => {
    const a = await insertProvider(t.db);
    const b = await insertProvider(t.db);
    const client = await createVerifiedUser(t);
    const other = await createVerifiedUser(t);
    const token = client.session.access_token;

    const empty = await t.get('/api/favorites/ids', { token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ success: true, providerIds: [] });

    await t.post('/api/favorites', { providerId: a.id }, { token });
    await t.post('/api/favorites', { providerId: b.id }, { token });
    await t.post('/api/favorites', { providerId: a.id }, { token: other.session.access_token });
    const res = await t.get('/api/favorites/ids', { token });
    expect(res.body).toEqual({ success: true, providerIds: [b.id, a.id] });
    const theirs = await t.get('/api/favorites/ids', { token: other.session.access_token });
    expect(theirs.body.providerIds).toEqual([a.id]);
  });
});

describe('/api/favorite-services', () => {
  it('needs a token for every method and stores nothing', async () => {
    const before = await t.db.$count(favoriteServices);
    expect((await t.get('/api/favorite-services')).status).toBe(401);
    expect((await t.post('/api/favorite-services', { serviceName: 'Balayage' })).status).toBe(401);
    expect((await t.del('/api/favorite-services', { serviceName: 'Balayage' })).status).toBe(401);
    expect(await t.db.$count(favoriteServices)).toBe(before);
  });

  it('adds a catalogue service once (idempotent) and answers the whole list in the order added', async () => {
    const client = await createVerifiedUser(t);
    const token = client.session.access_token;

    const empty = await t.get('/api/favorite-services', { token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ success: true, services: [] });

    for (let i = 0; i < 2; i++) {
      const res = await t.post('/api/favorite-services', { serviceName: 'Balayage' }, { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        services: ['Balayage'],
        message: FAVORITE_TEXTS.serviceAdded,
      });
    }
    // Surrounding spaces are not part of the name.
    const trimmed = await t.post('/api/favorite-services', { serviceName: '  Manicure ' }, { token });
    expect(trimmed.body.services).toEqual(['Balayage', 'Manicure']);
    expect(await countServices(client.user.id)).toBe(2);

    const list = await t.get('/api/favorite-services', { token });
    expect(list.body).toEqual({ success: true, services: ['Balayage', 'Manicure'] });
  });

  it('accepts every name in the catalogue', async () => {
    const client = await createVerifiedUser(t);
    const token = client.session.access_token;
    for (const serviceName of CATALOGUE_SERVICES) {
      const res = await t.post('/api/favorite-services', { serviceName }, { token });
      expect(res.status, serviceName).toBe(200);
    }
    const list = await t.get('/api/favorite-services', { token });
    expect(list.body.services).toEqual([...CATALOGUE_SERVICES]);
  });

  it('refuses names outside the catalogue with an issue on serviceName, and stores nothing', async () => {
    const client = await createVerifiedUser(t);
    const token = client.session.access_token;
    await t.post('/api/favorite-services', { serviceName: 'Facial' }, { token });

    for (const body of [
      { serviceName: 'Tattoo' },
      { serviceName: 'balayage' },
      { serviceName: '' },
      { serviceName: 'Balayage'.repeat(10) },
      { serviceName: 42 },
      { serviceName: null },
      {},
    ]) {
      for (const send of [t.post, t.del]) {
        const res = await send('/api/favorite-services', body, { token });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error).toBe('VALIDATION_ERROR');
        // (A name over 60 characters fails two rules with the same text, hence the set.)
        expect(new Set(res.body.issues.map((i: object) => JSON.stringify(i)))).toEqual(
          new Set([JSON.stringify({ path: 'serviceName', message: FAVORITE_TEXTS.unknownService })]),
        );
      }
    }
    const rows = await t.db
      .select({ name: favoriteServices.serviceName })
      .from(favoriteServices)
      .where(eq(favoriteServices.userId, client.user.id));
    expect(rows).toEqual([{ name: 'Facial' }]);
  });

  it("removes the caller's service only, and answers alike when it is already gone (idempotent)", async () => {
    const client = await createVerifiedUser(t);
    const other = await createVerifiedUser(t);
    const token = client.session.access_token;
    await t.post('/api/favorite-services', { serviceName: 'Pedicure' }, { token });
    await t.post('/api/favorite-services', { serviceName: 'Facial' }, { token });
    await t.post(
      '/api/favorite-services',
      { serviceName: 'Pedicure' },
      { token: other.session.access_token },
    );

    for (let i = 0; i < 2; i++) {
      const res = await t.del('/api/favorite-services', { serviceName: 'Pedicure' }, { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        services: ['Facial'],
        message: FAVORITE_TEXTS.serviceRemoved,
      });
    }
    // Removing a catalogue service never added is a success too.
    const never = await t.del('/api/favorite-services', { serviceName: 'Perm' }, { token });
    expect(never.status).toBe(200);
    expect(never.body.services).toEqual(['Facial']);

    expect(
      await t.db.$count(
        favoriteServices,
        and(eq(favoriteServices.userId, other.user.id), eq(favoriteServices.serviceName, 'Pedicure')),
      ),
    ).toBe(1);
    expect(await countServices(client.user.id)).toBe(1);
  });

  it('keeps services apart per user', async () => {
    const a = await createVerifiedUser(t, { email: uniqueEmail('svc-a') });
    const b = await createVerifiedProvider(t);
    await t.post('/api/favorite-services', { serviceName: 'Updo' }, { token: a.session.access_token });
    await t.post('/api/favorite-services', { serviceName: 'Perm' }, { token: b.session.access_token });
    expect((await t.get('/api/favorite-services', { token: a.session.access_token })).body.services).toEqual([
      'Updo',
    ]);
    expect((await t.get('/api/favorite-services', { token: b.session.access_token })).body.services).toEqual([
      'Perm',
    ]);
  });
});

describe('/api/blocked-providers', () => {
  const blockedIds = async (userId: string) =>
    (
      await t.db
        .select({ providerId: blockedProviders.providerId })
        .from(blockedProviders)
        .where(eq(blockedProviders.userId, userId))
    ).map((r) => r.providerId);

  it('needs a token for every method and stores nothing', async () => {
    const provider = await createVerifiedProvider(t);
    expect((await t.get('/api/blocked-providers')).status).toBe(401);
    expect((await t.post('/api/blocked-providers', { providerId: provider.user.id })).status).toBe(401);
    expect((await t.del('/api/blocked-providers', { providerId: provider.user.id })).status).toBe(401);
    expect(await t.db.$count(blockedProviders, eq(blockedProviders.providerId, provider.user.id))).toBe(0);
  });

  it('blocks once however often it is sent, removes the provider from saved providers, lists them, and unblocks', async () => {
    const provider = await createVerifiedProvider(t, { name: 'Blocked Studio' });
    const other = await createVerifiedProvider(t);
    const client = await createVerifiedUser(t);
    const token = client.session.access_token;
    await t.post('/api/favorites', { providerId: provider.user.id }, { token });
    await t.post('/api/favorites', { providerId: other.user.id }, { token });

    for (let i = 0; i < 2; i++) {
      const res = await t.post('/api/blocked-providers', { providerId: provider.user.id }, { token });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({
        success: true,
        message: BLOCK_TEXTS.blocked,
        block: { providerId: provider.user.id, blocked: true },
      });
    }
    expect(await blockedIds(client.user.id)).toEqual([provider.user.id]);
    expect(await savedIds(client.user.id)).toEqual([other.user.id]);

    const list = await t.get('/api/blocked-providers', { token });
    expect(list.status).toBe(200);
    expect(list.body.providers).toEqual([
      {
        id: provider.user.id,
        name: 'Blocked Studio',
        avatar_url: null,
        routing_slug: expect.any(String),
        blocked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    // Nobody else's list shows it.
    const stranger = await createVerifiedUser(t);
    expect(
      (await t.get('/api/blocked-providers', { token: stranger.session.access_token })).body.providers,
    ).toEqual([]);

    for (let i = 0; i < 2; i++) {
      const res = await t.del('/api/blocked-providers', { providerId: provider.user.id }, { token });
      expect(res.status).toBe(200);
      expect(res.body.block).toEqual({ providerId: provider.user.id, blocked: false });
    }
    expect(await blockedIds(client.user.id)).toEqual([]);
  });

  it('saving a blocked provider unblocks them', async () => {
    const provider = await createVerifiedProvider(t);
    const client = await createVerifiedUser(t);
    const token = client.session.access_token;
    await t.post('/api/blocked-providers', { providerId: provider.user.id }, { token });
    await t.post('/api/favorites', { providerId: provider.user.id }, { token });
    expect(await blockedIds(client.user.id)).toEqual([]);
    expect(await savedIds(client.user.id)).toEqual([provider.user.id]);
  });

  it('answers 404 for unknown ids and clients, 400 for your own profile and malformed ids, and stores nothing', async () => {
    const provider = await createVerifiedProvider(t);
    const client = await createVerifiedUser(t);
    const token = client.session.access_token;
    for (const providerId of [NO_SUCH_ID, client.user.id]) {
      const res = await t.post(
        '/api/blocked-providers',
        { providerId },
        { token: provider.session.access_token },
      );
      expect(res.status, providerId).toBe(404);
    }
    const own = await t.post(
      '/api/blocked-providers',
      { providerId: provider.user.id },
      { token: provider.session.access_token },
    );
    expect(own.status).toBe(400);
    expect(own.body.issues).toEqual([{ path: 'providerId', message: BLOCK_TEXTS.ownBlock }]);
    const bad = await t.post('/api/blocked-providers', { providerId: 'nope' }, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('providerId');
    expect(await blockedIds(provider.user.id)).toEqual([]);
    expect(await blockedIds(client.user.id)).toEqual([]);
  });

  it(`stops at ${FAVORITE_LIMITS.providersMax} blocked providers, but blocking one again is still a success`, async () => {
    const client = await createVerifiedUser(t);
    const [extra, ...capped] = await insertListedProviders(FAVORITE_LIMITS.providersMax + 1);
    await t.db
      .insert(blockedProviders)
      .values(capped.map((r) => ({ userId: client.user.id, providerId: r.id })));
    const token = client.session.access_token;

    const full = await t.post('/api/blocked-providers', { providerId: extra!.id }, { token });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ error: 'CONFLICT', message: BLOCK_TEXTS.tooManyBlocks });
    expect(await blockedIds(client.user.id)).not.toContain(extra!.id);

    const again = await t.post('/api/blocked-providers', { providerId: capped[500]!.id }, { token });
    expect(again.status).toBe(200);
    expect((await blockedIds(client.user.id)).length).toBe(FAVORITE_LIMITS.providersMax);

    // Unblocking one makes room again.
    expect((await t.del('/api/blocked-providers', { providerId: capped[0]!.id }, { token })).status).toBe(
      200,
    );
    expect((await t.post('/api/blocked-providers', { providerId: extra!.id }, { token })).status).toBe(200);
    const ids = await blockedIds(client.user.id);
    expect(ids.length).toBe(FAVORITE_LIMITS.providersMax);
    expect(ids).toContain(extra!.id);
  });
});
