import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminReviewsQuerySchema,
  AdminReviewsReplySchema,
  CreateReviewBodySchema,
  EligibilityQuerySchema,
  EligibilityReplySchema,
  MessageReplySchema,
  ModerationBodySchema,
  ReplyBodySchema,
  ReportBodySchema,
  ReviewChangeReplySchema,
  ReviewDeleteReplySchema,
  ReviewIdParamsSchema,
  ReviewsQuerySchema,
  ReviewsReplySchema,
  UpdateReviewBodySchema,
} from '#domain/reviews.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import * as reviews from './reviews.service';

const tags = ['reviews'];
const security = [{ bearerAuth: [] }];

export async function reviewRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;
  const write = { preHandler: base.authenticate, config: { rateLimit: RATE_LIMITS.reviewWrite } };

  app.get(
    '/api/reviews',
    {
      schema: {
        tags,
        summary: "A provider's reviews, newest first (paged), with the average, count and breakdown",
        querystring: ReviewsQuerySchema,
        response: { 200: ReviewsReplySchema },
      },
    },
    async (req) => ({ success: true as const, ...(await reviews.listReviews(ctx, req.query)) }),
  );

  app.get(
    '/api/reviews/eligibility',
    {
      preHandler: base.authenticate,
      schema: {
        tags,
        security,
        summary: 'May the signed-in user review this provider now, and their own review if any',
        querystring: EligibilityQuerySchema,
        response: { 200: EligibilityReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await reviews.getEligibility(ctx, req.user, req.query.provider_id)),
    }),
  );

  app.post(
    '/api/reviews',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Review a provider (a booking click 2 hours to 90 days old; one per provider)',
        body: CreateReviewBodySchema,
        response: { 200: ReviewChangeReplySchema },
      },
    },
    async (req) => ({ success: true as const, ...(await reviews.createReview(ctx, req.user, req.body)) }),
  );

  app.put(
    '/api/reviews/:id',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Edit your review (for 30 days after posting it)',
        params: ReviewIdParamsSchema,
        body: UpdateReviewBodySchema,
        response: { 200: ReviewChangeReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await reviews.updateReview(ctx, req.user, req.params.id, req.body)),
    }),
  );

  app.delete(
    '/api/reviews/:id',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Delete your review',
        params: ReviewIdParamsSchema,
        response: { 200: ReviewDeleteReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await reviews.deleteReview(ctx, req.user, req.params.id)),
    }),
  );

  app.put(
    '/api/reviews/:id/reply',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Post or edit the public reply to a review of you (the reviewed provider only)',
        params: ReviewIdParamsSchema,
        body: ReplyBodySchema,
        response: { 200: ReviewChangeReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await reviews.setReply(ctx, req.user, req.params.id, req.body.text)),
    }),
  );

  app.delete(
    '/api/reviews/:id/reply',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Delete your reply to a review of you',
        params: ReviewIdParamsSchema,
        response: { 200: ReviewChangeReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await reviews.setReply(ctx, req.user, req.params.id, null)),
    }),
  );

  app.post(
    '/api/reviews/:id/report',
    {
      preHandler: base.authenticate,
      config: { rateLimit: RATE_LIMITS.reviewReport },
      schema: {
        tags,
        security,
        summary: 'Report a review to the moderators',
        params: ReviewIdParamsSchema,
        body: ReportBodySchema,
        response: { 200: MessageReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await reviews.reportReview(ctx, req.user, req.params.id, req.body)),
    }),
  );

  const admins = [base.authenticate, base.requireAdmin];

  app.get(
    '/api/admin/reviews',
    {
      preHandler: admins,
      schema: {
        tags: ['admin'],
        security,
        summary: 'Reported (latest report first) or hidden reviews (admins)',
        querystring: AdminReviewsQuerySchema,
        response: { 200: AdminReviewsReplySchema },
      },
    },
    async (req) => ({ success: true as const, ...(await reviews.listAdminReviews(ctx, req.query)) }),
  );

  app.put(
    '/api/admin/reviews/:id',
    {
      preHandler: admins,
      schema: {
        tags: ['admin'],
        security,
        summary: 'Hide a review (it stops counting), restore it, or dismiss its reports (admins)',
        params: ReviewIdParamsSchema,
        body: ModerationBodySchema,
        response: { 200: MessageReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await reviews.moderateReview(ctx, req.user, req.params.id, req.body.action)),
    }),
  );
}
