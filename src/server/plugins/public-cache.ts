import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Db } from '#server/db/client.ts';
import { rowsOf } from '#server/db/client.ts';
import {
  type CachedReply,
  CatalogueVersion,
  type MadeReply,
  matchesEtag,
  type PublicReader,
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

  /**
   * A miss at catalogue version `at`, made where it may be. The version was read on the primary
   * after the request arrived (`quick` is a primary connection), so it counts every write committed
   * before, this reader's own included. The reply is kept under `at`, so it must show at least those
   * writes: it is read on a replica only when that replica has replayed `at` (its own
   * catalogue_version, which moves in the transaction of every such write, is `at` or later).
   * Replay never goes back, so the reply's statements, started after that check on the same server,
   * see at least as much. A replica that is behind, down, or fails mid-read leaves the miss to the
   * primary: slower, never older. A reader who wrote a moment ago reads on the primary too.
   */
  async function makeWhereCurrent<T>(
    at: number,
    make: (db: Db, version: number) => Promise<MadeReply<T>>,
    reader: PublicReader | undefined,
  ): Promise<MadeReply<T>> {
    const { replicas } = database;
    if (!replicas || reader?.wroteRecently()) return make(database.db, at);
    const replica = await replicas.replayedTo(at);
    if (!replica) return make(database.db, at);
    try {
      const made = await make(replica.db, at);
      replica.served++;
      return made;
    } catch (error) {
      if (!isReplicaFailure(error)) throw error;
      if (isDatabaseUnavailable(error)) replicas.markDown(replica, error);
      return make(database.db, at);
    }
  }

  return {
    async get<T>(
      key: string,
      make: (db: Db, version: number) => Promise<MadeReply<T>>,
      serialize: (reply: unknown) => string,
      reader?: PublicReader,
    ) {
      const at = await version.current();
      const hit = cache.get<T>(at, key, now().getTime());
      if (hit) return hit;
      // Readers of one key at one version share a miss, wherever it is made: a replica is only
      // chosen when it has replayed `at`, which already holds a recent writer's change.
      const flightKey = `${at}\u0000${key}`;
      const inFlight = making.get(flightKey);
      if (inFlight) return inFlight as Promise<CachedReply<T>>;
      const made = madeInGate(gate, () => makeWhereCurrent(at, make, reader)).then((m) =>
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

/**
 * SQLSTATEs after which a read is retried on the primary: the standby cancelled it for a conflict
 * with replay (40001), refused a write (25006: a `make` that writes is a defect, but the reader
 * still gets an answer), is shutting down or starting (57P01-57P03), or is full (53300).
 */
const REPLICA_RETRY_CODES = new Set(['40001', '25006', '57P01', '57P02', '57P03', '53300']);

function isReplicaFailure(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.code && REPLICA_RETRY_CODES.has(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

async function madeInGate<T>(gate: AdmissionGate | null, make: () => Promise<T>): Promise<T> {
  await enterGate(gate);
  try {
    return await make();
  } finally {
    gate?.leave();
  }
}

/** Sends a reply's JSON text as it is (serialized by the route's own serializer, then cached). */
export function sendBody(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

/** Sends a cached public reply: its ETag, the shared-cache policy, and 304 when the client has it. */
export function sendPublic(req: FastifyRequest, reply: FastifyReply, cached: CachedReply): FastifyReply {
  reply
    .header('ETag', cached.etag)
    .header('Cache-Control', PUBLIC_CACHE_CONTROL)
    .header('Vary', 'Authorization');
  if (matchesEtag(req.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  return sendBody(reply, cached.body);
}
