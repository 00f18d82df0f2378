import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_LIMITS, UPLOAD_TEXTS } from '#domain/uploads.ts';
import { AppError } from '#server/lib/app-error.ts';
import {
  animatedWebp,
  compressiblePngBomb,
  dataUrl,
  jpegWithGps,
  photo,
  pngDeclaring,
  swatch,
} from '#server/test/test-images.ts';
import {
  base64DecodedLength,
  decodeImageDataUrl,
  processImage,
  sniffImageType,
  THUMB_MAX_BYTES,
  WEBP_EFFORT,
} from './images';

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const red = { r: 220, g: 30, b: 30 };

describe('sniffImageType', () => {
  it('goes by the bytes', async () => {
    expect(sniffImageType(await swatch(4, 4, 'jpeg', red))).toBe('jpeg');
    expect(sniffImageType(await swatch(4, 4, 'png', red))).toBe('png');
    expect(sniffImageType(await swatch(4, 4, 'webp', red))).toBe('webp');
    expect(sniffImageType(await swatch(4, 4, 'gif', red))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('processImage', () => {
  it('fits a portfolio photo inside 1200×1200 as WebP, with a small thumbnail and a content hash', async () => {
    const input = await photo(2400, 1600, 'jpeg');
    const { main, thumb, hash } = await processImage(input, 'portfolio');
    expect(await sharp(main).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 800 });
    expect(await sharp(thumb).metadata()).toMatchObject({ format: 'webp', width: 320, height: 213 });
    expect(thumb.length).toBeLessThanOrEqual(THUMB_MAX_BYTES);
    expect(hash).toBe(createHash('sha256').update(main).digest('hex'));
    // Same picture, same bytes, same name.
    expect((await processImage(input, 'portfolio')).hash).toBe(hash);
  });

  it('keeps thumbnails under 30 KB, lowering the quality only for harsh textures', async () => {
    const sizes: number[] = [];
    for (const texture of [
      { cell: 6, amp: 50 },
      { cell: 4, amp: 255 },
    ]) {
      const { main, thumb } = await processImage(await photo(1200, 1200, 'jpeg', 7, texture), 'portfolio');
      expect(await sharp(thumb).metadata()).toMatchObject({ format: 'webp', width: 320, height: 320 });
      expect(thumb.length).toBeLessThanOrEqual(THUMB_MAX_BYTES);
      sizes.push(thumb.length);
      // At the first quality tried (80) the harsh texture is over the budget: the fallback did its job.
      const atFirstTry = await sharp(main)
        .resize(320, 320)
        .webp({ quality: 80, effort: WEBP_EFFORT })
        .toBuffer();
      if (texture.amp === 255) expect(atFirstTry.length).toBeGreaterThan(THUMB_MAX_BYTES);
      else expect(thumb.equals(atFirstTry)).toBe(true);
    }
    expect(sizes[0]).toBeLessThan(sizes[1]!);
  });

  it('fits an avatar inside 400×400 and never enlarges a small image', async () => {
    const avatar = await processImage(await photo(900, 1200, 'png'), 'avatar');
    expect(await sharp(avatar.main).metadata()).toMatchObject({ width: 300, height: 400 });
    const small = await processImage(await swatch(120, 80, 'webp', red), 'portfolio');
    expect(await sharp(small.main).metadata()).toMatchObject({ width: 120, height: 80 });
    expect(await sharp(small.thumb).metadata()).toMatchObject({ width: 120, height: 80 });
  });

  it('strips EXIF, GPS and ICC and applies the orientation', async () => {
    const input = await jpegWithGps(200, 100);
    const before = await sharp(input).metadata();
    expect(before.exif?.toString('latin1')).toContain('PhoneMaker');
    expect(before.orientation).toBe(6);
    expect(before.icc).toBeDefined();

    const { main, thumb } = await processImage(input, 'portfolio');
    for (const out of [main, thumb]) {
      const after = await sharp(out).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      // Rotated by 90°: the 200×100 picture now stands upright.
      expect([after.width, after.height]).toEqual([100, 200]);
      expect(out.includes(Buffer.from('PhoneMaker'))).toBe(false);
      expect(out.includes(Buffer.from('GPS'))).toBe(false);
    }
  });

  it('takes the first frame of an animated WebP', async () => {
    const { main } = await processImage(await animatedWebp(), 'portfolio');
    const meta = await sharp(main, { pages: -1 }).metadata();
    expect(meta).toMatchObject({ width: 60, height: 40 });
    expect(meta.pages ?? 1).toBe(1);
    const { dominant } = await sharp(main).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.b).toBeLessThan(50);
  });

  it('refuses GIF, text and other bytes with 415', async () => {
    for (const input of [
      await swatch(10, 10, 'gif', red),
      Buffer.from('just some text, honestly'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    ]) {
      const error = await refusal(processImage(input, 'avatar'));
      expect(error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', statusCode: 415 });
      expect(error.message).toBe(UPLOAD_TEXTS.wrongType);
    }
  });

  it('refuses a file with image magic bytes but broken contents with 400', async () => {
    const jpeg = await photo(64, 64, 'jpeg');
    for (const input of [
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(200, 7)]),
      jpeg.subarray(0, 400),
    ]) {
      const error = await refusal(processImage(input, 'avatar'));
      expect(error).toMatchObject({ code: 'VALIDATION_ERROR', message: UPLOAD_TEXTS.unreadable });
    }
  });

  it('refuses decompression bombs with 413 before decoding them', async () => {
    const declared = pngDeclaring();
    expect(declared.length).toBeLessThan(200);
    const real = compressiblePngBomb();
    expect(real.length).toBeLessThan(100_000);
    const rssBefore = process.memoryUsage().rss;
    for (const input of [declared, real]) {
      const error = await refusal(processImage(input, 'portfolio'));
      expect(error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', statusCode: 413 });
      expect(error.message).toBe(UPLOAD_TEXTS.tooManyPixels);
    }
    // 8000×8000 would need 64 MB decoded (more for RGBA); nothing near that was allocated.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(48 * 1024 * 1024);
  });

  it('accepts an image right at the pixel limit', async () => {
    // 7000×7000 = 49 M pixels ≤ 50 M.
    const { main } = await processImage(compressiblePngBomb(7000), 'portfolio');
    expect(await sharp(main).metadata()).toMatchObject({ width: 1200, height: 1200 });
  });
});

describe('decodeImageDataUrl', () => {
  it('decodes whatever type the header declares', async () => {
    const png = await swatch(4, 4, 'png', red);
    expect(decodeImageDataUrl(dataUrl(png, 'image/jpeg')).equals(png)).toBe(true);
  });

  it('refuses non-base64 payloads and missing headers with 400', () => {
    for (const value of [
      'data:image/png;base64,@@@@',
      'data:image/png;base64,abc',
      'data:image/png;base64,',
      'iVBORw0KGgo=',
    ]) {
      expect(() => decodeImageDataUrl(value)).toThrowError(AppError);
      try {
        decodeImageDataUrl(value);
      } catch (error) {
        expect((error as AppError).statusCode).toBe(400);
      }
    }
  });

  it('measures the decoded size without decoding, and refuses over 10 MB with 413', () => {
    const justOver = `data:image/png;base64,${'A'.repeat(Math.ceil(((IMAGE_LIMITS.maxBytes + 1) * 4) / 3 / 4) * 4)}`;
    expect(base64DecodedLength(justOver)).toBeGreaterThan(IMAGE_LIMITS.maxBytes);
    expect(base64DecodedLength(dataUrl(Buffer.alloc(10)))).toBe(10);
    expect(base64DecodedLength(dataUrl(Buffer.alloc(11)))).toBe(11);
    expect(base64DecodedLength(dataUrl(Buffer.alloc(12)))).toBe(12);
    expect(() => decodeImageDataUrl(justOver)).toThrowError(UPLOAD_TEXTS.tooLarge);
  });
});
