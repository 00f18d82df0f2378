import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/client.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { executePrepared, type PlanMode } from './prepared';

/**
 * Statements run by executePrepared answer exactly what db.execute answers, on both engines: the
 * same rows and value types, each statement prepared once and bound again with new values.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const probe = (n: number, word: string | null) => sql`
  SELECT ${n}::int AS n, ${word}::text AS word, (${n}::numeric / 3)::numeric(6, 2) AS price,
    timestamptz '2026-12-03 10:00:00.123456+00' + make_interval(secs => ${n}) AS at,
    ARRAY[${n}::int, ${n}::int + 1] AS pair, numrange(${n}::numeric, ${n}::numeric + 5, '[]') AS range,
    ${n}::int % 2 = 0 AS even, NULL::text AS nothing`;

describe('executePrepared', () => {
  it('answers what db.execute answers, value types included, call after call', async () => {
    for (const [n, word] of [
      [1, 'balayage'],
      [2, null],
      [3, 'crème brûlée'],
      [40, 'a "quoted" word\\'],
      [7, ''],
      [8, 'eight'],
    ] as const) {
      const prepared = await executePrepared(t.db, probe(n, word));
      const executed = rowsOf(await t.db.execute(probe(n, word)));
      expect(prepared).toEqual(executed);
      expect(prepared[0]).toMatchObject({ n, word, even: n % 2 === 0, nothing: null });
    }
  });

  it('answers several rows, and none', async () => {
    const rows = (limit: number) =>
      sql`SELECT i, 'w' || i AS w FROM generate_series(1, 10) AS i WHERE i <= ${limit} ORDER BY i`;
    expect(await executePrepared(t.db, rows(3))).toEqual([
      { i: 1, w: 'w1' },
      { i: 2, w: 'w2' },
      { i: 3, w: 'w3' },
    ]);
    expect(await executePrepared(t.db, rows(0))).toEqual([]);
  });

  it('a failing statement fails with the database error, and the next one runs', async () => {
    const divide = (by: number) => sql`SELECT 10 / ${by}::int AS q`;
    // drizzle wraps the driver's error on PostgreSQL (its cause); PGlite's is thrown as it is.
    const failure = (run: Promise<unknown>) =>
      run.then(
        () => 'no error',
        (error: Error) => `${error.message} ${(error.cause as Error | undefined)?.message ?? ''}`,
      );
    expect(await failure(executePrepared(t.db, divide(0)))).toMatch(/division by zero/);
    expect(await executePrepared(t.db, divide(5))).toEqual([{ q: 2 }]);
    expect(await failure(executePrepared(t.db, sql`SELECT * FROM no_such_table`))).toMatch(/no_such_table/);
    expect(await executePrepared(t.db, divide(2))).toEqual([{ q: 5 }]);
  });

  it('plans a generic statement once and a custom one for its values, switching the connection between them', async () => {
    // Each statement reads its own line of pg_prepared_statements (its text holds its own marker),
    // whose counters have counted this run's plan by the time it runs.
    const counts = (marker: string, n: number) => sql`
      SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements
      WHERE statement LIKE ${sql.raw(`'%${marker}%'`)} AND ${n}::int > 0`;
    const seen: Array<{ generic: number; custom: number }> = [];
    const run = async (marker: string, n: number, mode?: PlanMode) =>
      seen.push(
        ...(await executePrepared<{ generic: number; custom: number }>(t.db, counts(marker, n), mode)),
      );
    // One at a time, alternating: each call may find its connection left in the other mode.
    for (let n = 1; n <= 3; n++) {
      await run('plan-probe-generic', n, 'generic');
      await run('plan-probe-custom', n, 'custom');
      await run('plan-probe-default', n);
    }
    // One row each: the statement found itself, on the connection it ran on (PostgreSQL's pool
    // hands sequential calls the same idle connection; PGlite has one).
    expect(seen).toHaveLength(9);
    const generic = seen.filter((_, i) => i % 3 === 0);
    const custom = seen.filter((_, i) => i % 3 !== 0);
    expect(generic.every((row) => row.custom === 0 && row.generic >= 1)).toBe(true);
    expect(custom.every((row) => row.generic === 0 && row.custom >= 1)).toBe(true);
  });

  it('waits for a transaction in progress instead of running inside it', async () => {
    const seen: unknown[] = [];
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`CREATE TEMPORARY TABLE prepared_probe (n int) ON COMMIT DROP`);
      await tx.execute(sql`INSERT INTO prepared_probe VALUES (1)`);
      // Started inside the transaction's callback but from outside it: on PGlite it runs after the
      // COMMIT (the temporary table is gone); on PostgreSQL on another connection (it never saw it).
      seen.push(
        executePrepared(
          t.db,
          sql`SELECT count(*)::int AS n FROM pg_class WHERE relname = ${'prepared_probe'}`,
        ),
      );
    });
    expect(await seen[0]).toEqual([{ n: 0 }]);
  });
});
