import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from './client';
import { executePrepared } from './prepared';

/** Booting PGlite takes seconds on a busy 2-core machine. */
const BOOT_TIMEOUT_MS = 90_000;

describe('PGlite in its own thread', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({});
  }, BOOT_TIMEOUT_MS);

  afterAll(async () => {
    await database?.close();
  });

  it('runs a statement while this thread goes on (timers fire before it answers)', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 1);
    let ticksWhenAnswered = -1;
    try {
      // Hundreds of milliseconds of work in the database: in this thread it would hold every timer.
      const rows = rowsOf<{ n: number }>(
        await database.db.execute(
          sql`SELECT count(*)::int AS n FROM generate_series(1, 3000000) AS g(i) WHERE i % 7 = 0`,
        ),
      );
      ticksWhenAnswered = ticks;
      expect(rows).toEqual([{ n: 428571 }]);
    } finally {
      clearInterval(timer);
    }
    expect(ticksWhenAnswered).toBeGreaterThan(0);
  });

  it("calls a NOTIFY's listener before the statement that committed it resolves", async () => {
    const heard: string[] = [];
    const unlisten = await database.listen!('thread_test', (payload) => heard.push(payload));
    await database.db.execute(sql`SELECT pg_notify('thread_test', 'v42')`);
    expect(heard).toEqual(['v42']);
    await unlisten();
    await database.db.execute(sql`SELECT pg_notify('thread_test', 'v43')`);
    expect(heard).toEqual(['v42']);
  });

  it('fails a statement with the database error and its code, and runs the next one', async () => {
    await expect(database.db.execute(sql`SELECT * FROM no_such_table`)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '42P01' }),
    });
    expect(rowsOf(await database.db.execute(sql`SELECT 2 AS two`))).toEqual([{ two: 2 }]);
  });

  it('rolls a failed transaction back whole, and keeps a committed one', async () => {
    await database.db.execute(sql`CREATE TABLE thread_rows (id int PRIMARY KEY)`);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO thread_rows VALUES (1)`);
        await tx.execute(sql`INSERT INTO thread_rows VALUES (1)`);
      }),
    ).rejects.toThrow();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO thread_rows VALUES (2)`);
    });
    expect(rowsOf(await database.db.execute(sql`SELECT id FROM thread_rows ORDER BY id`))).toEqual([
      { id: 2 },
    ]);
  });

  it("sends the next statement before this thread has read the one before's answer", async () => {
    // then() starts drizzle's statement (it runs when its result is asked for).
    const heavy = () =>
      database.db
        .execute(sql`SELECT count(*)::int AS n FROM generate_series(1, 3000000) AS g(i) WHERE i % 7 = 0`)
        .then((result) => rowsOf<{ n: number }>(result));
    let started = performance.now();
    await heavy();
    const alone = performance.now() - started;
    // Both sent; then this thread is held (no answer can be read) for long enough for the
    // database's thread to run both. Sent only once the first answer is read, the second would
    // start when this thread is free again and take about `alone` after it.
    const first = heavy();
    const second = heavy();
    // Their sends wait for a few promise turns (the locks); then none of their answers can be read.
    await new Promise((resolve) => setImmediate(resolve));
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 4 * alone + 1000);
    started = performance.now();
    expect([await first, await second]).toEqual([[{ n: 428571 }], [{ n: 428571 }]]);
    expect(performance.now() - started).toBeLessThan(alone / 2);
  });

  it('answers each of many statements in flight with its own rows, a transaction between them', async () => {
    const asked = Array.from({ length: 40 }, (_, i) => i);
    const answers = asked.map((i) => database.db.execute(sql`SELECT ${i}::int AS n`).then((r) => r));
    // A transaction takes its place between them; the statements after it see what it committed,
    // and none runs inside it.
    const committed = database.db.transaction(async (tx) => {
      await tx.execute(sql`CREATE TABLE thread_turns (id int)`);
      await tx.execute(sql`INSERT INTO thread_turns VALUES (1)`);
    });
    const after = database.db.execute(sql`SELECT count(*)::int AS n FROM thread_turns`).then((r) => r);
    const prepared = asked.map((i) =>
      executePrepared<{ n: number }>(database.db, sql`SELECT ${i}::int + 1 AS n`),
    );
    expect((await Promise.all(answers)).map((r) => rowsOf<{ n: number }>(r)[0]!.n)).toEqual(asked);
    await committed;
    expect(rowsOf(await after)).toEqual([{ n: 1 }]);
    // One statement text prepared by the first caller, bound by all.
    expect((await Promise.all(prepared)).map((rows) => rows[0]!.n)).toEqual(asked.map((i) => i + 1));
  });

  it(
    'dumps an image another database opens with the same rows',
    async () => {
      const copy = await openDatabase({ pgliteImage: await database.image!() });
      try {
        expect(rowsOf(await copy.db.execute(sql`SELECT id FROM thread_rows ORDER BY id`))).toEqual([
          { id: 2 },
        ]);
      } finally {
        await copy.close();
      }
    },
    BOOT_TIMEOUT_MS,
  );

  it(
    'refuses statements once closed, with the message the error log knows',
    async () => {
      const other = await openDatabase({});
      await other.close();
      await expect(other.db.execute(sql`SELECT 1`)).rejects.toMatchObject({
        cause: expect.objectContaining({ message: 'PGlite is closed' }),
      });
    },
    BOOT_TIMEOUT_MS,
  );
});
