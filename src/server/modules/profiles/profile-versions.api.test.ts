import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_VERSION_TEXTS } from '#domain/profile-versions.ts';
import { providerProfiles, users } from '#server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { createVerifiedProvider, createVerifiedUser, type VerifiedUser } from '#server/test/factories.ts';
import { dataUrl, swatch } from '#server/test/test-images.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const token = (who: VerifiedUser) => who.session.access_token;

/** What is stored for the account: its version, name and avatar, and the provider fields the tests touch. */
async function stored(userId: string) {
  const [user] = await t.db
    .select({ version: users.profileVersion, name: users.name, avatarUrl: users.avatarUrl })
    .from(users)
    .where(eq(users.id, userId));
  const [profile] = await t.db
    .select({
      bio: providerProfiles.bio,
      location: providerProfiles.location,
      portfolio: providerProfiles.portfolioImages,
      updatedAt: providerProfiles.updatedAt,
    })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, userId));
  return { ...user!, ...profile };
}

async function etagOf(who: VerifiedUser): Promise<string> {
  const res = await t.get('/api/auth/profile', { token: token(who) });
  expect(res.status).toBe(200);
  return String(res.headers.etag);
}

const putProfile = (who: VerifiedUser, body: unknown, ifMatch?: string) =>
  t.put('/api/auth/profile', body, {
    token: token(who),
    ...(ifMatch === undefined ? {} : { headers: { 'if-match': ifMatch } }),
  });

/** The 412 every stale write gets, in full. */
function expectStale(res: { status: number; body: unknown; headers: Record<string, unknown> }) {
  expect(res.status).toBe(412);
  expect(res.body).toEqual({
    success: false,
    error: 'PRECONDITION_FAILED',
    message: PROFILE_VERSION_TEXTS.changedElsewhere,
  });
  expect(res.headers.etag).toBeUndefined();
}

let imageSeed = 0;
/** A distinct small PNG each call (the same picture twice would be one portfolio entry). */
async function image() {
  imageSeed += 1;
  return dataUrl(await swatch(24, 24, 'png', { r: (imageSeed * 37) % 256, g: 90, b: 140 }));
}

describe('GET /api/auth/profile: the ETag', () => {
  it('names the stored version, for providers and clients alike, and is private', async () => {
    const provider = await createVerifiedProvider(t);
    const res = await t.get('/api/auth/profile', { token: token(provider) });
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe(`"p${(await stored(provider.user.id)).version}"`);
    expect(res.body.version).toBe(res.headers.etag);
    expect(res.headers['cache-control']).toContain('no-store');

    const client = await createVerifiedUser(t);
    const clientRes = await t.get('/api/auth/profile', { token: token(client) });
    expect(clientRes.headers.etag).toBe('"p1"');
    // Reading moves nothing.
    expect(await etagOf(client)).toBe('"p1"');
  });

  it('is not sent to a visitor without a token (401)', async () => {
    const res = await t.get('/api/auth/profile');
    expect(res.status).toBe(401);
    expect(res.headers.etag).toBeUndefined();
  });
});

describe('PUT /api/auth/profile with If-Match', () => {
  it('saves with the current ETag and answers the new one, which GET then sends', async () => {
    const provider = await createVerifiedProvider(t);
    const before = await stored(provider.user.id);
    const etag = await etagOf(provider);
    const res = await putProfile(provider, { bio: 'Colour from tab A.' }, etag);
    expect(res.status).toBe(200);
    expect(res.body.profile.bio).toBe('Colour from tab A.');
    const after = await stored(provider.user.id);
    expect(after).toMatchObject({ bio: 'Colour from tab A.', version: before.version + 1 });
    expect(res.headers.etag).toBe(`"p${after.version}"`);
    expect(res.body.version).toBe(res.headers.etag);
    expect(res.headers.etag).not.toBe(etag);
    expect(await etagOf(provider)).toBe(res.headers.etag);
  });

  it('refuses a stale ETag with 412 and changes nothing: the other tab keeps its bio', async () => {
    const provider = await createVerifiedProvider(t, { bio: 'The first bio.' });
    const loadedByBoth = await etagOf(provider);
    const tabA = await putProfile(provider, { bio: 'Tab A wrote this bio.' }, loadedByBoth);
    expect(tabA.status).toBe(200);
    const afterA = await stored(provider.user.id);

    // Tab B still holds the version it loaded, and its form sends every field, the old bio too.
    const tabB = await putProfile(
      provider,
      { name: 'Renamed by tab B', bio: 'The first bio.', location: 'Round Rock, TX 78664' },
      loadedByBoth,
    );
    expectStale(tabB);
    expect(await stored(provider.user.id)).toEqual(afterA);
    expect(afterA).toMatchObject({ bio: 'Tab A wrote this bio.', location: 'Austin, TX 78701' });
    expect(afterA.name).not.toBe('Renamed by tab B');

    // Loaded again, tab B saves its change on top of tab A's.
    const fresh = await etagOf(provider);
    const retry = await putProfile(provider, { location: 'Round Rock, TX 78664' }, fresh);
    expect(retry.status).toBe(200);
    expect(await stored(provider.user.id)).toMatchObject({
      bio: 'Tab A wrote this bio.',
      location: 'Round Rock, TX 78664',
      version: afterA.version + 1,
    });
  });

  it('refuses a stale ETag for a client, whose name is all they edit', async () => {
    const client = await createVerifiedUser(t, { userData: { user_type: 'client', name: 'Sam Rivera' } });
    const etag = await etagOf(client);
    expect((await putProfile(client, { name: 'Sam R.' }, etag)).status).toBe(200);
    const stale = await putProfile(client, { name: 'Samuel Rivera' }, etag);
    expectStale(stale);
    expect(await stored(client.user.id)).toMatchObject({ name: 'Sam R.', version: 2 });
  });

  it('without If-Match saves whatever the version, and moves it on (older clients)', async () => {
    const provider = await createVerifiedProvider(t);
    const before = await stored(provider.user.id);
    const res = await putProfile(provider, { bio: 'Saved by an older client.' });
    expect(res.status).toBe(200);
    expect(await stored(provider.user.id)).toMatchObject({
      bio: 'Saved by an older client.',
      version: before.version + 1,
    });
    expect(res.headers.etag).toBe(`"p${before.version + 1}"`);
  });

  it('If-Match: * saves whatever the version; a list saves when one of its tags is current', async () => {
    const provider = await createVerifiedProvider(t);
    const star = await putProfile(provider, { bio: 'Any version.' }, '*');
    expect(star.status).toBe(200);
    const current = String(star.headers.etag);
    const list = await putProfile(provider, { bio: 'From a list.' }, `"p0", ${current}`);
    expect(list.status).toBe(200);
    expect((await stored(provider.user.id)).bio).toBe('From a list.');
  });

  it('compares strongly: a weak ETag, a made-up one or an empty header never match', async () => {
    const provider = await createVerifiedProvider(t, { bio: 'Unchanged.' });
    const current = await etagOf(provider);
    const before = await stored(provider.user.id);
    for (const ifMatch of [`W/${current}`, '"p999"', current.replaceAll('"', ''), '']) {
      expectStale(await putProfile(provider, { bio: 'Should not be saved.' }, ifMatch));
    }
    expect(await stored(provider.user.id)).toEqual(before);
  });

  it('refuses an over-long If-Match as invalid input (400), changing nothing', async () => {
    const provider = await createVerifiedProvider(t);
    const before = await stored(provider.user.id);
    const res = await putProfile(provider, { bio: 'x' }, `"${'p'.repeat(600)}"`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
    expect(await stored(provider.user.id)).toEqual(before);
  });

  it('of two saves from the same version, exactly one is made', async () => {
    const provider = await createVerifiedProvider(t);
    const etag = await etagOf(provider);
    const [a, b] = await Promise.all([
      putProfile(provider, { bio: 'Saved by tab A.' }, etag),
      putProfile(provider, { bio: 'Saved by tab B.' }, etag),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 412]);
    const winner = a.status === 200 ? a : b;
    expect((await stored(provider.user.id)).bio).toBe(winner.body.profile.bio);
    expect(await etagOf(provider)).toBe(winner.headers.etag);
  });

  it('a client sending provider fields is still 403, whatever the version', async () => {
    const client = await createVerifiedUser(t);
    const res = await putProfile(client, { bio: 'Not mine to set.' }, await etagOf(client));
    expect(res.status).toBe(403);
    expect((await stored(client.user.id)).version).toBe(1);
  });

  it('a refused field (unknown zip) changes nothing, the version included', async () => {
    const provider = await createVerifiedProvider(t);
    const before = await stored(provider.user.id);
    const res = await putProfile(provider, { bio: 'New', zip: '00000' }, await etagOf(provider));
    expect(res.status).toBe(400);
    expect(await stored(provider.user.id)).toEqual(before);
  });
});

describe('uploads move the version', () => {
  it('an avatar upload: a form loaded before it gets 412, and nothing changes', async () => {
    const provider = await createVerifiedProvider(t, { bio: 'Before the picture.' });
    const formEtag = await etagOf(provider);
    const upload = await t.post(
      '/api/upload/avatar',
      { file: await image(), userId: provider.user.id },
      { token: token(provider) },
    );
    expect(upload.status).toBe(200);
    const afterUpload = await stored(provider.user.id);
    expect(afterUpload.avatarUrl).toBe(upload.body.avatarUrl);
    expect(await etagOf(provider)).not.toBe(formEtag);

    expectStale(await putProfile(provider, { bio: 'From the old form.' }, formEtag));
    expect(await stored(provider.user.id)).toEqual(afterUpload);
  });

  it('adding and removing a portfolio image each move it; a refused removal does not', async () => {
    const provider = await createVerifiedProvider(t);
    const loaded = await etagOf(provider);
    const added = await t.post(
      '/api/upload/portfolio',
      { file: await image(), userId: provider.user.id },
      { token: token(provider) },
    );
    expect(added.status).toBe(200);
    const afterAdd = await etagOf(provider);
    expect(afterAdd).not.toBe(loaded);
    expectStale(await putProfile(provider, { bio: 'Stale.' }, loaded));

    const missing = await t.del(
      '/api/upload/portfolio',
      { imageUrl: '/uploads/portfolio/none.webp', userId: provider.user.id },
      { token: token(provider) },
    );
    expect(missing.status).toBe(404);
    expect(await etagOf(provider)).toBe(afterAdd);

    const removed = await t.del(
      '/api/upload/portfolio',
      { imageUrl: added.body.portfolioImages[0], userId: provider.user.id },
      { token: token(provider) },
    );
    expect(removed.status).toBe(200);
    expect((await stored(provider.user.id)).portfolio).toEqual([]);
    expect(await etagOf(provider)).not.toBe(afterAdd);
    expectStale(await putProfile(provider, { bio: 'Stale again.' }, afterAdd));
  });
});

describe('the OpenAPI document', () => {
  it('describes If-Match and the 412 of PUT /api/auth/profile', async () => {
    const doc = (await t.get('/api/openapi.json')).body;
    const put = doc.paths['/api/auth/profile'].put;
    expect(put.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'if-match', required: false })]),
    );
    expect(put.responses['412']).toBeDefined();
    expect(put.description).toContain('If-Match');
    expect(doc.paths['/api/auth/profile'].get.description).toContain('ETag');
  });
});
