import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminLogsQuerySchema } from '#domain/admin.ts';
import {
  FeedbackBodySchema,
  FormReplySchema,
  InvestorBodySchema,
  SubmissionsReplySchema,
} from '#domain/forms.ts';
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

  app.get(
    '/api/admin/submissions',
    {
      preHandler: [base.authenticate, base.requireAdmin],
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'Admins: form submissions, newest first (paged)',
        querystring: AdminLogsQuerySchema,
        response: { 200: SubmissionsReplySchema },
      },
    },
    async (req) => ({ success: true as const, data: await forms.listSubmissions(ctx, req.query) }),
  );
}
