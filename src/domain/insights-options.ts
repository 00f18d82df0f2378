/** Provider insights (ADR 019): limits and texts, no zod, so pages can load them cheaply. */

export const INSIGHT_PERIODS = [7, 30, 90] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

export const INSIGHT_LIMITS = {
  /** The words of one search that count (the first ones), and each word's length. */
  wordsPerSearch: 8,
  wordMax: 40,
  /** Search words shown to the provider. */
  topWords: 10,
  /**
   * The privacy page's promise: no raw event is kept longer than this many days (the visitor keys
   * and their salt go after two; ADR 019).
   */
  rawEventDays: 30,
} as const;

export const INSIGHT_TEXTS = {
  loadFailed: 'Failed to load insights',
} as const;

/** The figures of one day, in chart order (CSV columns after 'date'). */
export const INSIGHT_FIGURES = [
  { key: 'impressions', label: 'Search impressions', unit: 'impression' },
  { key: 'profile_views', label: 'Profile views', unit: 'view' },
  { key: 'new_favorites', label: 'New favorites', unit: 'new favorite' },
  { key: 'alert_inclusions', label: 'Saved-search alerts', unit: 'alert' },
  { key: 'push_opens', label: 'Notification opens', unit: 'open' },
  { key: 'booking_clicks', label: 'Booking clicks', unit: 'click' },
] as const;
