import { createHash } from 'node:crypto';
import type { Db } from '#server/db/client.ts';

/**
 * Public replies (profiles, searches, the providers list, openings) cached under the catalogue
 * version: migration 0016's triggers bump `catalogue_version` in the transaction of every write that
 * changes what the public sees, so an entry made at version v is right for as long as the version
 * is v. Nothing is ever invalidated by hand and a rolled-back write changes nothing (ADR 014).
 *
 * Before each request looks, it learns the version as of its arrival:
 * - PGlite (one process): LISTEN. PGlite calls the listener before the committing statement's
 *   promise resolves, so the version in memory is always the database's: no query at all.
 * - PostgreSQL (any number of instances): one `SELECT version` started after the request arrived.
 *   A NOTIFY reaches other instances a moment after the commit, which is not 'the very next
 *   request'; a read is. Requests that arrive while a read is waiting to start share it, and it
 *   starts at the end of the event loop's turn, so under load there is about one such read per
 *   database round trip, not one per request.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class CatalogueVersion {
  private known: number | null = null;
  private inflight: Promise<number> | null = null;
  private queued: Promise<number> | null = null;

  private constructor(
    private readonly read: () => Promise<number>,
    private readonly pushed: boolean,
  ) {}

  /** A version read from the database before every cache lookup (PostgreSQL). */
  static polled(read: () => Promise<number>): CatalogueVersion {
    return new CatalogueVersion(read, false);
  }

  /** A version the database pushes synchronously on every commit (PGlite's LISTEN); `observe` takes it. */
  static async pushed(read: () => Promise<number>): Promise<CatalogueVersion> {
    const version = new CatalogueVersion(read, true);
    version.observe(await read());
    return version;
  }

  /** A pushed version (NOTIFY payload). Versions only grow, so an older one is ignored. */
  observe(version: number): void {
    if (Number.isSafeInteger(version) && (this.known === null || version > this.known)) this.known = version;
  }

  /** The version as of now: every write committed before this call is in it. */
  current(): Promise<number> {
    if (this.pushed && this.known !== null) return Promise.resolve(this.known);
    // A read already started may have begun before a write this request must see: wait for one
    // that starts after now, joining one that is queued and has not started.
    if (this.queued) return this.queued;
    const queued = (this.inflight ?? Promise.resolve(0))
      .catch(() => 0)
      // Started once this turn of the event loop is over: every request that arrives in it (a busy
      // server reads many sockets a turn) shares the read, not only those that came before it.
      .then(nextTurn)
      .then(() => {
        this.queued = null;
        const read = this.read();
        this.inflight = read;
        const done = () => {
          if (this.inflight === read) this.inflight = null;
        };
        read.then((version) => {
          this.observe(version);
          done();
        }, done);
        return read;
      });
    this.queued = queued;
    return queued;
  }
}

export interface CachedReply<T = unknown> {
  /** The reply as sent: JSON text. */
  body: string;
  /** A strong validator of `body`, quoted, for ETag / If-None-Match. */
  etag: string;
  /** What the body was made from, for replies that add a viewer's own fields to it. */
  value: T;
  /** Epoch ms after which the entry is not used (Infinity: only a new version retires it). */
  expiresAt: number;
  /** Memory `value` holds (a page's compressed copies); unset, ReplyCache counts twice its JSON. */
  valueBytes?: number;
}

/** The strong ETag of a reply body. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-None-Match header names this ETag ('*', a list, weak forms all count, RFC 9110 §13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * The memory V8 gives a string's characters: one byte each when all are Latin-1 (a JSON reply of
 * ASCII text), two when any is not.
 */
export const stringBytes = (text: string): number => (BEYOND_LATIN1.test(text) ? 2 : 1) * text.length;
const BEYOND_LATIN1 = /[\u0100-\uffff]/;

/**
 * What an entry holds beyond its body and key: the kept value (`valueBytes` when the route says,
 * else twice its JSON: objects take about that much more than their text), its ETag and the entry.
 */
const ENTRY_BYTES = 256;
const keptValueBytes = (value: unknown, valueBytes: number | undefined) =>
  valueBytes ?? (value === null || value === undefined ? 0 : 2 * stringBytes(JSON.stringify(value) ?? ''));

/**
 * The entries of one catalogue version, least recently used dropped first past `maxBytes`, each
 * counted as the memory it holds: its body and key (stringBytes), its kept value, and ENTRY_BYTES.
 * A newer version empties it.
 */
export class ReplyCache {
  private version = -1;
  private entries = new Map<string, CachedReply & { bytes: number }>();
  private bytes = 0;

  constructor(readonly maxBytes: number) {}

  get<T>(version: number, key: string, nowMs: number): CachedReply<T> | undefined {
    if (version !== this.version) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= nowMs) {
      this.remove(key, entry.bytes);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry as CachedReply<T>;
  }

  set<T>(version: number, key: string, reply: Omit<CachedReply<T>, 'etag'>): CachedReply<T> {
    let etag: string | undefined;
    const entry = {
      ...reply,
      // Hashed when first sent: only the GET routes send it (sendPublic), never the search's POST.
      get etag() {
        etag ??= etagOf(reply.body);
        return etag;
      },
      bytes:
        stringBytes(reply.body) +
        stringBytes(key) +
        ENTRY_BYTES +
        keptValueBytes(reply.value, reply.valueBytes),
    };
    if (version < this.version) return entry;
    if (version > this.version) this.clear(version);
    if (entry.bytes > this.maxBytes) return entry;
    const old = this.entries.get(key);
    if (old) this.remove(key, old.bytes);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const [oldest, { bytes }] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest, bytes);
    }
    return entry;
  }

  get size(): number {
    return this.entries.size;
  }

  private clear(version: number) {
    this.version = version;
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string, bytes: number) {
    this.entries.delete(key);
    this.bytes -= bytes;
  }
}

/**
 * Facts the misses of public replies read, kept under the catalogue version they were read at
 * (PublicReplies.get hands `make` that version) so that later misses at that version need not read
 * them again: whether a landing page has providers. At most `maxEntries`, least recently used
 * dropped first; a newer version empties it, and a fact read at an older one is not kept. A fact
 * read by a miss at version v is as right for v as that miss's reply (it was read on a database
 * that has replayed v).
 */
export class VersionedMemo<V> {
  private version = -1;
  private readonly entries = new Map<string, V>();

  constructor(readonly maxEntries: number) {}

  get(version: number, key: string): V | undefined {
    if (version !== this.version) return undefined;
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(version: number, key: string, value: V): void {
    if (version < this.version) return;
    if (version > this.version) {
      this.version = version;
      this.entries.clear();
    }
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** What a cacheable reply is made of: `reply` is sent; `value` is kept for viewers' variants. */
export interface MadeReply<T> {
  value: T;
  reply: unknown;
  /** Epoch ms when time alone changes the answer (an opening ends); default: only a write does. */
  expiresAt?: number;
  /** Memory `value` holds (counted against the cache's bytes); unset, twice its JSON. */
  valueBytes?: number;
}

/** Who asks for a public reply, as far as where it may be read matters. */
export interface PublicReader {
  /**
   * Whether this reader wrote a moment ago (lib/recent-writers.ts): their miss is made on the
   * primary. Asked only on a miss that could go to a replica.
   */
  wroteRecently(): boolean;
}

/** The public replies of one process, under the catalogue version (built by src/server/plugins/public-cache.ts). */
export interface PublicReplies {
  /**
   * The cached reply for `key` as of this request, or the one `make` builds (then kept). Concurrent
   * misses of one key share one `make`. `serialize` turns `reply` into the body (the route's own
   * serializer: reply.serialize). A `make` that throws (404, 400) keeps nothing.
   *
   * `make` reads on the database it is handed: the primary, or a read replica that has replayed the
   * version the reply is kept under (DATABASE_REPLICA_URLS). It must only read there (a standby
   * refuses writes), and read nothing but the public catalogue: a viewer's own data is read on the
   * primary, outside `make`. `make` is handed the catalogue version the reply is kept under as well,
   * under which it may keep what it read for later misses (VersionedMemo).
   */
  get<T>(
    key: string,
    make: (db: Db, version: number) => Promise<MadeReply<T>>,
    serialize: (reply: unknown) => string,
    reader?: PublicReader,
  ): Promise<CachedReply<T>>;
  /** Other work of a gatedOnMiss route (a signed-in viewer's own reply): it waits in the gate. */
  gated<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
