import { z } from 'zod';
import { PROVIDER_NOT_FOUND } from './errors';
import { isHttpUrl } from './links';
import { LIMITS } from './options';

export * from './bookings-options';

import { BOOKING_LIMITS, BOOKING_TEXTS, SERVICE_BOOKING_TEXTS } from './bookings-options';

/** Booking-link clicks (docs/product.md §3 'Booking log', §7, §8, §9 'Booking analytics'). */

export const LogBookingBodySchema = z
  .object({
    /** The link clicked: one of the provider's booking links. Not needed with `service`. */
    url: z
      .string({ error: BOOKING_TEXTS.invalidUrl })
      .trim()
      .max(LIMITS.urlMax, BOOKING_TEXTS.invalidUrl)
      .refine(isHttpUrl, BOOKING_TEXTS.invalidUrl)
      .optional(),
    provider_id: z.uuid({ error: PROVIDER_NOT_FOUND }),
    /**
     * A service's own Book: its name as the profile lists it. The link logged is the one stored with
     * that service on the profile (a `url` sent with it must be that link).
     */
    service: z
      .string({ error: SERVICE_BOOKING_TEXTS.unknownService })
      .trim()
      .min(1, SERVICE_BOOKING_TEXTS.unknownService)
      .max(BOOKING_LIMITS.serviceNameMax, SERVICE_BOOKING_TEXTS.unknownService)
      .optional(),
    /**
     * The click token the profile or opening came with (signed-in viewers only; ADR 008). Without a
     * valid one the click still counts in analytics but never opens a review.
     */
    click_token: z
      .string({ error: 'Invalid click token' })
      .max(BOOKING_LIMITS.clickTokenMax, 'Invalid click token')
      .optional(),
  })
  .strict()
  .refine((body) => body.url !== undefined || body.service !== undefined, {
    path: ['url'],
    message: BOOKING_TEXTS.invalidUrl,
  });
export type LogBookingBody = z.infer<typeof LogBookingBodySchema>;

export const LogBookingReplySchema = z.object({
  success: z.literal(true),
  /** False when the click was not counted: the provider's own click, or a repeat within seconds. */
  logged: z.boolean(),
});

/** GET /api/booking-logs?provider_id=&limit=&cursor=&tz_offset= */
export const BookingLogsQuerySchema = z.object({
  provider_id: z.uuid({ error: PROVIDER_NOT_FOUND }).optional(),
  limit: z.coerce.number().int().min(1).max(BOOKING_LIMITS.pageMax).default(BOOKING_LIMITS.recentRows),
  cursor: z.string().max(200, 'Invalid page cursor').optional(),
  /** Minutes to add to UTC for the viewer's local day in the chart (getTimezoneOffset() negated). */
  tz_offset: z.coerce.number().int().min(-840).max(840).default(0),
});

/**
 * Who clicked, as a provider may see them: the first word of their name and the first letter of its
 * last word ('Maya R.'; BOOKING_TEXTS.clientName). Null when the account has no name (a client's name
 * is optional) or its first word looks like an email address. Never the full name or the email.
 */
export const BookingClientSchema = z
  .object({ first_name: z.string(), last_initial: z.string().nullable() })
  .nullable();

export const BookingLogSchema = z.object({
  id: z.string(),
  /** Null once the client deleted their account (the click stays, anonymous). */
  client_id: z.string().nullable(),
  client: BookingClientSchema,
  provider_id: z.string(),
  url: z.string(),
  /** The service whose own Book was clicked; null for the profile's Book or an opening's. */
  service_name: z.string().nullable(),
  created_at: z.string(),
});

export const BookingStatsSchema = z.object({
  total_clicks: z.number().int(),
  /** At most one click per client per day (the viewer's day, as the chart's): what a script cannot inflate. */
  unique_clicks: z.number().int(),
  unique_clients: z.number().int(),
  last_7_days: z.number().int(),
  unique_last_7_days: z.number().int(),
  /**
   * One entry per day for the last 30 days, oldest first, zeros included ('YYYY-MM-DD'): every
   * click (`count`) and the clients who clicked that day (`unique`).
   */
  per_day: z.array(z.object({ date: z.string(), count: z.number().int(), unique: z.number().int() })),
});
export type BookingStats = z.infer<typeof BookingStatsSchema>;

export const BookingLogsReplySchema = z.object({
  success: z.literal(true),
  data: z.object({
    logs: z.array(BookingLogSchema),
    total: z.number().int(),
    nextCursor: z.string().nullable(),
    /** For one provider (the owner's analytics); absent on the admin's list of every click. */
    stats: BookingStatsSchema.optional(),
  }),
});
export type BookingLogsReply = z.infer<typeof BookingLogsReplySchema>;
