// The search itself, and the module's public face (other modules reach search only through here):
// the 'Beauty Professionals' list, POST /api/search (a plan from the understood query and the
// filters, the walk-or-index choice, the related block), cards for the places pages, 'Use my
// location', and the rules a saved search matches new openings by (searchMatchOf).
// What the text asks for is query-understanding.ts; the log of searches, search-log.ts and
// search-logs.service.ts.

import { dayIndex, hourOf, WEEKDAYS, type Weekday } from '#domain/availability.ts';
import { MAP_TEXTS } from '#domain/map-position-options.ts';
import {
  availabilityTokens,
  EVENING_TIMES,
  hasNarrowingFilter,
  isPriceFilterActive,
  type ProviderCard,
  type ProvidersReply,
  SEARCH_ERRORS,
  SEARCH_LIMITS,
  SEARCH_TEXTS,
  type SearchFilters,
  type SearchReply,
  WEEKDAY_DAYS,
  WEEKEND_DAYS,
} from '#domain/search.ts';
import type { AppContext } from '#server/context.ts';
import { AppError, fieldError } from '#server/lib/app-error.ts';
import { distanceOfChord, METERS_PER_MILE } from '#server/lib/geo.ts';
import { decodeKeyset, decodeOffset, encodeKeyset, encodeOffset } from '#server/lib/keyset-cursor.ts';
import { nearestZip } from '#server/lib/zip-lookup.ts';
import { categoryOfService, type QueryPart, understandQuery, WordCache } from './query-understanding';
import * as q from './search.queries';
import type { PendingSearchLog } from './search-log';

export { searchedWords, serviceNameTsquery } from './query-understanding';

// Cursors (lib/keyset-cursor.ts). The list pages by keyset (created_at, id); a ranked search
// pages by offset, bounded by SEARCH_LIMITS.totalCap. Both refuse a cursor with search's own words.

const keysetFromCursor = (cursor: string | undefined) =>
  decodeKeyset(cursor, 'uuid', SEARCH_ERRORS.cursorInvalid);
const offsetFromCursor = (cursor: string | undefined) =>
  decodeOffset(cursor, SEARCH_LIMITS.totalCap, SEARCH_ERRORS.cursorInvalid);

// ---------------------------------------------------------------------------------------------
// Cards

/** A card as search shows it, from a card row (search.queries ProviderCardRow). */
function toCard(row: q.ProviderCardRow): ProviderCard {
  return {
    id: row.id,
    routing_slug: row.routing_slug,
    name: row.name,
    avatar_url: row.avatar_url,
    location: row.location,
    specialties: row.specialties ?? [],
    categories: row.categories ?? [],
    startingPrice: row.starting_price === null ? null : Number(row.starting_price),
    matched_service:
      row.service_name === null
        ? null
        : {
            name: row.service_name,
            min_price: Number(row.service_min),
            max_price: Number(row.service_max),
            starting_at: row.service_starting_at === true,
            duration_min: row.service_duration_min === null ? null : Number(row.service_duration_min),
            duration_max: row.service_duration_max === null ? null : Number(row.service_duration_max),
          },
    portfolio_images: row.portfolio_images ?? [],
    portfolio_count: Number(row.portfolio_count ?? 0),
    amenities: row.amenities ?? [],
    position:
      row.latitude === null || row.longitude === null
        ? null
        : { latitude: Number(row.latitude), longitude: Number(row.longitude) },
    distance_miles:
      row.chord === null
        ? null
        : Math.round((distanceOfChord(Number(row.chord)) / METERS_PER_MILE) * 10) / 10,
    rating: row.rating === null ? null : Number(row.rating),
    review_count: Number(row.review_count ?? 0),
    active: true,
  };
}

/**
 * The cards of these listed providers in this order, built as search builds its own: with the
 * priced service `serviceTsquery` names (from serviceNameTsquery) on each card, as a search's card
 * shows the service its words name. For pages that choose their providers themselves (places module).
 */
export async function providerCardsByIds(
  ctx: AppContext,
  ids: readonly string[],
  serviceTsquery: string | null,
): Promise<ProviderCard[]> {
  return (await q.findCardsByIds(ctx.db, ids, serviceTsquery)).map(toCard);
}

function capTotal(count: number) {
  return count > SEARCH_LIMITS.totalCap
    ? { total: SEARCH_LIMITS.totalCap, totalCapped: true }
    : { total: count, totalCapped: false };
}

/** 'Beauty Professionals': active providers, newest first, keyset-paged. */
export async function listProviders(
  ctx: AppContext,
  query: { limit: number; cursor?: string | undefined },
): Promise<Omit<ProvidersReply, 'success'>> {
  const after = keysetFromCursor(query.cursor);
  const rows = await q.findProviderPage(ctx.db, {
    limit: query.limit,
    after,
    countCap: SEARCH_LIMITS.totalCap,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const total = rows[0]?.total ?? (await q.countListed(ctx.db, SEARCH_LIMITS.totalCap));
  return {
    providers: page.map(toCard),
    ...capTotal(total),
    nextCursor:
      rows.length > query.limit && last ? encodeKeyset({ createdAt: last.created_at, id: last.id }) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Search

/**
 * How common stems and facets are, from the planner's own statistics, re-read at most once a
 * minute. One per app. Before the table is first analysed nothing is known, and a search without a
 * place reads the indexes of its words and filters.
 */
export class StemStats {
  private stats: q.DocumentStats = { shares: new Map(), facets: new Map(), rows: 0 };
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | null = null;
  constructor(private readonly maxAgeMs = 60_000) {}

  async get(ctx: AppContext): Promise<q.DocumentStats> {
    if (performance.now() - this.readAt > this.maxAgeMs) {
      this.reading ??= q
        .findDocumentStats(ctx.db)
        .then((stats) => {
          this.stats = stats;
          this.readAt = performance.now();
        })
        .finally(() => {
          this.reading = null;
        });
      await this.reading;
    }
    return this.stats;
  }
}

/** Fewer exact matches than this, and a listed service named: the related block shows its category. */
const RELATED_BELOW = 6;
const RELATED_LIMIT = 6;

const CATEGORY_PEOPLE: Readonly<Record<string, string>> = {
  hair: 'hair stylists',
  massage: 'massage therapists',
  barber: 'barbers',
  nails: 'nail techs',
  esthetician: 'estheticians',
};

/**
 * The share of providers the words can match at most: the rarest word's share (words that always
 * come together make the true share that high; unrelated ones make it lower, which the bounded
 * walk notices). Unlisted stems count as rare.
 */
function likelyShare(parts: readonly QueryPart[], shares: Map<string, number>): number {
  const shareOf = (stem: string) => shares.get(stem) ?? 0;
  return Math.min(
    ...parts.map((p) =>
      Math.min(1, shareOf(p.stem) + p.suggestionStems.reduce((sum, s) => sum + shareOf(s), 0)),
    ),
  );
}

/**
 * Words at least this common are found by walking the static order (see SearchPlan.strategy). The
 * walk reads about cap / share providers and the index every match, share × rows of them: the two
 * cost the same at share = √(cap / rows), 0.05 at 100,000 providers and 0.016 at 1,000,000, where a
 * word in 2% of documents cost 250–700 ms by index. Never above 0.05, the share measured at 100,000.
 */
function walkMinShare(rows: number): number {
  const cap = SEARCH_LIMITS.totalCap + 1;
  return rows > cap ? Math.min(0.05, Math.sqrt(cap / rows)) : 0.05;
}

/**
 * The word whose postings a walk without a zip reads (SearchPlan.walkLexeme): the rarest of the
 * query's words that have no look-alikes, when the statistics expect it in at least twice cap + 1
 * documents (rarer, and reading its every match through the full-text index costs no more). Only
 * words of ASCII letters: their stem is the lexeme to_tsquery('english') makes of them, so every
 * matching document holds it. Null: none (unlisted stems are rarer than every listed one).
 */
export function walkLexemeOf(parts: readonly QueryPart[], stats: q.DocumentStats): string | null {
  let rarest: { stem: string; share: number } | null = null;
  for (const p of parts) {
    if (p.suggestions.length > 0 || !/^[a-z]+$/.test(p.word)) continue;
    const share = stats.shares.get(p.stem) ?? 0;
    if (!rarest || share < rarest.share) rarest = { stem: p.stem, share };
  }
  if (!rarest) return null;
  return rarest.share * stats.rows >= 2 * (SEARCH_LIMITS.totalCap + 1) ? rarest.stem : null;
}

/**
 * Postings a walk reads at most (SearchPlan.walkRows) before the full-text index answers instead:
 * half of what the index would cost. Each posting costs a document read by primary key (about 6 µs;
 * with a price range, only the postings whose price mask meets the range's are counted and read);
 * the index, for the words and price range a walk could not fill, intersects the full-text and price
 * indexes over the whole catalogue (about 0.24 µs a provider: 24 ms at 100,000, 239 ms at
 * 1,000,000). At least four times cap + 1: when fewer than a quarter of the word's providers pass
 * the rest of the query, the index does better.
 */
export function postingsWalkRows(rows: number): number {
  return Math.max(4 * (SEARCH_LIMITS.totalCap + 1), Math.ceil(rows / 50));
}

/** Providers a walk of the static order reads at most: enough to find cap + 1 of minShare, with room. */
const staticWalkRows = (minShare: number) => Math.ceil(((SEARCH_LIMITS.totalCap + 1) / minShare) * 1.2);

/**
 * The share of providers the hours and amenities leave, by the facets' statistics (1 without
 * either): the commonest of the hours asked for (any one will do; a lower bound), times, for each
 * amenity, the rarest amenity's share (the amenities are folded in SQL, so the asked one's own
 * lexeme is not known here; a lower bound). Missing from the statistics: rare.
 */
function facetShare(hours: number[] | null, amenities: string[] | null, stats: q.DocumentStats): number {
  let share = 1;
  if (hours) share *= Math.max(0, ...hours.map((h) => stats.facets.get(`h${h}`) ?? 0));
  if (amenities) {
    const rarest = Math.min(
      ...[...stats.facets].filter(([lexeme]) => lexeme.startsWith('a:')).map(([, s]) => s),
    );
    share *= Number.isFinite(rarest) ? rarest ** amenities.length : 0;
  }
  return share;
}

const allHoursOf = (days: readonly Weekday[]) =>
  days.flatMap((day) => Array.from({ length: 24 }, (_, h) => dayIndex(day) * 24 + h));

/** Monday = 0 … Sunday = 6 of a calendar date. */
function weekdayOfDate(date: string, now: Date): Weekday {
  if (date === 'today' || date === 'tomorrow') {
    // The server's local calendar day (set TZ for the market it serves).
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + (date === 'tomorrow' ? 1 : 0));
    return WEEKDAYS[(day.getDay() + 6) % 7]!;
  }
  const [y, m, d] = date.split('-').map(Number);
  return WEEKDAYS[(new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay() + 6) % 7]!;
}

/**
 * The weekly hours an availability filter accepts; null = no filter (docs/product.md §3,
 * 'Availability types').
 */
export function availabilityHours(filters: SearchFilters, now: Date): number[] | null {
  const tokens = availabilityTokens(filters.availability);
  switch (filters.availabilityType) {
    case 'flexible':
      return null;
    case 'specific_date': {
      // Weekly availability on that weekday; openings posted for that day are not searched.
      return allHoursOf([weekdayOfDate(filters.requestedDate ?? 'today', now)]);
    }
    case 'days_pattern': {
      const days = new Set<Weekday>(filters.requestedDays);
      if (tokens.has('weekdays')) for (const d of WEEKDAY_DAYS) days.add(d);
      if (tokens.has('weekends')) for (const d of WEEKEND_DAYS) days.add(d);
      return allHoursOf([...days]);
    }
    case 'time_pattern': {
      const times = new Set(filters.requestedTimes);
      if (tokens.has('evenings')) for (const t of EVENING_TIMES) times.add(t);
      return WEEKDAYS.flatMap((day) => [...times].map((t) => dayIndex(day) * 24 + hourOf(t)));
    }
    case 'custom_pattern': {
      const days = filters.requestedDays.length > 0 ? filters.requestedDays : WEEKDAYS;
      if (filters.requestedTimes.length === 0) return allHoursOf(days);
      return days.flatMap((day) => filters.requestedTimes.map((t) => dayIndex(day) * 24 + hourOf(t)));
    }
    default:
      return null;
  }
}

/** The filters worth keeping in the log (defaults left out). */
function loggedFilters(filters: SearchFilters, radiusMiles: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (isPriceFilterActive(filters.priceRange)) out.priceRange = filters.priceRange;
  if (filters.availabilityType !== 'flexible') {
    out.availabilityType = filters.availabilityType;
    if (filters.availability) out.availability = filters.availability;
    if (filters.requestedDate) out.requestedDate = filters.requestedDate;
    if (filters.requestedDays.length > 0) out.requestedDays = filters.requestedDays;
    if (filters.requestedTimes.length > 0) out.requestedTimes = filters.requestedTimes;
  }
  if (filters.experience.length > 0) out.experience = filters.experience;
  if (radiusMiles !== SEARCH_LIMITS.radiusDefaultMiles) out.radiusMiles = radiusMiles;
  if (filters.minRating) out.minRating = filters.minRating;
  if (filters.sort !== 'relevance') out.sort = filters.sort;
  return out;
}

/** A price filter as the plan takes it: max null = no upper bound; null when the filter is off. */
function priceOf(range: SearchFilters['priceRange']): q.SearchPlan['price'] {
  if (!range || !isPriceFilterActive(range)) return null;
  return { min: range[0], max: range[1] >= SEARCH_LIMITS.priceMax ? null : range[1] };
}

export interface SearchOutcome {
  /** The route adds the landing page's link (a places question, asked of that module). */
  reply: Omit<SearchReply, 'success' | 'landing'>;
  /** The log row for a new search; null for a further page of the same search. */
  log: Omit<PendingSearchLog, 'token'> | null;
}

/** What searches learn and share: one per app. */
export interface SearchCaches {
  words: WordCache;
  stems: StemStats;
}

export const createSearchCaches = (): SearchCaches => ({ words: new WordCache(), stems: new StemStats() });

/** The server's calendar date ('2026-11-26'), which 'today' and 'tomorrow' in a search are relative to. */
export function localDate(now: Date): string {
  return `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`;
}

/** POST /api/search: validates what the schema cannot (the zip exists, the cursor), then one page. */
export async function searchProviders(
  ctx: AppContext,
  filters: SearchFilters,
  caches: SearchCaches,
): Promise<SearchOutcome> {
  const now = ctx.now();
  const understood = await understandQuery(filters, {
    cache: caches.words,
    analyze: (words) => q.analyzeWords(ctx.db, words),
  });
  const { place, parts, category, tsquery } = understood;
  // The map's area replaces a zip and radius; a zip in the words as well is a question of two places.
  const area = filters.bbox ?? null;
  if (area && place) throw fieldError('bbox', MAP_TEXTS.areaWithZip);
  if (filters.sort === 'distance' && !place && !area)
    throw fieldError('sort', SEARCH_ERRORS.distanceNeedsZip);
  const offset = offsetFromCursor(filters.cursor);

  const searched = {
    query: understood.text,
    locationZip: place?.zip ?? null,
    radiusMiles: filters.radiusMiles,
    bbox: area,
    corrections: understood.corrections,
  };
  const log = filters.cursor
    ? null
    : {
        query: filters.query,
        zip: place?.zip ?? null,
        filters: {
          ...loggedFilters(filters, filters.radiusMiles),
          ...(area ? { bbox: area } : {}),
        },
        sessionId: filters.sessionId || null,
        createdAt: now,
      };

  const hours = availabilityHours(filters, now);
  const amenities = filters.experience.length > 0 ? filters.experience : null;
  // Stop words and punctuation are left out; a query of nothing else, with no zip and no filter,
  // has nothing to search by.
  if (tsquery === null && !category && !place && !area && !hasNarrowingFilter(filters)) {
    return {
      reply: { results: [], total: 0, totalCapped: false, nextCursor: null, searched, related: null },
      log: log && { ...log, resultCount: 0 },
    };
  }

  // Without a place, a walk of the static order when what is asked is common enough that cap + 1
  // matches come early in it (the walk is bounded: when the words or filters are rarer together
  // than alone, the index search runs after it, below), else the indexes of the words and filters.
  // A price range keeps the walk: reading every match of a common word to filter their prices grows
  // with the catalogue (285 ms a search at 1,000,000 providers). A category is one of five: far more
  // common than the walk's threshold in any catalogue that has been analysed. Hours and amenities
  // walk when the facets' statistics expect at least minShare of the providers to have them.
  // Without a zip, words common enough walk the postings of the rarest one (walkLexemeOf).
  // Before the first ANALYZE nothing is known: the index search.
  const stats = await caches.stems.get(ctx);
  const minShare = walkMinShare(stats.rows);
  // A zip or an area: candidates come nearest first from the GiST index, never from a walk.
  const located = place !== null || area !== null;
  const walkLexeme = tsquery !== null && !located ? walkLexemeOf(parts, stats) : null;
  const walk =
    !located &&
    stats.rows > 0 &&
    facetShare(hours, amenities, stats) >= minShare &&
    (walkLexeme !== null ||
      category !== null ||
      (tsquery !== null ? likelyShare(parts, stats.shares) >= minShare : true));
  const plan: q.SearchPlan = {
    tsquery,
    serviceTsquery: understood.serviceTsquery,
    categories: category ? [category] : null,
    rankTsquery: understood.rankTsquery,
    excludeIds: null,
    center: place ? { latitude: place.latitude, longitude: place.longitude } : null,
    radiusMeters: filters.radiusMiles * METERS_PER_MILE,
    area,
    price: priceOf(filters.priceRange),
    hours,
    amenities,
    minRating: filters.minRating || null,
    sort: filters.sort,
    limit: filters.limit,
    offset,
    cap: SEARCH_LIMITS.totalCap,
    strategy: walk ? 'walk' : 'index',
    // Walking every provider: enough to find cap + 1 matches among providers of whom minShare
    // match, with room. Walking a word's postings: postingsWalkRows.
    walkRows: walk && walkLexeme !== null ? postingsWalkRows(stats.rows) : staticWalkRows(minShare),
    walkLexeme: walk ? walkLexeme : null,
  };
  let rows = await q.findSearchPage(ctx.db, plan);
  if (
    walk &&
    (rows[0]?.total ?? 0) <= plan.cap &&
    (walkLexeme === null ||
      (await q.countPostings(ctx.db, walkLexeme, plan.price, plan.walkRows)) > plan.walkRows)
  ) {
    // The bounded walk ran out before cap + 1 matches (the words are rarer together than alone, or
    // the filters are narrow) without reading every posting of its word: ask the index.
    rows = await q.findSearchPage(ctx.db, { ...plan, strategy: 'index' });
  }
  const page = rows.slice(0, filters.limit);
  const count = rows[0]?.total ?? (offset === 0 ? 0 : await q.countSearchMatches(ctx.db, plan));
  const nextOffset = offset + filters.limit;
  const totals = capTotal(count);
  // Only when this page holds every match, so the block can leave them all out.
  const related =
    offset === 0 && tsquery !== null && count < RELATED_BELOW && rows.length <= filters.limit
      ? await relatedBlock(
          ctx,
          plan,
          categoryOfService(parts),
          page,
          place ? `near ${place.zip}` : area ? 'in this area' : null,
          staticWalkRows(minShare),
        )
      : null;
  return {
    reply: {
      results: page.map(toCard),
      ...totals,
      nextCursor:
        rows.length > filters.limit && nextOffset < SEARCH_LIMITS.totalCap ? encodeOffset(nextOffset) : null,
      searched,
      related,
    },
    log: log && { ...log, resultCount: totals.total },
  };
}

/**
 * 'More hair stylists near 78704': when a listed service's words matched few providers, others of
 * that service's category within the same zip radius and filters (their lowest price), nearest or
 * most complete first, leaving out the matches. Never counted in the results' total. Only the words
 * are relaxed: every filter applies as it did to the results, the price range to the service the
 * words name where the provider has it (serviceTsquery kept), so a provider the filters left out
 * is not shown here instead (balayage under $100: not Maya, whose balayage is $180 and blowout $50).
 */
async function relatedBlock(
  ctx: AppContext,
  plan: q.SearchPlan,
  category: string | null,
  matches: readonly q.ProviderCardRow[],
  where: string | null,
  walkRows: number,
): Promise<SearchReply['related']> {
  if (!category) return null;
  const related: q.SearchPlan = {
    ...plan,
    tsquery: null,
    rankTsquery: null,
    categories: [category],
    excludeIds: matches.map((m) => m.id),
    sort: plan.sort === 'distance' || plan.sort === 'relevance' ? 'relevance' : plan.sort,
    limit: RELATED_LIMIT,
    offset: 0,
    // Without a place, the category's providers in the static order (a category is common), and
    // the index search if that walk finds too few.
    strategy: 'walk',
    walkRows,
    walkLexeme: null,
  };
  let rows = await q.findSearchPage(ctx.db, related);
  if (rows.length < RELATED_LIMIT && plan.center === null && plan.area === null) {
    rows = await q.findSearchPage(ctx.db, { ...related, strategy: 'index' });
  }
  if (rows.length === 0) return null;
  const people = CATEGORY_PEOPLE[category] ?? category;
  return {
    category,
    title: `More ${people}${where ? ` ${where}` : ''}`,
    results: rows.slice(0, RELATED_LIMIT).map(toCard),
  };
}

/** 'Use my location': the nearest US zip to a position, or a 404 saying there is none near. */
export function nearestZipTo(position: { latitude: number; longitude: number }) {
  const found = nearestZip(position, SEARCH_LIMITS.nearestZipMaxMiles);
  if (!found) throw new AppError('NOT_FOUND', SEARCH_TEXTS.noZipNearby);
  return {
    zip: found.place.zip,
    place: `${found.place.city}, ${found.place.state}`,
    distance_miles: Math.round(found.miles * 10) / 10,
  };
}

// ---------------------------------------------------------------------------------------------
// Saved searches

/**
 * What a saved search matches, derived by search's own rules from the filters: the words
 * resolved and turned into the same tsqueries (category words mean their category), the zip's centre
 * (from the zip field or the words), the radius, price range, weekly hours, amenities and minimum
 * rating. `stems` are the words every matching document must hold (words with look-alikes left
 * out: their tsquery is checked instead). `date` replaces weekly hours for 'today', 'tomorrow' or a
 * date: an opening that day. Refuses what the search refuses (an unknown zip).
 */
export interface SearchMatch {
  tsquery: string | null;
  serviceTsquery: string | null;
  category: string | null;
  stems: string[];
  center: { latitude: number; longitude: number } | null;
  radiusMeters: number;
  price: { min: number; max: number | null } | null;
  hours: number[] | null;
  date: string | null;
  amenities: string[] | null;
  minRating: number | null;
}

/** What a saved search matches, by the search's own rules (SearchMatch). */
export async function searchMatchOf(ctx: AppContext, filters: SearchFilters): Promise<SearchMatch> {
  // The body a saved search is created with holds the filters under `search`.
  const { place, parts, category, tsquery, serviceTsquery } = await understandQuery(
    filters,
    { cache: new WordCache(), analyze: (words) => q.analyzeWords(ctx.db, words) },
    'search.locationZip',
  );
  const isDate = filters.availabilityType === 'specific_date';
  return {
    tsquery,
    serviceTsquery,
    category,
    stems: category ? [] : [...new Set(parts.filter((p) => p.suggestions.length === 0).map((p) => p.stem))],
    center: place ? { latitude: place.latitude, longitude: place.longitude } : null,
    radiusMeters: filters.radiusMiles * METERS_PER_MILE,
    price: priceOf(filters.priceRange),
    hours: isDate ? null : availabilityHours(filters, ctx.now()),
    date: isDate ? (filters.requestedDate ?? 'today') : null,
    amenities: filters.experience.length > 0 ? filters.experience : null,
    minRating: filters.minRating || null,
  };
}
