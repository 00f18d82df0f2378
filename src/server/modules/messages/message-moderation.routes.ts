import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminMessageActionBodySchema,
  AdminMessageActionReplySchema,
  AdminMessagesQuerySchema,
  AdminMessagesReplySchema,
  MessageParamsSchema,
  MessageReportBodySchema,
  MessageReportReplySchema,
} from '#domain/messages.ts';
import { accountLimit, RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import * as moderation from './message-moderation.service';

const security = [{ bearerAuth: [] }];

/** Reports per account: a person reports a few (as RATE_LIMITS.reviewReport for reviews). */

/** Reporting a message (POST /api/messages/:id/report) and the moderators' list (/api/admin/messages). */
export async function messageModerationRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;
  const reportLimit = accountLimit(base, ctx.config, 'message-report', RATE_LIMITS.messageReport);

  app.post(
    '/api/messages/:id/report',
    {
      preHandler: [base.authenticate, reportLimit],
      schema: {
        tags: ['messages'],
        security,
        summary: 'Report a message you received to the moderators (once per message)',
        description:
          'Only the party of the conversation who did not send the message may report it: its sender gets 400, anyone else 404. A second report of the same message by the same person is 409 and changes nothing.',
        params: MessageParamsSchema,
        body: MessageReportBodySchema,
        response: { 200: MessageReportReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await moderation.reportMessage(ctx, req.user, req.params.id, req.body)),
    }),
  );

  const admins = [base.authenticate, base.requireAdmin];

  app.get(
    '/api/admin/messages',
    {
      preHandler: admins,
      schema: {
        tags: ['admin'],
        security,
        summary:
          'Reported messages (the newest report first) or hidden ones (the latest hidden first), with their text, sender and reports (admins)',
        querystring: AdminMessagesQuerySchema,
        response: { 200: AdminMessagesReplySchema },
      },
    },
    async (req) => ({ success: true as const, ...(await moderation.listAdminMessages(ctx, req.query)) }),
  );

  app.put(
    '/api/admin/messages/:id',
    {
      preHandler: admins,
      schema: {
        tags: ['admin'],
        security,
        summary:
          'Hide a reported message, show it again, warn its sender by email, or dismiss its reports (admins)',
        params: MessageParamsSchema,
        body: AdminMessageActionBodySchema,
        response: { 200: AdminMessageActionReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await moderation.moderateMessage(ctx, req.user, req.params.id, req.body.action)),
    }),
  );
}
