import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LandingParamsSchema, LandingQuerySchema, LandingReplySchema } from '#domain/places.ts';
import { readingFrom } from '#server/context.ts';
import { sendPublic } from '#server/plugins/public-cache.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { publicReader } from '#server/plugins/read-your-writes.ts';
import * as places from './places.service';

const tags = ['places'];

export async function placeRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;

  app.get(
    '/api/places/:service/:place',
    {
      config: { rateLimit: RATE_LIMITS.search, gatedOnMiss: true },
      schema: {
        tags,
        summary:
          "A landing page: the listed providers offering a service (or in a category) in a city, 24 a page, with the introduction's figures and links to nearby places and related services",
        params: LandingParamsSchema,
        querystring: LandingQuerySchema,
        response: { 200: LandingReplySchema },
      },
    },
    async (req, reply) => {
      // Slugs are lower case; a link typed in capitals still finds its page.
      const [service, place] = [req.params.service.toLowerCase(), req.params.place.toLowerCase()];
      // The same for everyone (no viewer part), so cached under the catalogue version (ADR 014);
      // the openings figure also moves with the clock (expiresAt). A 404 is not kept.
      const cached = await ctx.replies.get(
        `places:${JSON.stringify([service, place, req.query.cursor ?? ''])}`,
        async (db) => ({
          value: null,
          reply: {
            success: true as const,
            ...(await places.getLandingPage(readingFrom(ctx, db), service, place, req.query)),
          },
          expiresAt: places.landingPageExpiresAt(ctx),
        }),
        (body) => reply.serialize(body) as string,
        publicReader(ctx.recentWriters, req, ctx.now),
      );
      return sendPublic(req, reply, cached);
    },
  );
}
