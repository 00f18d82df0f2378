import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Background } from './lib/background';
import type { PublicReplies } from './lib/catalogue-cache';
import type { EventBus } from './lib/events';
import type { RecentWriters } from './lib/recent-writers';
import type { Storage } from './storage/storage';

/** What services need from the outside world; built once in buildApp, replaced piecewise in tests. */
export interface AppContext {
  db: Db;
  /** Whole-catalogue aggregates, without the request query timeout (Database.bulk). */
  bulkDb: Db;
  config: Config;
  log: FastifyBaseLogger;
  secret: Uint8Array;
  now: () => Date;
  /** Uploaded images: local disk or S3-compatible. */
  storage: Storage;
  /** Tells the mail worker that new mail is queued (after the transaction commits). */
  kickMail: () => void;
  /** Tells the opening-alert dispatcher that an announcement was scheduled. */
  kickAlerts: () => void;
  /** Wakes the message notifier (a new message made an email due). */
  kickMessages: () => void;
  /** Work that runs after the answer (src/server/lib/background.ts); `settle()` waits for it. */
  background: Background['background'];
  settle: Background['settle'];
  /** Public replies cached under the catalogue version (ADR 014); their misses may read on a replica. */
  replies: PublicReplies;
  /** Who wrote a moment ago: their public reads stay on the primary (lib/recent-writers.ts). */
  recentWriters: RecentWriters;
  /** Cross-module effects: a service emits, the services app.ts subscribed react (lib/events.ts). */
  events: EventBus;
}

/**
 * The context a public reply's `make` runs in: the same, reading on `db` (the primary or a replica,
 * chosen by the public reply cache). Without a replica it is `ctx` itself.
 */
export function readingFrom(ctx: AppContext, db: Db): AppContext {
  return db === ctx.db ? ctx : { ...ctx, db };
}
