import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '#server/db/client.ts';

export async function healthRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness with a database round trip',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      await pingDatabase(base.ctx.db);
      return { status: 'ok' as const };
    },
  );
}
