import { availableParallelism } from 'node:os';

/**
 * The request pool's size when DATABASE_POOL_SIZE is unset: about two connections per core in all, the PostgreSQL
 * wiki's 'core count × 2' for a database on this machine, shared by the server's processes, and at least 2. More
 * connections than that do not answer more: the statements they run at once take turns on the same cores with the
 * event loop, which then waits behind them (docs/reliability.md §5, 2026-11-29: 10 connections on 2 cores put 2.35%
 * of the loadtest's answers over 50 ms, 4 put 0.91%). A database on a machine of its own sizes it from its cores.
 */
export function defaultPoolSize(cores = availableParallelism(), processes = 1): number {
  return Math.max(2, Math.ceil((2 * cores) / processes));
}
