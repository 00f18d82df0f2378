import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHT_BEACON_PATH, INSIGHT_VIEW_TOKEN_PATH } from '#domain/insights.ts';
import { providerInsightDays, providerInsightWords } from '#server/db/schema/index.ts';
import type { TestApp } from '#server/test/build-test-app.ts';
import { DEFAULT_PASSWORD, insertProvider, loginAs } from '#server/test/factories.ts';
import { type TwoProcesses, twoProcesses } from '#server/test/two-processes.ts';
import { InsightTokens } from './insight-token';

/**
 * With several server processes (WEB_CONCURRENCY, several machines) a replayed beacon reaches
 * another process than the first, which has not seen its token. Two apps stand for two processes on
 * one database (on PostgreSQL each with its own pool): a token counts once whichever of them its
 * beacons reach, and a view token one process issued counts on the other.
 */

const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

let a: TestApp;
let b: TestApp;
let processes: TwoProcesses;

beforeAll(async () => {
  processes = await twoProcesses();
  ({ a, b } = processes);
});
afterAll(async () => {
  await processes?.close();
});

const beacon = (app: TestApp, token: string, ip = '203.0.113.9') =>
  app.post(INSIGHT_BEACON_PATH, { token }, { headers: { 'user-agent': BROWSER }, ip });

/** The provider's counters once both processes have written what they queued (the provider's own read flushes). */
async function countsOf(provider: { id: string; email: string }) {
  const { access_token: token } = await loginAs(a, provider.email, DEFAULT_PASSWORD);
  for (const app of [a, b]) {
    const res = await app.get(`/api/insights?provider_id=${provider.id}&days=7`, { token });
    expect(res.status, res.text).toBe(200);
  }
  const [row] = await a.db
    .select()
    .from(providerInsightDays)
    .where(eq(providerInsightDays.providerId, provider.id));
  return row;
}

describe('insight tokens across processes', () => {
  it('counts a replayed search token once, whichever process each beacon reaches', async () => {
    const p = await insertProvider(a.db);
    const token = new InsightTokens(a.app.ctx.secret).impressions([p.id], ['braids'], new Date());
    const replies = await Promise.all([
      beacon(a, token),
      beacon(b, token),
      beacon(a, token, '198.51.100.2'),
      beacon(b, token, '198.51.100.3'),
    ]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await countsOf(p))?.impressions).toBe(1);
    const words = await a.db
      .select()
      .from(providerInsightWords)
      .where(eq(providerInsightWords.providerId, p.id));
    expect(words.map((w) => [w.word, w.count])).toEqual([['braids', 1]]);
  });

  it('counts a view token issued by one process on the other, once per visitor', async () => {
    const p = await insertProvider(a.db);
    const issued = await a.get(`${INSIGHT_VIEW_TOKEN_PATH}?provider_id=${p.id}`, { ip: '198.51.100.40' });
    expect(issued.status).toBe(200);
    await beacon(b, issued.body.token, '198.51.100.40');
    // The same visitor through the other process, with a fresh token and another browser: once.
    const again = await b.get(`${INSIGHT_VIEW_TOKEN_PATH}?provider_id=${p.id}`, { ip: '198.51.100.40' });
    await a.post(
      INSIGHT_BEACON_PATH,
      { token: again.body.token },
      { headers: { 'user-agent': `${BROWSER} Edg/131` }, ip: '198.51.100.40' },
    );
    expect((await countsOf(p))?.profileViews).toBe(1);
  });
});
