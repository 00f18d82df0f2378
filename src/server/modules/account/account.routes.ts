import type { FastifyInstance } from 'fastify';

/** The person's data: download everything held about them, delete the account. */
export async function accountDataRoutes(_base: FastifyInstance) {}
