import sharp from 'sharp';
import type { SERVICE_CATEGORIES } from '#domain/options.ts';

/**
 * Abstract art for the demo catalogue, drawn as SVG and rasterised by sharp (librsvg) at seed time:
 * no network, no stock photos, no fake faces. Every picture comes from a PRNG seeded with the
 * provider's slug, so a re-seed draws the same catalogue (and the content-addressed files match).
 */

export type ArtCategory = (typeof SERVICE_CATEGORIES)[number]['id'];

export interface Palette {
  /** Two background tones, light to deep (the barber palette is dark). */
  background: [string, string];
  /** Shape colours. */
  shades: string[];
  /** Thin lines, dots and suns. */
  accent: string;
  /** The monogram colour. */
  ink: string;
  /** Shades the monogram sits on: chosen so the ink keeps a strong contrast on them. */
  avatarShades: string[];
}

export const PALETTES: Record<ArtCategory, Palette> = {
  // Warm roses and blush, a touch of gold.
  hair: {
    background: ['#fcefeb', '#f3d3cc'],
    shades: ['#eab1a9', '#d98a84', '#b95f6e', '#f4c6ae', '#8f4259', '#f7dcd3'],
    accent: '#c99352',
    ink: '#5a2034',
    avatarShades: ['#eab1a9', '#f4c6ae', '#f7dcd3'],
  },
  // Sage, eucalyptus and deep teal.
  massage: {
    background: ['#f1f5ef', '#d9e6db'],
    shades: ['#b0caae', '#84ab97', '#568d83', '#2f6566', '#d3dfc4', '#9dbfb5'],
    accent: '#c4ad80',
    ink: '#1d4546',
    avatarShades: ['#b0caae', '#d3dfc4', '#9dbfb5'],
  },
  // Navy with brass and cream.
  barber: {
    background: ['#1a2540', '#2a3a5f'],
    shades: ['#33487a', '#4b6194', '#b08d57', '#d3b06b', '#e9dec5', '#22315a'],
    accent: '#d6b36a',
    ink: '#f4ead3',
    avatarShades: ['#33487a', '#4b6194', '#22315a'],
  },
  // Lilac and coral.
  nails: {
    background: ['#f7effb', '#e9d8f4'],
    shades: ['#cfaee6', '#a988d4', '#f29d8e', '#f8c3b2', '#7c5eb4', '#e7b3d9'],
    accent: '#ee7a69',
    ink: '#47286f',
    avatarShades: ['#cfaee6', '#f8c3b2', '#e7b3d9'],
  },
  // Peach, apricot and cream.
  esthetician: {
    background: ['#fff7ee', '#fce5d0'],
    shades: ['#f8cba7', '#efab84', '#fbdcc0', '#dc906c', '#f4bda0', '#fff0e0'],
    accent: '#c78a5c',
    ink: '#6e361c',
    avatarShades: ['#f8cba7', '#fbdcc0', '#f4bda0'],
  },
};

/** FNV-1a: a stable 32-bit seed from a string. */
export function hashSeed(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast and good enough for picking shapes. */
export function createRng(seed: string) {
  let state = hashSeed(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min: number, max: number) => min + next() * (max - min),
    int: (min: number, max: number) => Math.floor(min + next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
    shuffle<T>(items: readonly T[]): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
  };
}
export type Rng = ReturnType<typeof createRng>;

const r1 = (n: number) => Math.round(n * 10) / 10;

/** A smooth closed organic shape: points around a centre joined by a Catmull-Rom spline. */
function blobPath(rng: Rng, cx: number, cy: number, rx: number, ry: number, wobble: number, n = 7): string {
  const offset = rng.range(0, Math.PI * 2);
  const pts: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const a = offset + (i * Math.PI * 2) / n;
    const k = 1 + rng.range(-wobble, wobble);
    pts.push([cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k]);
  }
  let d = `M${r1(pts[0]![0])},${r1(pts[0]![1])}`;
  for (let i = 0; i < n; i++) {
    const p0 = pts[(i - 1 + n) % n]!;
    const p1 = pts[i]!;
    const p2 = pts[(i + 1) % n]!;
    const p3 = pts[(i + 2) % n]!;
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${r1(c1[0]!)},${r1(c1[1]!)} ${r1(c2[0]!)},${r1(c2[1]!)} ${r1(p2[0])},${r1(p2[1])}`;
  }
  return `${d}Z`;
}

/** An open circular arc from angle a to b (radians). */
function arcPath(cx: number, cy: number, r: number, a: number, b: number): string {
  const x1 = cx + Math.cos(a) * r;
  const y1 = cy + Math.sin(a) * r;
  const x2 = cx + Math.cos(b) * r;
  const y2 = cy + Math.sin(b) * r;
  const large = Math.abs(b - a) > Math.PI ? 1 : 0;
  return `M${r1(x1)},${r1(y1)} A${r1(r)},${r1(r)} 0 ${large} 1 ${r1(x2)},${r1(y2)}`;
}

/** Collects gradient definitions so shapes can refer to them by id. */
class Defs {
  private items: string[] = [];
  private count = 0;
  linear(from: string, to: string, angle: number, toOpacity = 1): string {
    const id = `g${this.count++}`;
    const x = Math.cos(angle) / 2;
    const y = Math.sin(angle) / 2;
    this.items.push(
      `<linearGradient id="${id}" x1="${r1(0.5 - x)}" y1="${r1(0.5 - y)}" x2="${r1(0.5 + x)}" y2="${r1(0.5 + y)}">` +
        `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}" stop-opacity="${toOpacity}"/></linearGradient>`,
    );
    return `url(#${id})`;
  }
  /** A soft glow: the colour fading to transparent, which reads as blur without a costly filter. */
  glow(color: string, opacity: number): string {
    const id = `g${this.count++}`;
    this.items.push(
      `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/>` +
        `<stop offset="0.55" stop-color="${color}" stop-opacity="${r1(opacity * 0.45 * 100) / 100}"/>` +
        `<stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
    );
    return `url(#${id})`;
  }
  clip(shape: string): string {
    const id = `c${this.count++}`;
    this.items.push(`<clipPath id="${id}">${shape}</clipPath>`);
    return `url(#${id})`;
  }
  toString() {
    return `<defs>${this.items.join('')}</defs>`;
  }
}

interface Canvas {
  w: number;
  h: number;
  rng: Rng;
  palette: Palette;
  defs: Defs;
  shades: string[];
}

function background(c: Canvas): string {
  const fill = c.defs.linear(c.palette.background[0], c.palette.background[1], c.rng.range(0.6, 2.2));
  return `<rect width="${c.w}" height="${c.h}" fill="${fill}"/>`;
}

function glows(c: Canvas, count: number): string {
  // Light shades glowing on navy read as grey haze, so the dark palette glows faintly.
  const [low, high] = c.palette.ink === PALETTES.barber.ink ? [0.18, 0.3] : [0.45, 0.7];
  let out = '';
  for (let i = 0; i < count; i++) {
    const r = Math.max(c.w, c.h) * c.rng.range(0.35, 0.65);
    const fill = c.defs.glow(c.shades[i % c.shades.length]!, c.rng.range(low, high));
    out += `<circle cx="${r1(c.rng.range(0, c.w))}" cy="${r1(c.rng.range(0, c.h))}" r="${r1(r)}" fill="${fill}"/>`;
  }
  return out;
}

function dotGrid(c: Canvas, x: number, y: number, cols: number, rows: number, gap: number): string {
  let out = `<g fill="${c.palette.accent}" opacity="0.7">`;
  const r = gap * 0.12;
  for (let i = 0; i < cols; i++)
    for (let j = 0; j < rows; j++)
      out += `<circle cx="${r1(x + i * gap)}" cy="${r1(y + j * gap)}" r="${r1(r)}"/>`;
  return `${out}</g>`;
}

function accentArc(c: Canvas): string {
  const m = Math.min(c.w, c.h);
  const a = c.rng.range(0, Math.PI * 2);
  const d = arcPath(
    c.rng.range(c.w * 0.25, c.w * 0.75),
    c.rng.range(c.h * 0.25, c.h * 0.75),
    m * c.rng.range(0.25, 0.42),
    a,
    a + c.rng.range(1.2, 2.6),
  );
  return `<path d="${d}" fill="none" stroke="${c.palette.accent}" stroke-width="${r1(m * 0.007)}" stroke-linecap="round"/>`;
}

/** Overlapping organic shapes on glows. */
function blobs(c: Canvas): string {
  const m = Math.min(c.w, c.h);
  let out = background(c) + glows(c, 2);
  const count = c.rng.int(3, 4);
  for (let i = 0; i < count; i++) {
    const r = m * c.rng.range(0.14, 0.3);
    const fill = c.defs.linear(
      c.shades[i % c.shades.length]!,
      c.shades[(i + 2) % c.shades.length]!,
      c.rng.range(0, 6.28),
    );
    const d = blobPath(
      c.rng,
      c.rng.range(c.w * 0.2, c.w * 0.8),
      c.rng.range(c.h * 0.2, c.h * 0.8),
      r * c.rng.range(0.85, 1.2),
      r,
      0.22,
    );
    out += `<path d="${d}" fill="${fill}" opacity="${r1(c.rng.range(0.78, 0.96) * 100) / 100}"/>`;
  }
  out += accentArc(c);
  if (c.rng.chance(0.7)) {
    const gap = m * 0.035;
    out += dotGrid(c, c.rng.range(c.w * 0.06, c.w * 0.75), c.rng.range(c.h * 0.06, c.h * 0.75), 5, 4, gap);
  }
  return out;
}

/** Mid-century rainbow arches with a sun. */
function arches(c: Canvas): string {
  const m = Math.min(c.w, c.h);
  let out = background(c) + glows(c, 1);
  const sunR = m * c.rng.range(0.08, 0.13);
  out += `<circle cx="${r1(c.rng.range(c.w * 0.2, c.w * 0.8))}" cy="${r1(c.rng.range(c.h * 0.15, c.h * 0.35))}" r="${r1(sunR)}" fill="${c.palette.accent}" opacity="0.9"/>`;
  const groups = c.rng.chance(0.5) ? 2 : 1;
  for (let g = 0; g < groups; g++) {
    const cx =
      groups === 1
        ? c.rng.range(c.w * 0.35, c.w * 0.65)
        : c.w * (g === 0 ? c.rng.range(0.22, 0.34) : c.rng.range(0.66, 0.8));
    const base = c.h * c.rng.range(0.9, 1.02);
    const outer = m * (groups === 1 ? c.rng.range(0.4, 0.52) : c.rng.range(0.26, 0.34));
    const bands = c.rng.int(4, 6);
    const step = outer / (bands + 0.6);
    const colors = c.rng.shuffle(c.shades);
    for (let i = 0; i < bands; i++) {
      const r = outer - i * step;
      out += `<path d="M${r1(cx - r)},${r1(base)} A${r1(r)},${r1(r)} 0 0 1 ${r1(cx + r)},${r1(base)}Z" fill="${colors[i % colors.length]}"/>`;
    }
    out += `<path d="M${r1(cx - step * 0.6)},${r1(base)} A${r1(step * 0.6)},${r1(step * 0.6)} 0 0 1 ${r1(cx + step * 0.6)},${r1(base)}Z" fill="${c.palette.background[0]}"/>`;
  }
  return out;
}

/** Layered hills or water under a low sun. */
function waves(c: Canvas): string {
  let out = background(c);
  const sunX = c.rng.range(c.w * 0.25, c.w * 0.75);
  const sunY = c.rng.range(c.h * 0.2, c.h * 0.38);
  const m = Math.min(c.w, c.h);
  out += `<circle cx="${r1(sunX)}" cy="${r1(sunY)}" r="${r1(m * 0.42)}" fill="${c.defs.glow(c.palette.accent, 0.45)}"/>`;
  out += `<circle cx="${r1(sunX)}" cy="${r1(sunY)}" r="${r1(m * c.rng.range(0.09, 0.14))}" fill="${c.palette.accent}" opacity="0.85"/>`;
  const layers = c.rng.int(3, 5);
  const colors = c.rng.shuffle(c.shades);
  for (let i = 0; i < layers; i++) {
    const y = c.h * (0.45 + (i * 0.45) / layers) + c.rng.range(-c.h * 0.03, c.h * 0.03);
    const amp = c.h * c.rng.range(0.025, 0.07);
    const segments = c.rng.int(2, 4);
    const seg = c.w / segments;
    const phase = c.rng.chance(0.5) ? 1 : -1;
    let d = `M0,${r1(y)}`;
    for (let s = 0; s < segments; s++) {
      const x0 = s * seg;
      const dir = (s % 2 === 0 ? 1 : -1) * phase;
      d += ` C${r1(x0 + seg / 3)},${r1(y - amp * dir)} ${r1(x0 + (2 * seg) / 3)},${r1(y + amp * dir)} ${r1(x0 + seg)},${r1(y)}`;
    }
    d += ` L${c.w},${c.h} L0,${c.h}Z`;
    out += `<path d="${d}" fill="${colors[i % colors.length]}" opacity="${i === 0 ? 0.75 : 0.92}"/>`;
  }
  return out;
}

/** A balanced stack of smooth stones. */
function pebbles(c: Canvas): string {
  const m = Math.min(c.w, c.h);
  let out = background(c) + glows(c, 2);
  const cx = c.w * c.rng.range(0.38, 0.62);
  let y = c.h * 0.86;
  const count = c.rng.int(3, 5);
  const colors = c.rng.shuffle(c.shades);
  out += `<ellipse cx="${r1(cx)}" cy="${r1(y + m * 0.02)}" rx="${r1(m * 0.3)}" ry="${r1(m * 0.03)}" fill="${c.palette.shades[3]}" opacity="0.25"/>`;
  for (let i = 0; i < count; i++) {
    const rx = m * (0.22 - i * 0.035) * c.rng.range(0.9, 1.1);
    const ry = rx * c.rng.range(0.42, 0.55);
    const x = cx + c.rng.range(-m * 0.03, m * 0.03);
    y -= ry;
    const fill = c.defs.linear(colors[i % colors.length]!, colors[(i + 1) % colors.length]!, -1.2);
    out += `<path d="${blobPath(c.rng, x, y, rx, ry, 0.06, 8)}" fill="${fill}"/>`;
    y -= ry * 0.92;
  }
  out += accentArc(c);
  return out;
}

/** Diagonal bands inside a disc, ringed in a thin line: a nod to the barber's pole. */
function stripes(c: Canvas): string {
  const m = Math.min(c.w, c.h);
  let out = background(c) + glows(c, 1);
  const cx = c.w * c.rng.range(0.35, 0.65);
  const cy = c.h * c.rng.range(0.4, 0.6);
  const r = m * c.rng.range(0.28, 0.36);
  const clip = c.defs.clip(`<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}"/>`);
  const band = r * c.rng.range(0.16, 0.24);
  const colors = c.rng.shuffle(c.shades).slice(0, 3);
  let bands = '';
  for (let i = -8; i <= 8; i++) {
    const x = cx + i * band;
    bands += `<rect x="${r1(x)}" y="${r1(cy - r * 2)}" width="${r1(band + 1)}" height="${r1(r * 4)}" fill="${colors[(i + 9) % colors.length]}"/>`;
  }
  out += `<g clip-path="${clip}"><g transform="rotate(${r1(c.rng.range(28, 48))} ${r1(cx)} ${r1(cy)})">${bands}</g></g>`;
  out += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r * 1.12)}" fill="none" stroke="${c.palette.accent}" stroke-width="${r1(m * 0.006)}"/>`;
  if (c.rng.chance(0.6)) {
    out += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r * 1.22)}" fill="none" stroke="${c.palette.accent}" stroke-width="${r1(m * 0.003)}" stroke-dasharray="${r1(m * 0.004)} ${r1(m * 0.018)}" stroke-linecap="round" opacity="0.8"/>`;
  }
  const gap = m * 0.035;
  out += dotGrid(c, c.rng.chance(0.5) ? c.w * 0.07 : c.w * 0.8, c.h * c.rng.range(0.08, 0.7), 4, 5, gap);
  return out;
}

const COMPOSITIONS = { blobs, arches, waves, pebbles, stripes } as const;
type Composition = keyof typeof COMPOSITIONS;

/** Which compositions suit each category (repeats weigh the draw). */
const COMPOSITION_WEIGHTS: Record<ArtCategory, Composition[]> = {
  hair: ['blobs', 'blobs', 'arches', 'arches', 'waves', 'stripes'],
  massage: ['pebbles', 'pebbles', 'waves', 'waves', 'blobs'],
  // Translucent brass over navy turns muddy, so no blobs here.
  barber: ['stripes', 'stripes', 'arches', 'arches', 'waves', 'waves'],
  nails: ['blobs', 'blobs', 'arches', 'stripes', 'pebbles'],
  esthetician: ['blobs', 'waves', 'waves', 'pebbles', 'pebbles', 'arches'],
};

/**
 * Modest sizes: drawing and encoding are nearly all of the seed's time (about 0.1 s of CPU per
 * picture at this size, more than twice that at 1200×900), and soft gradients enlarge well.
 */
const PORTFOLIO_SIZES = [
  { width: 720, height: 540 },
  { width: 660, height: 660 },
  { width: 540, height: 720 },
] as const;

function svgDocument(w: number, h: number, defs: Defs, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${defs}${body}</svg>`;
}

/** The SVG of the n-th portfolio picture of a provider. */
export function portfolioSvg(seed: string, category: ArtCategory, index: number): string {
  const rng = createRng(`${seed}#portfolio#${index}`);
  const { width: w, height: h } = rng.pick(PORTFOLIO_SIZES);
  const palette = PALETTES[category];
  const defs = new Defs();
  const canvas: Canvas = { w, h, rng, palette, defs, shades: rng.shuffle(palette.shades) };
  const body = COMPOSITIONS[rng.pick(COMPOSITION_WEIGHTS[category])](canvas);
  return svgDocument(w, h, defs, body);
}

const escapeXml = (value: string) => value.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A monogram on a soft gradient with a blob and a thin arc behind it. */
export function avatarSvg(seed: string, category: ArtCategory, initials: string): string {
  const size = 400;
  const rng = createRng(`${seed}#avatar`);
  const palette = PALETTES[category];
  const defs = new Defs();
  const shades = rng.shuffle(palette.avatarShades);
  const bg = defs.linear(palette.background[0], palette.background[1], rng.range(0.8, 2.4));
  let body = `<rect width="${size}" height="${size}" fill="${bg}"/>`;
  body += `<circle cx="${r1(rng.range(60, 340))}" cy="${r1(rng.range(60, 340))}" r="260" fill="${defs.glow(shades[0]!, 0.75)}"/>`;
  const blobFill = defs.linear(shades[1]!, shades[2]!, rng.range(0, 6.28), 0.85);
  body += `<path d="${blobPath(rng, 200, 200, 150, 140, 0.14, 6)}" fill="${blobFill}" opacity="0.55"/>`;
  const a = rng.range(0, Math.PI * 2);
  body += `<path d="${arcPath(200, 200, 168, a, a + rng.range(1.6, 2.6))}" fill="none" stroke="${palette.accent}" stroke-width="4" stroke-linecap="round"/>`;
  const fontSize = initials.length > 1 ? 132 : 168;
  // DejaVu/Liberation ship with most Linux images; librsvg falls back to any serif face.
  body += `<text x="200" y="${r1(200 + fontSize * 0.36)}" text-anchor="middle" font-family="DejaVu Serif, Liberation Serif, Georgia, serif" font-weight="bold" font-size="${fontSize}" letter-spacing="2" fill="${palette.ink}">${escapeXml(initials)}</text>`;
  return svgDocument(size, size, defs, body);
}

/** SVG → PNG. Fast zlib: the PNG is only handed on to the upload pipeline, which re-encodes it. */
export function rasterize(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

export const renderPortfolioArt = (seed: string, category: ArtCategory, index: number) =>
  rasterize(portfolioSvg(seed, category, index));

export const renderAvatarArt = (seed: string, category: ArtCategory, initials: string) =>
  rasterize(avatarSvg(seed, category, initials));
