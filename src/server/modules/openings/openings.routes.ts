import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '#domain/errors.ts';
import { IDEMPOTENCY_HEADER, IdempotencyHeadersSchema } from '#domain/idempotency.ts';
import { formatOpeningMoment } from '#domain/opening-time.ts';
import {
  type OwnOpening,
  VersionedOpeningReplySchema,
  VersionedOpeningsReplySchema,
} from '#domain/opening-versions.ts';
import {
  CreateOpeningBodySchema,
  DeleteOpeningQuerySchema,
  DeleteOpeningReplySchema,
  OPENING_TEXTS,
  OpeningIdQuerySchema,
  openingPublicFrom,
  SetTimeZoneBodySchema,
  TimeZoneReplySchema,
  UpdateOpeningBodySchema,
} from '#domain/openings.ts';
import { OpeningsAreaQuerySchema } from '#domain/openings-area.ts';
import { IF_MATCH_HEADER, IfMatchHeadersSchema } from '#domain/profile-versions.ts';
import { VERSION_TEXTS } from '#domain/versions.ts';
import { readingFrom } from '#server/context.ts';
import { withIdempotency } from '#server/lib/idempotency.ts';
import { bearerToken } from '#server/plugins/auth.ts';
import { OPTIONAL_SIGN_IN } from '#server/plugins/openapi.ts';
import { sendPublic } from '#server/plugins/public-cache.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { optionalViewer } from '../auth/auth.service';
import * as openings from './openings.service';

const tags = ['openings'];
const security = [{ bearerAuth: [] }];
const PATH = '/api/last-minute-openings';

/**
 * The reply to a saved opening. One that starts past the public lists' days is saved all the same,
 * and the reply says when it will appear (its provider's clocks), so nobody wonders where it is.
 */
function savedOpeningReply(message: string, opening: OwnOpening, now: Date) {
  const publicFrom = opening.is_active ? openingPublicFrom(opening.start_time, now) : null;
  const when =
    publicFrom && formatOpeningMoment(publicFrom, { timeZone: opening.time_zone, locale: 'en-US' });
  return {
    success: true as const,
    message: when ? `${message}. ${OPENING_TEXTS.publicFrom(when)}` : message,
    opening,
    public_from: publicFrom,
  };
}

export async function openingRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;
  const write = { preHandler: base.authenticate, config: { rateLimit: RATE_LIMITS.openingWrite } };

  app.get(
    PATH,
    {
      // Only the owner's list (?provider_id=) needs a token; the public list is open.
      preHandler: async (req: FastifyRequest) => {
        if ((req.query as { provider_id?: string }).provider_id) await base.authenticate(req);
      },
      config: { rateLimit: RATE_LIMITS.search, gatedOnMiss: true },
      schema: {
        tags,
        security: OPTIONAL_SIGN_IN,
        summary:
          'Upcoming openings (next 5 days, soonest first), filtered by zip and radius (or the map area, bbox=south,west,north,east), words, category, day (the opening’s own calendar) and reduced price, with click tokens for a signed-in viewer; with provider_id, the owner’s own (bearer) and their time-zone setting',
        description:
          'In the owner’s list each opening carries its `version`: send it back as `If-Match` when changing, deactivating or deleting the opening, so that a change made meanwhile in another tab or device is never overwritten.',
        querystring: OpeningsAreaQuerySchema,
        response: { 200: VersionedOpeningsReplySchema },
      },
    },
    async (req, reply) => {
      const { provider_id, include_inactive, limit, cursor, zip, radius, bbox, q, category, day, reduced } =
        req.query;
      if (provider_id) {
        const own = await ctx.replies.gated(() =>
          openings.listOwnOpenings(ctx, req.user, {
            providerId: provider_id,
            includeInactive: include_inactive,
            limit,
            cursor,
          }),
        );
        return { success: true as const, ...own };
      }
      // The public list; a signed-in viewer also gets each provider's click token (ADR 008), so
      // theirs is made for them alone. Everyone else shares one reply per question.
      const filters = { limit, cursor, zip, radius, bbox, q, category, day, reduced };
      const bearer = bearerToken(req);
      const viewer = bearer ? await ctx.replies.gated(() => optionalViewer(ctx, bearer)) : null;
      if (viewer) {
        reply.header('Cache-Control', 'private, no-store');
        const list = await ctx.replies.gated(() => openings.listUpcomingOpenings(ctx, filters, viewer));
        return { success: true as const, ...list };
      }
      const cached = await ctx.replies.get(
        `openings:${JSON.stringify(filters)}`,
        // Only anonymous readers get here (a signed-in one is answered above): no recent writer.
        async (db) => {
          const list = await openings.listUpcomingOpenings(readingFrom(ctx, db), filters);
          return {
            value: null,
            reply: { success: true as const, ...list },
            expiresAt: openings.openingsExpireAt(ctx.now().getTime(), list.openings),
          };
        },
        (body) => reply.serialize(body) as string,
      );
      return sendPublic(req, reply, cached);
    },
  );

  app.post(
    PATH,
    {
      ...write,
      schema: {
        tags,
        security,
        summary:
          'Post an opening (providers); one starting past the public lists’ 5 days is saved too, and the reply says when it appears (public_from); a retry with the same Idempotency-Key answers the first reply',
        headers: IdempotencyHeadersSchema,
        body: CreateOpeningBodySchema,
        response: { 200: VersionedOpeningReplySchema },
      },
    },
    async (req) => {
      const opening = await withIdempotency(
        ctx,
        req.user.id,
        req.headers[IDEMPOTENCY_HEADER],
        { scope: `POST ${PATH}`, body: req.body },
        (c) => openings.createOpening(c, req.user, req.body),
      );
      return savedOpeningReply(OPENING_TEXTS.created, opening, ctx.now());
    },
  );

  /** The 412 of a write sent with the If-Match of a version changed since. */
  const stale = { 412: ErrorBodySchema.describe(VERSION_TEXTS.openingChanged) };

  app.put(
    PATH,
    {
      ...write,
      schema: {
        tags,
        security,
        summary:
          'Change your opening (blank optional fields become null; without reduced_price, a reduction is cleared)',
        description:
          'With `If-Match` (the opening’s `version` from your list), the change is made only while the opening is still that version: after any other change, deactivation or activation (another tab or device) the answer is 412 PRECONDITION_FAILED and nothing changes. `If-Match: *` or no header changes it whatever the version (older clients). The reply carries the new version, as `ETag` and in `opening.version`.',
        headers: IfMatchHeadersSchema,
        querystring: OpeningIdQuerySchema,
        body: UpdateOpeningBodySchema,
        response: { 200: VersionedOpeningReplySchema, ...stale },
      },
    },
    async (req, reply) => {
      const opening = await openings.updateOpening(
        ctx,
        req.user,
        req.query.id,
        req.body,
        req.headers[IF_MATCH_HEADER],
      );
      if (opening.version) reply.header('ETag', opening.version);
      return savedOpeningReply(OPENING_TEXTS.updated, opening, ctx.now());
    },
  );

  app.delete(
    PATH,
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Deactivate (permanent=false) or delete (permanent=true) your opening',
        description:
          'With `If-Match` (the opening’s `version` from your list), only while the opening is still that version: otherwise 412 PRECONDITION_FAILED and it stays as it is. No header (or `*`): whatever the version.',
        headers: IfMatchHeadersSchema,
        querystring: DeleteOpeningQuerySchema,
        response: { 200: DeleteOpeningReplySchema, ...stale },
      },
    },
    async (req) => ({
      success: true as const,
      message: await openings.removeOpening(
        ctx,
        req.user,
        req.query.id,
        req.query.permanent,
        req.headers[IF_MATCH_HEADER],
      ),
    }),
  );

  app.put(
    `${PATH}/time-zone`,
    {
      ...write,
      schema: {
        tags,
        security,
        summary:
          'Set your openings’ time zone (providers): a US zone, or null for the zone of your zip; new and changed openings are read on its clocks',
        body: SetTimeZoneBodySchema,
        response: { 200: TimeZoneReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      message: OPENING_TEXTS.timeZoneSaved,
      provider_time_zone: await openings.setProviderTimeZone(ctx, req.user, req.body.time_zone),
    }),
  );
}
