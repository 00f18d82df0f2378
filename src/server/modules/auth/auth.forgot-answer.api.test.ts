import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, mailOutbox } from '#server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { insertUser } from '#server/test/factories.ts';

/**
 * 'Forgot password' must not tell, by its timing, whether an address has an account. It once
 * answered a known address about 5 ms later than an unknown one, because the token and the queued
 * mail were written before the answer. Now the request only validates and rate-limits; the lookup,
 * the token and the mail run after the answer (ctx.background), the same for every address.
 *
 * Asserted here without a clock: while the background work is held back, a known and an unknown
 * address get the same answer, the request touches the database not once for either, and each
 * leaves exactly one task behind; released, the tasks write a token and a mail for the known
 * address only. The answer times themselves are measured by `scripts/forgot-timing.ts` on a real
 * server (docs/reliability.md), since a timing comparison passes or fails with the host.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(); // rate limits off: several requests for a handful of addresses
});
afterAll(() => t?.close());

const inRequest = new AsyncLocalStorage<true>();

/** Holds the tasks a request leaves behind, and counts database calls while a request runs. */
function instrument(app: TestApp['app']) {
  const ctx = app.ctx;
  const held: { name: string; task: () => Promise<unknown> }[] = [];
  const realBackground = ctx.background;
  const realDb = ctx.db;
  let dbCalls = 0;
  ctx.background = (name, task) => {
    held.push({ name, task });
  };
  ctx.db = new Proxy(realDb, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        // Only the calls made on a request's behalf: the app's own polling loops query meanwhile.
        if (inRequest.getStore()) dbCalls += 1;
        return value.apply(target, args);
      };
    },
  });
  return {
    held,
    dbCalls: () => dbCalls,
    restore() {
      ctx.background = realBackground;
      ctx.db = realDb;
    },
  };
}

describe('POST /api/auth/forgot-password answers before it looks anything up', () => {
  it('a known and an unknown address: the same answer, no database call in the request, one task each; only the known one gets a token and a mail', async () => {
    const known = await Promise.all(
      [0, 1, 2].map((i) => insertUser(t.db, { email: `known-${i}@forgot.example.test` })),
    );
    const unknown = [0, 1, 2].map((i) => `nobdy-${i}@forgot.example.test`);

    const probe = instrument(t.app);
    const answers: { status: number; body: unknown; headers: string[] }[] = [];
    try {
      for (const email of [...known.map((u) => u.email), ...unknown]) {
        const before = probe.held.length;
        const res = await inRequest.run(true, () => t.post('/api/auth/forgot-password', { email }));
        answers.push({
          status: res.status,
          body: res.body,
          headers: Object.keys(res.headers)
            .filter((h) => !['date', 'x-request-id'].includes(h))
            .sort(),
        });
        expect(probe.held.slice(before).map((h) => h.name)).toEqual(['forgot-password']);
      }
      expect(probe.dbCalls(), 'database calls while the requests were answered').toBe(0);
      // Every answer the same, known or not.
      expect(answers[0]!.status).toBe(200);
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      // Nothing written yet: the work waits for the tasks.
      const ids = known.map((u) => u.id);
      const resetTokens = () =>
        t.db.$count(emailTokens, and(inArray(emailTokens.userId, ids), eq(emailTokens.purpose, 'reset')));
      expect(await resetTokens()).toBe(0);
      expect(await t.db.$count(mailOutbox, eq(mailOutbox.kind, 'reset-password'))).toBe(0);
    } finally {
      probe.restore();
    }

    for (const { task } of probe.held) await task();
    await t.app.ctx.settle();
    const ids = known.map((u) => u.id);
    expect(
      await t.db.$count(emailTokens, and(inArray(emailTokens.userId, ids), eq(emailTokens.purpose, 'reset'))),
    ).toBe(known.length);
    const queued = await t.db
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'reset-password'));
    expect(new Set(queued.map((m) => m.to))).toEqual(new Set(known.map((u) => u.email)));
  });
});
