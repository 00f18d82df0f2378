import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ACCESS_HEADER,
  AdminBookingLogsExportQuerySchema,
  AdminBookingLogsQuerySchema,
  AdminBookingLogsReplySchema,
  csvExportHeaders,
} from '#domain/admin.ts';
import {
  BookingLogsQuerySchema,
  BookingLogsReplySchema,
  LogBookingBodySchema,
  LogBookingReplySchema,
} from '#domain/bookings.ts';
import { IDEMPOTENCY_HEADER, IdempotencyHeadersSchema } from '#domain/idempotency.ts';
import { withIdempotency } from '#server/lib/idempotency.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import * as bookings from './bookings.service';

const tags = ['bookings'];
const security = [{ bearerAuth: [] }];

export async function bookingRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;

  app.post(
    '/api/booking-logs',
    {
      preHandler: base.authenticate,
      config: { rateLimit: RATE_LIMITS.bookingLog },
      schema: {
        tags,
        security,
        summary:
          "Log a click on one of a provider's booking links (the client is the token's user); a retry with the same Idempotency-Key answers the first reply",
        headers: IdempotencyHeadersSchema,
        body: LogBookingBodySchema,
        response: { 200: LogBookingReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await withIdempotency(
        ctx,
        req.user.id,
        req.headers[IDEMPOTENCY_HEADER],
        { scope: 'POST /api/booking-logs', body: req.body },
        (c) => bookings.logBookingClick(c, req.user, req.body),
      )),
    }),
  );

  app.get(
    '/api/booking-logs',
    {
      preHandler: base.authenticate,
      schema: {
        tags,
        security,
        summary: "A provider's clicks with stats (the provider or an admin), or every click (admins)",
        querystring: BookingLogsQuerySchema,
        response: { 200: BookingLogsReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await bookings.listBookingLogs(ctx, req.user, String(req.headers[ADMIN_ACCESS_HEADER] ?? ''), {
        providerId: req.query.provider_id,
        limit: req.query.limit,
        cursor: req.query.cursor,
        tzOffset: req.query.tz_offset,
      }),
    }),
  );

  const admins = [base.authenticate, base.requireAdmin];

  app.get(
    '/api/admin/booking-logs',
    {
      preHandler: admins,
      schema: {
        tags: ['admin'],
        security,
        summary:
          'Admins: every booking click with provider and client names, newest first (paged; from/to are UTC days)',
        querystring: AdminBookingLogsQuerySchema,
        response: { 200: AdminBookingLogsReplySchema },
      },
    },
    async (req) => ({ success: true as const, data: await bookings.listAdminBookingLogs(ctx, req.query) }),
  );

  app.get(
    '/api/admin/booking-logs/export',
    {
      preHandler: admins,
      schema: {
        tags: ['admin'],
        security,
        summary:
          'Admins: the booking clicks within the dates as a CSV download (newest 10,000 at most; x-export-truncated says when cut)',
        querystring: AdminBookingLogsExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const result = await bookings.exportBookingLogsCsv(ctx, req.query);
      reply.headers(csvExportHeaders('booking-logs', result, ctx.now().toISOString().slice(0, 10)));
      return result.csv;
    },
  );
}
