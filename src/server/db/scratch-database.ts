import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A new, empty database on a PostgreSQL server, and how to drop it again. */
export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates `<prefix>_<random>` on baseUrl's server as a copy of baseUrl's database, the template: it
 * holds the extensions a superuser created once (earthdistance cannot be created by the app's role;
 * scripts/provision-test-postgres.sh prepares one). Used by the API tests and the benchmark.
 */
export async function createScratchDatabase(baseUrl: string, prefix: string): Promise<ScratchDatabase> {
  const template = decodeURIComponent(new URL(baseUrl).pathname.slice(1));
  const name = `${prefix}_${randomBytes(8).toString('hex')}`;
  await onMaintenanceDb(baseUrl, (client) =>
    withRetryOn(['55006'], () =>
      client.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`),
    ),
  );
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      onMaintenanceDb(baseUrl, async (client) => {
        // FORCE cannot end an autovacuum worker (a superuser's process) busy in the database: the
        // app's role gets 42501 then; the worker finishes in a moment, so try again.
        await withRetryOn(['42501', '55006'], () =>
          client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
        );
      }),
  };
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function onMaintenanceDb<T>(baseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(baseUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  client.on('error', () => {});
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Retries a statement that fails for a moment with one of these SQLSTATEs: two callers creating their
 * databases at once can briefly see the template "in use" (55006).
 */
async function withRetryOn<T>(codes: string[], run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!codes.includes((error as { code?: string }).code ?? '') || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
}
