import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { observePrepared } from '#server/db/prepared.ts';
import type { TestApp } from './build-test-app';

let explained = 0;

const planOf = (result: unknown) =>
  (result as { rows: Record<string, string>[] }).rows.map((r) => r['QUERY PLAN']).join('\n');

/**
 * Runs a service call with a db that also records the plan of each statement it sends: the plans
 * of the very statements the service runs, for the explain tests. A statement sent by execute() is
 * planned for its values, as the server plans it; one the service runs prepared (db/prepared.ts)
 * is prepared and explained as EXECUTE with its values, under the plan_cache_mode of its PlanMode
 * (force_custom_plan or force_generic_plan): the plan the server runs it with.
 */
export async function plansOf(t: TestApp, run: (ctx: AppContext) => Promise<unknown>): Promise<string[]> {
  const plans: string[] = [];
  const db = new Proxy(t.db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver);
      return async (query: SQL) => {
        plans.push(planOf(await target.execute(sql`EXPLAIN ${query}`)));
        return target.execute(query);
      };
    },
  }) as Db;
  observePrepared(db, async (text, params, mode) => {
    // EXECUTE takes its values as SQL (a parameter of the outer statement does not reach it).
    const literal = (value: unknown) =>
      value === null || value === undefined ? 'NULL' : `'${String(value).replace(/'/g, "''")}'`;
    const name = `explained_${++explained}`;
    plans.push(
      await t.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL plan_cache_mode = force_${mode}_plan`));
        await tx.execute(sql.raw(`PREPARE ${name} AS ${text}`));
        const values = params.length > 0 ? `(${params.map(literal).join(', ')})` : '';
        const plan = planOf(await tx.execute(sql.raw(`EXPLAIN EXECUTE ${name}${values}`)));
        await tx.execute(sql.raw(`DEALLOCATE ${name}`));
        return plan;
      }),
    );
  });
  await run({ ...t.app.ctx, db });
  return plans;
}

/**
 * The cards of the providers whose search rows a test wrote directly (the refresh writes them
 * otherwise), from the user, profile and rating rows already there; then analysed.
 */
export async function writeCards(db: Db): Promise<void> {
  await db.execute(sql`
    INSERT INTO provider_cards
    SELECT c.* FROM search_provider_cards c JOIN provider_search USING (provider_id)
    ON CONFLICT (provider_id) DO NOTHING`);
  await db.execute(sql`ANALYZE provider_cards`);
}
