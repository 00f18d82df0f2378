// Query understanding: what a search's text asks for, before anything is searched. The zip in the
// text, the words (cut, de-duplicated), their stems and stop words, a typo's look-alikes, the
// category a query's words name, and the tsqueries built from them. Used by the search and by
// saved-search matching (searchMatchOf), so a saved search matches by the rules the search answers by.
// No database here: the vocabulary is asked through the AnalyzeWords the caller passes in.

import { SERVICE_CATEGORIES } from '#domain/options.ts';
import { SEARCH_TEXTS } from '#domain/search.ts';
import { extractZip, withoutZip } from '#domain/zip.ts';
import { fieldError } from '#server/lib/app-error.ts';
import { lookupZip, type ZipPlace } from '#server/lib/zip-lookup.ts';

/** Query words searched at most; each at most this long (longer ones are cut). */
const MAX_WORDS = 10;
const MAX_WORD_LENGTH = 40;

/** Lower-cased letter/digit runs, de-duplicated: safe to put in a tsquery as they are. */
export function queryWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/** What the vocabulary says of one query word (search.queries analyzeWords). */
export interface WordAnalysis {
  word: string;
  /** The english stem; null for a stop word ('the', 'and'), which is left out of the query. */
  stem: string | null;
  /** Whether some document holds the stem; a word nowhere gets look-alikes instead. */
  known: boolean;
  suggestions: string[];
  /** The stems of the suggestions, in the same order. */
  suggestionStems: string[];
}

/** Asks the vocabulary about words the cache does not know (search.queries analyzeWords). */
export type AnalyzeWords = (words: readonly string[]) => Promise<WordAnalysis[]>;

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
  private readonly unknown = new Map<string, { analysis: WordAnalysis; until: number }>();
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

  getUnknown(word: string, now = performance.now()): WordAnalysis | undefined {
    const entry = this.unknown.get(word);
    if (entry && entry.until > now) return entry.analysis;
    if (entry) this.unknown.delete(word);
    return undefined;
  }

  setUnknown(analysis: WordAnalysis, now = performance.now()) {
    if (this.unknown.size >= this.max) this.unknown.delete(this.unknown.keys().next().value!);
    this.unknown.set(analysis.word, { analysis, until: now + this.unknownTtlMs });
  }
}

/** A query word and what it may match: its stem, or (a word found nowhere) also its look-alikes. */
export interface QueryPart {
  word: string;
  stem: string;
  suggestions: string[];
  suggestionStems: string[];
}

/**
 * Edit distance with adjacent transpositions (optimal string alignment): 'pedicuer' → 'pedicure'
 * is 1, 'highlites' → 'highlights' 3, 'highlites' → 'high' 5.
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
export function closestLookAlikes(a: WordAnalysis): WordAnalysis {
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
async function resolveWords(words: string[], cache: WordCache, analyze: AnalyzeWords): Promise<QueryPart[]> {
  const unknown = new Map<string, WordAnalysis>();
  for (const word of words) {
    const cached = cache.getUnknown(word);
    if (cached) unknown.set(word, cached);
  }
  const unresolved = words.filter((w) => cache.get(w) === undefined && !unknown.has(w));
  const analysis = unresolved.length > 0 ? await analyze(unresolved) : [];
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
 * The to_tsquery text that a service name must match to have every one of these words (english
 * stems, as provider_search_services.document holds them): 'deep tissue' → 'deep & tissue'.
 * The words as search cuts and quotes them (queryWords, tsqueryOf); null when none is left.
 */
export function serviceNameTsquery(words: string): string | null {
  return tsqueryOf(
    queryWords(words).map((word) => ({ word, stem: word, suggestions: [], suggestionStems: [] })),
  );
}

/**
 * Words that name a category (docs/product.md §9): a query made only of such words, all naming one
 * category, searches that category ('hair stylist', 'nail tech', 'facial'). migration 0012's
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

/** Each listed service (docs/product.md §9) as words ('Gel Nails' → gel nail), with its category. */
const CATEGORY_SERVICES = SERVICE_CATEGORIES.flatMap((c) =>
  c.services.map((service) => ({ words: wordsOf(service), category: c.id as string })),
);

/**
 * The category of the listed service the query names ('balayage' → hair, 'deep tissue massage' →
 * massage), or null when it names none or services of two categories. Corrected words count.
 */
export function categoryOfService(parts: readonly QueryPart[]): string | null {
  const words = new Set(parts.flatMap((p) => [p.word, ...p.suggestions.slice(0, 1)]).map(singular));
  const named = new Set(
    CATEGORY_SERVICES.filter((s) => s.words.every((w) => words.has(w))).map((s) => s.category),
  );
  return named.size === 1 ? [...named][0]! : null;
}

/** A search's text and zip as the search understands them. */
export interface UnderstoodQuery {
  /** The text searched: the query without the zip found in it. */
  text: string;
  /** The zip field's place, else that of a zip in the text; null without a zip. */
  place: ZipPlace | null;
  /** The words left once stop words are dropped, with their stems and a typo's look-alikes. */
  parts: QueryPart[];
  /** The one category the words all name ('nail tech' → nails), searched instead of the words. */
  category: string | null;
  /** Every word must match; null without words, or when they name a category. */
  tsquery: string | null;
  /** Any of the words, matched against a priced service's name; null when tsquery is. */
  serviceTsquery: string | null;
  /** What a category's providers are ranked by: any of the words; null without a category. */
  rankTsquery: string | null;
  /** The corrected words and the look-alikes searched for them ('Showing results for…'). */
  corrections: { word: string; suggestions: string[] }[];
}

/**
 * The words searched and the zip searched in: the field's zip, else one written in the words (then
 * taken out of them). Known before any word is resolved.
 */
export function searchedWords(asked: { query: string; locationZip: string }): { text: string; zip: string } {
  const zipInQuery = extractZip(asked.query);
  if (!zipInQuery) return { text: asked.query, zip: asked.locationZip };
  return { text: withoutZip(asked.query, zipInQuery), zip: asked.locationZip || zipInQuery };
}

/**
 * Understands a search's text and zip: the zip (the field's, else one in the text) and its place,
 * then the rest of the text as resolved words, a category or tsqueries. Refuses an unknown zip, as a
 * field error at `zipField`. Words the cache knows need no call to `analyze`.
 */
export async function understandQuery(
  asked: { query: string; locationZip: string },
  vocabulary: { cache: WordCache; analyze: AnalyzeWords },
  zipField = 'locationZip',
): Promise<UnderstoodQuery> {
  const { text, zip } = searchedWords(asked);
  const place = zip ? lookupZip(zip) : null;
  if (zip && !place) throw fieldError(zipField, SEARCH_TEXTS.unknownZip);
  const words = queryWords(text);
  const parts = words.length > 0 ? await resolveWords(words, vocabulary.cache, vocabulary.analyze) : [];
  // Only category words: that category, exactly ('nail tech'). Otherwise the words themselves.
  const category = categoryOfWords(parts);
  const tsquery = category ? null : tsqueryOf(parts);
  return {
    text,
    place,
    parts,
    category,
    tsquery,
    serviceTsquery: tsquery === null ? null : serviceTsqueryOf(parts),
    rankTsquery: category ? serviceTsqueryOf(parts) : null,
    corrections: parts
      .filter((p) => p.suggestions.length > 0)
      .map((p) => ({ word: p.word, suggestions: p.suggestions })),
  };
}
