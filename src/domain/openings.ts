import { z } from 'zod';
import { HttpUrlSchema, text } from './fields';

/** Short-notice openings, 'upcoming availability' (SPEC.md §2, §3 'Opening', §5, §7, §8, §9). */

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

/** An ISO 8601 instant with an offset or Z ('2026-11-24T15:00:00.000Z'). */
const optionalText = (max: number, label: string) =>
  text(max, label)
    .nullish()
    .transform((v) => (v ? v : null));

/** The fields a provider fills in; blank optional fields become null (SPEC.md §5 'Opening'). */
export const OpeningFieldsSchema = z.object({
  service_type: text(OPENING_LIMITS.serviceTypeMax, 'Service type').min(1, OPENING_TEXTS.serviceTypeRequired),
  start_time: z.iso.datetime({ offset: true, error: OPENING_TEXTS.startRequired }),
  end_time: z.iso.datetime({ offset: true, error: OPENING_TEXTS.endRequired }),
  price: optionalText(OPENING_LIMITS.priceMax, 'Price'),
  note: optionalText(OPENING_LIMITS.noteMax, 'Note'),
  location_override: optionalText(OPENING_LIMITS.locationMax, 'Location'),
  booking_link_override: HttpUrlSchema.nullish().transform((v) => (v ? v : null)),
});

export const CreateOpeningBodySchema = OpeningFieldsSchema.strict();
export type CreateOpeningBody = z.input<typeof CreateOpeningBodySchema>;
export type OpeningFields = z.output<typeof OpeningFieldsSchema>;

/** PUT ?id=: the same fields, plus is_active to switch an opening back on. */
export const UpdateOpeningBodySchema = OpeningFieldsSchema.extend({
  is_active: z.boolean().optional(),
}).strict();
export type UpdateOpeningBody = z.input<typeof UpdateOpeningBodySchema>;

export const OpeningIdQuerySchema = z.object({ id: z.uuid({ error: 'Opening not found' }) });

export const DeleteOpeningQuerySchema = OpeningIdQuerySchema.extend({
  /** false (default): deactivate; true: delete for good. */
  permanent: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/**
 * GET /api/last-minute-openings: without provider_id, the public list (active, not ended, starting in
 * the next 5 days, soonest first, paged); with provider_id, the owner's own (bearer), also inactive
 * ones when include_inactive=true.
 */
export const OpeningsQuerySchema = z.object({
  provider_id: z.uuid({ error: 'Not found' }).optional(),
  include_inactive: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  limit: z.coerce.number().int().min(1).max(OPENING_LIMITS.pageMax).default(OPENING_LIMITS.pageDefault),
  cursor: z.string().max(200, 'Invalid page cursor').optional(),
});
export type OpeningsQuery = z.input<typeof OpeningsQuerySchema>;

export const OpeningSchema = z.object({
  id: z.string(),
  provider_id: z.string(),
  provider_name: z.string(),
  provider_image: z.string().nullable(),
  routing_slug: z.string(),
  service_type: z.string(),
  price: z.string().nullable(),
  start_time: z.string(),
  end_time: z.string(),
  note: z.string().nullable(),
  location_override: z.string().nullable(),
  booking_link_override: z.string().nullable(),
  is_active: z.boolean(),
  /** The override, or the provider's location. */
  display_location: z.string(),
  /** The override, or the provider's booking link ('' when neither). */
  display_booking_link: z.string(),
});
export type Opening = z.infer<typeof OpeningSchema>;

export const OpeningsReplySchema = z.object({
  success: z.literal(true),
  openings: z.array(OpeningSchema),
  nextCursor: z.string().nullable(),
});
export type OpeningsReply = z.infer<typeof OpeningsReplySchema>;

export const OpeningReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  opening: OpeningSchema,
});
export type OpeningReply = z.infer<typeof OpeningReplySchema>;

export const DeleteOpeningReplySchema = z.object({ success: z.literal(true), message: z.string() });

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

/** Opening alerts (the account page's switch). */
export const OpeningAlertsSchema = z.object({ enabled: z.boolean() });
export const OpeningAlertsReplySchema = z.object({ success: z.literal(true), enabled: z.boolean() });
export const UnsubscribeBodySchema = z.object({ token: z.string().min(1).max(500) });
