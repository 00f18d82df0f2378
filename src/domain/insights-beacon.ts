/**
 * The insights beacon's path and limits (ADR 019), in a module of their own with no
 * imports: the web app's beacon code loads them, and nothing else, when it has something to send.
 */

export const INSIGHT_BEACON_PATH = '/api/insights/events';
/** Where the profile page asks for the token its view beacon carries (the page itself is shared-cached). */
export const INSIGHT_VIEW_TOKEN_PATH = '/api/insights/view-token';

export const INSIGHT_BEACON_LIMITS = {
  /** Provider ids one search reply's token names (a results page shows at most 50 cards). */
  idsMax: 60,
  /**
   * A token's length: the ids (16 bytes each), at most 8 words of at most 40 characters, signed and
   * base64url-encoded, stay well under it.
   */
  tokenMax: 4096,
} as const;
