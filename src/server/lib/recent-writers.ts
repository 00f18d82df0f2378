/**
 * Read-your-writes for the public replies read on a replica: a signed-in user who sent a write (any
 * request but GET, HEAD or OPTIONS) in the last READ_YOUR_WRITES_MS has their public reads made on
 * the primary. A replica a few hundred milliseconds behind would otherwise show someone the profile
 * they have just saved without the change.
 *
 * The marks live in this process's memory: another process or machine behind the load balancer does
 * not know them. That is enough, because they are the second line: a read on a replica is only ever
 * made for a catalogue version the replica has replayed (plugins/public-cache.ts), and every write that
 * changes what the public sees moves that version on the primary, where each request reads it. The
 * marks also cover what the version does not (a replica's catalogue version is read a moment before
 * the reply's own statements), for the requests that land on the same process as the write.
 */
export const READ_YOUR_WRITES_MS = 5000;

/** Past this many marks, the expired ones are dropped when the next one is made. */
const PRUNE_AT = 10_000;

export class RecentWriters {
  /** User id → when their last write ended (epoch ms), oldest first: a new mark moves to the end. */
  private readonly marks = new Map<string, number>();

  constructor(private readonly windowMs = READ_YOUR_WRITES_MS) {}

  mark(userId: string, nowMs: number): void {
    this.marks.delete(userId);
    this.marks.set(userId, nowMs);
    if (this.marks.size <= PRUNE_AT) return;
    for (const [id, at] of this.marks) {
      if (nowMs - at < this.windowMs) break;
      this.marks.delete(id);
    }
  }

  /** Whether `userId` wrote within the window. */
  wroteRecently(userId: string, nowMs: number): boolean {
    const at = this.marks.get(userId);
    return at !== undefined && nowMs - at < this.windowMs;
  }

  /** No marks at all: a request need not even be identified. */
  get isEmpty(): boolean {
    return this.marks.size === 0;
  }
}
