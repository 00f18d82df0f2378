/** Option lists and limits from docs/product.md §9. */

export const SERVICE_CATEGORIES = [
  {
    id: 'hair',
    label: 'Hair',
    services: ['Cut & Style', 'Blowout', 'Highlights', 'Balayage', 'Root Retouch'],
  },
  {
    id: 'massage',
    label: 'Massage',
    services: ['Swedish', 'Deep Tissue', 'Hot Stone', 'Prenatal', 'Aromatherapy'],
  },
  {
    id: 'barber',
    label: 'Barber',
    services: ['Classic Haircut', 'Beard Trim', 'Straight Razor Shave', 'Fade / Taper Cut', "Kids' Cut"],
  },
  {
    id: 'nails',
    label: 'Nail Tech',
    services: ['Manicure', 'Pedicure', 'Gel Nails', 'Acrylic Nails', 'Nail Art'],
  },
  {
    id: 'esthetician',
    label: 'Esthetician',
    services: ['Facial', 'Microdermabrasion', 'Chemical Peel', 'Brow Shaping', 'Lash Extensions'],
  },
] as const;

export const CATEGORY_IDS = SERVICE_CATEGORIES.map((c) => c.id) as [string, ...string[]];

export const AMENITIES = [
  'Silent Service Option',
  'LGBTQIA+ Friendly',
  'Kid-Free Environment',
  'Parking Available',
  'Snacks & Beverages',
  'Kid-Friendly',
  'Wheelchair Accessible',
  'Multilingual',
  'Private Studio',
  'Neurodivergent Friendly',
  'Gratuity Free',
  'Free Wi-Fi',
] as const;

/** The inclusivity options a provider can pick at sign-up (docs/product.md §2, FAQ); each is an amenity too. */
export const INCLUSIVITY_OPTIONS = [
  'LGBTQIA+ Friendly',
  'Wheelchair Accessible',
  'Silent Service Option',
  'Neurodivergent Friendly',
  'Private Studio',
  'Gratuity Free',
  'Kid-Friendly',
] as const;

export const PRODUCT_BRANDS = [
  'Olaplex',
  'Redken',
  'Wella',
  'Schwarzkopf',
  'Kenra',
  'Joico',
  'Moroccanoil',
  'Kevin Murphy',
  'Aveda',
  'Oribe',
  'Davines',
  'Amika',
] as const;

export const LIMITS = {
  passwordMin: 6,
  passwordMax: 128,
  emailMax: 254,
  nameMax: 100,
  bioMax: 2000,
  locationMax: 200,
  urlMax: 2048,
  phoneMax: 40,
  listItemMax: 60,
  listMax: 30,
  searchQueryMax: 100,
  refreshThresholdSeconds: 5 * 60,
} as const;
