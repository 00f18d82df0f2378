import { OPENING_LIMITS, OPENING_STRIP_TEXTS } from './openings-options';
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
} as const;

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
