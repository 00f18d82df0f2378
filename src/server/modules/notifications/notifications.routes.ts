import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NotificationSettingsReplySchema,
  NotificationUnsubscribeReplySchema,
  SetNotificationBodySchema,
  SetNotificationReplySchema,
} from '#domain/notifications.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import * as notifications from './notifications.service';

const tags = ['account'];
const security = [{ bearerAuth: [] }];
const TokenSchema = z.string().min(1).max(1000);

/** Notification preferences: every kind of message, per channel, and its unsubscribe link. */
export async function notificationRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;

  // Mail clients send RFC 8058 one-click unsubscribes as a form post ('List-Unsubscribe=One-Click').
  base.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/api/account/notifications',
    {
      preHandler: base.authenticate,
      schema: {
        tags,
        security,
        summary: 'Every kind of message we send you, with its switch per channel',
        description:
          'Each kind in the page’s order, whether it can be switched off, and per channel (email for now) whether it is on. Kinds that cannot be switched off (account and security emails, client messages until there is an inbox) are always on. A switch never set is on.',
        response: { 200: NotificationSettingsReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      kinds: await notifications.listNotificationSettings(ctx, req.user.id),
    }),
  );

  app.put(
    '/api/account/notifications',
    {
      preHandler: base.authenticate,
      config: { rateLimit: RATE_LIMITS.favorite },
      schema: {
        tags,
        security,
        summary: 'Turn one kind of message on or off for one channel',
        description:
          'Stores the switch and answers the kind’s new state. An unknown kind or channel, or a kind that cannot be switched off, is a 400 and changes nothing. Opening alerts are the same switch as PUT /api/opening-alerts.',
        body: SetNotificationBodySchema,
        response: { 200: SetNotificationReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await notifications.setNotification(ctx, req.user.id, req.body)),
    }),
  );

  app.post(
    '/api/account/notifications/unsubscribe',
    {
      config: { rateLimit: RATE_LIMITS.verifyEmail },
      schema: {
        tags,
        security: [],
        summary: 'One-click unsubscribe from one kind of email (signed token from the email; no login)',
        description:
          'The List-Unsubscribe address (RFC 8058) of every email a person can turn off: the token names the kind and the account, and only that kind’s email is turned off. The token is read from the query or the body; mail clients post `List-Unsubscribe=One-Click` as a form. A bad or expired token is 400 INVALID_TOKEN.',
        querystring: z.object({ token: TokenSchema.optional() }),
        body: z.object({ token: TokenSchema.optional() }).passthrough().nullish(),
        response: { 200: NotificationUnsubscribeReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await notifications.unsubscribeFromNotification(ctx, req.query.token ?? req.body?.token ?? '')),
    }),
  );
}
