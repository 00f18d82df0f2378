import type { FastifyInstance } from 'fastify';

/** Passkeys (WebAuthn): register, sign in, re-authenticate, list, rename, remove. */
export async function passkeyRoutes(_base: FastifyInstance) {}
