import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SearchBodySchema } from '#domain/search.ts';
import { createRng } from '#server/seed/art.ts';
import { buildPlaces, PRICE_SAMPLE, pricedSample, SEARCH_WORDS } from './catalogue';
import {
  cataloguePrices,
  parseQueryModes,
  rankedVocabulary,
  realisticRanges,
  searchMix,
  uniqueSearches,
  zipfPicker,
  zipfSearches,
} from './mix';
import { activeCatalogue } from './seed';

const places = buildPlaces();
const popularZips = places.popular.map((p) => p.zip);
const metroZips = places.metro.map((p) => p.zip);
const bodyOf = (spec: { body?: string }) => JSON.parse(spec.body!) as Record<string, unknown>;
// The prices the bench draws ranges from (its sample at 100,000 providers), and a second sample of
// other providers, far into a million, to check the ranges against prices they were not drawn from.
const prices = cataloguePrices(pricedSample('bench', places, { count: PRICE_SAMPLE, providers: 100_000 }));
const otherPrices = cataloguePrices(
  pricedSample('bench', places, { count: 2000, providers: 1_000_000, first: 500_000 }),
);
const median = (points: readonly number[]) => points[Math.floor(points.length / 2)]!;

/** Whether a price search's range holds a price the other sample has for its words (or any, without). */
function coversRealPrice(body: Record<string, unknown>) {
  const [lo, hi] = body.priceRange as [number, number];
  return otherPrices.pointsFor(body.query as string | undefined).some((p) => p >= lo && p <= hi);
}

/** The first `count` bodies with a price range that `draw` gives. */
function priceSearches(count: number, draw: () => { body?: string }) {
  const bodies: Record<string, unknown>[] = [];
  while (bodies.length < count) {
    const body = bodyOf(draw());
    if ('priceRange' in body) bodies.push(body);
  }
  return bodies;
}

describe('parseQueryModes', () => {
  it('takes the four modes, comma-separated, in the order given', () => {
    expect(parseQueryModes('mix,zipf,unique,unique-wide')).toEqual(['mix', 'zipf', 'unique', 'unique-wide']);
    expect(parseQueryModes(' unique-wide , unique ')).toEqual(['unique-wide', 'unique']);
  });

  it('refuses an unknown mode, naming the known ones', () => {
    expect(() => parseQueryModes('unique,wide')).toThrow(
      "--queries takes mix, zipf, unique, unique-wide (comma-separated), not 'wide'",
    );
  });
});

describe('cataloguePrices', () => {
  it("gives a service's prices: a barber's beard trim costs less than a stylist's balayage", () => {
    expect(prices.providers).toBe(PRICE_SAMPLE);
    const beard = prices.pointsFor('Beard Trim');
    const balayage = prices.pointsFor('balayage');
    expect(beard.length).toBeGreaterThan(300);
    expect(balayage.length).toBeGreaterThan(300);
    expect(median(beard)).toBeLessThan(60);
    expect(median(balayage)).toBeGreaterThan(100);
    // A category's providers ('nail tech' is nails, as 'nails' is), with every service they price.
    expect(prices.pointsFor('Nail Tech')).toEqual(prices.pointsFor('nails'));
    expect(median(prices.pointsFor('nails'))).toBeLessThan(median(prices.pointsFor('hair')));
  });

  it('gives every price for a zip alone, and for words no provider of the sample has', () => {
    const all = prices.pointsFor();
    expect(all.length).toBeGreaterThan(15_000);
    expect(prices.pointsFor('zzyzx')).toBe(all);
    expect([...all].sort((a, b) => a - b)).toEqual(all);
  });

  it('makes ranges on the slider that filter something and start and end at real prices', () => {
    const points = prices.pointsFor('Balayage');
    const real = new Set(points);
    const ranges = realisticRanges(points);
    expect(new Set(ranges.map((r) => r.join('-'))).size).toBe(ranges.length);
    for (const [lo, hi] of ranges) {
      expect(lo).toBeLessThan(hi);
      expect(lo % 5 === 0 && hi % 5 === 0).toBe(true);
      expect(lo).toBeGreaterThanOrEqual(15);
      expect(hi).toBeLessThan(500);
      // Two real prices, or one real price a $5 step either side.
      expect((real.has(lo) && real.has(hi)) || real.has((lo + hi) / 2)).toBe(true);
    }
  });
});

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
  const draw = zipfSearches('bench', popularZips, prices);
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

  it('draws price ranges that hold prices the catalogue has for the searched words', () => {
    const bodies = priceSearches(200, () => draw(rng));
    expect(bodies.filter(coversRealPrice).length / bodies.length).toBeGreaterThanOrEqual(0.9);
    // Each word's searches share a dozen ranges, so popular price searches repeat too.
    const ranges = new Set(bodies.filter((b) => b.query === 'Balayage').map((b) => String(b.priceRange)));
    expect(ranges.size).toBeLessThanOrEqual(12);
  });
});

describe('uniqueSearches', () => {
  it('never sends the same search twice, as sent or as the server parses it, and every body is valid', () => {
    const unique = uniqueSearches('bench', metroZips, prices);
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
    const unique = uniqueSearches('bench', metroZips, prices);
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
    const unique = uniqueSearches('bench', ['10001'], prices);
    // One zip: the zip kind has 4 radii × 4 sorts = 16 bodies, used up after 16 of its 4-in-20 turns.
    expect(() => {
      for (let i = 0; i < 100; i++) unique.next();
    }).toThrow("unique searches: all 16 'zip' bodies are used");
  });

  it('draws price ranges that hold prices the catalogue has for the searched words', () => {
    const unique = uniqueSearches('bench', metroZips, prices);
    const bodies = priceSearches(200, () => unique.next());
    expect(bodies.filter(coversRealPrice).length / bodies.length).toBeGreaterThanOrEqual(0.9);
    // With and without words: the text + price kind and the zip + price kind.
    expect(bodies.some((b) => 'query' in b)).toBe(true);
    expect(bodies.some((b) => !('query' in b))).toBe(true);
  });

  it('never repeats over a long draw, nor across its two modes', () => {
    const unique = uniqueSearches('bench', metroZips, prices);
    const sent = new Set<string>();
    for (let i = 0; i < 200_000; i++) sent.add(unique.next(i % 3 === 2 ? 'wide' : 'realistic').body!);
    expect(sent.size).toBe(200_000);
    expect(unique.issued).toBe(200_000);
  });

  it('has room for hundreds of thousands of searches in every kind, with either price ranges', () => {
    const unique = uniqueSearches('bench', metroZips, prices);
    // The zip + sort kind runs out first (5,212 zips × 4 radii × 4 sorts, 4 turns in 20).
    expect(unique.capacity).toBe(416_960);
    expect(unique.wideCapacity).toBe(416_960);
    expect(unique.sizes.realistic['text + price']).toBeGreaterThan(100_000);
    expect(unique.sizes.realistic['zip + price']).toBeGreaterThan(10_000_000);
  });
});

describe('uniqueSearches, wide prices (unique-wide)', () => {
  it('sends the bodies the unique mode sent before its ranges came from the catalogue', () => {
    const unique = uniqueSearches('bench', metroZips, prices);
    const hash = createHash('sha256');
    const first: string[] = [];
    for (let i = 0; i < 50_000; i++) {
      const body = unique.next('wide').body!;
      if (i < 5) first.push(body);
      hash.update(`${body}\n`);
    }
    // Read from the unique mode before this change (the same seed, zips and 50,000 bodies).
    expect(first).toEqual([
      '{"query":"Javier","locationZip":"85063","radiusMiles":5}',
      '{"query":"Microneedling","locationZip":"38108"}',
      '{"locationZip":"85274","priceRange":[160,400]}',
      '{"query":"Sugaring","locationZip":"20537","radiusMiles":10}',
      '{"query":"Lana","priceRange":[190,305]}',
    ]);
    expect(hash.digest('hex')).toBe('388b309f2a5bb926002a5bb1129b71aa75762b8f2b7009985e7864ec6427e135');
  });

  it("draws its ranges from the whole slider: fewer of them hold a real price than the unique mode's", () => {
    const unique = uniqueSearches('bench', metroZips, prices);
    const bodies = priceSearches(200, () => unique.next('wide'));
    expect(bodies.filter(coversRealPrice).length / bodies.length).toBeLessThan(0.9);
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
