/** Booking clicks: texts and limits (no zod, so pages can load them cheaply). */

export const BOOKING_LIMITS = {
  /** Rows in the provider's 'most recent' table (docs/product.md §9). */
  recentRows: 10,
  pageMax: 100,
  /** Days in the clicks-per-day chart. */
  chartDays: 30,
  /** Clicks of the same link by the same client within this window count once (double clicks). */
  duplicateWindowSeconds: 10,
  /**
   * How long the click token of a rendered profile or opening stays valid (ADR 008): long enough to
   * read a profile and decide; the page fetches a fresh one after half of it.
   */
  clickTokenTtlSeconds: 2 * 60 * 60,
  /** A page whose data (and click tokens) is older than this is fetched again when next looked at. */
  clickTokenRefreshSeconds: 60 * 60,
  /** A click token is a short JWT (about 250 characters); anything longer is refused unread. */
  clickTokenMax: 512,
  /** A service's name in a click (booking_logs.service_name); services' own names are shorter. */
  serviceNameMax: 100,
} as const;

const UNNAMED_CLIENT = 'Client with no name given';

export const BOOKING_TEXTS = {
  invalidUrl: "This link is not one of this provider's booking links",
  loadFailed: 'Failed to load booking analytics',
  loadFailedToast: 'Failed to load booking interest data',
  authRequired: 'Authentication required',
  loginToBook: 'Please log in to book an appointment.',
  showing: (shown: number, total: number) => `Showing ${shown} most recent clicks of ${total} total`,
  /** '312 clicks · 41 unique': every click, and at most one per client per day. */
  clicksAndUnique: (total: number, unique: number) =>
    `${total.toLocaleString('en-US')} ${total === 1 ? 'click' : 'clicks'} · ${unique.toLocaleString('en-US')} unique`,
  uniqueExplained: 'Unique clicks count each client at most once a day.',
  /** A client whose account has no name (every click is by a signed-in account: ADR 008). */
  unnamedClient: UNNAMED_CLIENT,
  /** A click whose client has since deleted their account. */
  deletedClient: 'Deleted account',
  /** 'Maya R.' (first name and last initial), 'Maya' with one name, or unnamedClient. */
  clientName: (client: { first_name: string; last_initial: string | null } | null): string =>
    client === null
      ? UNNAMED_CLIENT
      : client.last_initial
        ? `${client.first_name} ${client.last_initial}.`
        : client.first_name,
} as const;

/**
 * A service's own Book (its click names the service). Apart from BOOKING_TEXTS, which the public
 * profile loads for its openings' Book: these are for the API and the provider's click list only.
 */
export const SERVICE_BOOKING_TEXTS = {
  unknownService: "This service is not on this provider's profile",
  serviceWithoutLink: 'This service has no booking link of its own',
  /** Under a click's link in the provider's list, when it was a service's own Book. */
  forService: (service: string) => `Book for ${service}`,
} as const;
