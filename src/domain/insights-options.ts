/** Provider insights (issue 23 item 5): limits and texts, no zod, so pages can load them cheaply. */

export const INSIGHT_PERIODS = [7, 30, 90] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

export const INSIGHT_LIMITS = {
  /** Provider ids in one impressions beacon (a results page shows at most a few dozen cards). */
  beaconIdsMax: 60,
  /** The search words sent with an impressions beacon, as typed. */
  beaconQueryMax: 200,
  /** A results page's own random id (a retried beacon counts once). */
  beaconPageIdMax: 64,
  /** The words of one search that count (the first ones), and each word's length. */
  wordsPerSearch: 8,
  wordMax: 40,
  /** Search words shown to the provider. */
  topWords: 10,
  /** Beacon bodies are small: anything larger is refused unread. */
  beaconBodyBytes: 8 * 1024,
  /** Raw events (the day's hashed visitor keys and the day's salt) are deleted after this many days. */
  rawEventDays: 30,
} as const;

/** The beacon endpoint: the web app sends impressions and profile views here with navigator.sendBeacon. */
export const INSIGHT_BEACON_PATH = '/api/insights/events';

export const INSIGHT_TEXTS = {
  loadFailed: 'Failed to load insights',
  notFound: 'Not found',
} as const;

/** The figures of one day, in chart order (CSV columns after 'date'). */
export const INSIGHT_FIGURES = [
  { key: 'impressions', label: 'Search impressions', unit: 'impression' },
  { key: 'profile_views', label: 'Profile views', unit: 'view' },
  { key: 'new_favorites', label: 'New favorites', unit: 'new favorite' },
  { key: 'alert_inclusions', label: 'Saved-search alerts', unit: 'alert' },
  { key: 'booking_clicks', label: 'Booking clicks', unit: 'click' },
] as const;
export type InsightFigure = (typeof INSIGHT_FIGURES)[number]['key'];

/**
 * Words that say nothing about what a client looked for; left out of the top search words.
 * Lower-case.
 */
export const INSIGHT_STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'and',
  'the',
  'of',
  'for',
  'in',
  'near',
  'me',
  'to',
  'with',
  'on',
  'at',
  'or',
  'by',
  'my',
]);

/**
 * The words of a search that count towards a provider's top words: lower-case runs of letters and
 * digits (apostrophes kept inside), at least two characters, no stop words, each once, the first few.
 */
export function searchWords(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu) ?? [];
  const out: string[] = [];
  for (const word of words) {
    if (word.length < 2 || word.length > INSIGHT_LIMITS.wordMax || INSIGHT_STOP_WORDS.has(word)) continue;
    if (!out.includes(word)) out.push(word);
    if (out.length === INSIGHT_LIMITS.wordsPerSearch) break;
  }
  return out;
}
