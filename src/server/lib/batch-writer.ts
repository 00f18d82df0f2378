import type { FastifyBaseLogger } from 'fastify';
import { databaseErrorSummary, isDatabaseUnavailable } from './log-errors';

/**
 * Refusals that say nothing about the batch, only about the moment: a deadlock or serialization
 * failure (class 40), a statement or lock timeout (57014, 55P03), a database out of resources
 * (class 53). The batch waits and is tried again whole, as for an unreachable database; splitting
 * it would only multiply the statements of a busy database and drop good items.
 */
function isPassing(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (code.startsWith('40') || code.startsWith('53') || code === '57014' || code === '55P03') return true;
    e = e.cause as typeof e;
  }
  return false;
}

export interface BatchWriterOptions<Item> {
  log: FastifyBaseLogger;
  /** Names the writer in its log lines ('search log', 'insights'). */
  label: string;
  /** Write this long after the first queued item… */
  intervalMs: number;
  /** …or as soon as this many are queued; also the most written at once. */
  maxBatch: number;
  /** Items kept while the database refuses them; the oldest are dropped beyond. */
  maxQueued: number;
  /** Names one item in the line that says it was dropped ('search', 'event'). */
  itemName: string;
  /** Stores one batch; throws when the database refuses it. */
  write: (batch: Item[]) => Promise<void>;
  /** After each pass that emptied the queue. */
  afterWrite?: () => Promise<void>;
}

/**
 * Queues items and writes them in batches after the replies have gone out, so a request never waits
 * for the database to store a by-product of it (the search log, insight counters). One pass at a
 * time; an unreachable database keeps the batch queued and tries again a second later. A batch the
 * database refuses for any other reason (one bad item: its provider deleted meanwhile, a value it
 * cannot take) is split in halves until the bad item is alone: that item is dropped with one short
 * line, the rest is written. So one item can neither hold up the others nor be retried for ever.
 */
export class BatchWriter<Item> {
  private queue: Item[] = [];
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly opts: BatchWriterOptions<Item>) {}

  /** Items queued and not yet stored. */
  get size(): number {
    return this.queue.length;
  }

  push(items: Item[]): void {
    if (items.length === 0) return;
    this.queue.push(...items);
    if (this.queue.length > this.opts.maxQueued) {
      this.queue.splice(0, this.queue.length - this.opts.maxQueued);
      this.opts.log.warn(`${this.opts.label}: queue full, dropped the oldest`);
    }
    if (this.queue.length >= this.opts.maxBatch) void this.flush();
    else this.schedule(this.opts.intervalMs);
  }

  /** Writes what is queued; resolves when it is stored (or has failed and been queued again). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.chain = this.chain.then(() => this.writeQueued());
    return this.chain;
  }

  /** Writes what is queued, then logs what could not be (from the app's onClose). */
  async close(): Promise<void> {
    await this.flush();
    if (this.queue.length > 0) {
      this.opts.log.error(`${this.opts.label}: ${this.queue.length} not written before shutdown`);
    }
  }

  private schedule(delayMs: number) {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delayMs);
    this.timer.unref();
  }

  private async writeQueued(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.opts.maxBatch);
      const outage = await this.writeSplitting(batch);
      if (outage) {
        this.queue.unshift(...outage.left);
        this.opts.log.error(
          `${this.opts.label}: database unavailable (${databaseErrorSummary(outage.error)}), ${this.queue.length} waiting, will retry`,
        );
        this.schedule(1000);
        return;
      }
    }
    await this.opts.afterWrite?.();
  }

  /**
   * Writes `batch`, splitting it around what the database refuses (each refused item dropped and
   * logged). Answers null when done, or the items still to write when the database became
   * unreachable on the way.
   */
  private async writeSplitting(batch: Item[]): Promise<{ left: Item[]; error: unknown } | null> {
    try {
      await this.opts.write(batch);
      return null;
    } catch (error) {
      if (isDatabaseUnavailable(error) || isPassing(error)) return { left: batch, error };
      if (batch.length === 1) {
        this.opts.log.warn(
          `${this.opts.label}: one ${this.opts.itemName} refused by the database (${databaseErrorSummary(error)}), dropped`,
        );
        return null;
      }
      const half = Math.ceil(batch.length / 2);
      const first = await this.writeSplitting(batch.slice(0, half));
      if (first) return { left: [...first.left, ...batch.slice(half)], error: first.error };
      return this.writeSplitting(batch.slice(half));
    }
  }
}
