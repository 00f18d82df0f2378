import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OpeningAlertsReplySchema, OpeningAlertsSchema } from '#domain/openings.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { getOpeningAlerts, setOpeningAlerts, unsubscribeFromAlerts } from './opening-alerts.service';

const tags = ['openings'];
const security = [{ bearerAuth: [] }];
const TokenSchema = z.string().min(1).max(1000);

export async function openingAlertRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;

  // Mail clients send RFC 8058 one-click unsubscribes as a form post ('List-Unsubscribe=One-Click').
  base.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/api/opening-alerts',
    {
      preHandler: base.authenticate,
      schema: {
        tags,
        security,
        summary: 'Whether you get an email when a saved provider posts openings',
        response: { 200: OpeningAlertsReplySchema },
      },
    },
    async (req) => ({ success: true as const, enabled: await getOpeningAlerts(ctx, req.user.id) }),
  );

  app.put(
    '/api/opening-alerts',
    {
      preHandler: base.authenticate,
      config: { rateLimit: RATE_LIMITS.favorite },
      schema: {
        tags,
        security,
        summary: 'Turn opening alerts on or off',
        body: OpeningAlertsSchema,
        response: { 200: OpeningAlertsReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      enabled: await setOpeningAlerts(ctx, req.user.id, req.body.enabled),
    }),
  );

  app.post(
    '/api/opening-alerts/unsubscribe',
    {
      config: { rateLimit: RATE_LIMITS.verifyEmail },
      schema: {
        tags,
        summary: 'One-click unsubscribe from opening alerts (signed token from the email; no login)',
        querystring: z.object({ token: TokenSchema.optional() }),
        body: z.object({ token: TokenSchema.optional() }).passthrough().nullish(),
        response: { 200: z.object({ success: z.literal(true), message: z.string() }) },
      },
    },
    async (req) => {
      await unsubscribeFromAlerts(ctx, req.query.token ?? req.body?.token ?? '');
      return { success: true as const, message: 'You will no longer get opening alerts.' };
    },
  );
}
