import { z } from 'zod';
import { PROVIDER_NOT_FOUND } from './errors';

export * from './reviews-options';

import { HELD_REASONS, REPORT_REASONS, REVIEW_LIMITS, REVIEW_TEXTS } from './reviews-options';

/**
 * Reviews (docs/product.md §10, ratings; ADR 008): only clients who clicked Book on a
 * provider's page 2 hours to 90 days ago, from an account at least a day old, may review, once per
 * provider and at most 3 a day. The form and the server use these schemas.
 */

const rating = z
  .number({ error: REVIEW_TEXTS.ratingRequired })
  .int(REVIEW_TEXTS.ratingRequired)
  .min(1, REVIEW_TEXTS.ratingRequired)
  .max(5, REVIEW_TEXTS.ratingRequired);

const reviewText = z.string().trim().max(REVIEW_LIMITS.textMax, REVIEW_TEXTS.textTooLong).default('');

/** The service the review is about: one of the provider's service names (checked by the server). */
const service = z
  .string()
  .trim()
  .max(REVIEW_LIMITS.serviceMax, REVIEW_TEXTS.unknownService)
  .nullable()
  .optional()
  .transform((v) => v || null);

export const ReviewFieldsSchema = z.object({ rating, text: reviewText, service }).strict();
export type ReviewFields = z.input<typeof ReviewFieldsSchema>;

/** POST /api/reviews */
export const CreateReviewBodySchema = ReviewFieldsSchema.extend({
  provider_id: z.uuid({ error: PROVIDER_NOT_FOUND }),
}).strict();
export type CreateReviewBody = z.input<typeof CreateReviewBodySchema>;

/** PUT /api/reviews/:id */
export const UpdateReviewBodySchema = ReviewFieldsSchema;

export const ReviewIdParamsSchema = z.object({ id: z.uuid({ error: REVIEW_TEXTS.notFound }) });

/** PUT /api/reviews/:id/reply */
export const ReplyBodySchema = z
  .object({
    text: z
      .string({ error: REVIEW_TEXTS.replyRequired })
      .trim()
      .min(1, REVIEW_TEXTS.replyRequired)
      .max(REVIEW_LIMITS.replyMax, REVIEW_TEXTS.replyTooLong),
  })
  .strict();
export type ReplyBody = z.input<typeof ReplyBodySchema>;

/** POST /api/reviews/:id/report */
export const ReportBodySchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { error: REVIEW_TEXTS.reportReasonRequired }),
    details: z
      .string()
      .trim()
      .max(
        REVIEW_LIMITS.reportReasonMax,
        `Details must be at most ${REVIEW_LIMITS.reportReasonMax} characters`,
      )
      .optional()
      .transform((v) => v || null),
  })
  .strict();
export type ReportBody = z.input<typeof ReportBodySchema>;

/** GET /api/reviews?provider_id=&limit=&cursor= */
export const ReviewsQuerySchema = z.object({
  provider_id: z.uuid({ error: PROVIDER_NOT_FOUND }),
  limit: z.coerce.number().int().min(1).max(REVIEW_LIMITS.pageMax).default(REVIEW_LIMITS.pageDefault),
  cursor: z.string().max(200, 'Invalid page cursor').optional(),
});

/** GET /api/reviews/eligibility?provider_id= */
export const EligibilityQuerySchema = z.object({
  provider_id: z.uuid({ error: PROVIDER_NOT_FOUND }),
});

export const ReviewReplySchema = z.object({
  text: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const ReviewSchema = z.object({
  id: z.string(),
  provider_id: z.string(),
  rating: z.number().int(),
  text: z.string(),
  service: z.string().nullable(),
  /** First name and last initial ('Jordan M.'); never the email. */
  reviewer_name: z.string(),
  created_at: z.string(),
  /** Later than created_at when its author edited it. */
  updated_at: z.string(),
  reply: ReviewReplySchema.nullable(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const RatingSummarySchema = z.object({
  /** One decimal; null without reviews. */
  average: z.number().nullable(),
  count: z.number().int(),
  /** Reviews per star, 5 stars first. */
  breakdown: z.array(z.object({ stars: z.number().int(), count: z.number().int() })),
});
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

export const ReviewsReplySchema = z.object({
  success: z.literal(true),
  reviews: z.array(ReviewSchema),
  summary: RatingSummarySchema,
  nextCursor: z.string().nullable(),
});
export type ReviewsReply = z.infer<typeof ReviewsReplySchema>;

export const ELIGIBILITY_STATUSES = [
  'eligible',
  'reviewed',
  /** The viewer's review waits for a moderator (held; ADR 008). */
  'held',
  'no_booking',
  'too_early',
  'expired',
  /** The only click through the page was made when the account was under a day old. */
  'account_too_new',
  /** Eligible, but the account posted its 3 reviews of the last 24 hours. */
  'daily_limit',
  'own_profile',
] as const;
export type EligibilityStatus = (typeof ELIGIBILITY_STATUSES)[number];

export const EligibilityReplySchema = z.object({
  success: z.literal(true),
  status: z.enum(ELIGIBILITY_STATUSES),
  /** too_early: when the review window opens; daily_limit: when the account may post again. */
  eligible_from: z.string().nullable(),
  /** The viewer's review of this provider, if any, and until when it can be edited. */
  review: ReviewSchema.nullable(),
  editable_until: z.string().nullable(),
});
export type EligibilityReply = z.infer<typeof EligibilityReplySchema>;

export const ReviewChangeReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  review: ReviewSchema,
  summary: RatingSummarySchema,
});
export type ReviewChangeReply = z.infer<typeof ReviewChangeReplySchema>;

export const ReviewDeleteReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  summary: RatingSummarySchema,
});

export const MessageReplySchema = z.object({ success: z.literal(true), message: z.string() });

// ---------------------------------------------------------------------------------------------
// Admin moderation

export const MODERATION_ACTIONS = ['hide', 'restore', 'dismiss'] as const;

export const ADMIN_REVIEW_STATUSES = ['reported', 'held', 'hidden'] as const;
export type AdminReviewStatus = (typeof ADMIN_REVIEW_STATUSES)[number];

/** GET /api/admin/reviews?status=reported|held|hidden */
export const AdminReviewsQuerySchema = z.object({
  status: z.enum(ADMIN_REVIEW_STATUSES).default('reported'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(REVIEW_LIMITS.adminPageMax)
    .default(REVIEW_LIMITS.adminPageDefault),
  cursor: z.string().max(200, 'Invalid page cursor').optional(),
});

export const AdminReviewSchema = ReviewSchema.extend({
  provider_name: z.string(),
  provider_slug: z.string(),
  report_count: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), details: z.string().nullable() })),
  last_reported_at: z.string().nullable(),
  hidden_at: z.string().nullable(),
  /** Why it waits (or, once hidden by a moderator, waited) for a moderator; null for others. */
  held_reason: z.enum(HELD_REASONS).nullable(),
});

/** PUT /api/admin/reviews/:id: hide (stops counting), restore (publishes a held one), or dismiss its reports. */
export const ModerationBodySchema = z.object({ action: z.enum(MODERATION_ACTIONS) }).strict();
export type ModerationBody = z.infer<typeof ModerationBodySchema>;
