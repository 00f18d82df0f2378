import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageReplySchema } from '#domain/auth.ts';
import {
  PUSH_TEXTS,
  PushDeviceReplySchema,
  PushDevicesReplySchema,
  PushOpenedBodySchema,
  PushPublicKeyReplySchema,
  PushSubscriptionBodySchema,
  QuietHoursReplySchema,
  SetQuietHoursBodySchema,
  UpdatePushDeviceBodySchema,
} from '#domain/push.ts';
import { bearerToken } from '#server/plugins/auth.ts';
import { accountLimit, RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import * as push from './push.service';

const tags = ['push'];
const security = [{ bearerAuth: [] }];
const DeviceParamsSchema = z.object({ id: z.string().max(100) });

/**
 * Web Push: GET /api/push/public-key; the account's devices (GET/POST /api/push/devices,
 * PATCH/DELETE /api/push/devices/:id); PUT /api/push/quiet-hours; and POST /api/push/opened, the
 * service worker's beacon when a notification is clicked.
 */
export async function pushRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;
  const write = {
    preHandler: [
      base.authenticate,
      accountLimit(base, ctx.config, 'push-device', RATE_LIMITS.pushDeviceWrite),
    ],
  };

  app.get(
    '/api/push/public-key',
    {
      schema: {
        tags,
        summary:
          "The server's VAPID public key (base64url), the applicationServerKey browsers subscribe with",
        response: { 200: PushPublicKeyReplySchema },
      },
    },
    async (_req, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return { success: true as const, publicKey: ctx.config.push.publicKey };
    },
  );

  app.get(
    '/api/push/devices',
    {
      preHandler: base.authenticate,
      schema: {
        tags,
        security,
        summary: 'My devices that get push notifications, newest first, and my quiet hours',
        response: { 200: PushDevicesReplySchema },
      },
    },
    async (req) => ({ success: true as const, ...(await push.listDevices(ctx, req.user)) }),
  );

  app.post(
    '/api/push/devices',
    {
      ...write,
      schema: {
        tags,
        security,
        summary:
          "Turn notifications on for this device: the browser's PushSubscription.toJSON() as it is (the same endpoint again updates the device)",
        body: PushSubscriptionBodySchema,
        response: { 201: PushDeviceReplySchema },
      },
    },
    async (req, reply) => {
      const device = await push.subscribeDevice(ctx, req.user, req.body, {
        accessToken: bearerToken(req),
        userAgent: req.headers['user-agent'] ?? '',
      });
      return reply.code(201).send({ success: true as const, message: PUSH_TEXTS.turnedOn, device });
    },
  );

  app.patch(
    '/api/push/devices/:id',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Choose which kinds of notification one of my devices gets',
        params: DeviceParamsSchema,
        body: UpdatePushDeviceBodySchema,
        response: { 200: PushDeviceReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      message: PUSH_TEXTS.kindsSaved,
      device: await push.updateDevice(ctx, req.user, req.params.id, req.body),
    }),
  );

  app.delete(
    '/api/push/devices/:id',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Stop notifications to one of my devices',
        params: DeviceParamsSchema,
        response: { 200: MessageReplySchema },
      },
    },
    async (req) => {
      await push.removeDevice(ctx, req.user, req.params.id);
      return { success: true as const, message: PUSH_TEXTS.deviceRemoved };
    },
  );

  app.put(
    '/api/push/quiet-hours',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Set my quiet hours (no push between them, in my time zone), or turn them off with null',
        body: SetQuietHoursBodySchema,
        response: { 200: QuietHoursReplySchema },
      },
    },
    async (req) => {
      const quietHours = await push.setQuietHours(ctx, req.user, req.body.quietHours);
      return {
        success: true as const,
        message: quietHours ? PUSH_TEXTS.quietSaved : PUSH_TEXTS.quietOff,
        quietHours,
      };
    },
  );

  app.post(
    '/api/push/opened',
    {
      config: { rateLimit: RATE_LIMITS.pushOpened },
      schema: {
        tags,
        summary:
          "The service worker's beacon when a notification about an opening is clicked: its signed token, counted once per person and opening in the provider's insights (never who)",
        body: PushOpenedBodySchema,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (req) => {
      await push.recordOpened(ctx, req.body.token);
      return { success: true as const };
    },
  );
}
