import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thumbnailUrl } from '#domain/uploads.ts';
import { providerProfiles, users } from '#server/db/schema/index.ts';
import { signAccessToken } from '#server/lib/tokens.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { completeProfile, insertUser } from '#server/test/factories.ts';
import { dataUrl, swatch } from '#server/test/test-images.ts';
import { findReplacementUrl } from './uploads.service';

/**
 * Fresh images: a page or another session that still holds a replaced avatar's
 * URL gets the current picture (a redirect), and storage keeps only what a row points at.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

interface Someone {
  id: string;
  slug: string;
  token: string;
}

/** A verified user straight from the database (providers with a complete, listed profile), signed in. */
async function someone(userType: 'client' | 'provider', verified = true): Promise<Someone> {
  const row = await insertUser(t.db, { userType, ...(verified ? {} : { emailVerifiedAt: null }) });
  if (userType === 'provider') await t.db.insert(providerProfiles).values(completeProfile(row.id));
  const { token } = await signAccessToken(t.app.ctx.secret, row.id, new Date());
  return { id: row.id, slug: row.routingSlug, token };
}

let shade = 0;
/** A picture no other test uploads, so each gets its own content-hash name. */
async function picture() {
  shade += 29;
  return dataUrl(await swatch(64, 48, 'png', { r: shade % 256, g: 90, b: 140 }));
}

async function uploadAvatar(who: Someone, file?: string): Promise<string> {
  const body = { file: file ?? (await picture()), userId: who.id };
  const res = await t.post('/api/upload/avatar', body, { token: who.token });
  expect(res.status, res.text).toBe(200);
  return res.body.avatarUrl as string;
}

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
const fileOf = (url: string) => path.join(uploadsDir(), url.slice('/uploads/'.length));
function storedFiles(kind: 'avatar' | 'portfolio', userId: string): string[] {
  const dir = path.join(uploadsDir(), kind, userId);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}
const namesOf = (url: string) => [path.basename(url), path.basename(thumbnailUrl(url))].sort();

const get = (url: string) => t.app.inject({ method: 'GET', url });
const hash = (c: string) => c.repeat(64);

describe('a replaced avatar keeps answering', () => {
  it('the old URL and its thumbnail redirect, uncached, to the new picture, which is served', async () => {
    const nia = await someone('provider');
    const before = await uploadAvatar(nia);
    const after = await uploadAvatar(nia);
    expect(after).not.toBe(before);

    const old = await get(before);
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe(after);
    expect(old.headers['cache-control']).toBe('no-store');
    const oldThumb = await get(thumbnailUrl(before));
    expect(oldThumb.statusCode).toBe(302);
    expect(oldThumb.headers.location).toBe(thumbnailUrl(after));

    // Following the redirect gives the new picture, byte for byte, cached for good as before.
    const current = await get(old.headers.location as string);
    expect(current.statusCode).toBe(200);
    expect(current.headers['content-type']).toBe('image/webp');
    expect(current.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(current.rawPayload.equals(readFileSync(fileOf(after)))).toBe(true);
    const head = await t.app.inject({ method: 'HEAD', url: before });
    expect(head.statusCode).toBe(302);
    expect(head.headers.location).toBe(after);
  });

  it('every earlier URL leads to the current picture, and only the current files are stored', async () => {
    const ava = await someone('provider');
    const firstPicture = await picture();
    const first = await uploadAvatar(ava, firstPicture);
    const second = await uploadAvatar(ava);
    const third = await uploadAvatar(ava);

    for (const url of [first, second]) {
      expect((await get(url)).headers.location, url).toBe(third);
      expect((await get(thumbnailUrl(url))).headers.location, url).toBe(thumbnailUrl(third));
    }
    // Files nobody points at any more are deleted when they are replaced: nothing to collect later.
    for (const url of [first, second]) {
      expect(existsSync(fileOf(url))).toBe(false);
      expect(existsSync(fileOf(thumbnailUrl(url)))).toBe(false);
    }
    expect(storedFiles('avatar', ava.id)).toEqual(namesOf(third));

    // The first picture again: the same name, stored again; the others now lead to it.
    const again = await uploadAvatar(ava, firstPicture);
    expect(again).toBe(first);
    expect((await get(first)).statusCode).toBe(200);
    expect((await get(third)).headers.location).toBe(first);
    expect(storedFiles('avatar', ava.id)).toEqual(namesOf(first));
  });

  it('leads to nothing but the picture on the provider’s public page', async () => {
    const lee = await someone('provider');
    const current = await uploadAvatar(lee);
    const page = await t.get(`/api/user/${lee.slug}`);
    expect(page.status).toBe(200);
    expect(page.body.profile.avatar_url).toBe(current);
    // Any name in that folder, made up or not, leads there and nowhere else.
    const probe = await get(`/uploads/avatar/${lee.id}/${hash('e')}.webp`);
    expect(probe.statusCode).toBe(302);
    expect(probe.headers.location).toBe(current);
  });
});

describe('what is not followed', () => {
  it("a client's replaced avatar → 404: a client's picture is never handed out by id", async () => {
    const cleo = await someone('client');
    const before = await uploadAvatar(cleo);
    const after = await uploadAvatar(cleo);
    for (const url of [before, thumbnailUrl(before)]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ success: false, error: 'NOT_FOUND' });
    }
    expect((await get(after)).statusCode).toBe(200);
    expect(storedFiles('avatar', cleo.id)).toEqual(namesOf(after));
  });

  it('a provider whose address is not verified, or with no avatar, or a user that does not exist → 404', async () => {
    const unverified = await someone('provider', false);
    // Not on any public page yet; it cannot sign in, so its avatar is set directly.
    await t.db
      .update(users)
      .set({ avatarUrl: `/uploads/avatar/${unverified.id}/${hash('a')}.webp` })
      .where(eq(users.id, unverified.id));
    const bare = await someone('provider');
    for (const id of [unverified.id, bare.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await get(`/uploads/avatar/${id}/${hash('b')}.webp`);
      expect(res.statusCode, id).toBe(404);
    }
  });

  it('a portfolio image the provider deleted → 404, and its files are gone', async () => {
    const mae = await someone('provider');
    const added = await t.post(
      '/api/upload/portfolio',
      { file: await picture(), userId: mae.id },
      { token: mae.token },
    );
    expect(added.status).toBe(200);
    const [url] = added.body.portfolioImages as string[];
    const removed = await t.del(
      '/api/upload/portfolio',
      { imageUrl: url, userId: mae.id },
      { token: mae.token },
    );
    expect(removed.status).toBe(200);
    for (const u of [url!, thumbnailUrl(url!)]) {
      expect((await get(u)).statusCode, u).toBe(404);
      expect(existsSync(fileOf(u))).toBe(false);
    }
    expect(storedFiles('portfolio', mae.id)).toEqual([]);
  });

  it('names we would not make, in a public provider’s folder → 404', async () => {
    const kai = await someone('provider');
    await uploadAvatar(kai);
    for (const name of [
      `${hash('A')}.webp`,
      `${'a'.repeat(63)}.webp`,
      `${hash('a')}.png`,
      `${hash('a')}.thumb.thumb.webp`,
      `${hash('a')}.large.webp`,
      `x/${hash('a')}.webp`,
    ]) {
      const res = await get(`/uploads/avatar/${kai.id}/${name}`);
      expect(res.statusCode, name).toBe(404);
    }
    expect((await get(`/uploads/avatar/${kai.id.toUpperCase()}/${hash('a')}.webp`)).statusCode).toBe(404);
    expect((await get(`/uploads/portfolio/${kai.id}/${hash('a')}.webp`)).statusCode).toBe(404);
  });

  it('the current file itself missing → 404, never a redirect to itself', async () => {
    const ivy = await someone('provider');
    const before = await uploadAvatar(ivy);
    const current = await uploadAvatar(ivy);
    rmSync(fileOf(current));
    rmSync(fileOf(thumbnailUrl(current)));
    expect((await get(current)).statusCode).toBe(404);
    expect((await get(thumbnailUrl(current))).statusCode).toBe(404);
    // The old URL still names the current picture; that one answers for itself.
    expect((await get(before)).headers.location).toBe(current);
  });
});

describe('findReplacementUrl', () => {
  it('follows only an avatar of our own storage in the same user’s folder', async () => {
    const rio = await someone('provider');
    const other = await someone('provider');
    const ctx = t.app.ctx;
    const key = `avatar/${rio.id}/${hash('c')}.webp`;
    const setAvatar = (avatarUrl: string | null) =>
      t.db.update(users).set({ avatarUrl }).where(eq(users.id, rio.id));

    await setAvatar(`https://cdn.example.com/avatar/${rio.id}/${hash('d')}.webp`);
    expect(await findReplacementUrl(ctx, key)).toBeNull();
    await setAvatar(`/uploads/avatar/${other.id}/${hash('d')}.webp`);
    expect(await findReplacementUrl(ctx, key)).toBeNull();
    await setAvatar(`/uploads/portfolio/${rio.id}/${hash('d')}.webp`);
    expect(await findReplacementUrl(ctx, key)).toBeNull();
    await setAvatar(`/uploads/avatar/${rio.id}/${hash('d')}.thumb.webp`);
    expect(await findReplacementUrl(ctx, key)).toBeNull();
    await setAvatar(null);
    expect(await findReplacementUrl(ctx, key)).toBeNull();

    await setAvatar(`/uploads/avatar/${rio.id}/${hash('d')}.webp`);
    expect(await findReplacementUrl(ctx, key)).toBe(`/uploads/avatar/${rio.id}/${hash('d')}.webp`);
    expect(await findReplacementUrl(ctx, `avatar/${rio.id}/${hash('c')}.thumb.webp`)).toBe(
      `/uploads/avatar/${rio.id}/${hash('d')}.thumb.webp`,
    );
    expect(await findReplacementUrl(ctx, `avatar/${rio.id}/${hash('d')}.webp`)).toBeNull();
    expect(await findReplacementUrl(ctx, `portfolio/${rio.id}/${hash('c')}.webp`)).toBeNull();
    expect(await findReplacementUrl(ctx, `avatar/${rio.id}/../${other.id}/${hash('c')}.webp`)).toBeNull();
  });
});
