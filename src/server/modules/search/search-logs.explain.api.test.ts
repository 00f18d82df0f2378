import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { plansOf } from '#server/test/explain-plans.ts';
import { listSearchLogs } from './search-logs.service';

/**
 * The admin's 'Zero results only' list on a log big enough for the planner to care (100,000 searches,
 * one in a hundred finding nobody): its page and its total read the partial index of those searches
 * (migration 0028), not the whole log.
 */

const SEARCHES = 100_000;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.execute(sql`
    INSERT INTO search_logs (query, zip, result_count, created_at)
    SELECT 'q' || i, '78704', CASE WHEN i % 100 = 0 THEN 0 ELSE 1 + i % 40 END, now() - i * INTERVAL '1 second'
    FROM generate_series(1, ${SEARCHES}) AS i`);
  await t.db.execute(sql`ANALYZE search_logs`);
});
afterAll(() => t?.close());

describe('search log plans', () => {
  it('the zero-result page and its total use search_logs_zero_results_idx, never a scan of the whole log', async () => {
    let reply: Awaited<ReturnType<typeof listSearchLogs>> | undefined;
    const plans = await plansOf(t, async (ctx) => {
      reply = await listSearchLogs(ctx, { limit: 50, results: 'zero' });
    });
    expect(reply?.total).toBe(SEARCHES / 100);
    expect(reply?.logs.every((log) => log.result_count === 0)).toBe(true);
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      expect(plan).toContain('search_logs_zero_results_idx');
      expect(plan).not.toMatch(/Seq Scan on search_logs/);
    }
  });
});
