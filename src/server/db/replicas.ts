import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** client.ts's Db, spelt out here: client.ts imports this file. */
type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** How often each replica is asked whether it is up and how far it has replayed. */
export const REPLICA_CHECK_MS = 2000;

/** One read replica (DATABASE_REPLICA_URLS): its pools and what is known of it. */
export interface Replica {
  /** host:port/database, for logs; the URL's password is left out. */
  readonly label: string;
  /** The pool public reads run on (the request pool's options, fewer connections). */
  readonly db: Db;
  /**
   * One connection of its own for the health check and the replay probe, so neither waits behind
   * the reads on `db` and a busy replica is not taken for a dead one.
   */
  readonly probe: Db;
  healthy: boolean;
  /**
   * The highest catalogue version seen on it. Replay only moves forward, so every statement that
   * starts on this replica later sees at least this version's writes.
   */
  replayed: number;
  /** Public reads it has served (the tests and the logs read it). */
  served: number;
}

/** The label of a replica URL without its credentials. */
export function replicaLabel(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
}

/**
 * The read replicas of a PostgreSQL primary. A replica is used while its last health check answered
 * (and it is still a standby); a connection error on a read marks it down until the next check
 * answers. Replicas are taken in turn among the healthy ones; with none healthy, the caller reads
 * on the primary.
 */
export class Replicas {
  private turn = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly probing = new Map<Replica, Promise<number | null>>();

  constructor(
    readonly list: Replica[],
    private readonly onDown: (replica: Replica, error: unknown) => void = () => {},
    private readonly checkMs = REPLICA_CHECK_MS,
  ) {}

  /** Checks every replica now, then every checkMs until close(). */
  async start(): Promise<void> {
    await this.checkAll();
    const tick = () => {
      this.timer = setTimeout(() => void this.checkAll().finally(() => this.timer && tick()), this.checkMs);
      this.timer.unref();
    };
    tick();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** One health check of each replica. */
  async checkAll(): Promise<void> {
    await Promise.all(this.list.map((replica) => this.probeReplay(replica)));
  }

  /**
   * A healthy replica that has replayed at least `version` (the catalogue version read on the
   * primary for this request), or null: then the read belongs on the primary. Replicas are tried in
   * turn; one not known to be far enough is asked once (a probe in flight is shared).
   */
  async replayedTo(version: number): Promise<Replica | null> {
    const n = this.list.length;
    for (let i = 0; i < n; i++) {
      const replica = this.list[(this.turn + i) % n]!;
      if (!replica.healthy) continue;
      if (replica.replayed < version) {
        const replayed = await this.probeReplay(replica);
        if (replayed === null || replayed < version) continue;
      }
      this.turn = (this.turn + i + 1) % n;
      return replica;
    }
    return null;
  }

  /** A read on `replica` failed for want of the server: not used until a check answers again. */
  markDown(replica: Replica, error: unknown): void {
    if (replica.healthy) this.onDown(replica, error);
    replica.healthy = false;
  }

  /**
   * Asks the replica whether it is a standby and which catalogue version it has replayed; any failure
   * marks it down. A server that is no longer in recovery (promoted) no longer follows the primary.
   */
  private probeReplay(replica: Replica): Promise<number | null> {
    const inFlight = this.probing.get(replica);
    if (inFlight) return inFlight;
    const probe = (async () => {
      try {
        const result = await replica.probe.execute(
          sql`SELECT pg_is_in_recovery() AS recovery, (SELECT version FROM catalogue_version) AS version`,
        );
        const row = (result as unknown as { rows: { recovery: boolean; version: string | null }[] }).rows[0];
        if (!row?.recovery) throw new Error(`${replica.label} is not in recovery (not a standby)`);
        const version = Number(row.version ?? -1);
        if (version > replica.replayed) replica.replayed = version;
        replica.healthy = true;
        return replica.replayed;
      } catch (error) {
        this.markDown(replica, error);
        return null;
      } finally {
        this.probing.delete(replica);
      }
    })();
    this.probing.set(replica, probe);
    return probe;
  }
}
