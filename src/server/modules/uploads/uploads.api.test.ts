import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_LIMITS, thumbnailUrl, UPLOAD_TEXTS } from '#domain/uploads.ts';
import { providerProfiles, users } from '#server/db/schema/index.ts';
import { signAccessToken } from '#server/lib/tokens.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { createVerifiedProvider, createVerifiedUser, insertUser } from '#server/test/factories.ts';
import {
  compressiblePngBomb,
  dataUrl,
  jpegWithGps,
  photo,
  pngDeclaring,
  swatch,
} from '#server/test/test-images.ts';
import { THUMB_MAX_BYTES } from './images';
import { appendPortfolioImage } from './uploads.queries';

let t: TestApp;
/** The parts of a signed-in user these tests use. */
interface Someone {
  user: { id: string };
  session: { access_token: string };
}
let provider: Someone;
let other: Someone;
let client: Someone;
let pngFile: Buffer;
let jpegFile: Buffer;

/** Stands in for DATA_DIR/auth-secret (the tests give AUTH_SECRET, so none is generated). */
const SECRET = 'sentinel-secret-that-must-never-be-served';

beforeAll(async () => {
  t = await buildTestApp();
  writeFileSync(path.join(t.config.dataDir, 'auth-secret'), SECRET);
  [provider, other, client] = await Promise.all([
    createVerifiedProvider(t),
    createVerifiedProvider(t),
    createVerifiedUser(t),
  ]);
  [pngFile, jpegFile] = await Promise.all([photo(900, 600, 'png', 11), photo(1300, 975, 'jpeg', 12)]);
});
afterAll(() => t?.close());

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
/** Every stored file of a user and kind, as sorted names. */
function storedFiles(kind: 'avatar' | 'portfolio', userId: string): string[] {
  const dir = path.join(uploadsDir(), kind, userId);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}
const fileOf = (url: string) => path.join(uploadsDir(), url.slice('/uploads/'.length));

async function avatarUrlOf(userId: string) {
  const [row] = await t.db.select({ url: users.avatarUrl }).from(users).where(eq(users.id, userId));
  return row!.url;
}
async function portfolioOf(userId: string) {
  const [row] = await t.db
    .select({ images: providerProfiles.portfolioImages })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, userId));
  return row!.images;
}
async function setPortfolio(userId: string, images: string[]) {
  await t.db
    .update(providerProfiles)
    .set({ portfolioImages: images })
    .where(eq(providerProfiles.userId, userId));
}

/** As the web client sends it: the token as a bearer header. */
function upload(route: 'avatar' | 'portfolio', who: Someone, file: string, opts: { userId?: string } = {}) {
  return t.post(
    `/api/upload/${route}`,
    { file, userId: opts.userId ?? who.user.id },
    { token: who.session.access_token },
  );
}

/**
 * A fresh signed-in user straight from the database: the users in beforeAll come through signup and
 * email verification; the many per-test ones skip the mail round trip to keep the file fast.
 */
async function someone(userType: 'client' | 'provider' = 'client'): Promise<Someone> {
  const row = await insertUser(t.db, { userType });
  if (userType === 'provider') await t.db.insert(providerProfiles).values({ userId: row.id });
  const { token } = await signAccessToken(t.app.ctx.secret, row.id, new Date());
  return { user: { id: row.id }, session: { access_token: token } };
}

const colour = (i: number) => ({ r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 });

describe('POST /api/upload/avatar', () => {
  it('stores a 400×400-bounded WebP and its thumbnail, and points the user at it', async () => {
    const res = await upload('avatar', provider, dataUrl(jpegFile, 'image/jpeg'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: UPLOAD_TEXTS.avatarUpdated,
      avatarUrl: expect.stringMatching(
        new RegExp(`^/uploads/avatar/${provider.user.id}/[0-9a-f]{64}\\.webp$`),
      ),
    });
    const url: string = res.body.avatarUrl;
    expect(await avatarUrlOf(provider.user.id)).toBe(url);

    const main = readFileSync(fileOf(url));
    expect(await sharp(main).metadata()).toMatchObject({ format: 'webp', width: 400, height: 300 });
    const thumb = readFileSync(fileOf(thumbnailUrl(url)));
    expect(await sharp(thumb).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    expect(thumb.length).toBeLessThanOrEqual(THUMB_MAX_BYTES);
    expect(storedFiles('avatar', provider.user.id)).toHaveLength(2);

    // Served back byte for byte.
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(main)).toBe(true);
  });

  it('replacing the avatar deletes the previous files; the same picture again keeps them', async () => {
    const first = (await upload('avatar', other, dataUrl(pngFile))).body.avatarUrl as string;
    const second = await upload('avatar', other, dataUrl(jpegFile, 'image/jpeg'));
    expect(second.status).toBe(200);
    const url = second.body.avatarUrl as string;
    expect(url).not.toBe(first);
    expect(existsSync(fileOf(first))).toBe(false);
    expect(existsSync(fileOf(thumbnailUrl(first)))).toBe(false);
    expect(storedFiles('avatar', other.user.id)).toEqual(
      [path.basename(url), path.basename(thumbnailUrl(url))].sort(),
    );

    const again = await upload('avatar', other, dataUrl(jpegFile, 'image/jpeg'));
    expect(again.body.avatarUrl).toBe(url);
    expect(existsSync(fileOf(url))).toBe(true);
    expect(existsSync(fileOf(thumbnailUrl(url)))).toBe(true);
  });

  it('takes the token from the Authorization header only: a token in the body → 401, nothing stored', async () => {
    const user = await someone();
    const token = user.session.access_token;
    for (const route of ['avatar', 'portfolio'] as const) {
      const res = await t.post(`/api/upload/${route}`, {
        file: dataUrl(pngFile),
        userId: user.user.id,
        accessToken: token,
      });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, error: 'UNAUTHORIZED' });
    }
    const remove = await t.del('/api/upload/portfolio', {
      imageUrl: 'https://cdn.example.com/a.jpg',
      userId: user.user.id,
      accessToken: token,
    });
    expect(remove.status).toBe(401);
    expect(await avatarUrlOf(user.user.id)).toBeNull();
    expect(storedFiles('avatar', user.user.id)).toEqual([]);
    expect(storedFiles('portfolio', user.user.id)).toEqual([]);
  });

  it('without a token, or with a bad or revoked one → 401 and nothing stored', async () => {
    const user = await someone();
    const file = dataUrl(pngFile);
    const none = await t.post('/api/upload/avatar', { file, userId: user.user.id });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, error: 'UNAUTHORIZED' });

    const forged = await t.post(
      '/api/upload/avatar',
      { file, userId: user.user.id },
      { token: `${user.session.access_token}x` },
    );
    expect(forged.status).toBe(401);

    // A password reset sets tokens_valid_after: older tokens stop working here as everywhere.
    await t.db
      .update(users)
      .set({ tokensValidAfter: new Date(Date.now() + 60_000) })
      .where(eq(users.id, user.user.id));
    const revoked = await upload('avatar', user, file);
    expect(revoked.status).toBe(401);
    expect(revoked.body.error).toBe('UNAUTHORIZED');

    expect(await avatarUrlOf(user.user.id)).toBeNull();
    expect(storedFiles('avatar', user.user.id)).toEqual([]);
  });

  it("another user's id → 403 and nothing changes for either", async () => {
    const victim = await someone();
    const res = await upload('avatar', client, dataUrl(pngFile), { userId: victim.user.id });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'FORBIDDEN', message: UPLOAD_TEXTS.notYours });
    expect(await avatarUrlOf(victim.user.id)).toBeNull();
    expect(await avatarUrlOf(client.user.id)).toBeNull();
    expect(storedFiles('avatar', victim.user.id)).toEqual([]);
    expect(storedFiles('avatar', client.user.id)).toEqual([]);
  });

  it('10.5 MB → 413, and a body over the server limit → 413 too; nothing stored', async () => {
    const user = await someone();
    const big = Buffer.concat([pngFile, Buffer.alloc(10.5 * 1024 * 1024 - pngFile.length, 1)]);
    const res = await upload('avatar', user, dataUrl(big));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, error: 'PAYLOAD_TOO_LARGE', message: UPLOAD_TEXTS.tooLarge });

    const huge = `data:image/png;base64,${'A'.repeat(16 * 1024 * 1024)}`;
    const over = await upload('avatar', user, huge);
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ success: false, error: 'PAYLOAD_TOO_LARGE', message: UPLOAD_TEXTS.tooLarge });
    expect(storedFiles('avatar', user.user.id)).toEqual([]);
    expect(await avatarUrlOf(user.user.id)).toBeNull();
  });

  it('the bytes decide the type: GIF and text → 415, PNG declared JPEG and JPEG declared PNG are fine', async () => {
    const user = await someone();
    const gif = await upload('avatar', user, dataUrl(await swatch(40, 40, 'gif', colour(1)), 'image/gif'));
    expect(gif.status).toBe(415);
    expect(gif.body).toEqual({
      success: false,
      error: 'UNSUPPORTED_MEDIA_TYPE',
      message: UPLOAD_TEXTS.wrongType,
    });
    const text = await upload('avatar', user, dataUrl(Buffer.from('hello, I am not a picture'), 'image/png'));
    expect(text.status).toBe(415);
    expect(text.body.message).toBe(UPLOAD_TEXTS.wrongType);
    expect(storedFiles('avatar', user.user.id)).toEqual([]);

    const pngAsJpeg = await upload('avatar', user, dataUrl(pngFile, 'image/jpeg'));
    expect(pngAsJpeg.status).toBe(200);
    expect(await sharp(readFileSync(fileOf(pngAsJpeg.body.avatarUrl))).metadata()).toMatchObject({
      format: 'webp',
      width: 400,
      height: 267,
    });
    const jpegAsPng = await upload('avatar', user, dataUrl(jpegFile, 'image/png'));
    expect(jpegAsPng.status).toBe(200);
    expect(await avatarUrlOf(user.user.id)).toBe(jpegAsPng.body.avatarUrl);
  });

  it('a payload that is not base64, or no data URL at all → 400', async () => {
    const user = await someone();
    const notBase64 = await upload('avatar', user, 'data:image/png;base64,iVBOR*w0KGgo=');
    expect(notBase64.status).toBe(400);
    expect(notBase64.body).toMatchObject({ error: 'VALIDATION_ERROR', message: UPLOAD_TEXTS.unreadable });
    const plain = await upload('avatar', user, pngFile.toString('base64'));
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({ error: 'VALIDATION_ERROR', message: UPLOAD_TEXTS.notImage });
    const missing = await t.post(
      '/api/upload/avatar',
      { userId: user.user.id },
      { token: user.session.access_token },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.issues[0].path).toBe('file');
    expect(storedFiles('avatar', user.user.id)).toEqual([]);
  });

  it('decompression bombs → 413 with the pixel text, without decoding them; nothing stored', async () => {
    const user = await someone();
    for (const bomb of [pngDeclaring(), compressiblePngBomb()]) {
      const res = await upload('avatar', user, dataUrl(bomb));
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        success: false,
        error: 'PAYLOAD_TOO_LARGE',
        message: UPLOAD_TEXTS.tooManyPixels,
      });
    }
    expect(storedFiles('avatar', user.user.id)).toEqual([]);
    expect(await avatarUrlOf(user.user.id)).toBeNull();
  });

  it('a phone JPEG with GPS EXIF is stored upright with no metadata', async () => {
    const user = await someone();
    const input = await jpegWithGps(200, 100);
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const res = await upload('avatar', user, dataUrl(input, 'image/jpeg'));
    expect(res.status).toBe(200);
    for (const url of [res.body.avatarUrl, thumbnailUrl(res.body.avatarUrl)]) {
      const stored = readFileSync(fileOf(url));
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([100, 200]);
      expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
    }
  });
});

describe('POST /api/upload/portfolio', () => {
  it('adds an image to a provider portfolio, keeps a repeated image once', async () => {
    const me = await someone('provider');
    const res = await upload('portfolio', me, dataUrl(jpegFile, 'image/jpeg'));
    expect(res.status).toBe(200);
    const [url] = res.body.portfolioImages as string[];
    expect(res.body).toEqual({
      success: true,
      message: UPLOAD_TEXTS.imagesAdded(1),
      portfolioImages: [
        expect.stringMatching(new RegExp(`^/uploads/portfolio/${me.user.id}/[0-9a-f]{64}\\.webp$`)),
      ],
    });
    expect(await portfolioOf(me.user.id)).toEqual([url]);
    expect(await sharp(readFileSync(fileOf(url!))).metadata()).toMatchObject({ width: 1200, height: 900 });
    const thumb = readFileSync(fileOf(thumbnailUrl(url!)));
    expect(await sharp(thumb).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    expect(thumb.length).toBeLessThanOrEqual(THUMB_MAX_BYTES);

    const again = await upload('portfolio', me, dataUrl(jpegFile, 'image/png'));
    expect(again.status).toBe(200);
    expect(again.body.portfolioImages).toEqual([url]);
    const next = await upload('portfolio', me, dataUrl(pngFile));
    expect(next.body.portfolioImages).toEqual([url, expect.stringMatching(/\.webp$/)]);
    expect(await portfolioOf(me.user.id)).toEqual(next.body.portfolioImages);
    expect(storedFiles('portfolio', me.user.id)).toHaveLength(4);
  });

  it('a client → 403, and nothing is stored', async () => {
    const res = await upload('portfolio', client, dataUrl(pngFile));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'FORBIDDEN', message: UPLOAD_TEXTS.providersOnly });
    expect(storedFiles('portfolio', client.user.id)).toEqual([]);
  });

  it("another provider's id → 403 and their portfolio is unchanged", async () => {
    const before = await portfolioOf(other.user.id);
    const res = await upload('portfolio', provider, dataUrl(pngFile), { userId: other.user.id });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(UPLOAD_TEXTS.notYours);
    expect(await portfolioOf(other.user.id)).toEqual(before);
    expect(storedFiles('portfolio', other.user.id)).toEqual([]);
  });

  it(`the ${IMAGE_LIMITS.portfolioMax + 1}th image → 409 with the SPEC text, and nothing is stored`, async () => {
    const me = await someone('provider');
    for (let i = 0; i < IMAGE_LIMITS.portfolioMax; i++) {
      const res = await upload('portfolio', me, dataUrl(await swatch(60, 40, 'png', colour(i))));
      expect(res.status).toBe(200);
      expect(res.body.portfolioImages).toHaveLength(i + 1);
    }
    const full = await portfolioOf(me.user.id);
    const files = storedFiles('portfolio', me.user.id);
    expect(files).toHaveLength(2 * IMAGE_LIMITS.portfolioMax);

    const res = await upload('portfolio', me, dataUrl(await swatch(60, 40, 'png', colour(99))));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      error: 'CONFLICT',
      message: 'You can only have up to 10 portfolio images. Currently you have 10.',
    });
    expect(await portfolioOf(me.user.id)).toEqual(full);
    expect(storedFiles('portfolio', me.user.id)).toEqual(files);
  });

  it('two uploads racing for the last place: one wins, the loser leaves no files', async () => {
    const me = await someone('provider');
    const existing = Array.from(
      { length: IMAGE_LIMITS.portfolioMax - 1 },
      (_, i) => `https://cdn.example.com/${i}.jpg`,
    );
    await setPortfolio(me.user.id, existing);
    const [a, b] = await Promise.all([
      upload('portfolio', me, dataUrl(await swatch(50, 50, 'png', colour(1)))),
      upload('portfolio', me, dataUrl(await swatch(50, 50, 'png', colour(2)))),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.message).toBe(UPLOAD_TEXTS.tooMany(IMAGE_LIMITS.portfolioMax));
    const images = await portfolioOf(me.user.id);
    expect(images).toHaveLength(IMAGE_LIMITS.portfolioMax);
    expect(images.slice(0, -1)).toEqual(existing);
    expect(storedFiles('portfolio', me.user.id)).toEqual(
      [path.basename(images.at(-1)!), path.basename(thumbnailUrl(images.at(-1)!))].sort(),
    );
  });
});

describe('the portfolio cap under concurrency', () => {
  it('the append statement lets exactly one of two racing appends take the last place', async () => {
    const me = await someone('provider');
    const nine = Array.from(
      { length: IMAGE_LIMITS.portfolioMax - 1 },
      (_, i) => `https://cdn.example.com/${i}.jpg`,
    );
    await setPortfolio(me.user.id, nine);
    const results = await Promise.all(
      ['/uploads/x/a.webp', '/uploads/x/b.webp'].map((url) =>
        appendPortfolioImage(t.db, me.user.id, url, IMAGE_LIMITS.portfolioMax),
      ),
    );
    expect(results.filter((r) => r === null)).toHaveLength(1);
    expect(await portfolioOf(me.user.id)).toHaveLength(IMAGE_LIMITS.portfolioMax);
  });

  it('an upload that loses the last place after storing its files removes them again → 409', async () => {
    const me = await someone('provider');
    await setPortfolio(me.user.id, ['https://cdn.example.com/0.jpg']);
    const ctx = t.app.ctx;
    const storage = ctx.storage;
    const full = Array.from(
      { length: IMAGE_LIMITS.portfolioMax },
      (_, i) => `https://cdn.example.com/${i}.jpg`,
    );
    // Another request fills the portfolio while this one is storing its files.
    ctx.storage = {
      ...storage,
      put: async (key, body, type) => {
        await setPortfolio(me.user.id, full);
        return storage.put(key, body, type);
      },
    };
    try {
      const res = await upload('portfolio', me, dataUrl(await swatch(30, 30, 'png', colour(5))));
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(UPLOAD_TEXTS.tooMany(IMAGE_LIMITS.portfolioMax));
    } finally {
      ctx.storage = storage;
    }
    expect(await portfolioOf(me.user.id)).toEqual(full);
    expect(storedFiles('portfolio', me.user.id)).toEqual([]);
  });
});

describe('DELETE /api/upload/portfolio', () => {
  it('removes the image from the list and its files from the disk', async () => {
    const me = await someone('provider');
    const first = (await upload('portfolio', me, dataUrl(pngFile))).body.portfolioImages[0] as string;
    const kept = (await upload('portfolio', me, dataUrl(jpegFile))).body.portfolioImages[1] as string;
    const token = me.session.access_token;

    const res = await t.del('/api/upload/portfolio', { imageUrl: first, userId: me.user.id }, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: UPLOAD_TEXTS.imageDeleted, portfolioImages: [kept] });
    expect(await portfolioOf(me.user.id)).toEqual([kept]);
    expect(existsSync(fileOf(first))).toBe(false);
    expect(existsSync(fileOf(thumbnailUrl(first)))).toBe(false);
    expect(existsSync(fileOf(kept))).toBe(true);
    expect((await t.get(first)).status).toBe(404);

    const twice = await t.del('/api/upload/portfolio', { imageUrl: first, userId: me.user.id }, { token });
    expect(twice.status).toBe(404);
    expect(twice.body).toEqual({ success: false, error: 'NOT_FOUND', message: UPLOAD_TEXTS.imageNotFound });
  });

  it("someone else's image URL → 404 and their files stay", async () => {
    const owner = await someone('provider');
    const theirs = (await upload('portfolio', owner, dataUrl(pngFile))).body.portfolioImages[0] as string;
    const res = await t.del(
      '/api/upload/portfolio',
      { imageUrl: theirs, userId: provider.user.id },
      { token: provider.session.access_token },
    );
    expect(res.status).toBe(404);
    expect(await portfolioOf(owner.user.id)).toEqual([theirs]);
    expect(existsSync(fileOf(theirs))).toBe(true);

    const asOwnerId = await t.del(
      '/api/upload/portfolio',
      { imageUrl: theirs, userId: owner.user.id },
      { token: provider.session.access_token },
    );
    expect(asOwnerId.status).toBe(403);
    expect(await portfolioOf(owner.user.id)).toEqual([theirs]);
  });

  it('removes a link we did not make from the list without touching any file; 401 without a token', async () => {
    const me = await someone('provider');
    await setPortfolio(me.user.id, ['https://cdn.example.com/a.jpg', '/uploads/portfolio/../../auth-secret']);
    const anonymous = await t.del('/api/upload/portfolio', {
      imageUrl: 'https://cdn.example.com/a.jpg',
      userId: me.user.id,
    });
    expect(anonymous.status).toBe(401);
    const res = await t.del(
      '/api/upload/portfolio',
      { imageUrl: '/uploads/portfolio/../../auth-secret', userId: me.user.id },
      { token: me.session.access_token },
    );
    expect(res.status).toBe(200);
    expect(res.body.portfolioImages).toEqual(['https://cdn.example.com/a.jpg']);
    expect(readFileSync(path.join(t.config.dataDir, 'auth-secret'), 'utf8')).toBe(SECRET);
  });
});

describe('GET /uploads/…', () => {
  it('serves WebP with nosniff and a year-long immutable cache', async () => {
    const url = (await upload('avatar', client, dataUrl(pngFile))).body.avatarUrl as string;
    for (const u of [url, thumbnailUrl(url)]) {
      const res = await t.app.inject({ method: 'GET', url: u });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(res.headers['content-length'])).toBe(statSync(fileOf(u)).size);
    }
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
  });

  it('unknown files and every spelling of a way out → 404', async () => {
    const attempts = [
      `/uploads/avatar/${client.user.id}/${'0'.repeat(64)}.webp`,
      '/uploads/../auth-secret',
      '/uploads/%2e%2e/auth-secret',
      '/uploads/%2E%2E%2Fauth-secret',
      '/uploads/..%2fauth-secret',
      '/uploads/..%5cauth-secret',
      '/uploads/%252e%252e%252fauth-secret',
      '/uploads/avatar/..%2f..%2fauth-secret',
      '/uploads/avatar/%2e%2e/%2e%2e/auth-secret',
      '/uploads//etc/passwd',
      '/uploads/%2fetc%2fpasswd',
      '/uploads/',
      '/uploads/avatar',
    ];
    for (const url of attempts) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain(SECRET);
      expect(res.body).not.toContain('root:');
    }
  });
});

describe('contract', () => {
  it('documents the three routes in the OpenAPI document', async () => {
    const res = await t.get('/api/openapi.json');
    expect(Object.keys(res.body.paths['/api/upload/avatar'])).toEqual(['post']);
    expect(Object.keys(res.body.paths['/api/upload/portfolio']).sort()).toEqual(['delete', 'post']);
    const body = res.body.paths['/api/upload/avatar'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['file', 'userId']));
  });

  it('rate-limits uploads per address', async () => {
    const limited = await buildTestApp({ database: t.database, rateLimit: true });
    try {
      const send = () =>
        limited.post(
          '/api/upload/avatar',
          { file: 'data:image/png;base64,', userId: client.user.id },
          { ip: '203.0.113.9' },
        );
      for (let i = 0; i < RATE_LIMITS.upload.max; i++) expect((await send()).status).toBe(401);
      const res = await send();
      expect(res.status).toBe(429);
      expect(res.body.error).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});
