// The request mixes of `npm run bench` and `npm run loadtest`: what people search for, where and with
// which filters, and which profiles they open; popular things more often. Three kinds of searches:
// `searchMix` (a fixed pool of bodies, the bench's first mode), `zipfSearches` (drawn afresh from the
// catalogue's vocabulary and metros by Zipf popularity, so popular searches repeat as they do on a real
// site) and `uniqueSearches` (no body twice, so no cache of answers can help). The last two draw their
// price ranges from the prices the catalogue has for the searched words (`cataloguePrices`): a range
// drawn from the whole slider mostly starts above every price of a barber's cut and finds nobody.
import { SERVICE_CATEGORIES } from '#domain/options.ts';
import { isPriceFilterActive, RADIUS_OPTIONS, SEARCH_LIMITS, SEARCH_SORTS } from '#domain/search-options.ts';
import { CATEGORY_WORDS, queryWords } from '#server/modules/search/query-understanding.ts';
import { createRng, type Rng } from '#server/seed/art.ts';
import { type CategoryId, type PricedProvider, pickByWeight, SEARCH_WORDS } from './catalogue';

export type RequestSpec = {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: string;
  headers?: Record<string, string>;
};

/** The search modes of `--queries`, in the order a default run measures them. */
export const QUERY_MODES = ['mix', 'zipf', 'unique', 'unique-wide'] as const;
export type QueryMode = (typeof QUERY_MODES)[number];

/** `--queries`: comma-separated modes; an unknown one is refused with the list of known ones. */
export function parseQueryModes(value: string): QueryMode[] {
  const modes = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const mode of modes)
    if (!(QUERY_MODES as readonly string[]).includes(mode))
      throw new Error(`--queries takes ${QUERY_MODES.join(', ')} (comma-separated), not '${mode}'`);
  return modes as QueryMode[];
}

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Index into a list of n where the front is popular: the square of a uniform number skews to 0. */
export const popularIndex = (u: number, n: number) => Math.floor(u * u * n);

/**
 * Providers by index: an array, or the bench's view of a catalogue too big to hold (seed.ts
 * `activeCatalogue`), which builds provider i when asked.
 */
export interface ProviderList<T> {
  readonly length: number;
  at(index: number): T | undefined;
}

/** GET /api/user/:slug for active providers, popular profiles more often. */
export function profileMix(seed: string, active: ProviderList<{ slug: string }>, count = 500): RequestSpec[] {
  const rng = createRng(`${seed}:profiles`);
  return Array.from({ length: count }, () => ({
    method: 'GET',
    path: `/api/user/${active.at(popularIndex(rng.next(), active.length))!.slug}`,
  }));
}

const searchPost = (body: object): RequestSpec => ({
  method: 'POST',
  path: '/api/search',
  body: JSON.stringify(body),
});

/**
 * The mix's filters: price 35%, weekends 25%, evenings 20%, one or two experience choices 20%. The
 * mix's own price ranges are a few slider positions; the Zipf mode passes `priceRange` to draw them
 * from the catalogue's prices instead.
 */
function mixFilters(rng: Rng, priceRange?: (rng: Rng) => PriceRange) {
  const roll = rng.next();
  if (roll < 0.35)
    return {
      priceRange: priceRange ? priceRange(rng) : [rng.pick([15, 30, 50]), rng.pick([100, 150, 250, 500])],
    };
  if (roll < 0.6) return { availability: 'weekends', availabilityType: 'days_pattern' };
  if (roll < 0.8) return { availability: 'evenings', availabilityType: 'time_pattern' };
  return {
    experience: rng
      .shuffle(['LGBTQIA+ Friendly', 'Wheelchair Accessible', 'Private Studio', 'Gratuity Free'])
      .slice(0, rng.int(1, 2)),
  };
}

/** The kinds of search and their shares in the mix (percent). */
export const SEARCH_SHARES = { text: 30, zip: 20, 'text + zip': 25, 'with filters': 20, typo: 5 } as const;
export type SearchKind = keyof typeof SEARCH_SHARES;

/** The search mix: 30% text, 20% zip, 25% text + zip, 20% with filters, 5% typos (`mix`), and each kind. */
export function searchMix(
  seed: string,
  providers: ProviderList<{ zip: string }>,
  popularZips: string[],
): Record<string, RequestSpec[]> {
  const rng = createRng(`${seed}:mix`);
  const zips = [
    ...popularZips,
    ...Array.from({ length: 40 }, () => providers.at(Math.floor(rng.next() * providers.length))!.zip),
  ];
  const zip = () =>
    rng.chance(0.7) ? popularZips[popularIndex(rng.next(), popularZips.length)]! : rng.pick(zips);
  const text = () =>
    rng.chance(0.6)
      ? rng.pick(SEARCH_WORDS.services)
      : rng.chance(0.6)
        ? rng.pick(SEARCH_WORDS.specialties)
        : `${rng.pick(SEARCH_WORDS.names)}`;
  const filters = () => mixFilters(rng);
  const post = searchPost;
  const kinds = {
    text: Array.from({ length: 200 }, () => post({ query: text() })),
    zip: Array.from({ length: 200 }, () => post({ locationZip: zip() })),
    'text + zip': Array.from({ length: 200 }, () => post({ query: text(), locationZip: zip() })),
    'with filters': Array.from({ length: 200 }, () =>
      post({ ...(rng.chance(0.5) ? { query: text() } : {}), locationZip: zip(), ...filters() }),
    ),
    typo: Array.from({ length: 50 }, () =>
      post({ query: rng.pick(SEARCH_WORDS.typos), ...(rng.chance(0.5) ? { locationZip: zip() } : {}) }),
    ),
  };
  const mix = Object.entries(SEARCH_SHARES).flatMap(([kind, n]) =>
    Array.from(
      { length: n * 4 },
      (_, k) => kinds[kind as keyof typeof kinds][k % kinds[kind as keyof typeof kinds].length]!,
    ),
  );
  return { mix, ...kinds };
}

/** A picker of items[r] with probability ∝ 1 / (r + 1)^s (Zipf): the front of the list is popular. */
export function zipfPicker<T>(items: readonly T[], s = 1): (u: number) => T {
  if (items.length === 0) throw new Error('zipfPicker needs at least one item');
  return pickByWeight(
    items,
    items.map((_, r) => 1 / (r + 1) ** s),
  );
}

/**
 * What people type, most popular first: the service and category words, then the specialties, then
 * provider names, each group in an order the seed shuffles (case-insensitive duplicates dropped).
 */
export function rankedVocabulary(seed: string): string[] {
  const rng = createRng(`${seed}:vocabulary`);
  const seen = new Set<string>();
  return [
    ...rng.shuffle(SEARCH_WORDS.services),
    ...rng.shuffle(SEARCH_WORDS.specialties),
    ...rng.shuffle(SEARCH_WORDS.names),
  ].filter((word) => {
    const key = word.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * `--queries zipf`: each call draws a fresh search. The kind follows the mix's shares; words are drawn
 * by Zipf rank from rankedVocabulary, zips by Zipf rank from popularZips (biggest metro first, the
 * catalogue's own weights), filters as in the mix but for price ranges, which come from the searched
 * words' prices (zipfPriceRanges). Popular searches repeat, the tail is long.
 */
export function zipfSearches(
  seed: string,
  popularZips: readonly string[],
  prices: CataloguePrices,
): (rng: Rng) => RequestSpec {
  const word = zipfPicker(rankedVocabulary(seed));
  const zip = zipfPicker(popularZips);
  const kind = weightedKinds();
  const priceRange = zipfPriceRanges(seed, prices);
  return (rng) => {
    switch (kind(rng.next())) {
      case 'text':
        return searchPost({ query: word(rng.next()) });
      case 'zip':
        return searchPost({ locationZip: zip(rng.next()) });
      case 'text + zip':
        return searchPost({ query: word(rng.next()), locationZip: zip(rng.next()) });
      case 'with filters': {
        const query = rng.chance(0.5) ? word(rng.next()) : undefined;
        return searchPost({
          ...(query === undefined ? {} : { query }),
          locationZip: zip(rng.next()),
          ...mixFilters(rng, (r) => priceRange(query, r)),
        });
      }
      case 'typo':
        return searchPost({
          query: rng.pick(SEARCH_WORDS.typos),
          ...(rng.chance(0.5) ? { locationZip: zip(rng.next()) } : {}),
        });
    }
  };
}

function weightedKinds(): (u: number) => SearchKind {
  const kinds = Object.keys(SEARCH_SHARES) as SearchKind[];
  const total = kinds.reduce((sum, k) => sum + SEARCH_SHARES[k], 0);
  return (u) => {
    let x = u * total;
    for (const k of kinds) {
      x -= SEARCH_SHARES[k];
      if (x < 0) return k;
    }
    return kinds[kinds.length - 1]!;
  };
}

// ---------------------------------------------------------------------------------------------
// Price ranges from the catalogue's own prices

type PriceRange = [number, number];

/** Stop words of the english dictionary that the catalogue's texts hold: search drops them on both sides. */
const STOP_WORDS = new Set('a an and at by for in of on or out the to up with'.split(' '));

/**
 * A word as search compares it, near enough to the english stemmer for the catalogue's words: lower
 * case, a plural's 's' dropped ('Fades' and 'fade' meet, as 'Box Braids' and 'braids' do).
 */
const termOf = (word: string) => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word);
const termsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !STOP_WORDS.has(w))
    .map(termOf);

/** The words search_category_labels (migration 0012) adds to a document for each category. */
const CATEGORY_TERMS = Object.fromEntries(
  SERVICE_CATEGORIES.map((c) => [
    c.id,
    termsOf(
      [c.label, ...Object.keys(CATEGORY_WORDS).filter((word) => CATEGORY_WORDS[word] === c.id)].join(' '),
    ),
  ]),
) as Record<CategoryId, string[]>;

/** The prices the catalogue has for what a search asks for (cataloguePrices). */
export interface CataloguePrices {
  /** How many providers the prices were read from. */
  readonly providers: number;
  /**
   * The prices a search for `query` filters on, sorted, one per priced service (a range's two ends):
   * as the server's price filter reads them (search.queries whereOf), the services the query names at
   * the providers whose words hold all of the query's, or every service of a provider that has none
   * of them; every service of a category's providers when the query only names a category ('nail
   * tech'); every service when there is no query or no provider of the sample matches it.
   */
  pointsFor(query?: string): readonly number[];
}

/** The prices of a sample of the catalogue (pricedSample), by query; each query's list is worked out once. */
export function cataloguePrices(sample: readonly PricedProvider[]): CataloguePrices {
  const providers = sample.map((p) => ({
    categories: p.categories as readonly string[],
    terms: new Set([...termsOf(p.text), ...p.categories.flatMap((c) => CATEGORY_TERMS[c])]),
    services: p.services.map((s) => ({ terms: termsOf(s.name), prices: s.prices })),
  }));
  type Provider = (typeof providers)[number];
  const pointsOf = (of: Provider[], services: (p: Provider) => Provider['services']) =>
    of.flatMap((p) => services(p).flatMap((s) => s.prices)).sort((a, b) => a - b);
  const everything = pointsOf(providers, (p) => p.services);
  const byQuery = new Map<string, readonly number[]>();
  const pointsFor = (query: string): readonly number[] => {
    const words = queryWords(query).filter((w) => !STOP_WORDS.has(w));
    if (words.length === 0) return everything;
    // Only words of one category: the server searches that category, and any of its services counts.
    const named = new Set(words.map((w) => (Object.hasOwn(CATEGORY_WORDS, w) ? CATEGORY_WORDS[w] : null)));
    const [category] = named;
    if (named.size === 1 && category) {
      const points = pointsOf(
        providers.filter((p) => p.categories.includes(category)),
        (p) => p.services,
      );
      return points.length > 0 ? points : everything;
    }
    const terms = words.map(termOf);
    const points = pointsOf(
      providers.filter((p) => terms.every((t) => p.terms.has(t))),
      (p) => {
        const services = p.services.filter((s) => s.terms.some((t) => terms.includes(t)));
        return services.length > 0 ? services : p.services;
      },
    );
    return points.length > 0 ? points : everything;
  };
  return {
    providers: sample.length,
    pointsFor(query) {
      const key = query ?? '';
      let points = byQuery.get(key);
      if (!points) {
        points = pointsFor(key);
        byQuery.set(key, points);
      }
      return points;
    },
  };
}

/** A price with one step of the web slider's $5 grid either side (not below the slider's $15). */
const around = (price: number): PriceRange => [
  Math.max(SEARCH_LIMITS.priceMin, price - SEARCH_LIMITS.priceStep),
  Math.min(SEARCH_LIMITS.priceMax, price + SEARCH_LIMITS.priceStep),
];

/**
 * Two of the prices, each as often as the catalogue has it, lowest first; the same price twice gives
 * that price a step either side. Every price of the catalogue is on the $5 grid (catalogue.ts roundTo5).
 */
function drawRange(points: readonly number[], rng: Rng): PriceRange {
  const a = rng.pick(points);
  const b = rng.pick(points);
  return a === b ? around(a) : [Math.min(a, b), Math.max(a, b)];
}

/**
 * How many price ranges the searches for one word share in the Zipf mode: the mix offered 3 × 4
 * slider positions to every word, so the Zipf mode's searches repeat about as often as before.
 */
const ZIPF_RANGES_PER_WORD = 12;

/**
 * The Zipf mode's price range for a search for `query` (undefined: a zip alone): one of twelve drawn
 * once per word from its prices (drawRange), from a seed of its own, so the ranges do not depend on
 * the order the words come in.
 */
function zipfPriceRanges(seed: string, prices: CataloguePrices) {
  const pools = new Map<string, PriceRange[]>();
  return (query: string | undefined, rng: Rng): PriceRange => {
    const key = query ?? '';
    let pool = pools.get(key);
    if (!pool) {
      const points = prices.pointsFor(query);
      const poolRng = createRng(`${seed}:price-ranges:${key}`);
      pool = Array.from({ length: ZIPF_RANGES_PER_WORD }, () => drawRange(points, poolRng));
      pools.set(key, pool);
    }
    return rng.pick(pool);
  };
}

/**
 * The unique mode's price ranges for a list of prices: every pair of two of its distinct prices,
 * lowest first, and every one of them with a step either side. The rarest 2.5% at either end are left
 * out: a price that one provider of the sample has would make many ranges that find almost nobody.
 */
export function realisticRanges(points: readonly number[]): PriceRange[] {
  if (points.length === 0) return [];
  const low = points[Math.floor(points.length * 0.025)]!;
  const high = points[Math.ceil(points.length * 0.975) - 1]!;
  const values = [...new Set(points)].filter((p) => p >= low && p <= high).sort((a, b) => a - b);
  const ranges: PriceRange[] = [];
  const seen = new Set<string>();
  const add = (range: PriceRange) => {
    const key = range.join('-');
    if (seen.has(key) || !isPriceFilterActive(range)) return;
    seen.add(key);
    ranges.push(range);
  };
  for (let i = 0; i < values.length; i++)
    for (let j = i + 1; j < values.length; j++) add([values[i]!, values[j]!]);
  for (const price of values) add(around(price));
  return ranges;
}

// ---------------------------------------------------------------------------------------------
// Unique searches

/**
 * Every price range on the slider's $5 grid that filters something: [lo, hi], lo < hi, not [15, 500].
 * The unique-wide mode's ranges, the unique mode's before it drew them from the catalogue's prices.
 */
function widePriceRanges(): PriceRange[] {
  const ranges: PriceRange[] = [];
  for (let lo = 15; lo < 500; lo += 5)
    for (let hi = lo + 5; hi <= 500; hi += 5) if (lo > 15 || hi < 500) ranges.push([lo, hi]);
  return ranges;
}

/**
 * One kind of unique search: the bodies are the cartesian product of its dimensions, visited in the
 * order of an affine permutation of the index (a·i + b mod size, a prime to size), so neighbouring
 * requests differ in every field yet no body comes twice until the product is used up.
 */
function uniqueSpace(dimensions: number[], build: (digits: number[]) => object, seedRng: Rng) {
  const size = dimensions.reduce((product, d) => product * d, 1);
  const big = BigInt(size);
  const gcd = (x: bigint, y: bigint): bigint => (y === 0n ? x : gcd(y, x % y));
  let a = BigInt(Math.floor(size * 0.6180339887)) | 1n;
  while (gcd(a, big) !== 1n) a += 2n;
  const b = BigInt(Math.floor(seedRng.next() * size));
  let issued = 0;
  return {
    size,
    next(kind: string): RequestSpec {
      if (issued >= size) throw new Error(`unique searches: all ${size} '${kind}' bodies are used`);
      let index = Number((a * BigInt(issued++) + b) % big);
      const digits = dimensions.map((d) => {
        const digit = index % d;
        index = Math.floor(index / d);
        return digit;
      });
      return searchPost(build(digits));
    },
  };
}

/** The two unique modes: price ranges from the catalogue's prices (`unique`), or every $5 pair (`unique-wide`). */
export type PriceRanges = 'realistic' | 'wide';
const UNIQUE_KINDS = ['text + zip', 'zip', 'text + price', 'zip + price', 'typo'] as const;
type UniqueKind = (typeof UNIQUE_KINDS)[number];

/**
 * `--queries unique` and `unique-wide`: a generator of search bodies that never repeats, whoever
 * calls it (one generator for the whole bench run, so warm-ups, rows at other connection counts and
 * the other mode get new bodies too). Kinds: text + zip 40%, zip + sort 20%, text + price range 20%
 * (national), zip + price range 15%, typo + zip 5%, each zip with one of the web app's radii; words
 * are the catalogue's vocabulary, zips every metro zip. A default (25 miles, relevance) is left out as
 * the web app does. Each kind sends a different set of fields, so two kinds never send the same body.
 *
 * `next()` (`unique`) draws a price range from the prices the catalogue has for the searched word, or
 * for every service with a zip alone (realisticRanges of cataloguePrices); `next('wide')`
 * (`unique-wide`) draws from every $5 pair of the slider, as the unique mode did before, and alone
 * sends exactly the bodies it sent then. The two share the kinds without a price (one walk through
 * each), and a price body one of them sent is skipped by the other (the realistic ranges are among
 * the wide ones).
 */
export function uniqueSearches(seed: string, metroZips: readonly string[], prices: CataloguePrices) {
  const rng = createRng(`${seed}:unique`);
  const words = rankedVocabulary(seed);
  // A typo that is also a vocabulary word would let the typo kind repeat a text + zip body.
  const typos = SEARCH_WORDS.typos.filter((t) => !words.some((w) => w.toLowerCase() === t.toLowerCase()));
  const zips = [...new Set(metroZips)];
  const wide = widePriceRanges();
  const near = (z: number, r: number) => {
    const miles = RADIUS_OPTIONS[r]!;
    return {
      locationZip: zips[z]!,
      ...(miles === SEARCH_LIMITS.radiusDefaultMiles ? {} : { radiusMiles: miles }),
    };
  };
  const R = RADIUS_OPTIONS.length;
  // Made in the order, and from the rng, of the unique mode before realistic prices, so the wide
  // mode's walks (and the turns below) are the same as then.
  const textZip = uniqueSpace(
    [words.length, zips.length, R],
    ([w, z, r]) => ({ query: words[w!], ...near(z!, r!) }),
    rng,
  );
  const zip = uniqueSpace(
    [zips.length, R, SEARCH_SORTS.length],
    ([z, r, s]) => ({
      ...near(z!, r!),
      ...(SEARCH_SORTS[s!] === 'relevance' ? {} : { sort: SEARCH_SORTS[s!] }),
    }),
    rng,
  );
  const wideTextPrice = uniqueSpace(
    [words.length, wide.length],
    ([w, p]) => ({ query: words[w!], priceRange: wide[p!] }),
    rng,
  );
  const wideZipPrice = uniqueSpace(
    [zips.length, R, wide.length],
    ([z, r, p]) => ({ ...near(z!, r!), priceRange: wide[p!] }),
    rng,
  );
  const typo = uniqueSpace(
    [typos.length, zips.length, R],
    ([t, z, r]) => ({ query: typos[t!], ...near(z!, r!) }),
    rng,
  );
  // Twenty turns in a shuffled order: 8 + 4 + 4 + 3 + 1.
  const turns = rng.shuffle<UniqueKind>([
    ...Array<UniqueKind>(8).fill('text + zip'),
    ...Array<UniqueKind>(4).fill('zip'),
    ...Array<UniqueKind>(4).fill('text + price'),
    ...Array<UniqueKind>(3).fill('zip + price'),
    'typo',
  ]);
  // The realistic price kinds: each word's own ranges, one after the other in one index (`starts`
  // holds where each word's begin), and the ranges of every service for a zip alone.
  const realisticRng = createRng(`${seed}:unique:realistic`);
  const wordRanges = words.map((w) => realisticRanges(prices.pointsFor(w)));
  const starts: number[] = [];
  let total = 0;
  for (const ranges of wordRanges) {
    starts.push(total);
    total += ranges.length;
  }
  const wordAt = (index: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const textPrice = uniqueSpace(
    [total],
    ([k]) => {
      const w = wordAt(k!);
      return { query: words[w], priceRange: wordRanges[w]![k! - starts[w]!] };
    },
    realisticRng,
  );
  const anyService = realisticRanges(prices.pointsFor());
  const zipPrice = uniqueSpace(
    [zips.length, R, anyService.length],
    ([z, r, p]) => ({ ...near(z!, r!), priceRange: anyService[p!] }),
    realisticRng,
  );
  const spaces: Record<PriceRanges, Record<UniqueKind, ReturnType<typeof uniqueSpace>>> = {
    realistic: { 'text + zip': textZip, zip, 'text + price': textPrice, 'zip + price': zipPrice, typo },
    wide: { 'text + zip': textZip, zip, 'text + price': wideTextPrice, 'zip + price': wideZipPrice, typo },
  };
  const capacityOf = (of: Record<UniqueKind, { size: number }>) =>
    Math.min(
      ...UNIQUE_KINDS.map((kind) => (of[kind].size / turns.filter((t) => t === kind).length) * turns.length),
    );
  const taken: Record<PriceRanges, number> = { realistic: 0, wide: 0 };
  const sentWithPrice = new Set<string>();
  let issued = 0;
  return {
    /** How many bodies were handed out by both modes (each one distinct). */
    get issued() {
      return issued;
    },
    /** How many bodies each kind can hand out, with each mode's price ranges. */
    sizes: Object.fromEntries(
      Object.entries(spaces).map(([ranges, of]) => [
        ranges,
        Object.fromEntries(UNIQUE_KINDS.map((kind) => [kind, of[kind].size])),
      ]),
    ) as Record<PriceRanges, Record<UniqueKind, number>>,
    /** How many bodies `next()` can hand out before one kind runs out (its share of the turns). */
    capacity: capacityOf(spaces.realistic),
    /** The same for `next('wide')`. */
    wideCapacity: capacityOf(spaces.wide),
    next(ranges: PriceRanges = 'realistic'): RequestSpec {
      const kind = turns[taken[ranges]++ % turns.length]!;
      const space = spaces[ranges][kind];
      const label = ranges === 'wide' && kind.endsWith('price') ? `${kind}, wide prices` : kind;
      let spec = space.next(label);
      if (kind === 'text + price' || kind === 'zip + price') {
        while (sentWithPrice.has(spec.body!)) spec = space.next(label);
        sentWithPrice.add(spec.body!);
      }
      issued++;
      return spec;
    },
  };
}
