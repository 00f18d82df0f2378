import { describe, expect, it } from 'vitest';
import { SearchBodySchema } from '#domain/search.ts';
import { createRng } from '#server/seed/art.ts';
import { buildPlaces, SEARCH_WORDS } from './catalogue';
import { rankedVocabulary, searchMix, uniqueSearches, zipfPicker, zipfSearches } from './mix';
import { activeCatalogue } from './seed';

const places = buildPlaces();
const popularZips = places.popular.map((p) => p.zip);
const metroZips = places.metro.map((p) => p.zip);
const bodyOf = (spec: { body?: string }) => JSON.parse(spec.body!) as Record<string, unknown>;

/** What the server sees: the body as SearchBodySchema parses it (defaults filled in), or its issues. */
function parsed(spec: { path: string; body?: string }) {
  expect(spec.path).toBe('/api/search');
  const result = SearchBodySchema.safeParse(bodyOf(spec));
  if (!result.success) throw new Error(`${spec.body} is refused: ${result.error.message}`);
  return result.data;
}

describe('zipfPicker', () => {
  it('picks rank r about 1/(r + 1) as often as rank 0', () => {
    const items = Array.from({ length: 50 }, (_, r) => r);
    const pick = zipfPicker(items);
    const rng = createRng('zipf-test');
    const counts = new Array<number>(items.length).fill(0);
    for (let i = 0; i < 200_000; i++) counts[pick(rng.next())]!++;
    for (let r = 1; r < 8; r++) expect(counts[r]!).toBeLessThan(counts[r - 1]!);
    // Within 15% of 1/(r + 1) at 200,000 draws.
    for (const r of [1, 4, 9, 49]) expect(Math.abs(counts[0]! / counts[r]! / (r + 1) - 1)).toBeLessThan(0.15);
    expect(counts.every((n) => n > 0)).toBe(true);
  });

  it('refuses an empty list', () => {
    expect(() => zipfPicker([])).toThrow('zipfPicker needs at least one item');
  });
});

describe('zipfSearches', () => {
  const draw = zipfSearches('bench', popularZips);
  const rng = createRng('zipf-searches-test');
  const specs = Array.from({ length: 20_000 }, () => draw(rng));

  it('asks for popular words and zips more often, falling with rank', () => {
    const vocabulary = rankedVocabulary('bench');
    const words = new Map<string, number>();
    const zips = new Map<string, number>();
    for (const spec of specs) {
      const body = bodyOf(spec);
      if (typeof body.query === 'string') words.set(body.query, (words.get(body.query) ?? 0) + 1);
      if (typeof body.locationZip === 'string')
        zips.set(body.locationZip, (zips.get(body.locationZip) ?? 0) + 1);
    }
    const wordCount = (rank: number) => words.get(vocabulary[rank]!) ?? 0;
    const zipCount = (rank: number) => zips.get(popularZips[rank]!) ?? 0;
    expect(wordCount(0)).toBeGreaterThan(wordCount(1));
    expect(wordCount(1)).toBeGreaterThan(wordCount(4));
    expect(wordCount(4)).toBeGreaterThan(wordCount(30));
    expect(wordCount(30)).toBeGreaterThan(wordCount(vocabulary.length - 1));
    expect(zipCount(0)).toBeGreaterThan(zipCount(1));
    expect(zipCount(1)).toBeGreaterThan(zipCount(5));
    expect(zipCount(5)).toBeGreaterThan(zipCount(popularZips.length - 1));
  });

  it('repeats popular searches: far fewer distinct bodies than requests', () => {
    const distinct = new Set(specs.map((s) => s.body)).size;
    expect(distinct).toBeLessThan(specs.length / 3);
    expect(distinct).toBeGreaterThan(500);
  });

  it('keeps the mix shares of kinds', () => {
    const text = specs.filter((s) => {
      const body = bodyOf(s);
      return Object.keys(body).length === 1 && typeof body.query === 'string';
    }).length;
    const zipOnly = specs.filter((s) => Object.keys(bodyOf(s)).join() === 'locationZip').length;
    // 30% text (and half the typos, 2.5%); 20% zip.
    expect(text / specs.length).toBeCloseTo(0.325, 1);
    expect(zipOnly / specs.length).toBeCloseTo(0.2, 1);
  });

  it('sends only bodies the server accepts', () => {
    for (const spec of specs.slice(0, 5000)) parsed(spec);
  });
});

describe('uniqueSearches', () => {
  it('never sends the same search twice, as sent or as the server parses it, and every body is valid', () => {
    const unique = uniqueSearches('bench', metroZips);
    const N = 40_000;
    const sent = new Set<string>();
    const seen = new Set<string>();
    for (let i = 0; i < N; i++) {
      const spec = unique.next();
      sent.add(spec.body!);
      seen.add(JSON.stringify(parsed(spec)));
    }
    expect(unique.issued).toBe(N);
    expect(sent.size).toBe(N);
    expect(seen.size).toBe(N);
    expect(unique.capacity).toBeGreaterThan(300_000);
  });

  it('mixes text, zips, price ranges, radii and sorts', () => {
    const unique = uniqueSearches('bench', metroZips);
    const bodies = Array.from({ length: 2000 }, () => bodyOf(unique.next()));
    const share = (test: (b: Record<string, unknown>) => boolean) =>
      bodies.filter(test).length / bodies.length;
    expect(share((b) => 'query' in b && 'locationZip' in b)).toBeCloseTo(0.45, 2);
    expect(share((b) => 'query' in b && !('locationZip' in b))).toBeCloseTo(0.2, 2);
    expect(share((b) => 'priceRange' in b)).toBeCloseTo(0.35, 2);
    expect(share((b) => 'sort' in b)).toBeGreaterThan(0.1);
    expect(share((b) => 'radiusMiles' in b)).toBeGreaterThan(0.5);
    expect(share((b) => SEARCH_WORDS.typos.includes(b.query as string))).toBeCloseTo(0.05, 2);
  });

  it('says when its searches are used up instead of repeating one', () => {
    const unique = uniqueSearches('bench', ['10001']);
    // One zip: the zip kind has 4 radii × 4 sorts = 16 bodies, used up after 16 of its 4-in-20 turns.
    expect(() => {
      for (let i = 0; i < 100; i++) unique.next();
    }).toThrow("unique searches: all 16 'zip' bodies are used");
  });
});

describe('searchMix', () => {
  it('sends only bodies the server accepts', () => {
    const active = activeCatalogue('bench', 2000);
    const kinds = searchMix('bench', active, popularZips);
    for (const specs of Object.values(kinds)) for (const spec of specs) parsed(spec);
    expect(kinds.mix).toHaveLength(400);
  });
});

describe('activeCatalogue', () => {
  it('gives verified providers of the catalogue, the next one after an unverified index', () => {
    const active = activeCatalogue('bench', 3000);
    const all = Array.from({ length: 3000 }, (_, i) => active.at(i));
    expect(all.every((p) => p.verified)).toBe(true);
    // About 3% are unverified: those indexes answer with their next verified neighbour.
    const distinct = new Set(all.map((p) => p.id)).size;
    expect(distinct / 3000).toBeGreaterThan(0.94);
    expect(distinct / 3000).toBeLessThan(0.995);
  });
});
