import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SendMessageBodySchema, SendMessageReplySchema } from '#domain/messages.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { sendMessageToProvider } from './messages.service';

export async function messageRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/messages',
    {
      preHandler: base.authenticate,
      config: { rateLimit: RATE_LIMITS.message },
      schema: {
        tags: ['messages'],
        security: [{ bearerAuth: [] }],
        summary: 'Email a message to a provider (Reply-To is the sender)',
        body: SendMessageBodySchema,
        response: { 200: SendMessageReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await sendMessageToProvider(base.ctx, req.user, req.body)),
    }),
  );
}
