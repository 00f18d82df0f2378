import type { FastifyInstance } from 'fastify';

/** Notification preferences: every kind of message, per channel, and its unsubscribe link. */
export async function notificationRoutes(_base: FastifyInstance) {}
