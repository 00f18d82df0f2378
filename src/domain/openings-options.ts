/** Openings: texts, limits and the time rules (no zod, so pages can load them cheaply). */

export const OPENING_LIMITS = {
  /** The public list covers openings starting in the next 5 days (SPEC.md §9). */
  windowDays: 5,
  /** The date-time inputs' minimum and the server's rule: at least 30 minutes from now. */
  minLeadMinutes: 30,
  maxHours: 12,
  maxAheadDays: 60,
  serviceTypeMax: 100,
  priceMax: 50,
  noteMax: 500,
  locationMax: 200,
  /** Upcoming openings (active or not) one provider may have at a time. */
  perProviderMax: 50,
  pageDefault: 24,
  pageMax: 100,
  /** Openings on the home page's 'Upcoming Availability'. */
  homeCount: 6,
} as const;

export const OPENING_TEXTS = {
  serviceTypeRequired: 'Service type is required',
  startRequired: 'Start time is required',
  endRequired: 'End time is required',
  invalidTimeTitle: 'Invalid Time',
  startInPast: 'Start time must be in the future',
  startTooSoon: `Start time must be at least ${30} minutes from now`,
  startTooFar: `Start time must be within the next ${60} days`,
  endBeforeStart: 'End time must be after start time',
  tooLong: `An opening can be at most ${12} hours long`,
  tooMany: `You can have at most ${50} upcoming openings. Delete some to add more.`,
  loadFailed: 'Failed to load your openings',
  saveFailed: 'Failed to save opening',
  deleteFailed: 'Failed to delete opening',
  noToken: 'No authentication token',
  updated: 'Opening updated successfully',
  created: 'Upcoming availability created successfully',
  deleted: 'Opening deleted successfully',
  deactivated: 'Opening deactivated',
  sectionTitle: 'Upcoming Availability',
  viewAll: 'View All Available Openings',
  pageTitle: 'All Available Openings',
  inactive: 'Inactive',
} as const;

export interface TimeIssue {
  path: 'start_time' | 'end_time';
  message: string;
}

/**
 * The time rules of SPEC.md §5, shared by the form (with the browser's clock) and the server (with
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
