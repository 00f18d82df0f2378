import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { sendUnprepared } from '#server/db/prepared.ts';
import type { TestApp } from './build-test-app';

/**
 * Runs a service call with a db whose execute() also records the EXPLAIN of each statement it
 * sends: the plans of the very statements the service runs, for the explain tests.
 */
export async function plansOf(t: TestApp, run: (ctx: AppContext) => Promise<unknown>): Promise<string[]> {
  const plans: string[] = [];
  const db = new Proxy(t.db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver);
      return async (query: SQL) => {
        const explained = (await target.execute(sql`EXPLAIN ${query}`)) as unknown as {
          rows: Record<string, string>[];
        };
        plans.push(explained.rows.map((r) => r['QUERY PLAN']).join('\n'));
        return target.execute(query);
      };
    },
  }) as Db;
  sendUnprepared(db);
  await run({ ...t.app.ctx, db });
  return plans;
}
