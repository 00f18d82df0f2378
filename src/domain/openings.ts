import { z } from 'zod';
import { HttpUrlSchema, PositionSchema, text } from './fields';
import { CATEGORY_IDS } from './options';
import { PoliciesReplySchema } from './policies';
import { PRICING_LIMITS } from './pricing-options';
import { RADIUS_OPTIONS, SEARCH_LIMITS } from './search-options';

export * from './opening-services';
export * from './opening-texts';
export * from './openings-options';

import { OPENING_SERVICE_TEXTS } from './opening-services';
import { OPENING_TEXTS } from './opening-texts';
import { OPENING_LIMITS, US_TIME_ZONE_IDS, WALL_TIME } from './openings-options';

/** Short-notice openings, 'upcoming availability' (docs/product.md §2, §3 'Opening', §5, §7, §8, §9). */

/**
 * An opening's start or end: a wall-clock 'YYYY-MM-DDTHH:mm' in the provider's time zone (what the
 * form sends; the server converts it), or an ISO 8601 instant with an offset or Z
 * ('2026-11-24T15:00:00.000Z').
 */
const openingTime = (error: string) =>
  z.union([z.iso.datetime({ offset: true }), z.string().regex(WALL_TIME)], { error });

const optionalText = (max: number, label: string) =>
  text(max, label)
    .nullish()
    .transform((v) => (v ? v : null));

/** The fields a provider fills in; blank optional fields become null (docs/product.md §5 'Opening'). */
const OpeningFieldsObject = z.object({
  service_type: text(OPENING_LIMITS.serviceTypeMax, 'Service type').min(1, OPENING_TEXTS.serviceTypeRequired),
  start_time: openingTime(OPENING_TEXTS.startRequired),
  end_time: openingTime(OPENING_TEXTS.endRequired),
  price: optionalText(OPENING_LIMITS.priceMax, 'Price'),
  note: optionalText(OPENING_LIMITS.noteMax, 'Note'),
  location_override: optionalText(OPENING_LIMITS.locationMax, 'Location'),
  booking_link_override: HttpUrlSchema.nullish().transform((v) => (v ? v : null)),
  /**
   * The zone the form showed the wall-clock times in. Optional; when sent, it must be the provider's
   * zone on the server (a 409 otherwise: the zone changed since the form opened).
   */
  time_zone: z.string().max(64).optional(),
  /**
   * The name of one of the provider's services the opening is for (their pricing): the server
   * checks it is one, and stores its name as service_type. Blank or absent: a typed-in opening.
   */
  service: optionalText(PRICING_LIMITS.serviceMax, 'Service'),
  /**
   * The opening at a reduced price, with `service`: an amount below that service's own price (a
   * fixed or 'starting at' one), which the server reads from the pricing and keeps as the 'was'
   * price (regular_price); `price` becomes this amount. No 'was' amount is ever sent. Absent or
   * null: not reduced (an edit without it clears a reduction).
   */
  reduced_price: z
    .number({ error: OPENING_SERVICE_TEXTS.reducedPriceInvalid })
    .positive(OPENING_SERVICE_TEXTS.reducedPriceInvalid)
    .max(PRICING_LIMITS.priceMax, OPENING_SERVICE_TEXTS.reducedPriceInvalid)
    .nullish()
    .transform((v) => (typeof v === 'number' ? Math.round(v * 100) / 100 : null)),
});

/** A reduced price is a service's: never without one. */
const reducedNeedsService = (
  fields: { service: string | null; reduced_price: number | null },
  ctx: z.RefinementCtx,
) => {
  if (fields.reduced_price !== null && !fields.service)
    ctx.addIssue({
      code: 'custom',
      path: ['reduced_price'],
      message: OPENING_SERVICE_TEXTS.reducedWithoutService,
    });
};

export const OpeningFieldsSchema = OpeningFieldsObject.superRefine(reducedNeedsService);

export const CreateOpeningBodySchema = OpeningFieldsObject.strict().superRefine(reducedNeedsService);
export type CreateOpeningBody = z.input<typeof CreateOpeningBodySchema>;
export type OpeningFields = z.output<typeof OpeningFieldsSchema>;

/** PUT ?id=: the same fields, plus is_active to switch an opening back on. */
export const UpdateOpeningBodySchema = OpeningFieldsObject.extend({
  is_active: z.boolean().optional(),
})
  .strict()
  .superRefine(reducedNeedsService);
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
  // The public list's filters (/availability).
  /** Openings of providers within `radius` miles of this zip. */
  zip: z
    .string()
    .regex(/^\d{5}$/, 'Enter a 5-digit zip code')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  radius: z.coerce
    .number()
    .refine((n) => (RADIUS_OPTIONS as readonly number[]).includes(n), 'Choose 5, 10, 25 or 50 miles')
    .default(SEARCH_LIMITS.radiusDefaultMiles),
  /** Words of the service (or note), matched as whole words with English stemming. */
  q: z.string().trim().max(OPENING_LIMITS.serviceTypeMax, 'Search words are too long').optional(),
  /** A provider category ('hair', 'nails', …). */
  category: z.enum(CATEGORY_IDS, { error: 'Unknown category' }).optional(),
  /** A day, 'YYYY-MM-DD', on each opening's own (provider's) calendar. */
  day: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, OPENING_TEXTS.chooseDay)
    .optional(),

  /** 'true': only openings at a reduced price (the openings_reduced_start_idx index). */
  reduced: z
    .enum(['true', 'false'], { error: 'Reduced must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});
export type OpeningsQuery = z.input<typeof OpeningsQuerySchema>;

export const OpeningSchema = z.object({
  id: z.string(),
  provider_id: z.string(),
  provider_name: z.string(),
  provider_image: z.string().nullable(),
  routing_slug: z.string(),
  service_type: z.string(),
  /** The provider's time zone ('America/Chicago'): show the times on its clocks (ADR 012). */
  time_zone: z.string(),
  price: z.string().nullable(),
  /**
   * At a reduced price: the regular price (its service's own, as the server read it when it was
   * saved), shown as 'was $180, now $140' with `price` the reduced one. Null otherwise.
   */
  regular_price: z.number().nullable(),
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
  /** The provider's deposit and cancellation policies (their profile's; policies.ts). */
  policies: PoliciesReplySchema,
  /** The provider's point on the map: their own pin or their zip's centre (3 decimals); null when unknown. */
  provider_position: PositionSchema.nullable(),
  /**
   * In the public list, for a signed-in viewer other than the provider: the token its Book button
   * sends with the click (one per provider; ADR 008). Absent otherwise.
   */
  click_token: z.string().optional(),
});
export type Opening = z.infer<typeof OpeningSchema>;

/** An opening in 'New for you', with the saved search it matches (the newest, when several do). */
export const OpeningForYouSchema = OpeningSchema.extend({
  saved_search: z.object({ id: z.string(), name: z.string() }),
});
export type OpeningForYou = z.infer<typeof OpeningForYouSchema>;

/** GET /api/saved-searches/openings ('New for you'). */
export const OpeningsForYouReplySchema = z.object({
  success: z.literal(true),
  openings: z.array(OpeningForYouSchema),
});
export type OpeningsForYouReply = z.infer<typeof OpeningsForYouReplySchema>;

/** A provider's time-zone setting: the one they chose (null: their zip's) and what is in force. */
export const ProviderTimeZoneSchema = z.object({
  /** provider_profiles.time_zone: null means 'the zone of my zip'. */
  chosen: z.string().nullable(),
  /** The zone of the profile's zip (Eastern when there is none). */
  zip_time_zone: z.string(),
  zip: z.string().nullable(),
  /** The zip's city ('Austin'), null without a known zip. */
  city: z.string().nullable(),
  /** chosen ?? zip_time_zone: the zone the provider's openings are in. */
  effective: z.string(),
});
export type ProviderTimeZone = z.infer<typeof ProviderTimeZoneSchema>;

export const OpeningsReplySchema = z.object({
  success: z.literal(true),
  openings: z.array(OpeningSchema),
  nextCursor: z.string().nullable(),
  /** In the owner's list (?provider_id=): their time-zone setting, for the form and the picker. */
  provider_time_zone: ProviderTimeZoneSchema.optional(),
});
export type OpeningsReply = z.infer<typeof OpeningsReplySchema>;

export const OpeningReplySchema = z.object({
  success: z.literal(true),
  /** What was done, and for an opening not public yet when it will be (OPENING_TEXTS.publicFrom). */
  message: z.string(),
  opening: OpeningSchema,
  /**
   * When the saved opening enters the public lists (openingPublicFrom, an ISO instant): null when it
   * is in them already, or inactive.
   */
  public_from: z.string().nullable(),
});
export type OpeningReply = z.infer<typeof OpeningReplySchema>;

export const DeleteOpeningReplySchema = z.object({ success: z.literal(true), message: z.string() });

/** PUT /api/last-minute-openings/time-zone: a US zone, or null for 'from my zip'. */
export const SetTimeZoneBodySchema = z
  .object({ time_zone: z.enum(US_TIME_ZONE_IDS, { error: 'Choose a US time zone' }).nullable() })
  .strict();
export type SetTimeZoneBody = z.input<typeof SetTimeZoneBodySchema>;
export const TimeZoneReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  provider_time_zone: ProviderTimeZoneSchema,
});
export type TimeZoneReply = z.infer<typeof TimeZoneReplySchema>;

/** Opening alerts (the account page's switch). */
export const OpeningAlertsSchema = z.object({ enabled: z.boolean() });
export const OpeningAlertsReplySchema = z.object({ success: z.literal(true), enabled: z.boolean() });
