import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccountProfileReplySchema,
  PROFILE_TEXTS,
  PublicProfileReplySchema,
  SlugParamsSchema,
  UpdateProfileBodySchema,
} from '#domain/profiles.ts';
import { bearerToken } from '#server/plugins/auth.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { BODY_LIMITS } from '#server/plugins/request-limits.ts';
import { optionalViewer } from '../bookings/click-tokens';
import * as profiles from './profiles.service';

const tags = ['profiles'];
const bearer = [{ bearerAuth: [] }];

export async function profileRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;

  app.get(
    '/api/auth/profile',
    {
      preHandler: base.authenticate,
      schema: {
        tags,
        security: bearer,
        summary: "The signed-in user's profile, with every provider field for providers",
        response: { 200: AccountProfileReplySchema },
      },
    },
    async (req) => ({ success: true as const, profile: await profiles.getAccountProfile(ctx, req.user) }),
  );

  app.put(
    '/api/auth/profile',
    {
      preHandler: base.authenticate,
      bodyLimit: BODY_LIMITS.large,
      config: { rateLimit: RATE_LIMITS.profileUpdate },
      schema: {
        tags,
        security: bearer,
        summary: 'Change some profile fields (clients: name only)',
        body: UpdateProfileBodySchema,
        response: { 200: AccountProfileReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      message: PROFILE_TEXTS.updated,
      profile: await profiles.updateProfile(ctx, req.user, req.body),
    }),
  );

  app.get(
    '/api/user/:slug',
    {
      schema: {
        tags,
        summary:
          "A provider's public profile by its routing slug; with a bearer token (optional), the Book buttons' click token",
        params: SlugParamsSchema,
        response: { 200: PublicProfileReplySchema },
      },
    },
    async (req, reply) => {
      // Public, but a signed-in viewer also gets the Book buttons' click token (ADR 008): a reply
      // that carries one is theirs alone, never for a shared cache.
      const viewer = await optionalViewer(ctx, bearerToken(req));
      if (viewer) reply.header('Cache-Control', 'private, no-store');
      return {
        success: true as const,
        profile: await profiles.getPublicProfile(ctx, req.params.slug, viewer),
      };
    },
  );
}
