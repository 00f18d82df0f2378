import { performance } from 'node:perf_hooks';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, mailOutbox } from '#server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { insertUser } from '#server/test/factories.ts';

/**
 * Item 9 of the hardening issue: forgot-password answered a known address about 5 ms later than
 * an unknown one (the token and the queued mail were written before the answer), so timing told
 * which addresses have accounts. Now the request only validates and rate-limits; the lookup, the
 * token and the mail happen after the answer (ctx.background), the same for every address.
 */

const PAIRS = 50;
const WARM_UP = 10;
/**
 * The allowed difference between the median answer times. The work that moved out of the request
 * (a lookup, then a transaction writing the token and the mail) takes several milliseconds on
 * PGlite (measured and printed below as `work`), so a leak would show as a gap of that size; with
 * nothing different in the request, the medians of 50 alternating samples differ by well under a
 * millisecond. 1.5 ms sits between the two with room for a busy 2-core machine (other test
 * workers compete for the CPU). The gap is the median of the differences within each pair, not the
 * difference of the two medians: the two requests of a pair run back to back, so a busy moment
 * slows both and cancels out, where it could shift one side's median alone (a run beside a second
 * test batch once measured −2.1 ms that way, the unknown addresses slower).
 */
const BOUND_MS = 1.5;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(); // rate limits off: 100 requests for a handful of addresses
});
afterAll(() => t?.close());

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** One request's answer time; the background work it started is waited for outside the timing. */
async function timed(email: string): Promise<{ answerMs: number; workMs: number }> {
  const start = performance.now();
  const res = await t.post('/api/auth/forgot-password', { email });
  const answerMs = performance.now() - start;
  expect(res.status).toBe(200);
  const settleStart = performance.now();
  await t.app.ctx.settle();
  return { answerMs, workMs: performance.now() - settleStart };
}

describe('POST /api/auth/forgot-password in constant time', () => {
  it(`known and unknown addresses: answer times within ${BOUND_MS} ms (median gap over ${PAIRS} alternating pairs)`, async () => {
    // Addresses of the same length, so the bodies are the same size.
    const known = await Promise.all(
      Array.from({ length: PAIRS + WARM_UP }, (_, i) =>
        insertUser(t.db, { email: `known-${String(i).padStart(3, '0')}@timing.example.test` }),
      ),
    );
    const unknown = known.map((_, i) => `nobdy-${String(i).padStart(3, '0')}@timing.example.test`);

    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    const knownWork: number[] = [];
    const gaps: number[] = [];
    for (let i = 0; i < PAIRS + WARM_UP; i++) {
      // Alternate which goes first, so neither side always follows the other.
      const order = i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      const pair = { known: 0, unknown: 0 };
      for (const side of order) {
        const sample = await timed(side === 'known' ? known[i]!.email : unknown[i]!);
        pair[side] = sample.answerMs;
        if (side === 'known') knownWork.push(sample.workMs);
      }
      if (i < WARM_UP) continue; // JIT, first queries, prepared statements
      knownTimes.push(pair.known);
      unknownTimes.push(pair.unknown);
      gaps.push(pair.known - pair.unknown);
    }

    const gap = median(gaps);
    const report = {
      knownMedianMs: +median(knownTimes).toFixed(3),
      unknownMedianMs: +median(unknownTimes).toFixed(3),
      gapMs: +gap.toFixed(3),
      workMedianMs: +median(knownWork.slice(WARM_UP)).toFixed(3),
    };
    console.info('forgot-password timing', report);
    expect(Math.abs(gap), JSON.stringify(report)).toBeLessThan(BOUND_MS);

    // The work was really done, for each known address and for none of the unknown ones.
    const ids = known.map((u) => u.id);
    expect(
      await t.db.$count(emailTokens, and(inArray(emailTokens.userId, ids), eq(emailTokens.purpose, 'reset'))),
    ).toBe(known.length);
    const queued = await t.db
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'reset-password'));
    expect(new Set(queued.map((m) => m.to))).toEqual(new Set(known.map((u) => u.email)));
  }, 120_000);
});
