import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminSubmissionsExportQuerySchema,
  AdminSubmissionsQuerySchema,
  csvExportHeaders,
  HandleSubmissionBodySchema,
  SubmissionIdParamsSchema,
} from '#domain/admin.ts';
import { FeedbackBodySchema, FormReplySchema, InvestorBodySchema } from '#domain/forms.ts';
import { SubmissionReplySchema, SubmissionsReplySchema } from '#domain/submissions.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import * as forms from './forms.service';

const tags = ['forms'];

export async function formRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;

  app.post(
    '/api/feedback',
    {
      config: { rateLimit: RATE_LIMITS.form },
      schema: {
        tags,
        summary: 'Send feedback, a bug report, a feature request or a support request',
        body: FeedbackBodySchema,
        response: { 200: FormReplySchema },
      },
    },
    async (req) => ({ success: true as const, message: await forms.submitFeedback(ctx, req.body) }),
  );

  app.post(
    '/api/investor-signup',
    {
      config: { rateLimit: RATE_LIMITS.form },
      schema: {
        tags,
        summary: 'Send an investor inquiry',
        body: InvestorBodySchema,
        response: { 200: FormReplySchema },
      },
    },
    async (req) => ({ success: true as const, message: await forms.submitInvestorInquiry(ctx, req.body) }),
  );

  const admins = [base.authenticate, base.requireAdmin];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/api/admin/submissions',
    {
      preHandler: admins,
      schema: {
        tags,
        security,
        summary: 'Admins: form submissions, newest first (paged; open, handled or all; from/to are UTC days)',
        querystring: AdminSubmissionsQuerySchema,
        response: { 200: SubmissionsReplySchema },
      },
    },
    async (req) => ({ success: true as const, data: await forms.listSubmissions(ctx, req.query) }),
  );

  app.get(
    '/api/admin/submissions/export',
    {
      preHandler: admins,
      schema: {
        tags,
        security,
        summary:
          'Admins: the filtered submissions as a CSV download (newest 10,000 at most; x-export-truncated says when cut)',
        querystring: AdminSubmissionsExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const result = await forms.exportSubmissionsCsv(ctx, req.query);
      reply.headers(csvExportHeaders('submissions', result, ctx.now().toISOString().slice(0, 10)));
      return result.csv;
    },
  );

  app.put(
    '/api/admin/submissions/:id',
    {
      preHandler: admins,
      schema: {
        tags,
        security,
        summary: 'Admins: mark a submission handled, or open again',
        params: SubmissionIdParamsSchema,
        body: HandleSubmissionBodySchema,
        response: { 200: SubmissionReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await forms.setSubmissionHandled(ctx, req.params.id, req.body.handled)),
    }),
  );
}
