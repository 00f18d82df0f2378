import { type Database, openDatabase } from '#server/db/client.ts';
import { buildTestApp, createTestDatabase, type TestApp, type TestAppOptions } from './build-test-app';

/** Two apps on one fresh database, standing for two server processes (WEB_CONCURRENCY, machines). */
export interface TwoProcesses {
  a: TestApp;
  b: TestApp;
  close(): Promise<void>;
}

/**
 * On PostgreSQL each app has its own connection pool, as separate processes do; on PGlite they share
 * the one in-process engine. Each has its own SMTP sink, so what each sent can be told apart.
 */
export async function twoProcesses(options: Omit<TestAppOptions, 'database'> = {}): Promise<TwoProcesses> {
  const testDb = await createTestDatabase();
  const second: Database = testDb.url
    ? await openDatabase({ databaseUrl: testDb.url, onPoolError: () => {} })
    : testDb.database;
  const a = await buildTestApp({ ...options, database: testDb.database });
  const b = await buildTestApp({ ...options, database: second });
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      if (second !== testDb.database) await second.close();
      await testDb.drop();
    },
  };
}
