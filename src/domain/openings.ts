import { z } from 'zod';
import { HttpUrlSchema, text } from './fields';

export * from './openings-options';

import { OPENING_LIMITS, OPENING_TEXTS } from './openings-options';

/** Short-notice openings, 'upcoming availability' (SPEC.md §2, §3 'Opening', §5, §7, §8, §9). */

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
  /**
   * In the public list, for a signed-in viewer other than the provider: the token its Book button
   * sends with the click (one per provider; ADR 008). Absent otherwise.
   */
  click_token: z.string().optional(),
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

/** Opening alerts (the account page's switch). */
export const OpeningAlertsSchema = z.object({ enabled: z.boolean() });
export const OpeningAlertsReplySchema = z.object({ success: z.literal(true), enabled: z.boolean() });
export const UnsubscribeBodySchema = z.object({ token: z.string().min(1).max(500) });
