import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { acquireDataDirLock, DataDirLockedError } from './lib/data-dir-lock';
import { seedDemo } from './seed/seed';

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

async function main() {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const releaseLock = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    onPoolError: (error) => console.error(`database pool error: ${error.message}`),
    queryTimeoutMs: config.databaseQueryTimeoutMs,
  });
  await database.migrate();

  const app = await buildApp({
    config,
    database,
    ...(config.testClockFile ? { now: testClock(config.testClockFile) } : {}),
  });
  if (config.seedDemo) {
    const seeded = await seedDemo(app.ctx);
    if (seeded) {
      app.log.info(
        `Demo catalogue created: ${seeded.providers} providers, ${seeded.images} images, ${seeded.reviews} reviews, in ${(seeded.ms / 1000).toFixed(1)} s`,
      );
      app.log.info('Demo accounts created (passwords are shown only this once):');
      for (const a of seeded.accounts)
        app.log.info(`  ${a.role.padEnd(8)} ${a.email}  password: ${a.password}`);
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests and shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
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
    `Serving ${config.publicUrl} (database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
