import { ADMIN_LIMITS, type AdminDateRange, dateRangeBounds, toCsv } from '#domain/admin.ts';
import { dayIndex, hourOf, WEEKDAYS, type Weekday } from '#domain/availability.ts';
import { SERVICE_CATEGORIES } from '#domain/options.ts';
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
import { extractZip } from '#domain/zip.ts';
import type { AppContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { AppError, fieldError } from '#server/lib/app-error.ts';
import { decodeKeyset, decodeOffset, encodeKeyset, encodeOffset, pageOf } from '#server/lib/keyset-cursor.ts';
import { lookupZip, nearestZip } from '#server/lib/zip-lookup.ts';
import { distanceOfChord, METERS_PER_MILE } from '#server/lib/geo.ts';
import * as q from './search.queries';
import type { PendingSearchLog } from './search-log';

/** Query words searched at most; each at most this long (longer ones are cut). */
const MAX_WORDS = 10;
const MAX_WORD_LENGTH = 40;

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
          },
    portfolio_images: row.portfolio_images ?? [],
    portfolio_count: Number(row.portfolio_count ?? 0),
    amenities: row.amenities ?? [],
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

/**
 * The to_tsquery text that a service name must match to have every one of these words (english
 * stems, as provider_search_services.document holds them): 'deep tissue' → 'deep & tissue'.
 * The words as search cuts and quotes them (queryWords, tsqueryOf); null when none is left.
 */
export function serviceNameTsquery(words: string): string | null {
  return tsqueryOf(
    queryWords(words).map((word) => ({ word, stem: word, suggestions: [], suggestionStems: [] })),
  );
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

/** The query text without the zip that extractZip found in it. */
function withoutZip(text: string, zip: string): string {
  return text
    .replace(new RegExp(`(^|[^\\d])${zip}(?:-\\d{4})?(?!\\d)`), '$1 ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Lower-cased letter/digit runs, de-duplicated: safe to put in a tsquery as they are. */
export function queryWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/**
 * What is already known about query words: their stems, and which are stop words. Both answers
 * are final: stems come from the dictionary, and the vocabulary never loses a word, so a known word
 * stays known. Unknown words (typos) and their look-alikes are kept for a minute only: a provider
 * may add the word any moment, and until the entry expires the search still matches the word itself
 * besides its look-alikes, so nobody is missed; only the correction note may be a minute late.
 * One per app; bounded, oldest out first.
 */
export class WordCache {
  private readonly entries = new Map<string, { stem: string | null }>();
  private readonly unknown = new Map<string, { analysis: q.WordAnalysis; until: number }>();
  constructor(
    private readonly max = 20_000,
    private readonly unknownTtlMs = 60_000,
  ) {}

  get(word: string) {
    return this.entries.get(word);
  }

  set(word: string, stem: string | null) {
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(word, { stem });
  }

  getUnknown(word: string, now = performance.now()): q.WordAnalysis | undefined {
    const entry = this.unknown.get(word);
    if (entry && entry.until > now) return entry.analysis;
    if (entry) this.unknown.delete(word);
    return undefined;
  }

  setUnknown(analysis: q.WordAnalysis, now = performance.now()) {
    if (this.unknown.size >= this.max) this.unknown.delete(this.unknown.keys().next().value!);
    this.unknown.set(analysis.word, { analysis, until: now + this.unknownTtlMs });
  }
}

/**
 * How common stems are, from the planner's own statistics, re-read at most once a minute. One per
 * app. Before the table is first analysed nothing is known and every search lets the planner choose.
 */
export class StemStats {
  private stats: q.DocumentStats = { shares: new Map(), rows: 0 };
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

/** A query word and what it may match: its stem, or (a word found nowhere) also its look-alikes. */
interface QueryPart {
  word: string;
  stem: string;
  suggestions: string[];
  suggestionStems: string[];
}

/**
 * Edit distance with adjacent transpositions (optimal string alignment): 'pedicuer' → 'pedicure'
 * is 1, 'highlites' → 'highlights' 2, 'highlites' → 'high' 5.
 */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * Of a typo's look-alikes (trigram-similar words), only the closest by edit distance (all of them on
 * a tie): trigram similarity alone ranks 'high' next to 'highlights' for 'highlites', and 'high'
 * finds every high fade.
 */
export function closestLookAlikes(a: q.WordAnalysis): q.WordAnalysis {
  if (a.suggestions.length < 2) return a;
  const distances = a.suggestions.map((s) => editDistance(a.word, s));
  const best = Math.min(...distances);
  const keep = distances.map((d) => d === best);
  return {
    ...a,
    suggestions: a.suggestions.filter((_, i) => keep[i]),
    suggestionStems: a.suggestionStems.filter((_, i) => keep[i]),
  };
}

/**
 * The query words, resolved: stop words dropped; a word found in no document gets its most
 * similar indexed words ('balayge' → balayage). Words the cache knows need no database round trip.
 */
async function resolveWords(ctx: AppContext, words: string[], cache: WordCache): Promise<QueryPart[]> {
  const unknown = new Map<string, q.WordAnalysis>();
  for (const word of words) {
    const cached = cache.getUnknown(word);
    if (cached) unknown.set(word, cached);
  }
  const unresolved = words.filter((w) => cache.get(w) === undefined && !unknown.has(w));
  const analysis = unresolved.length > 0 ? await q.analyzeWords(ctx.db, unresolved) : [];
  for (const found of analysis) {
    if (found.stem === null || found.known) cache.set(found.word, found.stem);
    else {
      const a = closestLookAlikes(found);
      unknown.set(a.word, a);
      cache.setUnknown(a);
    }
  }
  return words.flatMap((word) => {
    const a = unknown.get(word);
    if (a) return [{ word, stem: a.stem!, suggestions: a.suggestions, suggestionStems: a.suggestionStems }];
    const stem = cache.get(word)?.stem;
    return stem ? [{ word, stem, suggestions: [], suggestionStems: [] }] : [];
  });
}

const alternativesOf = (p: QueryPart) =>
  p.suggestions.length === 0 ? p.word : `(${[p.word, ...p.suggestions].join(' | ')})`;

/** All words must match (like websearch_to_tsquery); a corrected word matches any look-alike. */
function tsqueryOf(parts: readonly QueryPart[]): string | null {
  if (parts.length === 0) return null;
  return parts.map(alternativesOf).join(' & ');
}

/** Any of the words: what a service's name is matched with (SearchPlan.serviceTsquery). */
function serviceTsqueryOf(parts: readonly QueryPart[]): string | null {
  if (parts.length === 0) return null;
  return parts.map(alternativesOf).join(' | ');
}

/**
 * Words that name a category (SPEC.md §9): a query made only of such words, all naming one category,
 * searches that category ('hair stylist', 'nail tech', 'facial'). migration 0012's
 * search_category_labels puts the same words in the documents, for queries that mix them with others.
 */
export const CATEGORY_WORDS: Readonly<Record<string, string>> = {
  hair: 'hair',
  hairstylist: 'hair',
  hairstylists: 'hair',
  hairdresser: 'hair',
  hairdressers: 'hair',
  stylist: 'hair',
  stylists: 'hair',
  salon: 'hair',
  salons: 'hair',
  massage: 'massage',
  massages: 'massage',
  therapist: 'massage',
  therapists: 'massage',
  masseuse: 'massage',
  masseur: 'massage',
  bodywork: 'massage',
  barber: 'barber',
  barbers: 'barber',
  barbershop: 'barber',
  barbershops: 'barber',
  nail: 'nails',
  nails: 'nails',
  tech: 'nails',
  techs: 'nails',
  technician: 'nails',
  technicians: 'nails',
  manicurist: 'nails',
  manicurists: 'nails',
  esthetician: 'esthetician',
  estheticians: 'esthetician',
  aesthetician: 'esthetician',
  aestheticians: 'esthetician',
  skincare: 'esthetician',
  skin: 'esthetician',
  care: 'esthetician',
  facial: 'esthetician',
  facials: 'esthetician',
  facialist: 'esthetician',
};

/** The category a word names; own keys only ('constructor' is a word someone may search for). */
const categoryOfWord = (word: string): string | undefined =>
  Object.hasOwn(CATEGORY_WORDS, word) ? CATEGORY_WORDS[word] : undefined;

/** The one category the query's words all name ('nail tech' → nails), or null. */
export function categoryOfWords(parts: readonly QueryPart[]): string | null {
  if (parts.length === 0) return null;
  const named = new Set<string>();
  for (const part of parts) {
    // A typo of a category word counts when its best look-alike is one ('masage' → massage).
    const category = categoryOfWord(part.word) ?? categoryOfWord(part.suggestions[0] ?? '');
    if (!category) return null;
    named.add(category);
  }
  return named.size === 1 ? [...named][0]! : null;
}

const singular = (word: string) => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word);
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean)
    .map(singular);

/** Each SPEC.md §9 service name as words ('Gel Nails' → gel nail), with its category. */
const CATEGORY_SERVICES = SERVICE_CATEGORIES.flatMap((c) =>
  c.services.map((service) => ({ words: wordsOf(service), category: c.id as string })),
);

/**
 * The category of the §9 service the query names ('balayage' → hair, 'deep tissue massage' →
 * massage), or null when it names none or services of two categories. Corrected words count.
 */
export function categoryOfService(parts: readonly QueryPart[]): string | null {
  const words = new Set(parts.flatMap((p) => [p.word, ...p.suggestions.slice(0, 1)]).map(singular));
  const named = new Set(
    CATEGORY_SERVICES.filter((s) => s.words.every((w) => words.has(w))).map((s) => s.category),
  );
  return named.size === 1 ? [...named][0]! : null;
}

/** Fewer exact matches than this, and a §9 service named: the related block shows its category. */
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
 * half of what the index would cost. Each posting costs a document read by primary key (about 6 µs);
 * the index, for the words and price range a walk could not fill, intersects the full-text and price
 * indexes over the whole catalogue (about 0.24 µs a provider: 24 ms at 100,000, 239 ms at
 * 1,000,000). At least four times cap + 1: when fewer than a quarter of the word's providers pass
 * the rest of the query, the index does better.
 */
export function postingsWalkRows(rows: number): number {
  return Math.max(4 * (SEARCH_LIMITS.totalCap + 1), Math.ceil(rows / 50));
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

/** The weekly hours an availability filter accepts; null = no filter (SPEC.md §3 'Availability types'). */
export function availabilityHours(filters: SearchFilters, now: Date): number[] | null {
  const tokens = availabilityTokens(filters.availability);
  switch (filters.availabilityType) {
    case 'flexible':
      return null;
    case 'specific_date': {
      // Weekly availability on that weekday. When openings exist (openings issue), 'an active
      // opening that day' is OR-ed in here: the provider ids with an opening on that date.
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

export interface SearchOutcome {
  /** The route adds the landing page's link (a places question, asked of that module). */
  reply: Omit<SearchReply, 'success' | 'landing'>;
  /** The log row for a new search; null for a further page of the same search. */
  log: Omit<PendingSearchLog, 'token'> | null;
}

/** POST /api/search: validates what the schema cannot (the zip exists, the cursor), then one page. */
export interface SearchCaches {
  words: WordCache;
  stems: StemStats;
}

/** The server's calendar date ('2026-11-26'), which 'today' and 'tomorrow' in a search are relative to. */
export function localDate(now: Date): string {
  return `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`;
}

export async function searchProviders(
  ctx: AppContext,
  filters: SearchFilters,
  caches: SearchCaches,
): Promise<SearchOutcome> {
  const now = ctx.now();
  let text = filters.query;
  let zip = filters.locationZip;
  const zipInQuery = extractZip(text);
  if (zipInQuery) {
    text = withoutZip(text, zipInQuery);
    zip ||= zipInQuery;
  }
  const place = zip ? lookupZip(zip) : null;
  if (zip && !place) throw fieldError('locationZip', SEARCH_TEXTS.unknownZip);
  if (filters.sort === 'distance' && !place) throw fieldError('sort', SEARCH_ERRORS.distanceNeedsZip);
  const offset = offsetFromCursor(filters.cursor);

  const words = queryWords(text);
  const parts = words.length > 0 ? await resolveWords(ctx, words, caches.words) : [];
  // Only category words: that category, exactly ('nail tech'). Otherwise the words themselves.
  const category = categoryOfWords(parts);
  const tsquery = category ? null : tsqueryOf(parts);
  const corrections = parts
    .filter((p) => p.suggestions.length > 0)
    .map((p) => ({ word: p.word, suggestions: p.suggestions }));
  const searched = {
    query: text,
    locationZip: place?.zip ?? null,
    radiusMiles: filters.radiusMiles,
    corrections,
  };
  const log = filters.cursor
    ? null
    : {
        query: filters.query,
        zip: place?.zip ?? null,
        filters: loggedFilters(filters, filters.radiusMiles),
        sessionId: filters.sessionId || null,
        createdAt: now,
      };

  const range = filters.priceRange;
  const hours = availabilityHours(filters, now);
  const amenities = filters.experience.length > 0 ? filters.experience : null;
  const priced = range && isPriceFilterActive(range);
  // Stop words and punctuation are left out; a query of nothing else, with no zip and no filter,
  // has nothing to search by.
  if (tsquery === null && !category && !place && !hasNarrowingFilter(filters)) {
    return {
      reply: { results: [], total: 0, totalCapped: false, nextCursor: null, searched, related: null },
      log: log && { ...log, resultCount: 0 },
    };
  }

  // Other filters change how many providers match in ways only the planner estimates: it chooses.
  // A price range keeps the walk: reading every match of a common word to filter their prices grows
  // with the catalogue (285 ms a search at 1,000,000 providers), while the walk is bounded; when a
  // narrow range leaves it short of cap + 1 matches, the index strategy runs after it (below).
  // A category is one of five: far more common than the walk's threshold in any catalogue that has
  // been analysed (before, nothing is known: the planner chooses).
  // Without a zip, words common enough walk the postings of the rarest one (walkLexemeOf).
  const stats = await caches.stems.get(ctx);
  const minShare = walkMinShare(stats.rows);
  const walkLexeme = tsquery !== null && !place ? walkLexemeOf(parts, stats) : null;
  const walk =
    !hours &&
    !amenities &&
    !filters.minRating &&
    (walkLexeme !== null ||
      (category !== null && stats.rows > 0) ||
      (tsquery !== null && likelyShare(parts, stats.shares) >= minShare));
  const plan: q.SearchPlan = {
    tsquery,
    serviceTsquery: tsquery === null ? null : serviceTsqueryOf(parts),
    categories: category ? [category] : null,
    rankTsquery: category ? serviceTsqueryOf(parts) : null,
    excludeIds: null,
    center: place ? { latitude: place.latitude, longitude: place.longitude } : null,
    radiusMeters: filters.radiusMiles * METERS_PER_MILE,
    price:
      range && priced ? { min: range[0], max: range[1] >= SEARCH_LIMITS.priceMax ? null : range[1] } : null,
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
    walkRows:
      walk && walkLexeme !== null
        ? postingsWalkRows(stats.rows)
        : Math.ceil(((SEARCH_LIMITS.totalCap + 1) / minShare) * 1.2),
    walkLexeme: walk ? walkLexeme : null,
  };
  let rows = await q.findSearchPage(ctx.db, plan);
  if (
    walk &&
    !place &&
    (rows[0]?.total ?? 0) <= plan.cap &&
    (walkLexeme === null || (await q.countPostings(ctx.db, walkLexeme, plan.walkRows)) > plan.walkRows)
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
      ? await relatedBlock(ctx, plan, categoryOfService(parts), page, place?.zip ?? null)
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
 * 'More hair stylists near 78704': when a §9 service word matched few providers, others of that
 * service's category within the same zip radius and filters (their lowest price), nearest or most
 * complete first, leaving out the matches. Never counted in the results' total.
 */
async function relatedBlock(
  ctx: AppContext,
  plan: q.SearchPlan,
  category: string | null,
  matches: readonly q.ProviderCardRow[],
  zip: string | null,
): Promise<SearchReply['related']> {
  if (!category) return null;
  const rows = await q.findSearchPage(ctx.db, {
    ...plan,
    tsquery: null,
    serviceTsquery: null,
    rankTsquery: null,
    categories: [category],
    excludeIds: matches.map((m) => m.id),
    sort: plan.sort === 'distance' || plan.sort === 'relevance' ? 'relevance' : plan.sort,
    limit: RELATED_LIMIT,
    offset: 0,
    strategy: 'index',
  });
  if (rows.length === 0) return null;
  const people = CATEGORY_PEOPLE[category] ?? category;
  return {
    category,
    title: `More ${people}${zip ? ` near ${zip}` : ''}`,
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

/** A page of search logs for the admin dashboard, with the total. */
export async function listSearchLogs(
  ctx: AppContext,
  query: { limit: number; cursor?: string | undefined } & AdminDateRange,
) {
  const range = dateRangeBounds(query);
  const [rows, total] = await Promise.all([
    q.findSearchLogs(ctx.db, query.limit, decodeKeyset(query.cursor, 'bigint'), range),
    q.countSearchLogs(ctx.db, range),
  ]);
  const { page, nextCursor } = pageOf(rows, query.limit);
  return {
    logs: page.map((log) => ({ id: log.id, query: log.query, created_at: log.created_at })),
    total,
    nextCursor,
  };
}

const SEARCH_LOG_CSV_HEADER = ['id', 'created_at', 'query', 'zip', 'filters', 'result_count'];

/** The search logs of a date range as CSV, newest first, at most ADMIN_LIMITS.exportMaxRows. */
export async function exportSearchLogsCsv(ctx: AppContext, query: AdminDateRange) {
  const max = ADMIN_LIMITS.exportMaxRows;
  const rows = await q.findSearchLogs(ctx.db, max, null, dateRangeBounds(query));
  const page = rows.slice(0, max);
  const csv = toCsv(
    SEARCH_LOG_CSV_HEADER,
    page.map((r) => [
      r.id,
      r.created_at,
      r.query,
      r.zip,
      Object.keys(r.filters ?? {}).length > 0 ? JSON.stringify(r.filters) : '',
      r.result_count,
    ]),
  );
  return { csv, rows: page.length, truncated: rows.length > max };
}

export type { NewSearchLog } from './search.queries';

/** Writes a batch of search log rows: the flush of search-log.ts's writer, after the replies are sent. */
export async function writeSearchLogs(db: Db, rows: readonly q.NewSearchLog[]): Promise<void> {
  await q.insertSearchLogs(db, rows);
}

/**
 * What a saved search matches (issue 23), derived by search's own rules from the filters: the words
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

export async function searchMatchOf(ctx: AppContext, filters: SearchFilters): Promise<SearchMatch> {
  let text = filters.query;
  let zip = filters.locationZip;
  const zipInQuery = extractZip(text);
  if (zipInQuery) {
    text = withoutZip(text, zipInQuery);
    zip ||= zipInQuery;
  }
  const place = zip ? lookupZip(zip) : null;
  if (zip && !place) throw fieldError('search.locationZip', SEARCH_TEXTS.unknownZip);
  const words = queryWords(text);
  const parts = words.length > 0 ? await resolveWords(ctx, words, new WordCache()) : [];
  const category = categoryOfWords(parts);
  const tsquery = category ? null : tsqueryOf(parts);
  const range = filters.priceRange;
  const isDate = filters.availabilityType === 'specific_date';
  return {
    tsquery,
    serviceTsquery: tsquery === null ? null : serviceTsqueryOf(parts),
    category,
    stems: category ? [] : [...new Set(parts.filter((p) => p.suggestions.length === 0).map((p) => p.stem))],
    center: place ? { latitude: place.latitude, longitude: place.longitude } : null,
    radiusMeters: filters.radiusMiles * METERS_PER_MILE,
    price:
      range && isPriceFilterActive(range)
        ? { min: range[0], max: range[1] >= SEARCH_LIMITS.priceMax ? null : range[1] }
        : null,
    hours: isDate ? null : availabilityHours(filters, ctx.now()),
    date: isDate ? (filters.requestedDate ?? 'today') : null,
    amenities: filters.experience.length > 0 ? filters.experience : null,
    minRating: filters.minRating || null,
  };
}
