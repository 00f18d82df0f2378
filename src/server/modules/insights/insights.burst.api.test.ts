import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHT_BEACON_PATH, INSIGHT_VIEW_TOKEN_PATH } from '#domain/insights.ts';
import { INSIGHT_BEACON_LIMITS } from '#domain/insights-beacon.ts';
import { INSIGHT_LIMITS } from '#domain/insights-options.ts';
import { providerInsightDays, providerInsightWords } from '#server/db/schema/index.ts';
import { buildTestApp, captureLog, type LogCapture, type TestApp } from '#server/test/build-test-app.ts';
import { insertProvider } from '#server/test/factories.ts';
import { InsightTokens } from './insight-token';
import { writeInsightEvents } from './insights.service';

// The outside attack on the insight writer, replayed: 60 anonymous beacons from one address, each
// as big as a beacon can be. It once made one INSERT of ~96,000 rows that PostgreSQL refused (more
// than 65,535 bound parameters, SQLSTATE 08P01, taken for an outage), retried for ever with a 10 MB
// log line per retry, while real visitors' figures stopped being stored; on PGlite the batch was
// dropped (the SQL builder's stack overflowed). Now a beacon carries only a token the server issued
// (at most 60 providers × 8 words), counters are written with one array per column, and a statement
// the database refuses is split until the bad event is alone.

const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ATTACKER = '203.0.113.66';

let t: TestApp;
let log: LogCapture;
let tokens: InsightTokens;
let providers: string[];

beforeAll(async () => {
  log = captureLog();
  t = await buildTestApp({ log });
  tokens = new InsightTokens(t.app.ctx.secret);
  providers = [];
  for (let i = 0; i < INSIGHT_BEACON_LIMITS.idsMax + 1; i++) providers.push((await insertProvider(t.db)).id);
});
afterAll(async () => {
  await t.close();
});

/** Twelve random letters. */
const randomWord = () => Array.from(randomBytes(12), (b) => String.fromCharCode(97 + (b % 26))).join('');
const beacon = (body: unknown, ip = ATTACKER) =>
  t.post(INSIGHT_BEACON_PATH, body, { headers: { 'user-agent': BROWSER }, ip });

/**
 * How long the tests wait for the writer on its own: a failure detector far above what it takes
 * (a flush 250 ms after the first event), since a busy host writes the burst more slowly. The
 * tests that wait have 120 s.
 */
const WRITER_WITHIN_MS = 60_000;

/** Polls `read` until it answers true, for at most `ms`; answers how long it took, or null. */
async function within(ms: number, read: () => Promise<boolean>): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await read()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

describe('a burst of maximal insight beacons', () => {
  it('refuses the old beacons that chose their own ids and words, as sent in the attack', async () => {
    const logBefore = log.text.length;
    const ids = providers.slice(0, INSIGHT_BEACON_LIMITS.idsMax);
    for (let i = 0; i < 60; i++) {
      const query = Array.from({ length: INSIGHT_LIMITS.wordsPerSearch }, randomWord).join(' ');
      const res = await beacon({ kind: 'impressions', page: `burst-${i}`, provider_ids: ids, query });
      expect(res.status).toBe(400);
    }
    expect(await t.db.$count(providerInsightDays)).toBe(0);
    expect(log.text.length - logBefore).toBeLessThan(64 * 1024);
  });

  it('writes 60 beacons of 60 providers × 8 words each, then the writer counts a genuine view on its own; the log stays small', async () => {
    const logBefore = log.text.length;
    const ids = providers.slice(0, INSIGHT_BEACON_LIMITS.idsMax);
    // The biggest tokens the server could ever issue: a results page's most ids, a search's most
    // words, each word as long as a word may be.
    for (let i = 0; i < 60; i++) {
      const words = Array.from({ length: INSIGHT_LIMITS.wordsPerSearch }, (_, n) =>
        `${randomWord()}${'w'.repeat(INSIGHT_LIMITS.wordMax - 12)}${n}`.slice(0, INSIGHT_LIMITS.wordMax),
      );
      const res = await beacon({ token: tokens.impressions(ids, words, new Date()) });
      expect(res.status).toBe(200);
    }
    // A real visitor opens the 61st provider's profile: token, then beacon, from their own address.
    const visitor = '198.51.100.5';
    const genuine = providers.at(-1)!;
    const token = await t.get(`${INSIGHT_VIEW_TOKEN_PATH}?provider_id=${genuine}`, {
      ip: visitor,
      headers: { 'user-agent': BROWSER },
    });
    expect((await beacon({ token: token.body.token }, visitor)).status).toBe(200);
    // Counted by the writer on its own (nothing flushes it here).
    const took = await within(WRITER_WITHIN_MS, async () => {
      const [row] = await t.db
        .select({ views: providerInsightDays.profileViews })
        .from(providerInsightDays)
        .where(eq(providerInsightDays.providerId, genuine));
      return row?.views === 1;
    });
    expect(took, `the genuine view was not counted within ${WRITER_WITHIN_MS} ms`).not.toBeNull();
    console.log(`the genuine view counted ${took} ms after its beacon`);
    // And the burst itself was stored, not dropped: every provider 60 impressions, 480 word rows each.
    const days = await t.db
      .select({ impressions: providerInsightDays.impressions })
      .from(providerInsightDays)
      .where(sql`${providerInsightDays.providerId} <> ${genuine}`);
    expect(days).toHaveLength(60);
    expect(days.every((d) => d.impressions === 60)).toBe(true);
    expect(await t.db.$count(providerInsightWords, eq(providerInsightWords.providerId, ids[0]!))).toBe(480);
    const grew = log.text.length - logBefore;
    expect(grew, `the log grew ${grew} bytes`).toBeLessThan(1024 * 1024);
  }, 120_000);

  it('stores 60 maximal events written as ONE batch (28,800 word rows: a multi-row VALUES would need 115,200 parameters)', async () => {
    // Beacons that arrive together may land in one batch whatever the host's speed: the write itself
    // must take the worst batch the beacons can make.
    const ids = providers.slice(0, INSIGHT_BEACON_LIMITS.idsMax);
    const at = new Date();
    const events = Array.from({ length: 60 }, (_, i) => {
      const words = Array.from({ length: INSIGHT_LIMITS.wordsPerSearch }, (_, n) =>
        `one${i}x${n}${randomWord()}`.padEnd(INSIGHT_LIMITS.wordMax, 'v'),
      );
      const token = tokens.read(tokens.impressions(ids, words, at), at);
      if (!token) throw new Error('the test token did not read back');
      return { token, at };
    });
    const before = await t.db.$count(providerInsightWords);
    await writeInsightEvents(t.db, events);
    expect((await t.db.$count(providerInsightWords)) - before).toBe(60 * 60 * 8);
  });

  it('drops only the event the database refuses, with one short line, and writes the rest', async () => {
    const [a, b, c] = providers;
    const logBefore = log.text.length;
    // A word longer than the table takes (its CHECK): the server never issues one, but a statement
    // the database refuses for any reason must not poison the batch around it.
    const tooLong = `${'z'.repeat(INSIGHT_LIMITS.wordMax)}poison`;
    await beacon({ token: tokens.impressions([a!], ['fine'], new Date()) });
    await beacon({ token: tokens.impressions([b!], [tooLong], new Date()) });
    await beacon({ token: tokens.impressions([c!], ['fine'], new Date()) });
    const took = await within(WRITER_WITHIN_MS, async () => {
      const rows = await t.db
        .select({ id: providerInsightWords.providerId })
        .from(providerInsightWords)
        .where(eq(providerInsightWords.word, 'fine'));
      return rows.length === 2;
    });
    expect(took, 'the events beside the refused one were not written').not.toBeNull();
    const rows = await t.db
      .select({ id: providerInsightWords.providerId })
      .from(providerInsightWords)
      .where(eq(providerInsightWords.word, 'fine'));
    expect(rows.map((r) => r.id).sort()).toEqual([a, c].sort());
    const lines = log.text.slice(logBefore).split('\n').filter(Boolean);
    const dropped = lines.filter((line) => line.includes('refused by the database'));
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toContain('insights: one event refused by the database (23514');
    // No statement, no parameters: not the word, not an id.
    expect(dropped[0]).not.toContain('poison');
    expect(dropped[0]).not.toContain(b);
    for (const line of lines) expect(line.length).toBeLessThan(4096);
  }, 120_000);
});
