import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ThreadedPglite } from './pglite-thread';
import { defaultPoolSize } from './pool-size';
import { preparePgliteStatements } from './prepared';
import { type Replica, Replicas, replicaLabel } from './replicas';
import * as schema from './schema';

export type Schema = typeof schema;
/** The query layer both engines share. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The rows of a raw `db.execute(sql`…`)`: both drivers answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface Database {
  db: Db;
  /**
   * For statements that aggregate the whole catalogue (the sitemap's landing pages): on PostgreSQL one
   * connection of its own without the pool's query timeout, so they neither fail at the timeout nor
   * take a request's connection; on PGlite the same database.
   */
  bulk: Db;
  /**
   * For the one-row read every public request makes before its cache lookup (the catalogue version,
   * src/server/plugins/public-cache.ts): on PostgreSQL one connection of its own, so the read never
   * waits for a free connection of the request pool behind slow statements (a commit waiting on the
   * disk, a search no cache answers); on PGlite the same database.
   */
  quick: Db;
  /**
   * PostgreSQL with DATABASE_REPLICA_URLS: the streaming replicas public reads may use, their health
   * and replay (db/replicas.ts). The one way to read on a replica is the public reply cache
   * (plugins/public-cache.ts), which checks that the replica has replayed the catalogue version the
   * reply is kept under; nothing else picks a replica. Null on PGlite and without replicas: every
   * read is on `db`.
   */
  replicas: Replicas | null;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the request pool's connections (`db`); PGlite: 1, it runs one statement at a time. */
  poolSize: number;
  /** Applies pending migrations (safe to call on every start, and from several instances). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: LISTEN on a channel. PGlite calls `onPayload` before the promise of the statement
   * that committed the NOTIFY resolves, so a listener is never behind the database
   * (src/server/lib/catalogue-cache.ts relies on it). Resolves to the UNLISTEN.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** PGlite only: the whole database as a dumpDataDir() tarball, for OpenOptions.pgliteImage. */
  image?(): Promise<Blob>;
}

export const MIGRATIONS = path.join(import.meta.dirname, 'migrations');
/** Any constant works; it only has to be the same for every instance of this app. */
const MIGRATION_LOCK_KEY = 724_311_001;

export interface OpenOptions {
  /** postgres://… for a server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  pgliteDir?: string | undefined;
  /**
   * PGlite: start from this image (Database.image()) instead of an empty database. The tests open
   * each file's database from one migrated image: a copy is the same as a fresh migration, without
   * initdb and the migrations' seconds of WASM work per file.
   */
  pgliteImage?: Blob | undefined;
  onPoolError?: (error: Error) => void;
  /**
   * PostgreSQL: a query without an answer after this long fails (and the request gets a 503), so a
   * frozen or unreachable server cannot hold requests for ever. The server sets it; scripts that run
   * long bulk statements (bench, seed) leave it unset. Migrations never have it.
   */
  queryTimeoutMs?: number | undefined;
  /** PostgreSQL: the request pool's connections (DATABASE_POOL_SIZE); defaultPoolSize() when unset. */
  poolSize?: number | undefined;
  /** PostgreSQL: read replicas (DATABASE_REPLICA_URLS), for the public replies. */
  replicaUrls?: string[] | undefined;
  /** A replica was marked down (a failed read or health check): for the log. */
  onReplicaDown?: ((label: string, error: unknown) => void) | undefined;
}

/**
 * Planner settings for a database served from memory, which the search budgets assume: a random
 * read costs about what a sequential one does (with the default random_page_cost = 4 the planner
 * sorts a whole city's providers instead of walking the GiST index nearest-first), and JIT
 * compilation (tens of ms) never pays off for these short queries.
 *
 * Named statements (db/prepared.ts: the searches; drizzle's .prepare()) are parsed once per
 * connection and, by default, planned for their values on every run (plan_cache_mode =
 * force_custom_plan). With PostgreSQL's default (auto) a statement's first five runs get plans for
 * their values and later runs a generic plan when it does not look dearer, so which plan a
 * connection ran would depend on the values it saw first; a generic plan must assume a word is rare
 * and a filter narrow, and took a search several times as long where the words were common or the
 * price range wide (docs/performance.md). db/prepared.ts switches a connection to
 * force_generic_plan for the statements whose text fixes their own plan (PlanMode), and back.
 * Unnamed statements (every db.execute) are planned for their values whatever the setting.
 */
const RANDOM_PAGE_COST = '1.1';
const PLAN_CACHE_MODE = 'force_custom_plan';

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options, options.poolSize ?? defaultPoolSize());
  return openPglite(options.pgliteDir, options.pgliteImage);
}

/**
 * PGlite's memory for a catalogue on disk. Its defaults (shared_buffers 128MB)
 * hold about 24,000 providers (the database is about 5.3 MB per 1,000 providers: 106 MB at 20,000),
 * so at 100,000 (about 530 MB) pages kept coming back through the WASM file system, a system call
 * and a copy each. 768MB holds a 100,000 catalogue whole and the search tables and indexes of a
 * 200,000 one, and leaves more than half of the 2 GiB a 32-bit WASM heap can reach for the rest.
 * PGlite touches the whole buffer pool when it starts (the process's RSS grows by it at once),
 * fine on a server. One statement runs at a time, so work_mem is never multiplied by
 * connections: 16MB keeps any sort or hash of a request in memory; maintenance_work_mem speeds
 * the index builds of migrations, seeding and restore. An in-memory database (the tests) needs
 * few buffers, its files being in memory already: 16MB, since each test file opens its own and
 * PGlite's 128MB cost a third of each open (about 0.2 s) to set up.
 */
export const PGLITE_DISK_SETTINGS = {
  shared_buffers: '768MB',
  work_mem: '16MB',
  maintenance_work_mem: '256MB',
} as const;
const PGLITE_MEMORY_SETTINGS = { shared_buffers: '16MB' } as const;

/** PGlite's start parameters with the app's settings (its own list is replaced, so they are added to it). */
function pgliteStartParams(dataDir: string | undefined): string[] {
  const settings = dataDir ? PGLITE_DISK_SETTINGS : PGLITE_MEMORY_SETTINGS;
  return [
    ...PGlite.defaultStartParams,
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
}

/**
 * A raw PGlite with the app's extensions, in this thread, for the tools that work on a data
 * directory the server does not have open (backup, restore, the schema dump); `loadDataDir` fills
 * an empty data directory from a dumpDataDir() tarball (restore, src/server/backup).
 */
export function createPgliteClient(dataDir: string | undefined, loadDataDir?: Blob): PGlite {
  // cube and earthdistance must be listed before pg_trgm: the other order makes trigram
  // operators return nothing and the next query spin forever (db/client.unit.test.ts runs the probe).
  return new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    startParams: pgliteStartParams(dataDir),
    extensions: { cube, earthdistance, pg_trgm },
  });
}

/**
 * PGlite's WebAssembly, compiled once per process and shared by its database threads: a test file
 * opens several databases, and each thread compiling its own cost about a second of CPU.
 */
let pgliteWasm: Promise<WebAssembly.Module> | undefined;
const PGLITE_WASM = new URL('pglite.wasm', import.meta.resolve('@electric-sql/pglite'));

async function openPglite(dataDir: string | undefined, image: Blob | undefined): Promise<Database> {
  pgliteWasm ??= readFile(PGLITE_WASM).then((bytes) => WebAssembly.compile(bytes));
  // The server's database runs in a thread of its own (db/pglite-thread.ts).
  const client = new ThreadedPglite({
    dataDir,
    image: image ? await image.arrayBuffer() : undefined,
    wasmModule: await pgliteWasm,
    startParams: pgliteStartParams(dataDir),
  });
  await client.waitReady;
  await client.exec(`SET random_page_cost = ${RANDOM_PAGE_COST}; SET plan_cache_mode = ${PLAN_CACHE_MODE}`);
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;
  preparePgliteStatements(db, client);
  return {
    db,
    bulk: db,
    quick: db,
    replicas: null,
    kind: 'pglite',
    poolSize: 1,
    migrate: () =>
      migratePglite(drizzlePglite({ client: client as unknown as PGlite, schema }), {
        migrationsFolder: MIGRATIONS,
      }),
    close: () => client.close(),
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    image: () => client.dumpDataDir('none'),
  };
}

/**
 * A replica's read pool: a few connections, since it serves only the public replies' cache misses;
 * more replicas, not bigger pools, add read capacity.
 */
const replicaPoolSize = (poolSize: number) => Math.max(2, Math.ceil(poolSize / 2));

async function openPostgres(
  connectionString: string,
  open: OpenOptions,
  poolSize: number,
): Promise<Database> {
  const { onPoolError, queryTimeoutMs } = open;
  const options = `-c random_page_cost=${RANDOM_PAGE_COST} -c jit=off -c plan_cache_mode=${PLAN_CACHE_MODE}`;
  const requestPool = (max: number, url = connectionString) => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      // Both the wait for a free client and the connection itself: with the database down or
      // restarting a request fails within this (503) instead of queueing (npm run faults, drill a).
      connectionTimeoutMillis: 2000,
      keepAlive: true,
      ...(queryTimeoutMs ? { query_timeout: queryTimeoutMs } : {}),
      options,
    });
    // Without a listener, an idle client's error (server restart) would crash the process.
    pool.on('error', (error) => onPoolError?.(error));
    // The pool listens only while a client is idle; a client checked out when the server ends its
    // connection (restart, pg_terminate_backend) emits 'error' on itself, which must not crash us either.
    // Its query fails and the pool discards it; the next request gets a fresh connection.
    pool.on('connect', (client) => {
      client.on('error', (error) => onPoolError?.(error));
      if (queryTimeoutMs) closeOnQueryTimeout(client);
    });
    return pool;
  };
  const pool = requestPool(poolSize);
  // One read at a time is all the catalogue version needs (CatalogueVersion shares it).
  const quickPool = requestPool(1);
  const db = drizzleNodePg({ client: pool, schema });
  const bulkPool = new pg.Pool({
    connectionString,
    max: 1,
    connectionTimeoutMillis: 2000,
    keepAlive: true,
    options,
  });
  bulkPool.on('error', (error) => onPoolError?.(error));
  bulkPool.on('connect', (client) => client.on('error', (error) => onPoolError?.(error)));
  const replicaPools: pg.Pool[] = [];
  const replicaList: Replica[] = (open.replicaUrls ?? []).map((url) => {
    const readPool = requestPool(replicaPoolSize(poolSize), url);
    const probePool = requestPool(1, url);
    replicaPools.push(readPool, probePool);
    return {
      label: replicaLabel(url),
      db: drizzleNodePg({ client: readPool, schema }) as unknown as Db,
      probe: drizzleNodePg({ client: probePool, schema }) as unknown as Db,
      healthy: false,
      replayed: -1,
      served: 0,
    };
  });
  const replicas =
    replicaList.length > 0
      ? new Replicas(replicaList, (replica, error) => open.onReplicaDown?.(replica.label, error))
      : null;
  // The first check is awaited, so a server starts with the replicas that answer already in use; one
  // that does not answer costs at most the connection timeout and is checked again every few seconds.
  await replicas?.start();
  return {
    db: db as unknown as Db,
    bulk: drizzleNodePg({ client: bulkPool, schema }) as unknown as Db,
    quick: drizzleNodePg({ client: quickPool, schema }) as unknown as Db,
    replicas,
    kind: 'postgres',
    poolSize,
    async migrate() {
      // A connection of its own, without the pool's query timeout: a migration may run for minutes.
      // It holds the advisory lock and runs the migrations in the same session.
      const lockClient = new pg.Client({ connectionString, options });
      lockClient.on('error', (error) => onPoolError?.(error));
      await lockClient.connect();
      try {
        await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg({ client: lockClient, schema }), { migrationsFolder: MIGRATIONS });
      } finally {
        await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        await lockClient.end().catch(() => {});
      }
    },
    close: async () => {
      replicas?.stop();
      await Promise.all([pool, quickPool, bulkPool, ...replicaPools].map((p) => endPool(p)));
    },
  };
}

const QUERY_TIMEOUT_MESSAGE = 'Query read timeout';

/**
 * pg's query_timeout fails the query but keeps the connection, with the query still running and
 * anything queued after it (a transaction's ROLLBACK) dropped unsent. Back in the pool, such a
 * client would run the next request inside the abandoned transaction and COMMIT both (npm run
 * faults, drill a, found it). So a timeout closes the connection: the server rolls the
 * transaction back and the pool discards the client on release.
 */
function closeOnQueryTimeout(client: pg.PoolClient): void {
  type AnyFn = (...args: unknown[]) => unknown;
  const original = client.query.bind(client) as AnyFn;
  const closeIfTimedOut = (error: unknown) => {
    if ((error as Error | null)?.message !== QUERY_TIMEOUT_MESSAGE) return;
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  };
  (client as unknown as { query: AnyFn }).query = (...args: unknown[]) => {
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
        closeIfTimedOut(error);
        return (last as AnyFn)(error, ...rest);
      };
      return original(...args);
    }
    const result = original(...args);
    return result instanceof Promise
      ? result.catch((error: unknown) => {
          closeIfTimedOut(error);
          throw error;
        })
      : result;
  };
}

/**
 * pool.end() waits for every client to end, and a client whose connection the server has killed can
 * wait for ever (node-postgres #2648, seen here after pg_terminate_backend): after 5 s we stop
 * waiting; the sockets are closed by then or go with the process.
 */
async function endPool(pool: pg.Pool, waitMs = 5000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
    timer.unref();
  });
  try {
    await Promise.race([pool.end(), gaveUp]);
  } finally {
    clearTimeout(timer);
  }
}

/** One round trip, for the health check. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
