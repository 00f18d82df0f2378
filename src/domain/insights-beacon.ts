/**
 * The insights beacon's path and limits (issue 23 item 5, ADR 019), in a module of their own with no
 * imports: the web app's beacon code loads them, and nothing else, when it has something to send.
 */

export const INSIGHT_BEACON_PATH = '/api/insights/events';

export const INSIGHT_BEACON_LIMITS = {
  /** Provider ids in one impressions beacon (a results page shows at most a few dozen cards). */
  idsMax: 60,
  /** The search words sent with an impressions beacon, as typed. */
  queryMax: 200,
  /** A results page's own random id (a retried beacon counts once). */
  pageIdMax: 64,
} as const;
