// The request mixes of `npm run bench` and `npm run loadtest`: what people search for, where and with
// which filters, and which profiles they open; popular things more often.
import { createRng } from '#server/seed/art.ts';
import { SEARCH_WORDS } from './catalogue';

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

/** GET /api/user/:slug for active providers, popular profiles more often. */
export function profileMix(seed: string, active: { slug: string }[], count = 500): RequestSpec[] {
  const rng = createRng(`${seed}:profiles`);
  return Array.from({ length: count }, () => ({
    method: 'GET',
    path: `/api/user/${active[popularIndex(rng.next(), active.length)]!.slug}`,
  }));
}

/** The search mix: 30% text, 20% zip, 25% text + zip, 20% with filters, 5% typos (`mix`), and each kind. */
export function searchMix(
  seed: string,
  providers: { zip: string }[],
  popularZips: string[],
): Record<string, RequestSpec[]> {
  const rng = createRng(`${seed}:mix`);
  const zips = [...popularZips, ...Array.from({ length: 40 }, () => rng.pick(providers).zip)];
  const zip = () =>
    rng.chance(0.7) ? popularZips[popularIndex(rng.next(), popularZips.length)]! : rng.pick(zips);
  const text = () =>
    rng.chance(0.6)
      ? rng.pick(SEARCH_WORDS.services)
      : rng.chance(0.6)
        ? rng.pick(SEARCH_WORDS.specialties)
        : `${rng.pick(SEARCH_WORDS.names)}`;
  const filters = () => {
    const roll = rng.next();
    if (roll < 0.35) return { priceRange: [rng.pick([15, 30, 50]), rng.pick([100, 150, 250, 500])] };
    if (roll < 0.6) return { availability: 'weekends', availabilityType: 'days_pattern' };
    if (roll < 0.8) return { availability: 'evenings', availabilityType: 'time_pattern' };
    return {
      experience: rng
        .shuffle(['LGBTQIA+ Friendly', 'Wheelchair Accessible', 'Private Studio', 'Gratuity Free'])
        .slice(0, rng.int(1, 2)),
    };
  };
  const post = (body: object): RequestSpec => ({
    method: 'POST',
    path: '/api/search',
    body: JSON.stringify(body),
  });
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
  const share: Record<keyof typeof kinds, number> = {
    text: 30,
    zip: 20,
    'text + zip': 25,
    'with filters': 20,
    typo: 5,
  };
  const mix = Object.entries(share).flatMap(([kind, n]) =>
    Array.from(
      { length: n * 4 },
      (_, k) => kinds[kind as keyof typeof kinds][k % kinds[kind as keyof typeof kinds].length]!,
    ),
  );
  return { mix, ...kinds };
}
