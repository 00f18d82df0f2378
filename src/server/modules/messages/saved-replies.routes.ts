import type { FastifyInstance } from 'fastify';

/** A provider's saved replies: GET/POST /api/saved-replies, PUT/DELETE /api/saved-replies/:id. */
export async function savedReplyRoutes(_base: FastifyInstance) {}
