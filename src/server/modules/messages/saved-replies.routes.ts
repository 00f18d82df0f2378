import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageReplySchema } from '#domain/auth.ts';
import {
  SavedRepliesReplySchema,
  SavedReplyBodySchema,
  SavedReplyChangeReplySchema,
  SavedReplyParamsSchema,
} from '#domain/messages.ts';
import { accountLimit, RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import * as savedReplies from './saved-replies.service';

const tags = ['messages'];
const security = [{ bearerAuth: [] }];

/** Saved-reply changes per account (ten replies, edited now and then). */

/** A provider's saved replies: GET/POST /api/saved-replies, PUT/DELETE /api/saved-replies/:id. */
export async function savedReplyRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;
  const write = {
    preHandler: [
      base.authenticate,
      accountLimit(base, ctx.config, 'saved-reply', RATE_LIMITS.savedReplyWrite),
    ],
  };

  app.get(
    '/api/saved-replies',
    {
      preHandler: base.authenticate,
      schema: {
        tags,
        security,
        summary: 'My saved replies, oldest first (providers)',
        response: { 200: SavedRepliesReplySchema },
      },
    },
    async (req) => ({ success: true as const, ...(await savedReplies.listSavedReplies(ctx, req.user)) }),
  );

  app.post(
    '/api/saved-replies',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Save a reply to insert into conversations (providers; at most 10)',
        body: SavedReplyBodySchema,
        response: { 200: SavedReplyChangeReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await savedReplies.addSavedReply(ctx, req.user, req.body)),
    }),
  );

  app.put(
    '/api/saved-replies/:id',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Change one of my saved replies (providers)',
        params: SavedReplyParamsSchema,
        body: SavedReplyBodySchema,
        response: { 200: SavedReplyChangeReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await savedReplies.updateSavedReply(ctx, req.user, req.params.id, req.body)),
    }),
  );

  app.delete(
    '/api/saved-replies/:id',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Delete one of my saved replies (providers)',
        params: SavedReplyParamsSchema,
        response: { 200: MessageReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await savedReplies.deleteSavedReply(ctx, req.user, req.params.id)),
    }),
  );
}
