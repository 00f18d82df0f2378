import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvExportHeaders } from '#domain/admin.ts';
import {
  INSIGHT_BEACON_LIMITS,
  INSIGHT_BEACON_PATH,
  INSIGHT_VIEW_TOKEN_PATH,
  InsightBeaconSchema,
  InsightsQuerySchema,
  InsightsReplySchema,
  ViewTokenQuerySchema,
  ViewTokenReplySchema,
} from '#domain/insights.ts';
import { addressBlock } from '#server/lib/address-block.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { isBotAgent } from './bots';
import { InsightWriter } from './insight-writer';
import * as insights from './insights.service';

/**
 * Who a profile view is counted for: the IPv4 address, or the /64 of an IPv6 one (a home or host is
 * given a whole /64, so its 2^64 addresses are one visitor, not a new one per address).
 */
function visitorOf(ip: string): string {
  const block = addressBlock(ip);
  return block.endsWith('/64') ? block : ip;
}

/** A beacon is a token and a few bytes of JSON around it. */
const BEACON_BODY_LIMIT = INSIGHT_BEACON_LIMITS.tokenMax + 256;

const tags = ['insights'];
const security = [{ bearerAuth: [] }];

export async function insightRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;
  const writer = new InsightWriter({ db: ctx.db, log: ctx.log, now: ctx.now });
  const tokens = new insights.InsightTokens(ctx.secret);
  // onClose runs after in-flight requests have finished, so every accepted beacon is written.
  base.addHook('onClose', async () => writer.close());

  // navigator.sendBeacon posts a string as text/plain (a JSON type would need a CORS preflight
  // elsewhere, and some browsers refuse it): read it as JSON here, in this plugin only.
  base.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('The request body is malformed.'), { statusCode: 400 }));
    }
  });

  app.get(
    INSIGHT_VIEW_TOKEN_PATH,
    {
      config: { rateLimit: RATE_LIMITS.insightBeacon },
      schema: {
        tags,
        summary:
          "The token a rendered profile page's view beacon carries: signed, for this provider and the address asking, valid 30 minutes, counted once",
        querystring: ViewTokenQuerySchema,
        response: { 200: ViewTokenReplySchema },
      },
    },
    async (req, reply) => {
      // Each asker's own: never kept by a cache. Unknown and unlisted providers get a token too (it
      // counts nothing), so this says nothing about who exists.
      reply.header('Cache-Control', 'private, no-store');
      return {
        success: true as const,
        token: tokens.view(req.query.provider_id, visitorOf(req.ip), ctx.now()),
      };
    },
  );

  app.post(
    INSIGHT_BEACON_PATH,
    {
      bodyLimit: BEACON_BODY_LIMIT,
      config: { rateLimit: RATE_LIMITS.insightBeacon },
      schema: {
        tags,
        summary:
          "The web app's beacon: the insight token of a rendered results page (from its search reply) or of a rendered profile page (from the view-token route); each token counts once, bots never",
        body: InsightBeaconSchema,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (req) => {
      const at = ctx.now();
      // A bot's beacon is answered like anyone's, so nobody learns what is counted. So is one another
      // site made a visitor's browser send (the browser says so in Sec-Fetch-Site), and one whose
      // token is forged, expired or already counted.
      const site = req.headers['sec-fetch-site'];
      if (!isBotAgent(req.headers['user-agent']) && (site === undefined || site === 'same-origin')) {
        const token = tokens.read(req.body.token, at);
        if (token) writer.push({ token, at });
      }
      return { success: true as const };
    },
  );

  app.get(
    '/api/insights',
    {
      preHandler: base.authenticate,
      schema: {
        tags,
        security,
        summary:
          "A provider's own insights for the last 7, 30 or 90 of their days: impressions, profile views, new favourites, saved-search alerts, booking clicks, conversion, top search words",
        querystring: InsightsQuerySchema,
        response: { 200: InsightsReplySchema },
      },
    },
    async (req) => {
      // Beacons of a moment ago are still queued: write them first, so the figures include them.
      await writer.flush();
      return {
        success: true as const,
        insights: await insights.getInsights(ctx, req.user, req.query.provider_id, req.query.days),
      };
    },
  );

  app.get(
    '/api/insights/export',
    {
      preHandler: base.authenticate,
      schema: {
        tags,
        security,
        summary: "A provider's own insights as a CSV download: one row per day, then the top search words",
        querystring: InsightsQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      await writer.flush();
      const result = await insights.exportInsightsCsv(ctx, req.user, req.query.provider_id, req.query.days);
      reply.headers(csvExportHeaders(`insights-${req.query.days}-days`, result, result.today));
      return result.csv;
    },
  );
}
