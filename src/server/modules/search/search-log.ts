// Writing the search log as searches arrive: a burst of searches from one session (typing, the price
// slider) is held until it settles and logged as one row, and rows are written in batches after the
// replies have gone out. Storing and reading the rows is search-logs.service.ts.

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { BatchWriter } from '#server/lib/batch-writer.ts';
import { verifyAccessToken } from '#server/lib/tokens.ts';
import { type NewSearchLog, writeSearchLogs } from './search-logs.service';

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
  /** How long a search with a session id waits for the next keystroke or slider step (default SEARCH_LOG_SETTLE_MS). */
  settleMs?: number;
  /** Sessions whose search is waiting at once; the oldest is logged beyond (default 10,000). */
  maxHeld?: number;
}

// ---------------------------------------------------------------------------------------------
// One row per search the person made
//
// The home page searches as the person types (debounced) and as they drag the price slider, so one
// search arrives as a burst: 'b', 'ba', 'bal', …, 'balayage', then the same query with five price
// ranges. Logging each would make the admin's 'Total Searches' count keystrokes. So a search that
// names its session (every web search does) is held for a settle window, and a newer search from
// the same session within the window replaces it when it refines it:
//
// - its text starts with the held one's: typing on ('bal' → 'balayage'); the same text with other
//   filters, zip, sort… (slider steps); text typed into an empty box ('' → 'nails'), so a search by
//   filters alone that the person then types into is one search;
// - or the held text starts with it and it is not empty: deleting back ('balayagr' → 'balayag').
//
// Text is compared case-insensitively, with runs of spaces as one. Anything else logs the held row
// and holds the new one: 'balayage' → 'nails' is two searches, and so is 'balayage' → cleared box
// → 'nails' however fast, because clearing the box ('') ends a search rather than refining it.
// Each refinement restarts the window, which is measured by the writer's `now` clock: a search is
// logged once its session has been quiet for settleMs, or at once by flush() and close(). The row
// logged is the last one of the burst (its text, filters, result count and time).
//
// Known limit, kept for a rule one can predict: deleting character by character and then typing
// something else logs the last text the debounce caught on the way down ('ba'), not 'balayage'.
// Searches without a session id (API clients, scripts) are logged one by one, as before.

/** How long a search with a session id is held for its session's next one, by default. */
export const SEARCH_LOG_SETTLE_MS = 3_000;

/** Whether `next` continues the search `held` (same session, within the window) rather than starting another. */
export function isRefinement(held: string, next: string): boolean {
  const before = normalized(held);
  const after = normalized(next);
  return after.startsWith(before) || (after !== '' && before.startsWith(after));
}

const normalized = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

interface Settling {
  readonly query?: string | undefined;
  readonly sessionId?: string | null | undefined;
}

/**
 * The searches waiting for their session's next one, oldest first. Pure (the time is passed in), so the
 * rule above is tested without timers or a database; SearchLogWriter queues what it releases.
 */
export class SettlingSearches<Row extends Settling> {
  /** By session id, in the order of their last search (a refinement moves its session to the end). */
  private readonly held = new Map<string, { row: Row; at: number }>();

  constructor(
    private readonly settleMs: number,
    private readonly maxHeld: number,
  ) {}

  get size(): number {
    return this.held.size;
  }

  /** Takes a new search; answers the rows to log now, oldest first (the held ones it ends first). */
  offer(row: Row, nowMs: number): Row[] {
    const released = this.expired(nowMs);
    const session = row.sessionId;
    if (!session) return [...released, row];
    const previous = this.held.get(session);
    if (previous) {
      this.held.delete(session);
      if (!isRefinement(previous.row.query ?? '', row.query ?? '')) released.push(previous.row);
    }
    this.held.set(session, { row, at: nowMs });
    if (this.held.size > this.maxHeld) {
      const [oldest, { row: first }] = this.held.entries().next().value!;
      this.held.delete(oldest);
      released.push(first);
    }
    return released;
  }

  /** The held rows whose session has been quiet for the settle window, oldest first. */
  expired(nowMs: number): Row[] {
    const released: Row[] = [];
    for (const [session, { row, at }] of this.held) {
      if (nowMs - at < this.settleMs) break;
      this.held.delete(session);
      released.push(row);
    }
    return released;
  }

  /** Every held row, oldest first (flush and close). */
  releaseAll(): Row[] {
    const released = [...this.held.values()].map((h) => h.row);
    this.held.clear();
    return released;
  }

  /** When the oldest held row settles, or null when none is held. */
  nextDeadline(): number | null {
    const first = this.held.values().next();
    return first.done ? null : first.value.at + this.settleMs;
  }
}

// ---------------------------------------------------------------------------------------------
// The writer

/**
 * Writes search log rows in small batches after the replies are sent, so logging never adds a
 * database round trip to a search; a search with a session id first settles (above). close() (from
 * the app's onClose, after in-flight requests are done) writes whatever is held or queued, so a
 * graceful shutdown loses nothing.
 */
export class SearchLogWriter {
  private settleTimer: NodeJS.Timeout | null = null;
  private readonly settleMs: number;
  private readonly settling: SettlingSearches<PendingSearchLog>;
  private readonly batches: BatchWriter<PendingSearchLog>;

  constructor(private readonly opts: SearchLogWriterOptions) {
    this.settleMs = opts.settleMs ?? SEARCH_LOG_SETTLE_MS;
    this.settling = new SettlingSearches(this.settleMs, opts.maxHeld ?? 10_000);
    this.batches = new BatchWriter({
      log: opts.log,
      label: 'search log',
      intervalMs: opts.intervalMs ?? 100,
      maxBatch: opts.maxRows ?? 100,
      maxQueued: opts.maxQueued ?? 10_000,
      itemName: 'search',
      write: async (batch) => writeSearchLogs(this.opts.db, await this.resolveUsers(batch)),
    });
  }

  push(row: PendingSearchLog): void {
    this.batches.push(this.settling.offer(row, this.opts.now().getTime()));
    this.scheduleSettle();
  }

  /**
   * Writes everything held or queued so far, searches still settling included (the admin must see a
   * search made a moment ago); resolves when it is stored (or has failed and been re-queued).
   */
  flush(): Promise<void> {
    this.releaseHeld();
    return this.batches.flush();
  }

  close(): Promise<void> {
    this.releaseHeld();
    return this.batches.close();
  }

  /** Queues every search still settling. */
  private releaseHeld() {
    this.batches.push(this.settling.releaseAll());
    this.clearSettleTimer();
  }

  /** Wakes when the oldest held search settles; the `now` clock decides what has (tests move it). */
  private scheduleSettle() {
    if (this.settleTimer) return;
    const deadline = this.settling.nextDeadline();
    if (deadline === null) return;
    const delay = Math.min(Math.max(deadline - this.opts.now().getTime(), 0), this.settleMs);
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      this.batches.push(this.settling.expired(this.opts.now().getTime()));
      this.scheduleSettle();
    }, delay);
    this.settleTimer.unref();
  }

  private clearSettleTimer() {
    if (!this.settleTimer) return;
    clearTimeout(this.settleTimer);
    this.settleTimer = null;
  }

  private resolveUsers(batch: PendingSearchLog[]): Promise<NewSearchLog[]> {
    return Promise.all(batch.map((row) => this.resolveUser(row)));
  }

  private async resolveUser({ token, ...row }: PendingSearchLog): Promise<NewSearchLog> {
    if (!token) return { ...row, userId: null };
    const claims = await verifyAccessToken(this.opts.secret, token, row.createdAt ?? this.opts.now());
    return { ...row, userId: claims?.sub ?? null };
  }
}
