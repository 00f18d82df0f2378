import type { FastifyInstance } from 'fastify';

/** The email change: the new address confirmed by a link, the old one told with an undo link. */
export async function emailChangeRoutes(_base: FastifyInstance) {}
