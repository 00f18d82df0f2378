import { dayIndex, HOUR_SLOTS, hourOf, WEEKDAY_SHORT, WEEKDAYS, type Weekday } from '#domain/availability.ts';
import { formatBbox, type GeoBounds, parseBbox } from '#domain/map-options.ts';
import {
  AVAILABILITY_QUICK_OPTIONS,
  isPriceFilterActive,
  MIN_RATING_OPTIONS,
  type MinRating,
  RADIUS_OPTIONS,
  SEARCH_LIMITS,
  SEARCH_SORTS,
  SEARCH_TEXTS,
  type SearchSort,
} from '#domain/search-options.ts';

/**
 * The home page's filters ⇄ the URL query string, so a search can be shared, bookmarked and
 * restored with Back or a reload. The search runs from what this parses, never from component state.
 *
 *   /?q=balayage&zip=78701&price=50-200&when=weekdays&exp=Free+Wi-Fi&exp=Private+Studio
 *   /?q=nails&days=mon_tue&times=9_10_17   ('_' because URLSearchParams would write ',' as %2C)
 *   /?zip=78701&sort=rating&rating=4.5       (highest rated first, 4.5 stars and up)
 *   /?zip=78701&radius=10&sort=distance      (within 10 miles, nearest first)
 *   /?exp=Wheelchair+Accessible              (a filter alone is a search too)
 *   /?q=nails&bbox=30.2,-97.8,30.4,-97.6     (the map's 'Search this area': south,west,north,east; a zip wins)
 *
 * Anything malformed in a hand-edited link is dropped or clamped rather than refused.
 */

export type QuickOption = Exclude<(typeof AVAILABILITY_QUICK_OPTIONS)[number]['id'], 'flexible'>;
export type PriceRange = readonly [number, number];
export type RadiusMiles = (typeof RADIUS_OPTIONS)[number];

export interface SearchState {
  query: string;
  zip: string;
  price: PriceRange;
  /** A quick option; null with no days/times means 'No Preference'. */
  when: QuickOption | null;
  /** The custom selection (used when `when` is null). */
  days: Weekday[];
  /** 'HH:00' slots from 08:00 to 19:00. */
  times: string[];
  /** In the order chosen: the oldest is dropped when a fourth is added. */
  experience: string[];
  /** 'distance' only with a zip (parsing falls back to 'relevance' without one). */
  sort: SearchSort;
  /** Minimum average rating; 0 = any. */
  minRating: MinRating;
  /** Miles around the zip (RADIUS_OPTIONS); used only with a zip. */
  radius: RadiusMiles;
  /** The map's area searched instead of a zip ('Search this area'); null with a zip. */
  bbox: GeoBounds | null;
}

export const DEFAULT_PRICE: PriceRange = [SEARCH_LIMITS.priceMin, SEARCH_LIMITS.priceMax];
export const DEFAULT_RADIUS: RadiusMiles = SEARCH_LIMITS.radiusDefaultMiles;

export const EMPTY_SEARCH: SearchState = {
  query: '',
  zip: '',
  price: DEFAULT_PRICE,
  when: null,
  days: [],
  times: [],
  experience: [],
  sort: 'relevance',
  minRating: 0,
  radius: DEFAULT_RADIUS,
  bbox: null,
};

/** Lists in one parameter; commas from hand-written links are read too. */
const LIST_SEPARATORS = /[_,]/;
const KEYS = [
  'q',
  'zip',
  'radius',
  'price',
  'when',
  'days',
  'times',
  'exp',
  'sort',
  'rating',
  'bbox',
] as const;
const QUICK_IDS = AVAILABILITY_QUICK_OPTIONS.map((o) => o.id).filter(
  (id) => id !== 'flexible',
) as QuickOption[];
const DAY_BY_SHORT = new Map(WEEKDAYS.map((day) => [WEEKDAY_SHORT[day].toLowerCase(), day]));
const FIRST_SLOT_HOUR = Number(HOUR_SLOTS[0]!.slice(0, 2));
const LAST_SLOT_HOUR = Number(HOUR_SLOTS[HOUR_SLOTS.length - 1]!.slice(0, 2));

const slotOf = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Snaps a price to the slider's step inside 15–500. */
export function clampPrice(value: number): number {
  const { priceMin, priceMax, priceStep } = SEARCH_LIMITS;
  if (!Number.isFinite(value)) return priceMin;
  const snapped = priceMin + Math.round((value - priceMin) / priceStep) * priceStep;
  return Math.min(priceMax, Math.max(priceMin, snapped));
}

function parsePrice(raw: string | null): PriceRange {
  const m = raw ? /^(\d{1,4})-(\d{1,4})$/.exec(raw) : null;
  if (!m) return DEFAULT_PRICE;
  const a = clampPrice(Number(m[1]));
  const b = clampPrice(Number(m[2]));
  return a <= b ? [a, b] : [b, a];
}

/** Trimmed, 1–60 characters, the same option once (ignoring case), the newest three kept. */
function cleanExperience(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const item = raw.trim();
    const key = item.toLowerCase();
    if (!item || item.length > SEARCH_LIMITS.experienceItemMax || seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out.slice(-SEARCH_LIMITS.experienceMax);
}

/** Reads the filters from the URL's query string. */
export function parseSearchParams(params: URLSearchParams): SearchState {
  const when = params.get('when');
  const isQuick = (QUICK_IDS as string[]).includes(when ?? '');
  const days = isQuick
    ? []
    : WEEKDAYS.filter((day) =>
        (params.get('days') ?? '')
          .toLowerCase()
          .split(LIST_SEPARATORS)
          .some((d) => DAY_BY_SHORT.get(d.trim()) === day),
      );
  const times = isQuick
    ? []
    : [
        ...new Set(
          (params.get('times') ?? '')
            .split(LIST_SEPARATORS)
            .filter((t) => /^\d{1,2}$/.test(t.trim()))
            .map((t) => Number(t))
            .filter((h) => h >= FIRST_SLOT_HOUR && h <= LAST_SLOT_HOUR),
        ),
      ]
        .sort((a, b) => a - b)
        .map(slotOf);
  const zip = (params.get('zip') ?? '').trim();
  return {
    query: (params.get('q') ?? '').trim(),
    zip,
    price: parsePrice(params.get('price')),
    when: isQuick ? (when as QuickOption) : null,
    days,
    times,
    experience: cleanExperience(params.getAll('exp')),
    sort: parseSort(params.get('sort'), zip),
    minRating: parseMinRating(params.get('rating')),
    radius: parseRadius(params.get('radius')),
    bbox: zip ? null : parseBbox(params.get('bbox')),
  };
}

function parseMinRating(raw: string | null): MinRating {
  const value = Number(raw);
  return (MIN_RATING_OPTIONS as readonly number[]).includes(value) ? (value as MinRating) : 0;
}

/** An unknown order, or 'distance' with no zip to measure from, is the default 'relevance'. */
function parseSort(raw: string | null, zip: string): SearchSort {
  const sort = (SEARCH_SORTS as readonly string[]).includes(raw ?? '') ? (raw as SearchSort) : 'relevance';
  return sort === 'distance' && !zip ? 'relevance' : sort;
}

function parseRadius(raw: string | null): RadiusMiles {
  const value = Number(raw);
  return (RADIUS_OPTIONS as readonly number[]).includes(value) ? (value as RadiusMiles) : DEFAULT_RADIUS;
}

/**
 * Writes the filters into a copy of `base`, keeping parameters that belong to others (the auth
 * dialog's `?auth=`, the email link's `temp_token`). Defaults are left out, so links stay short.
 */
export function toSearchParams(state: SearchState, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of KEYS) params.delete(key);
  if (state.query.trim()) params.set('q', state.query.trim());
  if (state.zip) params.set('zip', state.zip);
  if (state.radius !== DEFAULT_RADIUS) params.set('radius', String(state.radius));
  if (isPriceFilterActive(state.price)) params.set('price', `${state.price[0]}-${state.price[1]}`);
  if (state.when) params.set('when', state.when);
  else {
    if (state.days.length > 0)
      params.set(
        'days',
        sortDays(state.days)
          .map((d) => WEEKDAY_SHORT[d].toLowerCase())
          .join('_'),
      );
    if (state.times.length > 0) params.set('times', sortTimes(state.times).map(hourOf).join('_'));
  }
  for (const item of state.experience) params.append('exp', item);
  if (state.sort !== 'relevance' && (state.sort !== 'distance' || state.zip)) params.set('sort', state.sort);
  if (state.minRating > 0) params.set('rating', String(state.minRating));
  if (state.bbox && !state.zip) params.set('bbox', formatBbox(state.bbox));
  return params;
}

/** One search, as a string: its filters as the URL writes them (the radius only with a zip). */
export function searchKey(state: SearchState): string {
  return toSearchParams({ ...state, radius: state.zip ? state.radius : DEFAULT_RADIUS }).toString();
}

/**
 * A filter that narrows the list by itself (price, availability, experience, minimum rating): the
 * rule of `hasNarrowingFilter` in src/domain/search.ts, read from the URL's state. Copied rather
 * than imported: search.ts carries zod, which the home page's first load cannot afford.
 */
export function hasNarrowingFilter(state: SearchState): boolean {
  return (
    isPriceFilterActive(state.price) ||
    state.when !== null ||
    state.days.length > 0 ||
    state.times.length > 0 ||
    state.experience.length > 0 ||
    state.minRating > 0
  );
}

/**
 * A search runs when there is a query, a zip, a map area or a narrowing filter; otherwise the page shows the
 * full list. The sort and the radius alone are not something to search by.
 */
export function isSearchActive(state: SearchState): boolean {
  return state.query.length > 0 || state.zip.length > 0 || !!state.bbox || hasNarrowingFilter(state);
}

/** What the URL cannot be searched for, with docs/product.md §5's texts; null when it is fine. */
export function searchProblem(state: SearchState): string | null {
  if (state.query.length > SEARCH_LIMITS.queryMax) return SEARCH_TEXTS.queryTooLong;
  if (state.zip && !/^\d{5}$/.test(state.zip)) return SEARCH_TEXTS.zipInvalid;
  return null;
}

export function sortDays(days: readonly Weekday[]): Weekday[] {
  return [...new Set(days)].sort((a, b) => dayIndex(a) - dayIndex(b));
}

export function sortTimes(times: readonly string[]): string[] {
  return [...new Set(times)].sort();
}

/** How the results section changes the search state (the URL): `replace` keeps the history entry. */
export type SetState = (
  update: (current: SearchState) => SearchState,
  options?: { replace?: boolean },
) => void;
