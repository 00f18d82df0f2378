import { EVENING_SLOTS, WEEKDAYS, type Weekday } from './availability';
import { formatMoney } from './pricing-options';

/**
 * Search constants and texts (docs/product.md §2 'Home', §3 'Search filters', §5 'Search', §8, §9).
 * No zod here, so the home page can use these without putting zod in its first-load bundle;
 * the request and reply schemas are in search.ts.
 */

export const SEARCH_LIMITS = {
  queryMax: 100,
  zipLength: 5,
  priceMin: 15,
  /** The slider's top value, shown as '500+': no upper bound. */
  priceMax: 500,
  priceStep: 5,
  experienceMax: 3,
  experienceItemMax: 60,
  radiusDefaultMiles: 25,
  /** 'Use my location' turns a position into the nearest zip within this many miles, or none. */
  nearestZipMaxMiles: 50,
  radiusMinMiles: 1,
  radiusMaxMiles: 100,
  pageDefault: 24,
  pageMax: 50,
  /**
   * A search takes at most this many matches (the best ranked, or the nearest): `total` counts up to
   * it and says `totalCapped: true` beyond ('250+'); 'Load more' pages through them.
   */
  totalCap: 250,
  sessionIdMax: 100,
  availabilityTextMax: 200,
} as const;

export const PRICE_TICKS = [15, 65, 150, 225, 350, 500] as const;

/** '$15', '$500+'. */
export function priceLabel(value: number): string {
  return value >= SEARCH_LIMITS.priceMax ? `${formatMoney(SEARCH_LIMITS.priceMax)}+` : formatMoney(value);
}

/** The default range 15–500+ filters nothing. */
export function isPriceFilterActive(range: readonly [number, number] | null | undefined): boolean {
  return !!range && (range[0] > SEARCH_LIMITS.priceMin || range[1] < SEARCH_LIMITS.priceMax);
}

export const AVAILABILITY_TYPES = [
  'flexible',
  'specific_date',
  'days_pattern',
  'time_pattern',
  'custom_pattern',
] as const;
export type AvailabilityType = (typeof AVAILABILITY_TYPES)[number];

/** The popover's quick options (docs/product.md §9) and the filter each one sends. */
export const AVAILABILITY_QUICK_OPTIONS = [
  { id: 'flexible', label: 'No Preference', availabilityType: 'flexible' },
  { id: 'today', label: 'Today', availabilityType: 'specific_date' },
  { id: 'tomorrow', label: 'Tomorrow', availabilityType: 'specific_date' },
  { id: 'weekdays', label: 'Weekdays', availabilityType: 'days_pattern' },
  { id: 'weekends', label: 'Weekends', availabilityType: 'days_pattern' },
  { id: 'evenings', label: 'Evenings', availabilityType: 'time_pattern' },
] as const satisfies readonly { id: string; label: string; availabilityType: AvailabilityType }[];

export const WEEKDAY_DAYS: readonly Weekday[] = WEEKDAYS.slice(0, 5);
export const WEEKEND_DAYS: readonly Weekday[] = ['saturday', 'sunday'];
/** Evenings are the 17:00, 18:00 and 19:00 slots. */
export const EVENING_TIMES: readonly string[] = EVENING_SLOTS;

export const SEARCH_TEXTS = {
  queryTooLong: `Search query is too long (max ${SEARCH_LIMITS.queryMax} characters)`,
  zipInvalid: 'Zip code must be 5 digits',
  noZipNearby: "We couldn't find a US zip code near your location. Please enter one.",
  locationDenied: 'Location permission was denied. Enter a zip code instead.',
  locationUnavailable: "We couldn't get your location. Enter a zip code instead.",
  useMyLocation: 'Use my location',
  locating: 'Finding your location…',
  unknownZip: "We couldn't find that zip code. Please check it.",
  searchFailed: 'Search failed',
  loadFailed: 'Failed to load professionals',
  tryAgain: 'Try Again',
  noResults: 'No results found',
  noProfessionals: 'No Professionals Found',
  resultsTitle: 'Search Results',
  listTitle: 'Beauty Professionals',
  clearFilters: 'Clear Filters',
} as const;

/** Minimum-rating choices of the search filter (0 = any). */
export const MIN_RATING_OPTIONS = [0, 3, 3.5, 4, 4.5] as const;
export type MinRating = (typeof MIN_RATING_OPTIONS)[number];

/**
 * Result orders. 'relevance' is the default: best match first with text; nearest first with only a
 * zip; the most complete profiles first with only filters. 'distance' needs a zip; 'price' orders by
 * the searched service's price (or the lowest price without one); 'rating' by RATING_SORT_PRIOR.
 */
export const SEARCH_SORTS = ['relevance', 'distance', 'price', 'rating'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  distance: 'Distance',
  price: 'Price: low to high',
  rating: 'Highest rated (weighted by number of reviews)',
};

/** The radius choices beside the zip box, in miles (the API takes 1–100). */
export const RADIUS_OPTIONS = [5, 10, 25, 50] as const;

/**
 * 'Highest rated' orders by the average as if every provider also had this many reviews of
 * PRIOR_STARS stars: one 5-star review (score 3.8) does not outrank 4.8 from fifty (4.74).
 */
export const RATING_SORT_PRIOR = { reviews: 2, stars: 3 } as const;
