import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { BatchWriter } from '#server/lib/batch-writer.ts';
import { INSIGHT_TOKEN_TTL_MS } from './insight-token';
import { type InsightEvent, purgeRawInsightEvents, writeInsightEvents } from './insights.service';

export interface InsightWriterOptions {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Flush this long after the first queued event (default 250 ms)… */
  intervalMs?: number;
  /** …or as soon as this many are queued (default 200). */
  maxEvents?: number;
  /** Events kept while the database refuses them; the oldest are dropped beyond (default 10,000). */
  maxQueued?: number;
}

/**
 * Tokens this process has queued, remembered while they could still be counted: a beacon sent again
 * is not even queued. (The database decides across processes: insight_counted_tokens.)
 */
const TOKEN_MEMORY_MS = INSIGHT_TOKEN_TTL_MS;
const TOKENS_REMEMBERED = 20_000;
/** Raw events are purged at most this often (ADR 019). */
const PURGE_EVERY_MS = 60 * 60_000;

/**
 * Queues beacon events and writes them in batches after the replies have gone out (BatchWriter, as
 * the search log does): a beacon never waits for the database. close() (from onClose) writes what is
 * queued. Each pass also purges the raw events of past days, at most hourly.
 */
export class InsightWriter {
  /** Token nonce → when first seen, oldest first. */
  private readonly tokens = new Map<string, number>();
  private lastPurge = 0;
  /** Wakes the writer hourly, so raw events are purged on a quiet server too. */
  private readonly purgeTimer: NodeJS.Timeout;
  private readonly batches: BatchWriter<InsightEvent>;

  constructor(private readonly opts: InsightWriterOptions) {
    this.batches = new BatchWriter({
      log: opts.log,
      label: 'insights',
      intervalMs: opts.intervalMs ?? 250,
      maxBatch: opts.maxEvents ?? 200,
      maxQueued: opts.maxQueued ?? 10_000,
      itemName: 'event',
      write: (batch) => writeInsightEvents(this.opts.db, batch),
      afterWrite: () => this.purgeIfDue(),
    });
    this.purgeTimer = setInterval(() => void this.flush(), PURGE_EVERY_MS);
    this.purgeTimer.unref();
  }

  /** Queues the event, unless this process has already queued its token. */
  push(event: InsightEvent): void {
    const now = this.opts.now().getTime();
    for (const [nonce, at] of this.tokens) {
      if (now - at < TOKEN_MEMORY_MS && this.tokens.size < TOKENS_REMEMBERED) break;
      this.tokens.delete(nonce);
    }
    if (this.tokens.has(event.token.nonce)) return;
    this.tokens.set(event.token.nonce, now);
    this.batches.push([event]);
  }

  /** Writes everything queued; resolves when stored (or failed and re-queued). */
  flush(): Promise<void> {
    return this.batches.flush();
  }

  close(): Promise<void> {
    clearInterval(this.purgeTimer);
    return this.batches.close();
  }

  private async purgeIfDue() {
    const now = this.opts.now();
    if (now.getTime() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now.getTime();
    try {
      await purgeRawInsightEvents(this.opts.db, now);
    } catch (error) {
      this.opts.log.warn({ err: error }, 'insights: purge of raw events failed, will retry');
      this.lastPurge = 0;
    }
  }
}
