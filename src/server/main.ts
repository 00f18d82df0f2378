import cluster, { type Worker } from 'node:cluster';
import { mkdirSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { acquireDataDirLock, DataDirLockedError } from './lib/data-dir-lock';
import { redactLogLine } from './lib/log-redaction';
import { setPasswordHashingPriority } from './lib/passwords';
import { seedDemo } from './seed/seed';
import { createStorage } from './storage/create-storage';

/**
 * Browser tests move the server's time by writing milliseconds to a file (config allows it only
 * with NODE_ENV=test); read on every call, so a test's change applies to the next request.
 */
function testClock(file: string): () => Date {
  return () => {
    let offset = 0;
    try {
      offset = Number(readFileSync(file, 'utf8').trim()) || 0;
    } catch {
      offset = 0;
    }
    return new Date(Date.now() + offset);
  };
}

/** How long a stopping server may take to finish its requests before it is ended anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

function open(config: Config): Promise<Database> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    onPoolError: (error) => console.error(`database pool error: ${error.message}`),
    queryTimeoutMs: config.databaseQueryTimeoutMs,
    poolSize: config.databasePoolSize,
    replicaUrls: config.databaseReplicaUrls,
    onReplicaDown: (label, error) =>
      console.error(
        `database replica ${label} down, public reads on the primary: ${(error as Error).message}`,
      ),
  });
}

/** The demo catalogue into an empty database (after the migrations): once, before any request is served. */
async function seedIfEmpty(config: Config, database: Database, info: (message: string) => void) {
  if (!config.seedDemo) return;
  const seeded = await seedDemo({ db: database.db, storage: createStorage(config) });
  if (!seeded) return;
  info(
    `Demo catalogue created: ${seeded.providers} providers, ${seeded.images} images, ${seeded.reviews} reviews, in ${(seeded.ms / 1000).toFixed(1)} s`,
  );
  info('Demo accounts created (passwords are shown only this once):');
  for (const a of seeded.accounts) info(`  ${a.role.padEnd(8)} ${a.email}  password: ${a.password}`);
}

/**
 * One server process: builds the app and listens until SIGTERM/SIGINT, then finishes the requests in
 * flight and exits. Alone (WEB_CONCURRENCY=1) it also prepares the database; as a cluster worker the
 * primary has done that, and every line it logs carries its worker number.
 */
async function serve(config: Config, workerId?: number) {
  await setPasswordHashingPriority('lowest'); // a hash waits for idle CPU rather than slowing every request (ADR 021)
  const releaseLock = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  const database = await open(config);
  if (workerId === undefined) await database.migrate();

  const app = await buildApp({
    config,
    database,
    ...(config.testClockFile ? { now: testClock(config.testClockFile) } : {}),
    ...(workerId !== undefined
      ? { logger: { base: { pid: process.pid, hostname: hostname(), worker: workerId } } }
      : {}),
  });
  if (workerId === undefined) await seedIfEmpty(config, database, (message) => app.log.info(message));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests and shutting down`);
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await database.close();
    } finally {
      releaseLock();
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Serving ${config.publicUrl} (database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}${workerId !== undefined ? `, worker ${workerId} of ${config.webConcurrency}` : ''})`,
  );
}

/** The primary's own lines, in the workers' (pino's) JSON shape so one log reader reads both, redacted alike. */
function primaryLogger(level: string) {
  const levels: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
  const threshold = levels[level] ?? Number.POSITIVE_INFINITY; // 'silent'
  const write = (value: number) => (msg: string) => {
    if (value < threshold) return;
    const line = {
      level: value,
      time: Date.now(),
      pid: process.pid,
      hostname: hostname(),
      primary: true,
      msg,
    };
    process.stdout.write(`${redactLogLine(JSON.stringify(line))}\n`);
  };
  return { info: write(30), warn: write(40), error: write(50) };
}

/** The primary tells each worker its slot (1..N) in this variable (not configuration: config.ts ignores it). */
const WORKER_SLOT_ENV = 'GLOWFIND_WORKER_SLOT';

/** A worker that dies this soon after the one before is part of a crash loop: its replacement waits longer. */
const CRASH_WINDOW_MS = 60_000;
const RESTART_BASE_MS = 250;
const RESTART_MAX_MS = 30_000;

/**
 * WEB_CONCURRENCY > 1 (PostgreSQL only, config.ts refuses PGlite): the primary prepares the database
 * once, forks the workers (each builds the app and listens on the shared port; node:cluster hands
 * out the connections), replaces a worker that dies, and on SIGTERM/SIGINT stops them all gracefully.
 */
async function runPrimary(config: Config) {
  const log = primaryLogger(config.logLevel);
  const database = await open(config);
  try {
    await database.migrate();
    await seedIfEmpty(config, database, log.info);
  } finally {
    await database.close();
  }
  if (config.rateLimit && !config.redisUrl) {
    log.warn(
      `REDIS_URL is unset: each of the ${config.webConcurrency} workers keeps its own rate-limit counts, so a client gets up to ${config.webConcurrency} times each limit`,
    );
  }

  let stopping = false;
  let listened = false;
  const recentDeaths: number[] = [];
  /** Worker id → its slot (1..N): a replacement takes the dead worker's slot, so logs say 'worker 2 of 2'. */
  const slots = new Map<number, number>();
  const fork = (slot: number) => {
    const worker = cluster.fork({ [WORKER_SLOT_ENV]: String(slot) });
    slots.set(worker.id, slot);
    worker.once('listening', () => {
      listened = true;
    });
  };
  const live = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);

  const stopAll = (signal: NodeJS.Signals, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping ${live().length} workers`);
    // Each worker finishes its requests in flight (its own shutdown, SHUTDOWN_GRACE_MS at most).
    for (const worker of live()) worker.process.kill(signal);
    const force = setTimeout(() => {
      for (const worker of live()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 2000);
    force.unref();
    const exitWhenDone = () => {
      if (live().length === 0) process.exit(exitCode);
    };
    cluster.on('exit', exitWhenDone);
    exitWhenDone();
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const slot = slots.get(worker.id) ?? worker.id;
    slots.delete(worker.id);
    const how = signal ?? `code ${code}`;
    if (!listened) {
      // No worker ever served: a start-up failure (port taken, database unreachable) that a
      // restart will not mend. Stop like a single process does, with its reason above in the log.
      log.error(`worker ${slot} exited with ${how} before any worker was serving; stopping`);
      stopAll('SIGTERM', 1);
      return;
    }
    const now = Date.now();
    while (recentDeaths.length > 0 && recentDeaths[0]! < now - CRASH_WINDOW_MS) recentDeaths.shift();
    recentDeaths.push(now);
    const delay = Math.min(RESTART_BASE_MS * 2 ** (recentDeaths.length - 1), RESTART_MAX_MS);
    log.error(
      `worker ${slot} (pid ${worker.process.pid}) exited with ${how}; a new one starts in ${delay} ms`,
    );
    setTimeout(() => {
      if (!stopping) fork(slot);
    }, delay);
  });
  process.on('SIGTERM', () => stopAll('SIGTERM', 0));
  process.on('SIGINT', () => stopAll('SIGINT', 0));

  for (let slot = 1; slot <= config.webConcurrency; slot++) fork(slot);
  log.info(`Starting ${config.webConcurrency} workers on ${config.host}:${config.port}`);
}

async function main() {
  const config = loadConfig();
  if (cluster.isWorker) return serve(config, Number(process.env[WORKER_SLOT_ENV]) || cluster.worker?.id);
  mkdirSync(config.dataDir, { recursive: true });
  if (config.webConcurrency > 1) return runPrimary(config);
  return serve(config);
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
