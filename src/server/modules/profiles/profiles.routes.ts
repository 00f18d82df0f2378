import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '#domain/errors.ts';
import { MapPositionBodySchema } from '#domain/map-area.ts';
import {
  IF_MATCH_HEADER,
  IfMatchHeadersSchema,
  PROFILE_VERSION_TEXTS,
  VersionedProfileReplySchema,
} from '#domain/profile-versions.ts';
import { PublicProfileReplySchema, SlugParamsSchema, UpdateProfileBodySchema } from '#domain/profiles.ts';
import { PROFILE_TEXTS } from '#domain/profiles-options.ts';
import { readingFrom } from '#server/context.ts';
import { AppError } from '#server/lib/app-error.ts';
import { bearerToken } from '#server/plugins/auth.ts';
import { OPTIONAL_SIGN_IN } from '#server/plugins/openapi.ts';
import { sendPublic } from '#server/plugins/public-cache.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { publicReader } from '#server/plugins/read-your-writes.ts';
import { BODY_LIMITS } from '#server/plugins/request-limits.ts';
import { optionalViewer } from '../auth/auth.service';
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
        description:
          "The reply carries an `ETag` naming the profile's version (also in the body as `version`); send it back as `If-Match` on `PUT /api/auth/profile` so that a save never overwrites a change made meanwhile in another tab or device.",
        response: { 200: VersionedProfileReplySchema },
      },
    },
    async (req, reply) => {
      const { profile, etag } = await profiles.getAccountProfile(ctx, req.user);
      reply.header('ETag', etag);
      return { success: true as const, profile, version: etag };
    },
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
        description:
          "With `If-Match` (the `ETag` of `GET /api/auth/profile`), the change is made only while the profile is still that version: after any other write (another tab or device, an avatar or portfolio upload) the answer is 412 PRECONDITION_FAILED and nothing changes. `If-Match: *` or no header saves whatever the version (older clients). The reply carries the new version's `ETag`.",
        headers: IfMatchHeadersSchema,
        body: UpdateProfileBodySchema,
        response: {
          200: VersionedProfileReplySchema,
          412: ErrorBodySchema.describe(PROFILE_VERSION_TEXTS.changedElsewhere),
        },
      },
    },
    async (req, reply) => {
      const { profile, etag, message } = await profiles.updateProfile(
        ctx,
        req.user,
        req.body,
        req.headers[IF_MATCH_HEADER],
      );
      reply.header('ETag', etag);
      return { success: true as const, message: message ?? PROFILE_TEXTS.updated, profile, version: etag };
    },
  );

  app.put(
    '/api/auth/profile/map-position',
    {
      preHandler: base.authenticate,
      config: { rateLimit: RATE_LIMITS.profileUpdate },
      schema: {
        tags,
        security: bearer,
        summary: "Providers: show me on the map at my zip's centre, or at my own pin",
        description:
          "`{ pinned: false }` puts the provider at their zip's centre; `{ pinned: true, latitude, longitude }` at their own pin, rounded to 3 decimals (about 100 m) and within 30 miles of the zip's centre (else 400, nothing changes). Changing the zip later puts a pinned provider back at the new zip's centre. Like `PUT /api/auth/profile`, it honours `If-Match` and answers the new version's `ETag`.",
        headers: IfMatchHeadersSchema,
        body: MapPositionBodySchema,
        response: {
          200: VersionedProfileReplySchema,
          412: ErrorBodySchema.describe(PROFILE_VERSION_TEXTS.changedElsewhere),
        },
      },
    },
    async (req, reply) => {
      const { profile, etag, message } = await profiles.setMapPosition(
        ctx,
        req.user,
        req.body,
        req.headers[IF_MATCH_HEADER],
      );
      reply.header('ETag', etag);
      return { success: true as const, message, profile, version: etag };
    },
  );

  app.get(
    '/api/user/:slug',
    {
      config: { gatedOnMiss: true },
      schema: {
        tags,
        security: OPTIONAL_SIGN_IN,
        summary:
          "A provider's public profile by its routing slug; with a bearer token (optional), the Book buttons' click token",
        params: SlugParamsSchema,
        response: { 200: PublicProfileReplySchema },
      },
    },
    async (req, reply) => {
      // Public, but a signed-in viewer also gets the Book buttons' click token (ADR 008): a reply
      // that carries one is theirs alone, never for a shared cache. The owner of a profile not
      // listed yet gets a preview nobody else may see; both skip the shared reply.
      const bearer = bearerToken(req);
      const viewer = bearer ? await ctx.replies.gated(() => optionalViewer(ctx, bearer)) : null;
      const slug = req.params.slug.trim().toLowerCase();
      const cached = await ctx.replies
        .get(
          `profile:${slug}`,
          async (db) => {
            const profile = await profiles.getPublicProfile(readingFrom(ctx, db), slug);
            return {
              value: profile,
              reply: { success: true as const, profile },
              expiresAt: profiles.publicProfileExpiresAt(ctx, profile),
            };
          },
          (body) => reply.serialize(body) as string,
          publicReader(ctx.recentWriters, req, ctx.now),
        )
        .catch((error: unknown) => {
          // Not listed: only its owner may see it, as a preview, made below.
          if (viewer && error instanceof AppError && error.code === 'NOT_FOUND') return null;
          throw error;
        });
      if (!viewer) return sendPublic(req, reply, cached!);
      reply.header('Cache-Control', 'private, no-store');
      const profile = await ctx.replies.gated(() =>
        cached
          ? profiles.withClickToken(ctx, cached.value, viewer)
          : profiles.getPublicProfile(ctx, slug, viewer),
      );
      return { success: true as const, profile };
    },
  );
}
