// `node scripts/make-icons.mjs`: the installed app's icons (src/web/public/icons) drawn from the
// favicon (src/web/public/favicon.svg), its colours and star. Run again when the favicon changes;
// the PNGs are committed.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const PUBLIC = 'src/web/public';
const OUT = path.join(PUBLIC, 'icons');
const favicon = readFileSync(path.join(PUBLIC, 'favicon.svg'), 'utf8');
const fill = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1];
const star = /<path d="([^"]+)"/.exec(favicon)?.[1];
if (!fill || !star)
  throw new Error('favicon.svg has no <rect fill> or <path d>: update scripts/make-icons.mjs');

/**
 * A square filled to its edges, the star scaled about the centre. Maskable icons and Apple's are cut
 * to the platform's own shape: the star then stays inside the safe zone, the circle of 40% of the
 * size about the centre (at 0.75 its tips reach 7.5/32 = 23% from it).
 */
const fullBleed = (scale, background = `<rect width="32" height="32" fill="${fill}"/>`) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${background}<path d="${star}" fill="#fff" transform="translate(16 16) scale(${scale}) translate(-16 -16)"/></svg>`;

const icons = [
  // 'any': the favicon as it is, its rounded corners transparent.
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'maskable-192.png', size: 192, svg: fullBleed(0.75) },
  { file: 'maskable-512.png', size: 512, svg: fullBleed(0.75) },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(0.8) },
  // A notification's badge: Android draws only its alpha, in white, in the status bar.
  { file: 'badge-96.png', size: 96, svg: fullBleed(1.1, '') },
];

for (const { file, size, svg } of icons) {
  const png = await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true, effort: 10 })
    .toBuffer();
  writeFileSync(path.join(OUT, file), png);
  console.log(`${path.join(OUT, file)}  ${size}×${size}  ${png.length} bytes`);
}
