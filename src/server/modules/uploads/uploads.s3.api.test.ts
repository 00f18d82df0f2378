import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE_CONFIRM_WORD } from '#domain/account-data.ts';
import { thumbnailUrl, UPLOAD_TEXTS } from '#domain/uploads.ts';
import { users } from '#server/db/schema/index.ts';
import { createS3Storage } from '#server/storage/s3-storage.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { createVerifiedProvider, type VerifiedUser } from '#server/test/factories.ts';
import { dataUrl, photo } from '#server/test/test-images.ts';
import { THUMB_MAX_BYTES } from './images';

/** A real S3-compatible server (s3rver) in this process, on 127.0.0.1, storing into a temp dir. */
const BUCKET = 'glowfind-images';
let s3dir: string;
let s3: S3rver;
let endpoint: string;
let t: TestApp;
let provider: VerifiedUser;

beforeAll(async () => {
  s3dir = mkdtempSync(path.join(tmpdir(), 'glowfind-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: s3dir,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  t = await buildTestApp({
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      // s3rver's fixed credentials: requests are signed and checked as against real S3.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
  });
  provider = await createVerifiedProvider(t);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  rmSync(s3dir, { recursive: true, force: true });
});

const get = (url: string) => fetch(url);

describe('S3 storage against s3rver', () => {
  it('is chosen when S3_BUCKET is set', () => {
    expect(t.app.ctx.storage.kind).toBe('s3');
  });

  it('puts with Content-Type and Cache-Control, answers the path-style URL, deletes', async () => {
    const storage = t.app.ctx.storage;
    const key = `portfolio/${provider.user.id}/${'ab'.repeat(32)}.webp`;
    const body = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'teal' } })
      .webp()
      .toBuffer();
    const url = await storage.put(key, body, 'image/webp');
    expect(url).toBe(`${endpoint}/${BUCKET}/${key}`);
    expect(storage.urlFor(key)).toBe(url);
    expect(storage.keyFromUrl(url)).toBe(key);
    expect(storage.keyFromUrl(`/uploads/${key}`)).toBeNull();
    expect(storage.keyFromUrl(`${endpoint}/other-bucket/${key}`)).toBeNull();

    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);

    await storage.delete(key);
    expect((await get(url)).status).toBe(404);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('uses S3_PUBLIC_URL for URLs when given', () => {
    const storage = createS3Storage({
      bucket: BUCKET,
      endpoint,
      region: 'us-east-1',
      credentials: undefined,
      publicUrl: 'https://img.glowfind.example',
    });
    const key = 'avatar/u/abc.webp';
    expect(storage.urlFor(key)).toBe('https://img.glowfind.example/avatar/u/abc.webp');
    expect(storage.keyFromUrl('https://img.glowfind.example/avatar/u/abc.webp')).toBe(key);
    expect(storage.keyFromUrl('https://img.glowfind.example/avatar/../abc.webp')).toBeNull();
    storage.client.destroy();
  });

  it('lets the page load images from the S3 origin (CSP img-src)', async () => {
    const res = await t.get('/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`img-src [^;]*${endpoint.replace(/[.:/]/g, '\\$&')}`));
  });
});

describe('uploads through the API with S3', () => {
  it('stores the avatar and its thumbnail in the bucket, and replacing it deletes the old objects', async () => {
    const token = provider.session.access_token;
    const send = async (file: Buffer) =>
      t.post(
        '/api/upload/avatar',
        { file: dataUrl(file, 'image/jpeg'), userId: provider.user.id },
        { token },
      );
    const first = await send(await photo(800, 600, 'jpeg', 21));
    expect(first.status).toBe(200);
    const url: string = first.body.avatarUrl;
    const prefix = `${endpoint}/${BUCKET}/avatar/${provider.user.id}/`;
    expect(url.startsWith(prefix)).toBe(true);
    expect(url.slice(prefix.length)).toMatch(/^[0-9a-f]{64}\.webp$/);
    const [row] = await t.db
      .select({ url: users.avatarUrl })
      .from(users)
      .where(eq(users.id, provider.user.id));
    expect(row!.url).toBe(url);

    const main = await get(url);
    expect(main.status).toBe(200);
    expect(main.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await main.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 400,
      height: 300,
    });
    const thumb = await get(thumbnailUrl(url));
    expect(thumb.status).toBe(200);
    expect(Number(thumb.headers.get('content-length'))).toBeLessThanOrEqual(THUMB_MAX_BYTES);

    const second = await send(await photo(800, 600, 'jpeg', 22));
    expect(second.status).toBe(200);
    expect(second.body.avatarUrl).not.toBe(url);
    expect((await get(url)).status).toBe(404);
    expect((await get(thumbnailUrl(url))).status).toBe(404);
    expect((await get(second.body.avatarUrl)).status).toBe(200);
  });

  it('an avatar URL from before the switch to S3 leads to the current picture in the bucket', async () => {
    // The bucket answers its own URLs, so a replaced object there is simply gone (above); the
    // app's /uploads/ route still answers the disk-era names and leads them to the bucket.
    const [row] = await t.db
      .select({ url: users.avatarUrl })
      .from(users)
      .where(eq(users.id, provider.user.id));
    const current = row!.url!;
    expect(current.startsWith(`${endpoint}/${BUCKET}/avatar/`)).toBe(true);
    const diskEra = `/uploads/avatar/${provider.user.id}/${'d'.repeat(64)}.webp`;
    for (const [old, now] of [
      [diskEra, current],
      [thumbnailUrl(diskEra), thumbnailUrl(current)],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: old });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(now);
      expect((await get(now)).status).toBe(200);
    }
  });

  it('adds and deletes a portfolio image in the bucket', async () => {
    const token = provider.session.access_token;
    const added = await t.post(
      '/api/upload/portfolio',
      { file: dataUrl(await photo(1400, 700, 'png', 23)), userId: provider.user.id },
      { token },
    );
    expect(added.status).toBe(200);
    const [url] = added.body.portfolioImages as string[];
    expect(url!.startsWith(`${endpoint}/${BUCKET}/portfolio/${provider.user.id}/`)).toBe(true);
    expect((await get(url!)).status).toBe(200);

    const removed = await t.del(
      '/api/upload/portfolio',
      { imageUrl: url, userId: provider.user.id },
      { token },
    );
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true, message: UPLOAD_TEXTS.imageDeleted, portfolioImages: [] });
    expect((await get(url!)).status).toBe(404);
    expect((await get(thumbnailUrl(url!))).status).toBe(404);
  });
});

describe('deleting an account with S3', () => {
  it("deletes the account's avatar and portfolio images and their thumbnails from the bucket, and nobody else's", async () => {
    const leaving = await createVerifiedProvider(t);
    const token = leaving.session.access_token;
    const upload = (kind: 'avatar' | 'portfolio', seed: number) =>
      photo(900, 600, 'jpeg', seed).then((file) =>
        t.post(
          `/api/upload/${kind}`,
          { file: dataUrl(file, 'image/jpeg'), userId: leaving.user.id },
          { token },
        ),
      );
    const avatar = await upload('avatar', 31);
    expect(avatar.status, avatar.text).toBe(200);
    expect((await upload('portfolio', 32)).status).toBe(200);
    const portfolio = await upload('portfolio', 33);
    expect(portfolio.status, portfolio.text).toBe(200);
    const images = [avatar.body.avatarUrl as string, ...(portfolio.body.portfolioImages as string[])];
    expect(images).toHaveLength(3);
    const objects = images.flatMap((url) => [url, thumbnailUrl(url)]);
    for (const url of objects) {
      expect(url.startsWith(`${endpoint}/${BUCKET}/`), url).toBe(true);
      expect((await get(url)).status, url).toBe(200);
    }
    const [other] = await t.db
      .select({ url: users.avatarUrl })
      .from(users)
      .where(eq(users.id, provider.user.id));
    expect((await get(other!.url!)).status).toBe(200);

    // The verification's emailed link is a fresh proof: no password asked.
    const res = await t.del('/api/account', { confirm: DELETE_CONFIRM_WORD }, { token });
    expect(res.status, res.text).toBe(200);
    for (const url of objects) expect((await get(url)).status, url).toBe(404);
    expect((await get(other!.url!)).status).toBe(200);
    expect((await get(thumbnailUrl(other!.url!))).status).toBe(200);
  });
});
