import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BlockBodySchema,
  BlockReplySchema,
  MarkReadReplySchema,
  MESSAGE_LIMITS,
  MESSAGE_TEXTS,
  PostedMessageReplySchema,
  ReplyBodySchema,
  SendMessageBodySchema,
  SendMessageReplySchema,
  ThreadParamsSchema,
  ThreadQuerySchema,
  ThreadReplySchema,
  ThreadsQuerySchema,
  ThreadsReplySchema,
  UnreadReplySchema,
} from '#domain/messages.ts';
import { AppError } from '#server/lib/app-error.ts';
import { accountLimit, RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { sendMessageToProvider } from './messages.service';
import * as threads from './threads.service';

const tags = ['messages'];
const security = [{ bearerAuth: [] }];

/**
 * Conversations between a client and a provider (docs/product.md 'Messages'): writing from a
 * profile, the inbox, a thread, replies, read marks and blocking. Every route is the signed-in
 * person's own: a thread they are not a party of is a 404, for admins too.
 */
export async function messageRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;
  const preHandler = base.authenticate;

  // MESSAGE_LIMITS.perMinute messages per account and minute, new or replies alike (one counter).
  const perMinute = accountLimit(base, ctx.config, 'message-send', {
    max: MESSAGE_LIMITS.perMinute,
    timeWindow: '1 minute',
  });
  const sendLimit = async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      await perMinute(req, reply);
    } catch (error) {
      if (error instanceof AppError && error.code === 'RATE_LIMITED')
        throw new AppError('RATE_LIMITED', MESSAGE_TEXTS.tooFast);
      throw error;
    }
  };
  const send = { preHandler: [preHandler, sendLimit], config: { rateLimit: RATE_LIMITS.message } };
  const reply = { preHandler: [preHandler, sendLimit], config: { rateLimit: RATE_LIMITS.messageReply } };

  app.post(
    '/api/messages',
    {
      ...send,
      schema: {
        tags,
        security,
        summary: 'Write to a listed provider from their profile: starts or continues your conversation',
        description: `The message goes into the one conversation you and the provider share (started now if there is none; the provider is emailed about it). 403 when either of you blocked the other; 429 past ${MESSAGE_LIMITS.newThreadsPerDay} new conversations in 24 hours or ${MESSAGE_LIMITS.perMinute} messages a minute.`,
        body: SendMessageBodySchema,
        response: { 200: SendMessageReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await sendMessageToProvider(ctx, req.user, req.body)),
    }),
  );

  app.get(
    '/api/threads',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Your conversations, the newest message first',
        description: `${MESSAGE_LIMITS.threadsPage} a page (\`cursor\` from \`nextCursor\`). \`filter=unanswered\`: the conversations where you are the provider and the client waits for your answer.`,
        querystring: ThreadsQuerySchema,
        response: { 200: ThreadsReplySchema },
      },
    },
    async (req) => ({ success: true as const, ...(await threads.listThreads(ctx, req.user.id, req.query)) }),
  );

  app.get(
    '/api/threads/unread',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'How many messages you have not read, in all your conversations (999 at most)',
        response: { 200: UnreadReplySchema },
      },
    },
    async (req) => ({ success: true as const, unread: await threads.countUnread(ctx, req.user.id) }),
  );

  app.get(
    '/api/threads/:id',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'One of your conversations and a page of its messages, oldest first',
        description: `The newest ${MESSAGE_LIMITS.messagesPage} messages; \`before\` (from \`olderCursor\`) the page before them. Reading does not mark them read (POST /api/threads/{id}/read does).`,
        params: ThreadParamsSchema,
        querystring: ThreadQuerySchema,
        response: { 200: ThreadReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await threads.getThread(ctx, req.user.id, req.params.id, req.query.before)),
    }),
  );

  app.post(
    '/api/threads/:id/messages',
    {
      ...reply,
      schema: {
        tags,
        security,
        summary: 'Reply in one of your conversations',
        description:
          '403 when it is read-only for you: the other person deleted their account, or one of you blocked the other.',
        params: ThreadParamsSchema,
        body: ReplyBodySchema,
        response: { 200: PostedMessageReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      message: await threads.postToThread(ctx, {
        threadId: req.params.id,
        senderId: req.user.id,
        body: req.body.message,
        via: 'app',
      }),
    }),
  );

  app.post(
    '/api/threads/:id/read',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Mark one of your conversations read; answers your new unread total',
        params: ThreadParamsSchema,
        response: { 200: MarkReadReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      unread: await threads.markThreadRead(ctx, req.user.id, req.params.id),
    }),
  );

  app.put(
    '/api/threads/:id/block',
    {
      preHandler,
      config: { rateLimit: RATE_LIMITS.favorite },
      schema: {
        tags,
        security,
        summary: 'Block or unblock the other person of one of your conversations',
        description:
          'As the provider of the conversation you block the client; as its client you block the provider (as POST /api/blocked-providers does: they also leave your saved providers). Neither can message the other while the block stands. 400 when their account was deleted.',
        params: ThreadParamsSchema,
        body: BlockBodySchema,
        response: { 200: BlockReplySchema },
      },
    },
    async (req) => {
      const blocked = await threads.setThreadBlock(ctx, req.user.id, req.params.id, req.body.blocked);
      return {
        success: true as const,
        message: blocked ? MESSAGE_TEXTS.blocked : MESSAGE_TEXTS.unblocked,
        blocked,
      };
    },
  );
}
