import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/client.ts';
import {
  type CachedReply,
  CatalogueVersion,
  type MadeReply,
  matchesEtag,
  type PublicReplies,
  ReplyCache,
} from '#server/lib/catalogue-cache.ts';
import { isDatabaseUnavailable } from '../lib/log-errors';
import { type AdmissionGate, enterGate } from './admission-gate';

/**
 * What a public GET may be kept for by a shared cache (a CDN): a few seconds, then it asks again
 * with the ETag and gets a 304 while nothing changed. Browsers always ask (max-age=0). Replies for a
 * signed-in viewer are `private, no-store` instead (they carry click tokens, ADR 008).
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, stale-while-revalidate=5';

/** The memory the cached replies of one process may hold. */
export const REPLY_CACHE_BYTES = 64 * 1024 * 1024;

export async function createPublicReplies(
  database: Database,
  now: () => Date,
  /** PGlite's admission gate: a miss waits in it (the routes pass the request-level gate, gatedOnMiss). */
  gate: AdmissionGate | null,
  maxBytes = REPLY_CACHE_BYTES,
): Promise<PublicReplies> {
  const read = async () =>
    Number(
      rowsOf<{ version: string }>(await database.quick.execute(sql`SELECT version FROM catalogue_version`))[0]
        ?.version,
    );
  let unlisten = async () => {};
  let version: CatalogueVersion;
  version = CatalogueVersion.polled(read);
  if (database.listen) {
    try {
      let pushed: CatalogueVersion | undefined;
      unlisten = await database.listen('catalogue_version', (payload) => pushed?.observe(Number(payload)));
      pushed = await CatalogueVersion.pushed(read);
      version = pushed;
    } catch (error) {
      // A database that does not answer at start: the app still starts, and every request asks for
      // the version, failing with the database's 503 until it answers.
      if (!isDatabaseUnavailable(error)) throw error;
    }
  }
  const cache = new ReplyCache(maxBytes);
  const making = new Map<string, Promise<CachedReply<unknown>>>();

  return {
    async get<T>(key: string, make: () => Promise<MadeReply<T>>, serialize: (reply: unknown) => string) {
      const at = await version.current();
      const hit = cache.get<T>(at, key, now().getTime());
      if (hit) return hit;
      const flightKey = `${at}\u0000${key}`;
      const inFlight = making.get(flightKey);
      if (inFlight) return inFlight as Promise<CachedReply<T>>;
      const made = madeInGate(gate, make).then((m) =>
        cache.set<T>(at, key, {
          body: serialize(m.reply),
          value: m.value,
          expiresAt: m.expiresAt ?? Number.POSITIVE_INFINITY,
          ...(m.valueBytes ? { valueBytes: m.valueBytes } : {}),
        }),
      );
      making.set(flightKey, made);
      try {
        return await made;
      } finally {
        making.delete(flightKey);
      }
    },
    gated: (work) => madeInGate(gate, work),
    close: () => unlisten(),
  };
}

async function madeInGate<T>(gate: AdmissionGate | null, make: () => Promise<T>): Promise<T> {
  await enterGate(gate);
  try {
    return await make();
  } finally {
    gate?.leave();
  }
}

/** Sends a cached reply's JSON text as it is (it was serialized by the route's own serializer). */
export function sendBody(reply: FastifyReply, cached: CachedReply): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(cached.body);
}

/** Sends a cached public reply: its ETag, the shared-cache policy, and 304 when the client has it. */
export function sendPublic(req: FastifyRequest, reply: FastifyReply, cached: CachedReply): FastifyReply {
  reply
    .header('ETag', cached.etag)
    .header('Cache-Control', PUBLIC_CACHE_CONTROL)
    .header('Vary', 'Authorization');
  if (matchesEtag(req.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  return sendBody(reply, cached);
}
