import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { verifyAccessToken } from '#server/lib/tokens.ts';
import { isDatabaseUnavailable } from '#server/plugins/errors.ts';
import { type NewSearchLog, writeSearchLogs } from './search.service';

export interface PendingSearchLog extends Omit<NewSearchLog, 'userId'> {
  /** The bearer token sent with the search, if any; resolved to a user id off the request path. */
  token?: string;
}

export interface SearchLogWriterOptions {
  db: Db;
  log: FastifyBaseLogger;
  secret: Uint8Array;
  now: () => Date;
  /** Flush this long after the first queued row (default 100 ms)… */
  intervalMs?: number;
  /** …or as soon as this many are queued (default 100). */
  maxRows?: number;
  /** Rows kept while the database refuses them; the oldest are dropped beyond (default 10,000). */
  maxQueued?: number;
}

/**
 * Writes search log rows in small batches after the replies are sent, so logging never adds a
 * database round trip to a search. close() (from the app's onClose, after in-flight requests are
 * done) writes whatever is queued, so a graceful shutdown loses nothing.
 */
export class SearchLogWriter {
  private queue: PendingSearchLog[] = [];
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  private readonly intervalMs: number;
  private readonly maxRows: number;
  private readonly maxQueued: number;

  constructor(private readonly opts: SearchLogWriterOptions) {
    this.intervalMs = opts.intervalMs ?? 100;
    this.maxRows = opts.maxRows ?? 100;
    this.maxQueued = opts.maxQueued ?? 10_000;
  }

  push(row: PendingSearchLog): void {
    this.queue.push(row);
    if (this.queue.length > this.maxQueued) {
      this.queue.splice(0, this.queue.length - this.maxQueued);
      this.opts.log.warn('search log queue full: dropped the oldest rows');
    }
    if (this.queue.length >= this.maxRows) void this.flush();
    else this.schedule(this.intervalMs);
  }

  /** Writes everything queued so far; resolves when it is stored (or has failed and been re-queued). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.chain = this.chain.then(() => this.writeQueued());
    return this.chain;
  }

  async close(): Promise<void> {
    await this.flush();
    if (this.queue.length > 0) {
      this.opts.log.error(`search log: ${this.queue.length} rows could not be written before shutdown`);
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
      const batch = this.queue.splice(0, this.maxRows);
      const rows = await Promise.all(batch.map((row) => this.resolveUser(row)));
      try {
        await writeSearchLogs(this.opts.db, rows);
      } catch (error) {
        // A batch the database refuses for one bad row (e.g. the user was deleted meanwhile) would be
        // retried for ever and hold up every row behind it: write its rows one by one, dropping those
        // refused. Only an unreachable database keeps them queued for later.
        const left = isDatabaseUnavailable(error) ? batch : await this.writeOneByOne(batch, rows);
        if (left.length === 0) continue;
        this.queue.unshift(...left);
        this.opts.log.error({ err: error }, 'search log: database unavailable, will retry');
        this.schedule(1000);
        return;
      }
    }
  }

  /** Writes each row alone; answers the rows still to write if the database went away meanwhile. */
  private async writeOneByOne(batch: PendingSearchLog[], rows: NewSearchLog[]): Promise<PendingSearchLog[]> {
    for (let i = 0; i < rows.length; i++) {
      try {
        await writeSearchLogs(this.opts.db, [rows[i]!]);
      } catch (error) {
        if (isDatabaseUnavailable(error)) return batch.slice(i);
        this.opts.log.warn({ err: error }, 'search log: row refused by the database, dropped');
      }
    }
    return [];
  }

  private async resolveUser({ token, ...row }: PendingSearchLog): Promise<NewSearchLog> {
    if (!token) return { ...row, userId: null };
    const claims = await verifyAccessToken(this.opts.secret, token, row.createdAt ?? this.opts.now());
    return { ...row, userId: claims?.sub ?? null };
  }
}
