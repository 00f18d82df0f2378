/** Booking clicks: texts and limits (no zod, so pages can load them cheaply). */

export const BOOKING_LIMITS = {
  /** Rows in the provider's 'most recent' table (SPEC.md §9). */
  recentRows: 10,
  pageMax: 100,
  /** Days in the clicks-per-day chart. */
  chartDays: 30,
  /** Clicks of the same link by the same client within this window count once (double clicks). */
  duplicateWindowSeconds: 10,
} as const;

export const BOOKING_TEXTS = {
  invalidUrl: "This link is not one of this provider's booking links",
  loadFailed: 'Failed to load booking analytics',
  loadFailedToast: 'Failed to load booking interest data',
  authRequired: 'Authentication required',
  loginToBook: 'Please log in to book an appointment.',
  showing: (shown: number, total: number) => `Showing ${shown} most recent clicks of ${total} total`,
} as const;
