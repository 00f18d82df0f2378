// A deterministic catalogue of N providers for `npm run bench`: names, categories, specialties,
// bios, packages, hours and amenities drawn from varied vocabularies; real zips clustered in metro
// areas whose popularity follows a Zipf curve (a few big cities, a long tail of towns).
import { createHash } from 'node:crypto';
import zipcodes from 'zipcodes';
import { AMENITIES, PRODUCT_BRANDS, SERVICE_CATEGORIES } from '#domain/options.ts';
import { createRng, type Rng } from '#server/seed/art.ts';

export type CategoryId = (typeof SERVICE_CATEGORIES)[number]['id'];

export interface BenchProvider {
  id: string;
  name: string;
  email: string;
  slug: string;
  createdAt: string;
  verified: boolean;
  zip: string;
  location: string;
  latitude: number;
  longitude: number;
  categories: CategoryId[];
  specialties: string[];
  certifications: string[];
  amenities: string[];
  products: string[];
  bio: string;
  pricing: {
    service: string;
    price: string;
    description: string;
    priceType: 'fixed' | 'range' | 'starting_at' | 'contact';
    minPrice: number | null;
    maxPrice: number | null;
  }[];
  slots: Record<string, string[]>;
  availability: string;
  portfolio: string[];
  bookingLink: string;
}

const FIRST =
  `Aaliyah Abigail Adrian Aisha Alejandro Alex Amara Amir Ana Andre Angela Anika Aria Ashley Aubrey
  Ava Bea Bianca Brandon Brianna Brooklyn Camila Carlos Carmen Cassidy Chanel Chloe Chris Daisy Dana Dani
  Darius Deja Destiny Diego Dominique Elena Elijah Emeka Emily Emma Esperanza Fatima Gabriel Grace Hana Harper
  Imani Isabella Isaiah Jada Jamal Jasmine Javier Jaylen Jin Jordan Joy Julia Kai Kayla Keisha Kenji Kiara
  Lana Laila Layla Leah Leon Lila Lucia Luis Luna Malik Maria Marcus Maya Mei Mia Micah Monique Nadia Naomi
  Nia Nico Nina Noah Olivia Omar Paola Priya Quinn Rafael Raven Reese Renee Rosa Ruby Sam Samira Sasha Sienna
  Simone Sofia Tanya Taylor Tiana Tomas Trinity Valentina Vanessa Victor Wei Xavier Yara Yasmin Zara Zoe`.split(
    /\s+/,
  );

const LAST =
  `Abbott Acosta Adams Aguilar Ahmed Alvarez Anderson Baker Banks Barnes Bell Bennett Brooks Brown Bryant
  Campbell Carter Castillo Chen Clark Coleman Collins Cooper Cruz Davis Diaz Dixon Edwards Ellis Evans Flores
  Ford Foster Garcia Gomez Gonzalez Graham Grant Gray Green Griffin Hall Harris Hayes Henderson Hernandez Hill
  Holmes Hughes Jackson James Jenkins Johnson Jones Jordan Kaur Kim King Lee Lewis Lopez Martin Martinez Mason
  Mendoza Miller Mitchell Moore Morales Morgan Murphy Nguyen Okafor Ortiz Owens Park Patel Perez Perry Phillips
  Powell Price Ramirez Reed Reyes Richardson Rivera Roberts Robinson Rodriguez Rogers Ross Russell Sanchez
  Sanders Scott Shah Simmons Singh Smith Stewart Sullivan Taylor Thomas Thompson Torres Tran Turner Vasquez
  Walker Wallace Ward Washington Watson White Williams Wilson Wong Wright Young`.split(/\s+/);

const SPECIALTIES: Record<CategoryId, string[]> = {
  hair: [
    'Balayage',
    'Curly Cuts',
    'Silk Press',
    'Locs',
    'Box Braids',
    'Knotless Braids',
    'Color Correction',
    'Keratin Treatment',
    'Vivid Color',
    'Tape-In Extensions',
    'Bridal Updos',
    'Pixie Cuts',
    'Blonding',
    'Natural Hair',
    'Twist Outs',
    'Sew-In Weaves',
    'Gray Blending',
    'Scalp Treatments',
    'Textured Hair',
  ],
  massage: [
    'Sports Massage',
    'Myofascial Release',
    'Lymphatic Drainage',
    'Reflexology',
    'Thai Massage',
    'Cupping',
    'Trigger Point Therapy',
    'Craniosacral Therapy',
    'Couples Massage',
    'Shiatsu',
    'Reiki',
    'Chair Massage',
  ],
  barber: [
    'Skin Fades',
    'Beard Sculpting',
    'Hot Towel Shaves',
    'Line Ups',
    'Hair Designs',
    'Tapers',
    'Waves',
    'Scissor Cuts',
    'Buzz Cuts',
    'Kids Cuts',
    'Pompadours',
    'Crew Cuts',
  ],
  nails: [
    'Gel-X Extensions',
    'Nail Art',
    'Dip Powder',
    'Builder Gel',
    'Chrome Nails',
    'Russian Manicure',
    'Spa Pedicure',
    'Hand-Painted Designs',
    'French Tips',
    'Press-On Sets',
    'Nail Repair',
  ],
  esthetician: [
    'Dermaplaning',
    'Hydrafacial',
    'Acne Treatment',
    'Brow Lamination',
    'Lash Lift',
    'Waxing',
    'Microneedling',
    'LED Therapy',
    'Sugaring',
    'Brow Tinting',
    'Anti-Aging Facials',
    'Back Facials',
  ],
};

const PRICE_BANDS: Record<CategoryId, [number, number]> = {
  hair: [35, 320],
  massage: [60, 220],
  barber: [20, 75],
  nails: [25, 120],
  esthetician: [40, 250],
};

const CATEGORY_WEIGHTS: [CategoryId, number][] = [
  ['hair', 35],
  ['nails', 20],
  ['barber', 18],
  ['massage', 15],
  ['esthetician', 12],
];

const ADJECTIVES = `calm welcoming detail-oriented relaxed friendly modern classic creative precise gentle
  bold playful minimalist luxurious cozy bright sunlit quiet upbeat inclusive patient thoughtful`.split(
  /\s+/,
);
const PLACES = `studio suite salon loft shop space chair room`.split(/\s+/);
const FOCUS = `healthy hair, low-maintenance color, protective styles, lived-in blondes, sensitive skin, clean
  lines, long-lasting sets, tension relief, posture and recovery, glowing skin, natural texture, sharp fades,
  everyday polish, special occasions, first-time clients, busy parents, athletes, brides and wedding parties,
  curly and coily hair, men's grooming`.split(/,\s*/);
const CERTIFICATIONS = [
  'Licensed Cosmetologist',
  'Licensed Massage Therapist',
  'Master Barber',
  'Licensed Esthetician',
  'Licensed Nail Technician',
  'DevaCurl Certified',
  'Olaplex Certified',
  'NCBTMB Board Certified',
  'Oncology Massage Trained',
  'Lash Artist Certified',
  'Ouidad Certified',
  'Color Specialist',
];

/** Weekly patterns on the editor's grid: [days, from hour, to hour). */
const HOURS: [string[], number, number][] = [
  [['tuesday', 'wednesday', 'thursday', 'friday', 'saturday'], 9, 17],
  [['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], 9, 17],
  [['wednesday', 'thursday', 'friday', 'saturday', 'sunday'], 10, 18],
  [['monday', 'wednesday', 'friday'], 12, 20],
  [['thursday', 'friday', 'saturday'], 8, 14],
  [['saturday', 'sunday'], 9, 16],
  [['tuesday', 'thursday'], 15, 20],
];
const DAY_ABBR: Record<string, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

/** The metros providers cluster in, biggest first (Zipf weights follow this order). */
const METROS: [string, string][] = [
  ['New York', 'NY'],
  ['Los Angeles', 'CA'],
  ['Chicago', 'IL'],
  ['Houston', 'TX'],
  ['Atlanta', 'GA'],
  ['Miami', 'FL'],
  ['Dallas', 'TX'],
  ['Philadelphia', 'PA'],
  ['Washington', 'DC'],
  ['Phoenix', 'AZ'],
  ['Brooklyn', 'NY'],
  ['Austin', 'TX'],
  ['Seattle', 'WA'],
  ['San Diego', 'CA'],
  ['Denver', 'CO'],
  ['Boston', 'MA'],
  ['Nashville', 'TN'],
  ['Charlotte', 'NC'],
  ['Portland', 'OR'],
  ['Las Vegas', 'NV'],
  ['Detroit', 'MI'],
  ['Minneapolis', 'MN'],
  ['New Orleans', 'LA'],
  ['San Antonio', 'TX'],
  ['Orlando', 'FL'],
  ['Baltimore', 'MD'],
  ['Oakland', 'CA'],
  ['Kansas City', 'MO'],
  ['Columbus', 'OH'],
  ['Raleigh', 'NC'],
  ['Salt Lake City', 'UT'],
  ['Pittsburgh', 'PA'],
  ['Tampa', 'FL'],
  ['Memphis', 'TN'],
  ['Richmond', 'VA'],
  ['Albuquerque', 'NM'],
  ['Tucson', 'AZ'],
  ['Omaha', 'NE'],
  ['Des Moines', 'IA'],
  ['Boise', 'ID'],
];

interface Place {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

/** A weighted picker: cumulative weights, binary search. */
/** A picker of items[i] with probability ∝ weights[i], from a uniform u in [0, 1). */
export function pickByWeight<T>(items: readonly T[], weights: readonly number[]): (u: number) => T {
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) {
    sum += w;
    cumulative.push(sum);
  }
  return (u) => {
    const x = u * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return items[lo]!;
  };
}

function weighted<T>(items: readonly T[], weights: readonly number[]) {
  const pick = pickByWeight(items, weights);
  return (rng: Rng): T => pick(rng.next());
}

/**
 * Zip codes by popularity: each metro's zips within 15 miles of its centre, then the long tail.
 * `popular` is each metro's first zip, biggest metro first; `metro` every metro zip, in the same order.
 */
export function buildPlaces(): { pick: (rng: Rng) => Place; popular: Place[]; metro: Place[] } {
  const metroZips: Place[][] = [];
  for (const [city, state] of METROS) {
    const centre = zipcodes.lookupByName(city, state)[0];
    if (!centre) continue;
    const zips = zipcodes
      .radius(centre.zip, 15)
      .map((zip) => zipcodes.lookup(typeof zip === 'string' ? zip : zip.zip))
      .filter((p): p is NonNullable<typeof p> => !!p && p.country === 'US')
      .sort((a, b) => a.zip.localeCompare(b.zip))
      .map((p) => ({
        zip: p.zip,
        city: p.city,
        state: p.state,
        latitude: p.latitude,
        longitude: p.longitude,
      }));
    if (zips.length > 0) metroZips.push(zips);
  }
  const tail = Object.values(zipcodes.codes)
    .filter((p) => p.country === 'US' && Number.isFinite(p.latitude))
    .sort((a, b) => a.zip.localeCompare(b.zip))
    .filter((_, i) => i % 7 === 0)
    .map((p) => ({ zip: p.zip, city: p.city, state: p.state, latitude: p.latitude, longitude: p.longitude }));
  // 85% in metros (metro k weighted 1/k), 15% anywhere in the country.
  const pickMetro = weighted(
    metroZips,
    metroZips.map((_, k) => 1 / (k + 1)),
  );
  return {
    pick: (rng) => (rng.chance(0.85) ? rng.pick(pickMetro(rng)) : rng.pick(tail)),
    popular: metroZips.map((zips) => zips[0]!),
    metro: metroZips.flat(),
  };
}

const pickCategory = weighted(
  CATEGORY_WEIGHTS.map(([c]) => c),
  CATEGORY_WEIGHTS.map(([, w]) => w),
);

const roundTo5 = (n: number) => Math.max(15, Math.round(n / 5) * 5);

/** A version-4-shaped UUID from the seed and the index: unique per provider, the same every run. */
function uuidOf(seed: string, i: number): string {
  const hex = createHash('sha256').update(`${seed}:${i}`).digest('hex').slice(0, 32).split('');
  hex[12] = '4';
  hex[16] = ((Number.parseInt(hex[16]!, 16) & 3) | 8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

function packagesOf(rng: Rng, categories: CategoryId[], specialties: string[]): BenchProvider['pricing'] {
  const names = [
    ...categories.flatMap((c) => SERVICE_CATEGORIES.find((s) => s.id === c)!.services),
    ...specialties,
  ];
  const [low, high] = PRICE_BANDS[categories[0]!];
  return rng
    .shuffle(names)
    .slice(0, rng.int(2, 6))
    .map((service) => {
      const min = roundTo5(rng.range(low, high * 0.7));
      const roll = rng.next();
      const priceType =
        roll < 0.5 ? 'fixed' : roll < 0.72 ? 'starting_at' : roll < 0.92 ? 'range' : 'contact';
      const max = priceType === 'range' ? roundTo5(min * rng.range(1.2, 1.8)) : null;
      const price =
        priceType === 'fixed'
          ? `$${min}`
          : priceType === 'starting_at'
            ? `Starting at $${min}`
            : priceType === 'range'
              ? `$${min} - $${max}`
              : 'Contact for pricing';
      return {
        service,
        price,
        description: `${rng.pick(ADJECTIVES)} ${service.toLowerCase()}, ${rng.int(30, 120)} minutes`,
        priceType,
        minPrice: priceType === 'contact' ? null : min,
        maxPrice: max,
      };
    });
}

/** Provider i of the catalogue: the same for the same seed and i, whatever N is. */
export function benchProvider(
  seed: string,
  i: number,
  places: ReturnType<typeof buildPlaces>,
): BenchProvider {
  const rng = createRng(`${seed}:${i}`);
  const first = rng.pick(FIRST);
  const last = rng.pick(LAST);
  const name = rng.chance(0.08)
    ? `${first} ${last} ${rng.pick(['Studio', 'Beauty', 'Cuts', 'Bodywork', 'Skin'])}`
    : `${first} ${last}`;
  const main = pickCategory(rng);
  const categories: CategoryId[] = rng.chance(0.15)
    ? [main, pickCategory(rng)].filter((c, k, all) => all.indexOf(c) === k)
    : [main];
  const specialties = rng.shuffle(categories.flatMap((c) => SPECIALTIES[c])).slice(0, rng.int(1, 4));
  const place = places.pick(rng);
  const years = rng.int(1, 25);
  const bio = [
    `${rng.pick(['Hi, I am', 'Meet', 'I am', 'This is'])} ${first}, a ${rng.pick(ADJECTIVES)} ${SERVICE_CATEGORIES.find((c) => c.id === main)!.label.toLowerCase()} pro in ${place.city} with ${years} ${years === 1 ? 'year' : 'years'} behind the chair.`,
    `I love ${specialties.map((s) => s.toLowerCase()).join(' and ')} and focus on ${rng.pick(FOCUS)}.`,
    rng.chance(0.6)
      ? `My ${rng.pick(ADJECTIVES)} ${rng.pick(PLACES)} is ${rng.pick(['easy to reach', 'near the park', 'downtown', 'by the light rail', 'above a coffee shop', 'in a quiet neighborhood'])}.`
      : '',
    rng.chance(0.5)
      ? `Every appointment starts with a consultation so we ${rng.pick(['plan it together', 'get it right', 'match your routine', 'protect your hair and skin'])}.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
  const [days, from, to] = rng.chance(0.9) ? rng.pick(HOURS) : [[], 0, 0];
  const slots: Record<string, string[]> = {};
  for (const day of days) {
    slots[day] = Array.from({ length: to - from }, (_, k) => `${String(from + k).padStart(2, '0')}:00`);
  }
  const hourLabel = (h: number) => `${h % 12 === 0 ? 12 : h % 12}${h < 12 ? 'AM' : 'PM'}`;
  const slug = `${first}-${last}-${i.toString(36)}`.toLowerCase();
  // Older accounts first: created over the last three years, i = 0 the oldest.
  const createdAt = new Date(Date.UTC(2023, 10, 1) + i * 900_000 + rng.int(0, 899_999)).toISOString();
  return {
    id: uuidOf(seed, i),
    name,
    email: `${slug}@bench.glowfind.example`,
    slug,
    createdAt,
    verified: !rng.chance(0.03),
    zip: place.zip,
    location: `${place.city}, ${place.state} ${place.zip}`,
    latitude: place.latitude,
    longitude: place.longitude,
    categories,
    specialties,
    certifications: rng.chance(0.6) ? rng.shuffle(CERTIFICATIONS).slice(0, rng.int(1, 2)) : [],
    amenities: rng.shuffle(AMENITIES).slice(0, rng.chance(0.2) ? 0 : rng.int(1, 5)),
    products: rng.chance(0.5) ? rng.shuffle(PRODUCT_BRANDS).slice(0, rng.int(1, 3)) : [],
    bio,
    pricing: packagesOf(rng, categories, specialties),
    slots,
    availability: days.length
      ? `${days.map((d) => DAY_ABBR[d]).join(', ')} ${hourLabel(from)}-${hourLabel(to)}`
      : '',
    // Paths only: the benchmark never loads images, but cards carry them like real ones do.
    portfolio: Array.from(
      { length: rng.chance(0.3) ? 0 : rng.int(1, 8) },
      (_, k) => `/uploads/bench/${i}-${k}.webp`,
    ),
    bookingLink: `https://book.example.com/${slug}`,
  };
}

/** The words people search for, for the search mix: category and service words, specialties, names. */
export const SEARCH_WORDS = {
  services: [
    ...SERVICE_CATEGORIES.flatMap((c) => [c.label, ...c.services]),
    'hair',
    'nails',
    'barber',
    'massage',
    'facial',
    'braids',
    'fade',
    'color',
  ],
  specialties: Object.values(SPECIALTIES).flat(),
  names: FIRST,
  typos: ['balayge', 'manicur', 'masage', 'pedicrue', 'hilights', 'microblading', 'dermplaning', 'brading'],
};

/**
 * How many listed providers the bench reads prices from (pricedSample): the rarest specialty still
 * has about fifty priced services among them, and building them takes under two seconds.
 */
export const PRICE_SAMPLE = 5000;

/** A listed provider as its search sees it: its document's text, its categories and its priced services. */
export interface PricedProvider {
  /** The name, specialties, services and their descriptions, bio, place, products, certifications, amenities. */
  text: string;
  categories: CategoryId[];
  /** Each priced service's name and its prices: the one price, or a range's two ends ('contact' has none). */
  services: { name: string; prices: number[] }[];
}

/**
 * The first `count` listed providers among the first `providers` of the catalogue, for the bench's
 * price ranges. Prices come from the generator (packagesOf), whose draws are alike for every
 * index, so a fixed sample shows each service's prices as the whole catalogue has them: a bench of
 * a million providers builds a few thousand, never all N. Unverified providers are left out, as
 * search leaves them out. `first` starts the sample further in (a second, independent sample).
 */
export function pricedSample(
  seed: string,
  places: ReturnType<typeof buildPlaces>,
  options: { count: number; providers: number; first?: number },
): PricedProvider[] {
  const sample: PricedProvider[] = [];
  for (let i = options.first ?? 0; i < options.providers && sample.length < options.count; i++) {
    const p = benchProvider(seed, i, places);
    if (!p.verified) continue;
    sample.push({
      text: [
        p.name,
        ...p.specialties,
        ...p.pricing.flatMap((s) => [s.service, s.description]),
        p.bio,
        p.location,
        ...p.products,
        ...p.certifications,
        ...p.amenities,
      ].join(' '),
      categories: p.categories,
      services: p.pricing
        .filter((s) => s.minPrice !== null)
        .map((s) => ({
          name: s.service,
          prices: s.maxPrice === null ? [s.minPrice!] : [s.minPrice!, s.maxPrice],
        })),
    });
  }
  return sample;
}
