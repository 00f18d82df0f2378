import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Test fixtures made on the fly (no binaries in the repository). Only tests import this file.
 */

/**
 * A deterministic, photo-like picture: smooth gradients plus grain in `cell`-pixel blobs of up to `amp`
 * levels. The defaults compress like a detailed photo; cell 4 / amp 255 is a harsh texture that
 * still has detail after shrinking to a thumbnail.
 */
export function photoPixels(width: number, height: number, seed = 1, cell = 6, amp = 50): Buffer {
  const raw = Buffer.alloc(width * height * 3);
  const columns = Math.ceil(width / cell);
  const grain = Buffer.alloc(columns * Math.ceil(height / cell) * 3);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < grain.length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    grain[i] = state >>> 24;
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const g = (Math.floor(y / cell) * columns + Math.floor(x / cell)) * 3;
      const i = (y * width + x) * 3;
      const base = [(x * 200) / width, (y * 200) / height, ((x + y) * 100) / (width + height) + 40];
      for (let k = 0; k < 3; k++) raw[i + k] = Math.min(255, base[k]! + (grain[g + k]! * amp) / 255);
    }
  }
  return raw;
}

export function photo(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp',
  seed = 1,
  texture: { cell: number; amp: number } = { cell: 6, amp: 50 },
) {
  const pixels = photoPixels(width, height, seed, texture.cell, texture.amp);
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (format === 'jpeg') return image.jpeg({ quality: 90 }).toBuffer();
  if (format === 'png') return image.png().toBuffer();
  return image.webp({ quality: 90 }).toBuffer();
}

/** A flat-coloured image: tiny and fast to make many distinct ones. */
export function swatch(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' | 'gif',
  colour: { r: number; g: number; b: number },
) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    [format]()
    .toBuffer();
}

/** A JPEG from a phone: EXIF with the camera, GPS coordinates, rotated by the Orientation tag, a P3 ICC profile. */
export function jpegWithGps(width = 200, height = 100) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .jpeg()
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12', Copyright: 'Secret Studio' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 46/1 30/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '122/1 25/1 10/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Two differently coloured frames as an animated WebP. */
export async function animatedWebp() {
  const frame = (r: number, b: number) =>
    sharp({ create: { width: 60, height: 40, channels: 4, background: { r, g: 0, b, alpha: 1 } } })
      .png()
      .toBuffer();
  return sharp([await frame(250, 0), await frame(0, 250)], { join: { animated: true } })
    .webp()
    .toBuffer();
}

export function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A PNG chunk: length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A greyscale PNG whose header declares width×height, with `idat` as its compressed pixel data. */
function png(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (grey), no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** About 100 bytes claiming 20000×20000 pixels (400 M, 8× the limit). */
export function pngDeclaring(width = 20_000, height = 20_000): Buffer {
  return png(width, height, deflateSync(Buffer.alloc(width + 1)));
}

/** A real, complete 8000×8000 black PNG (64 M pixels) that compresses to about 60 KB. */
export function compressiblePngBomb(side = 8000): Buffer {
  return png(side, side, deflateSync(Buffer.alloc((side + 1) * side), { level: 9 }));
}

export function dataUrl(bytes: Buffer, declaredType = 'image/png'): string {
  return `data:${declaredType};base64,${bytes.toString('base64')}`;
}
