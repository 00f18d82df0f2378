import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { PublicReader } from '#server/lib/catalogue-cache.ts';
import type { RecentWriters } from '#server/lib/recent-writers.ts';
import { bearerToken } from './auth';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Marks a signed-in user as a recent writer on every request of theirs that is not a read, before
 * its reply goes out (onSend), so the next request that reply lets the client send already finds the
 * mark. Whether the write succeeded does not matter: a failed one only costs reads on the primary.
 */
export function registerReadYourWrites(app: FastifyInstance, writers: RecentWriters, now: () => Date): void {
  app.addHook('onSend', async (request) => {
    if (READS.has(request.method) || !request.user) return;
    writers.mark(request.user.id, now().getTime());
  });
}

/**
 * The reader of a public reply: the bearer token's user, when there is one. Its signature is not
 * checked: a forged token can only send its own reads to the primary, which is always right.
 */
export function publicReader(writers: RecentWriters, request: FastifyRequest, now: () => Date): PublicReader {
  return {
    wroteRecently() {
      if (writers.isEmpty) return false;
      const token = bearerToken(request);
      if (!token) return false;
      try {
        const { sub } = decodeJwt(token);
        return typeof sub === 'string' && writers.wroteRecently(sub, now().getTime());
      } catch {
        return false;
      }
    },
  };
}
