import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { BatchWriter } from '#server/lib/batch-writer.ts';
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

/** How long a results page's id is remembered, so a beacon sent twice counts once. */
const PAGE_MEMORY_MS = 30 * 60_000;
const PAGES_REMEMBERED = 20_000;
/** Raw events are purged at most this often (ADR 019). */
const PURGE_EVERY_MS = 60 * 60_000;

/**
 * Queues beacon events and writes them in batches after the replies have gone out (BatchWriter, as
 * the search log does): a beacon never waits for the database. close() (from onClose) writes what is
 * queued. Each pass also purges the raw events of past days, at most hourly.
 */
export class InsightWriter {
  /** Results page id → when first seen, oldest first. */
  private readonly pages = new Map<string, number>();
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
      write: (batch) => writeInsightEvents(this.opts.db, batch),
      // A batch refused for one bad event (a provider deleted meanwhile) is dropped rather than
      // retried for ever: these are counters, and the loss is logged.
      refused: async (batch, error) => {
        this.opts.log.warn({ err: error }, `insights: batch of ${batch.length} events refused, dropped`);
        return [];
      },
      afterWrite: () => this.purgeIfDue(),
    });
    this.purgeTimer = setInterval(() => void this.flush(), PURGE_EVERY_MS);
    this.purgeTimer.unref();
  }

  /** False (and nothing queued) for a results page already counted within the last half hour. */
  isNewPage(pageId: string): boolean {
    const now = this.opts.now().getTime();
    for (const [id, at] of this.pages) {
      if (now - at < PAGE_MEMORY_MS && this.pages.size < PAGES_REMEMBERED) break;
      this.pages.delete(id);
    }
    if (this.pages.has(pageId)) return false;
    this.pages.set(pageId, now);
    return true;
  }

  push(event: InsightEvent): void {
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
