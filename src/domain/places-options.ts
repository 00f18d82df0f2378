/**
 * Landing pages' topics, places, paths and limits (no zod: the router reads isLandingPath on every
 * first load; the schemas are in places.ts, the page's texts in landing-texts.ts).
 *
 * Landing pages for a service or a category in a place: `/{topic}/{place}`, e.g.
 * `/balayage/austin-tx`, `/barbers/chicago-il`. Two path segments, so they never meet a provider's
 * page or an app path (one segment each: `/austin-tx` is always a profile).
 *
 * A topic is a category of docs/product.md §9 (its providers' `categories`) or a named service: the
 * providers with a priced service whose name has every word of `words` (matched as search matches a
 * service name: english stems, provider_search_services.document), in `category` when given, where
 * a word alone would be ambiguous ('hot stone' is also a pedicure).
 */
export interface LandingTopic {
  slug: string;
  /** The heading's first words: 'Balayage' in 'Balayage in Austin, TX'. */
  label: string;
  kind: 'category' | 'service';
  /** A category page: the category id. A service page: the category the provider must be in, if any. */
  category: string | null;
  /**
   * A service page: the words its priced service's name must all have; alternatives separated by
   * commas ('kids cut, kids haircut'). Null for a category.
   */
  words: string | null;
}

const category = (slug: string, label: string, id: string): LandingTopic => ({
  slug,
  label,
  kind: 'category',
  category: id,
  words: null,
});
const service = (
  slug: string,
  label: string,
  words: string,
  inCategory: string | null = null,
): LandingTopic => ({
  slug,
  label,
  kind: 'service',
  category: inCategory,
  words,
});

/** The categories of docs/product.md §9 (options.ts SERVICE_CATEGORIES), as the people who do them. */
export const LANDING_CATEGORIES: readonly LandingTopic[] = [
  category('hair-stylists', 'Hair Stylists', 'hair'),
  category('massage', 'Massage Therapists', 'massage'),
  category('barbers', 'Barbers', 'barber'),
  category('nail-techs', 'Nail Techs', 'nails'),
  category('estheticians', 'Estheticians', 'esthetician'),
];

/**
 * The named services of SERVICE_CATEGORIES and the favourite-services catalogue
 * (service-catalogue.ts), merged where two name one thing (Tape-in and Sew-in Extensions).
 */
export const LANDING_SERVICES: readonly LandingTopic[] = [
  // Hair
  service('cut-and-style', 'Cut & Style', 'cut style'),
  service('blowout', 'Blowouts', 'blowout'),
  service('highlights', 'Highlights', 'highlights'),
  service('balayage', 'Balayage', 'balayage'),
  service('root-retouch', 'Root Retouch', 'root retouch'),
  service('color-correction', 'Color Correction', 'color correction'),
  service('bob-cut', 'Bob Cuts', 'bob'),
  service('pixie-cut', 'Pixie Cuts', 'pixie'),
  service('keratin-smoothing', 'Keratin Smoothing', 'keratin'),
  service('perm', 'Perms', 'perm', 'hair'),
  service('relaxer', 'Relaxers', 'relaxer'),
  service('updo', 'Updos', 'updo'),
  service('bridal-hair', 'Bridal Hair & Makeup', 'bridal'),
  service('hair-extensions', 'Hair Extensions', 'extensions', 'hair'),
  service('braids', 'Braids', 'braids'),
  // Massage
  service('swedish-massage', 'Swedish Massage', 'swedish', 'massage'),
  service('deep-tissue-massage', 'Deep Tissue Massage', 'deep tissue', 'massage'),
  service('hot-stone-massage', 'Hot Stone Massage', 'hot stone', 'massage'),
  service('prenatal-massage', 'Prenatal Massage', 'prenatal', 'massage'),
  service('aromatherapy-massage', 'Aromatherapy Massage', 'aromatherapy', 'massage'),
  // Barber
  service('haircuts', 'Haircuts', 'haircut'),
  service('beard-trim', 'Beard Trims', 'beard'),
  service('straight-razor-shave', 'Straight Razor Shaves', 'razor shave'),
  service('fade-haircut', 'Fades & Tapers', 'fade'),
  service('kids-haircuts', "Kids' Haircuts", 'kids cut, kids haircut, children cut, children haircut'),
  // Nails
  service('manicure', 'Manicures', 'manicure'),
  service('pedicure', 'Pedicures', 'pedicure'),
  service('gel-nails', 'Gel Nails', 'gel'),
  service('acrylic-nails', 'Acrylic Nails', 'acrylic'),
  service('nail-art', 'Nail Art', 'nail art'),
  // Esthetician
  service('facials', 'Facials', 'facial'),
  service('microdermabrasion', 'Microdermabrasion', 'microdermabrasion'),
  service('chemical-peel', 'Chemical Peels', 'chemical peel'),
  service('brow-shaping', 'Brow Shaping', 'brow'),
  service('lash-extensions', 'Lash Extensions', 'lash extensions'),
  service('waxing', 'Waxing', 'wax'),
  service('makeup', 'Makeup', 'makeup'),
];

export const LANDING_TOPICS: readonly LandingTopic[] = [...LANDING_CATEGORIES, ...LANDING_SERVICES];

const TOPICS_BY_SLUG = new Map(LANDING_TOPICS.map((t) => [t.slug, t]));

/** The topic a path's first segment names, or null. */
export function landingTopicOf(slug: string): LandingTopic | null {
  return TOPICS_BY_SLUG.get(slug) ?? null;
}

const kebab = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Each topic by its slug, its label's words and (a category) its id: 'barber', 'hair stylist', 'nails'. */
const TOPICS_BY_WORDS = new Map<string, LandingTopic>(
  LANDING_TOPICS.flatMap((t) =>
    [t.slug, kebab(t.label), ...(t.kind === 'category' && t.category ? [t.category] : [])].map(
      (key) => [key, t] as const,
    ),
  ),
);

/**
 * The topic a search's words name as a whole ('balayage', 'Barbers', 'hair stylist', 'nails', 'swedish
 * massage'), singular or plural; null for anything else ('balayage near me', 'curly'): the search's
 * link to its landing page appears only when the words are the topic.
 */
export function landingTopicForWords(text: string): LandingTopic | null {
  const key = kebab(text);
  if (!key) return null;
  for (const candidate of [key, `${key}s`, key.replace(/s$/, ''), key.replace(/es$/, '')]) {
    const topic = TOPICS_BY_WORDS.get(candidate);
    if (topic) return topic;
  }
  return null;
}

/** 'Beverly Hills', 'CA' → 'beverly-hills-ca' (accents and punctuation dropped: 'St. Louis' → 'st-louis'). */
export function placeSlugOf(city: string, state: string): string {
  const kebab = `${city} ${state}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return kebab;
}

/** A place slug's shape: words then a two-letter state ('austin-tx'). Whether the place exists is the server's. */
export const PLACE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*-[a-z]{2}$/;
export const LANDING_SLUG_MAX = 80;

/** '/balayage/austin-tx'. */
export const landingPath = (topicSlug: string, placeSlug: string) => `/${topicSlug}/${placeSlug}`;

/** 'Balayage in Austin, TX'. */
export const landingHeading = (label: string, city: string, state: string) => `${label} in ${city}, ${state}`;

/**
 * Whether a URL path is a landing page's shape: exactly two segments, the first a topic and the second
 * a place slug. Provider pages and app routes are one segment; `/api/…`, `/assets/…`, `/uploads/…`
 * and `/sitemaps/…` start with a word that is no topic.
 */
export function isLandingPath(path: string): boolean {
  const segments = path.split('/');
  if (segments.length !== 3 || segments[0] !== '') return false;
  const [, topic, place] = segments;
  return landingTopicOf(topic!) !== null && PLACE_SLUG.test(place!) && place!.length <= LANDING_SLUG_MAX;
}

export const LANDING_LIMITS = {
  pageSize: 24,
  /** Nearby places: within this many miles of the place's centre, nearest first, at most `linksMax`. */
  nearbyMiles: 50,
  linksMax: 8,
} as const;
