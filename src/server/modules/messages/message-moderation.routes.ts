import type { FastifyInstance } from 'fastify';

/** Reporting a message (POST /api/messages/:id/report) and the moderators' list (/api/admin/messages). */
export async function messageModerationRoutes(_base: FastifyInstance) {}
