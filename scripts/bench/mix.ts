// The request mixes of `npm run bench` and `npm run loadtest`: what people search for, where and with
// which filters, and which profiles they open; popular things more often. Three kinds of searches:
// `searchMix` (a fixed pool of bodies, the bench's first mode), `zipfSearches` (drawn afresh from the
// catalogue's vocabulary and metros by Zipf popularity, so popular searches repeat as they do on a real
// site) and `uniqueSearches` (no body twice, so no cache of answers can help).
import { RADIUS_OPTIONS, SEARCH_LIMITS, SEARCH_SORTS } from '#domain/search-options.ts';
import { createRng, type Rng } from '#server/seed/art.ts';
import { pickByWeight, SEARCH_WORDS } from './catalogue';

export type RequestSpec = {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: string;
  headers?: Record<string, string>;
};

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

/** The mix's filters: price 35%, weekends 25%, evenings 20%, one or two experience choices 20%. */
function mixFilters(rng: Rng) {
  const roll = rng.next();
  if (roll < 0.35) return { priceRange: [rng.pick([15, 30, 50]), rng.pick([100, 150, 250, 500])] };
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
 * catalogue's own weights), filters as in the mix. Popular searches repeat, the tail is long.
 */
export function zipfSearches(seed: string, popularZips: readonly string[]): (rng: Rng) => RequestSpec {
  const word = zipfPicker(rankedVocabulary(seed));
  const zip = zipfPicker(popularZips);
  const kind = weightedKinds();
  return (rng) => {
    switch (kind(rng.next())) {
      case 'text':
        return searchPost({ query: word(rng.next()) });
      case 'zip':
        return searchPost({ locationZip: zip(rng.next()) });
      case 'text + zip':
        return searchPost({ query: word(rng.next()), locationZip: zip(rng.next()) });
      case 'with filters':
        return searchPost({
          ...(rng.chance(0.5) ? { query: word(rng.next()) } : {}),
          locationZip: zip(rng.next()),
          ...mixFilters(rng),
        });
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

/** Every price range on the slider's $5 grid that filters something: [lo, hi], lo < hi, not [15, 500]. */
function priceRanges(): [number, number][] {
  const ranges: [number, number][] = [];
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

/**
 * `--queries unique`: a generator of search bodies that never repeats, whoever calls it (one
 * generator for the whole bench run, so warm-ups and rows at other connection counts get new bodies
 * too). Kinds: text + zip 40%, zip + sort 20%, text + price range 20% (national), zip + price range
 * 15%, typo + zip 5%, each zip with one of the web app's radii; words are the catalogue's vocabulary,
 * zips every metro zip, price ranges every $5 step. A default (25 miles, relevance) is left out as
 * the web app does. Each kind sends a different set of fields, so two kinds never send the same body.
 */
export function uniqueSearches(seed: string, metroZips: readonly string[]) {
  const rng = createRng(`${seed}:unique`);
  const words = rankedVocabulary(seed);
  // A typo that is also a vocabulary word would let the typo kind repeat a text + zip body.
  const typos = SEARCH_WORDS.typos.filter((t) => !words.some((w) => w.toLowerCase() === t.toLowerCase()));
  const zips = [...new Set(metroZips)];
  const ranges = priceRanges();
  const near = (z: number, r: number) => {
    const miles = RADIUS_OPTIONS[r]!;
    return {
      locationZip: zips[z]!,
      ...(miles === SEARCH_LIMITS.radiusDefaultMiles ? {} : { radiusMiles: miles }),
    };
  };
  const R = RADIUS_OPTIONS.length;
  const spaces = {
    'text + zip': uniqueSpace(
      [words.length, zips.length, R],
      ([w, z, r]) => ({ query: words[w!], ...near(z!, r!) }),
      rng,
    ),
    zip: uniqueSpace(
      [zips.length, R, SEARCH_SORTS.length],
      ([z, r, s]) => ({
        ...near(z!, r!),
        ...(SEARCH_SORTS[s!] === 'relevance' ? {} : { sort: SEARCH_SORTS[s!] }),
      }),
      rng,
    ),
    'text + price': uniqueSpace(
      [words.length, ranges.length],
      ([w, p]) => ({ query: words[w!], priceRange: ranges[p!] }),
      rng,
    ),
    'zip + price': uniqueSpace(
      [zips.length, R, ranges.length],
      ([z, r, p]) => ({ ...near(z!, r!), priceRange: ranges[p!] }),
      rng,
    ),
    typo: uniqueSpace(
      [typos.length, zips.length, R],
      ([t, z, r]) => ({ query: typos[t!], ...near(z!, r!) }),
      rng,
    ),
  };
  type Kind = keyof typeof spaces;
  // Twenty turns in a shuffled order: 8 + 4 + 4 + 3 + 1.
  const turns = rng.shuffle<Kind>([
    ...Array<Kind>(8).fill('text + zip'),
    ...Array<Kind>(4).fill('zip'),
    ...Array<Kind>(4).fill('text + price'),
    ...Array<Kind>(3).fill('zip + price'),
    'typo',
  ]);
  let issued = 0;
  return {
    /** How many bodies were handed out (each one distinct). */
    get issued() {
      return issued;
    },
    /** How many bodies can be handed out before one kind runs out (its share of the turns). */
    capacity: Math.min(
      ...Object.entries(spaces).map(
        ([kind, space]) => (space.size / turns.filter((t) => t === kind).length) * turns.length,
      ),
    ),
    next(): RequestSpec {
      const kind = turns[issued++ % turns.length]!;
      return spaces[kind].next(kind);
    },
  };
}
