import { OPENING_LIMITS, OPENING_STRIP_TEXTS } from './openings-options';
import { formatMoney, type PriceType } from './pricing-options';
import { SEARCH_TEXTS } from './search-options';

/**
 * Openings: the texts and time rules of posting, editing and listing them (no zod). Apart from
 * openings-options.ts, which the home page's first load carries (its strip needs only the limits and
 * OPENING_STRIP_TEXTS): these load with the pages that post or list openings.
 */

export const OPENING_TEXTS = {
  ...OPENING_STRIP_TEXTS,
  serviceTypeRequired: 'Service type is required',
  startRequired: 'Start time is required',
  endRequired: 'End time is required',
  invalidTimeTitle: 'Invalid Time',
  startInPast: 'Start time must be in the future',
  startTooSoon: `Start time must be at least ${OPENING_LIMITS.minLeadMinutes} minutes from now`,
  startTooFar: `Start time must be within the next ${OPENING_LIMITS.maxAheadDays} days`,
  endBeforeStart: 'End time must be after start time',
  tooLong: `An opening can be at most ${OPENING_LIMITS.maxHours} hours long`,
  tooMany: `You can have at most ${OPENING_LIMITS.perProviderMax} upcoming openings. Delete some to add more.`,
  loadFailed: 'Failed to load your openings',
  saveFailed: 'Failed to save opening',
  deleteFailed: 'Failed to delete opening',
  noToken: 'No authentication token',
  updated: 'Opening updated successfully',
  created: 'Upcoming availability created successfully',
  deleted: 'Opening deleted successfully',
  deactivated: 'Opening deactivated',
  pageTitle: 'All Available Openings',
  inactive: 'Inactive',
  zoneChanged: 'Your time zone changed since this form opened. Check the times and save again.',
  timeZoneSaved: 'Time zone saved',
  timeZoneFailed: 'Failed to save your time zone',
  unknownZip: SEARCH_TEXTS.unknownZip,
  chooseDay: 'Choose a day',
  /** After saving an opening that starts past the public lists' days ('Tue, Dec 8 at 3:00 PM CST'). */
  publicFrom: (when: string) =>
    `It will appear publicly on ${when} (the public lists show the next ${OPENING_LIMITS.windowDays} days).`,
  /** The tag on such an opening in the provider's own list. */
  notPublicYet: (when: string) => `Appears publicly on ${when}`,
  serviceLabel: 'From one of your services',
  ownService: 'None: type your own',
  unknownService: 'That is not one of your services. Choose one of them, or none and type your own.',
  reducedPriceLabel: 'Reduced price',
  reducedPriceInvalid: 'Enter the reduced price as an amount, e.g. 140',
  reducedWithoutService:
    'A reduced price needs one of your services: its own price is shown as the regular one',
  notReducible:
    "Only a service with a fixed or 'starting at' price can be reduced: this one has no single price to show as the regular one",
  reducedNotBelow: (regular: string) => `The reduced price must be below the regular ${regular}`,
  /** The reduced-price field's hint. */
  regularPrice: (regular: string) => `Optional. Regular price ${regular}; shown as 'was ${regular}'`,
  reducedFilter: 'Reduced price',
} as const;

/** One of the provider's services as the openings form and the server read it (their pricing). */
export interface OpeningService {
  service: string;
  price: string;
  priceType: PriceType;
  minPrice: number | null;
  durationMin?: number | null | undefined;
  durationMax?: number | null | undefined;
}

/** The provider's service of that name (trimmed, any case), if they have one. */
export function findOpeningService<T extends { service: string }>(
  services: readonly T[],
  name: string,
): T | undefined {
  const key = name.trim().toLowerCase();
  return services.find((s) => s.service.trim().toLowerCase() === key);
}

/**
 * An opening of `service` at the `reduced` price: the regular price it shows as 'was' (the
 * service's own: a fixed price, or a 'starting at' one), or why it cannot be reduced (a range or
 * 'contact' has no single price; the reduced price must be below the regular one).
 */
export function reductionOf(
  service: Pick<OpeningService, 'priceType' | 'minPrice'>,
  reduced: number,
): { regular: number } | { error: string } {
  const regular = service.minPrice;
  if ((service.priceType !== 'fixed' && service.priceType !== 'starting_at') || !(regular && regular > 0))
    return { error: OPENING_TEXTS.notReducible };
  if (reduced >= regular) return { error: OPENING_TEXTS.reducedNotBelow(formatMoney(regular)) };
  return { regular };
}

/** Whether a service's price can be reduced (the form offers the field only then). */
export const isReducible = (service: Pick<OpeningService, 'priceType' | 'minPrice'>) =>
  'regular' in reductionOf(service, 0);

/** How long an opening of the service lasts, in minutes: its duration, the longest of a range. */
export const serviceMinutes = (service: Pick<OpeningService, 'durationMin' | 'durationMax'>) =>
  service.durationMax ?? service.durationMin ?? null;

/**
 * When an active opening enters the public lists, which show the openings starting in the next
 * OPENING_LIMITS.windowDays days: that long before it starts (an ISO instant), or null when it is in
 * them already at `now`.
 */
export function openingPublicFrom(startIso: string, now: Date): string | null {
  const at = Date.parse(startIso) - OPENING_LIMITS.windowDays * 86_400_000;
  return at > now.getTime() ? new Date(at).toISOString() : null;
}

export interface TimeIssue {
  path: 'start_time' | 'end_time';
  message: string;
}

/**
 * The time rules of docs/product.md §5, shared by the form (with the browser's clock) and the server (with
 * its own): start at least 30 minutes ahead and within 60 days, end after start, at most 12 hours.
 */
export function openingTimeIssues(startIso: string, endIso: string, now: Date): TimeIssue[] {
  const start = Date.parse(startIso);
  const end = Date.parse(endIso);
  const issues: TimeIssue[] = [];
  if (start <= now.getTime()) issues.push({ path: 'start_time', message: OPENING_TEXTS.startInPast });
  else if (start < now.getTime() + OPENING_LIMITS.minLeadMinutes * 60_000)
    issues.push({ path: 'start_time', message: OPENING_TEXTS.startTooSoon });
  else if (start > now.getTime() + OPENING_LIMITS.maxAheadDays * 86_400_000)
    issues.push({ path: 'start_time', message: OPENING_TEXTS.startTooFar });
  if (end <= start) issues.push({ path: 'end_time', message: OPENING_TEXTS.endBeforeStart });
  else if (end - start > OPENING_LIMITS.maxHours * 3_600_000)
    issues.push({ path: 'end_time', message: OPENING_TEXTS.tooLong });
  return issues;
}
