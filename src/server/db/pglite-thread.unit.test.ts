import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from './client';

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
