import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminReviewsExportQuerySchema,
  AdminReviewsListQuerySchema,
  AdminReviewsListReplySchema,
  csvExportHeaders,
} from '#domain/admin.ts';
import {
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
import { readingFrom } from '#server/context.ts';
import { sendPublic } from '#server/plugins/public-cache.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { publicReader } from '#server/plugins/read-your-writes.ts';
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
      // Every profile view reads it: kept under the catalogue version like the profile (ADR 014).
      config: { gatedOnMiss: true },
      schema: {
        tags,
        summary: "A provider's reviews, newest first (paged), with the average, count and breakdown",
        querystring: ReviewsQuerySchema,
        response: { 200: ReviewsReplySchema },
      },
    },
    async (req, reply) => {
      const cached = await ctx.replies.get(
        `reviews:${JSON.stringify(req.query)}`,
        async (db) => ({
          value: null,
          reply: { success: true as const, ...(await reviews.listReviews(readingFrom(ctx, db), req.query)) },
        }),
        (body) => reply.serialize(body) as string,
        publicReader(ctx.recentWriters, req, ctx.now),
      );
      return sendPublic(req, reply, cached);
    },
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
        description:
          'The first reply emails the review’s author (unless they turned replies to their reviews off in their notification settings); an edit does not.',
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
        summary:
          "Reported (latest report first), held or hidden reviews with both people's names (admins; from/to bound the list's date, UTC days)",
        querystring: AdminReviewsListQuerySchema,
        response: { 200: AdminReviewsListReplySchema },
      },
    },
    async (req) => ({ success: true as const, ...(await reviews.listAdminReviews(ctx, req.query)) }),
  );

  app.get(
    '/api/admin/reviews/export',
    {
      preHandler: admins,
      schema: {
        tags: ['admin'],
        security,
        summary:
          'Admins: one review list within the dates as a CSV download (10,000 at most; x-export-truncated says when cut)',
        querystring: AdminReviewsExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const result = await reviews.exportAdminReviewsCsv(ctx, req.query);
      reply.headers(
        csvExportHeaders(`reviews-${req.query.status}`, result, ctx.now().toISOString().slice(0, 10)),
      );
      return result.csv;
    },
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
