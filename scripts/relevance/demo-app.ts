// The real app (buildApp) on a fresh in-memory PGlite with the demo catalogue seeded, as the server
// does on its first start; requests go through app.inject, so nothing listens and nothing leaves
// the process. Built like the API tests build theirs (src/server/test/build-test-app.ts, which
// scripts may not import): NODE_ENV=test, rate limits off, a throwaway DATA_DIR for the images.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { seedDemo } from '#server/seed/seed.ts';

export interface DemoApp {
  app: FastifyInstance;
  providers: number;
  close(): Promise<void>;
}

/** Boots the app and seeds the demo catalogue; close() stops it and removes its temp directory. */
export async function startDemoApp(): Promise<DemoApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'glowfind-relevance-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://glowfind.relevance',
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    // ~80 searches and their further pages from one address: the search limit (300 a minute) must
    // not decide a figure. The API tests turn the limits off the same way.
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
  });
  // No web app: only the API is asked.
  config.webDir = path.join(dataDir, 'no-web');
  const database = await openDatabase({});
  let app: FastifyInstance | undefined;
  try {
    await database.migrate();
    app = await buildApp({ config, database });
    await app.ready();
    const seeded = await seedDemo(app.ctx);
    if (!seeded) throw new Error('the fresh database was not empty: the demo catalogue was not seeded');
    const started = app;
    return {
      app: started,
      providers: seeded.providers,
      async close() {
        try {
          await started.close();
        } finally {
          await database.close();
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
