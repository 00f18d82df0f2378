import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHT_BEACON_PATH, INSIGHT_VIEW_TOKEN_PATH, searchWords } from '#domain/insights.ts';
import {
  insightCountedTokens,
  insightDaySalts,
  insightViewKeys,
  providerInsightDays,
  providerInsightWords,
  providerProfiles,
} from '#server/db/schema/index.ts';
import { buildTestApp, DAY, HOUR, type TestApp } from '#server/test/build-test-app.ts';
import { DEFAULT_PASSWORD, insertProvider, insertUser, loginAs } from '#server/test/factories.ts';
import { INSIGHT_TOKEN_TTL_MS, InsightTokens } from './insight-token';
import { recordSavedSearchAlertInclusions } from './insights.service';

const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const OTHER_BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

// A fixed clock the tests move: 2026-03-10 15:00 UTC is 08:00 in Los Angeles (PDT, UTC-7, since
// 8 March) and 00:00 on 11 March in Tokyo.
let nowMs = Date.parse('2026-03-10T15:00:00Z');
let t: TestApp;
let client: { id: string; email: string; token: string };
/** Signs tokens as the app does (same secret): what a search reply would carry, for chosen ids. */
let tokens: InsightTokens;
beforeAll(async () => {
  // A frozen clock would hold up the mail worker: people are inserted, not signed up.
  t = await buildTestApp({ now: () => new Date(nowMs) });
  tokens = new InsightTokens(t.app.ctx.secret);
  client = await aClient();
});

async function aClient() {
  const user = await insertUser(t.db);
  return {
    id: user.id,
    email: user.email,
    token: (await loginAs(t, user.email, DEFAULT_PASSWORD)).access_token,
  };
}
afterAll(async () => {
  await t.close();
});

/** A listed provider in `timeZone`, with a booking link and a fresh token. */
async function provider(timeZone = 'America/Los_Angeles') {
  const user = await insertProvider(t.db);
  await t.db
    .update(providerProfiles)
    .set({ timeZone, bookingLink: `https://book.example.com/${user.id}` })
    .where(eq(providerProfiles.userId, user.id));
  return { id: user.id, email: user.email, link: `https://book.example.com/${user.id}` };
}

const tokenOf = async (email: string) => ({
  token: (await loginAs(t, email, DEFAULT_PASSWORD)).access_token,
});

const beacon = (body: unknown, { agent = BROWSER, ip = '203.0.113.7' } = {}) =>
  t.post(INSIGHT_BEACON_PATH, body, { headers: { 'user-agent': agent }, ip });

/** The token a search reply for `query` returning `ids` carries, sent back as a rendered page's beacon. */
const impressionsToken = (ids: string[], query = '') =>
  tokens.impressions(ids, searchWords(query), new Date(nowMs));
const impressions = (ids: string[], query = '', opts?: { agent?: string; ip?: string }) =>
  beacon({ token: impressionsToken(ids, query) }, opts);

/** The token a profile page asks for, from the address that asks. */
async function viewToken(id: string, ip = '203.0.113.7') {
  const res = await t.get(`${INSIGHT_VIEW_TOKEN_PATH}?provider_id=${id}`, {
    ip,
    headers: { 'user-agent': BROWSER },
  });
  expect(res.status, res.text).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.body.token as string;
}

/** A rendered profile page: its token, then its beacon, both from the visitor's address. */
const view = async (id: string, opts?: { agent?: string; ip?: string }) =>
  beacon({ token: await viewToken(id, opts?.ip) }, opts);

/** The provider's insights (which writes the queued beacons first). */
async function insightsOf(p: { id: string; email: string }, days = 7) {
  const res = await t.get(`/api/insights?provider_id=${p.id}&days=${days}`, await tokenOf(p.email));
  expect(res.status, res.text).toBe(200);
  return res.body.insights;
}

const dayRows = (providerId: string) =>
  t.db
    .select()
    .from(providerInsightDays)
    .where(eq(providerInsightDays.providerId, providerId))
    .orderBy(providerInsightDays.day);

const wordRows = async (providerId: string) =>
  Object.fromEntries(
    (
      await t.db
        .select({ word: providerInsightWords.word, count: providerInsightWords.count })
        .from(providerInsightWords)
        .where(eq(providerInsightWords.providerId, providerId))
    ).map((r) => [r.word, r.count]),
  );

describe('POST /api/insights/events (the beacon)', () => {
  it('refuses a malformed beacon with 400 and counts nothing', async () => {
    const p = await provider();
    for (const body of [
      // What the beacon used to carry: the ids and words it chose. Only a token is taken now.
      { kind: 'view', provider_id: p.id },
      { kind: 'impressions', page: 'x', provider_ids: [p.id], query: 'scam' },
      { token: '' },
      { token: impressionsToken([p.id]), provider_ids: [p.id] },
    ]) {
      const res = await beacon(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
    }
    const text = await t.app.inject({
      method: 'POST',
      url: INSIGHT_BEACON_PATH,
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER },
      payload: '{"token":',
    });
    expect(text.statusCode).toBe(400);
    expect(JSON.parse(text.body)).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
    // A beacon is a token and a few bytes: a bigger body is refused before it is parsed.
    const big = await beacon({ token: 'x'.repeat(8_000) });
    expect(big.status).toBe(413);
    await insightsOf(p);
    expect(await dayRows(p.id)).toEqual([]);
  });

  it('counts nothing for a token it did not issue: forged, altered, signed with another key, or expired', async () => {
    const p = await provider();
    const genuine = impressionsToken([p.id], 'nails');
    const bytes = Buffer.from(genuine, 'base64url');
    bytes[20] = (bytes[20] ?? 0) ^ 1; // one bit of the ids changed
    const stranger = new InsightTokens(new TextEncoder().encode('another-secret-of-at-least-32-characters'));
    for (const token of [
      bytes.toString('base64url'),
      stranger.impressions([p.id], ['scam'], new Date(nowMs)),
      stranger.view(p.id, '203.0.113.7', new Date(nowMs)),
      Buffer.from('{"kind":"view"}').toString('base64url'),
      `${genuine}=`,
    ]) {
      expect((await beacon({ token })).status).toBe(200);
    }
    // A genuine token half an hour later: expired.
    const late = impressionsToken([p.id], 'scam');
    nowMs += INSIGHT_TOKEN_TTL_MS;
    expect((await beacon({ token: late })).status).toBe(200);
    nowMs -= INSIGHT_TOKEN_TTL_MS;
    await insightsOf(p);
    expect(await dayRows(p.id)).toEqual([]);
    expect(await wordRows(p.id)).toEqual({});
  });

  it('counts impressions once per provider per token (a rendered results page), with its search words', async () => {
    const a = await provider();
    const b = await provider();
    const page = impressionsToken([a.id, a.id, b.id], 'Balayage near Austin');
    const res = await beacon({ token: page });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    // The same page's beacon again (a retry, a replay) counts once.
    expect((await beacon({ token: page })).status).toBe(200);
    await impressions([a.id], 'balayage highlights');
    await insightsOf(a);
    // A replay after the first was written: still once (the token is stored as counted).
    expect((await beacon({ token: page }, { ip: '198.51.100.77' })).status).toBe(200);
    await insightsOf(a);
    expect(await dayRows(a.id)).toMatchObject([{ day: '2026-03-10', impressions: 2, profileViews: 0 }]);
    expect(await dayRows(b.id)).toMatchObject([{ day: '2026-03-10', impressions: 1 }]);
    // 'near' is a stop word; each word once per search.
    expect(await wordRows(a.id)).toEqual({ balayage: 2, austin: 1, highlights: 1 });
    expect(await wordRows(b.id)).toEqual({ balayage: 1, austin: 1 });
  });

  it("counts a real search's rendered page: the reply's token names what it returned and what was searched", async () => {
    const maya = await provider();
    await t.db.execute(sql`UPDATE users SET name = 'Maya Quillon Braids' WHERE id = ${maya.id}`);
    const search = await t.post(
      '/api/search',
      { query: 'Quillon braids' },
      { headers: { 'user-agent': BROWSER } },
    );
    expect(search.status, search.text).toBe(200);
    expect(search.body.results.map((r: { id: string }) => r.id)).toContain(maya.id);
    expect(search.body.insight_token).toEqual(expect.any(String));
    // The next reply of the same (cached) search has a token of its own.
    const again = await t.post(
      '/api/search',
      { query: 'Quillon braids' },
      { headers: { 'user-agent': BROWSER } },
    );
    expect(again.body.insight_token).not.toBe(search.body.insight_token);
    expect(again.body.results).toEqual(search.body.results);
    await beacon({ token: search.body.insight_token });
    await beacon({ token: again.body.insight_token });
    await insightsOf(maya);
    expect(await dayRows(maya.id)).toMatchObject([{ impressions: 2 }]);
    expect(await wordRows(maya.id)).toEqual({ quillon: 2, braids: 2 });
  });

  it("a competitor cannot put words in a provider's top words: only searches that returned her count", async () => {
    const maya = await provider();
    await t.db.execute(sql`UPDATE users SET name = 'Maya Zorvath Locs' WHERE id = ${maya.id}`);
    // The attacker searches the words they want her to show for: the reply does not return her, so
    // its token names other providers (or none), and her figures do not move.
    const search = await t.post(
      '/api/search',
      { query: 'scam fraud' },
      { headers: { 'user-agent': BROWSER } },
    );
    expect(search.status).toBe(200);
    expect(search.body.results.map((r: { id: string }) => r.id)).not.toContain(maya.id);
    await beacon({ token: search.body.insight_token });
    // Nor can they graft the words onto a reply that did return her.
    const hers = await t.post('/api/search', { query: 'Zorvath' }, { headers: { 'user-agent': BROWSER } });
    expect(hers.body.results.map((r: { id: string }) => r.id)).toContain(maya.id);
    const forged = Buffer.from(hers.body.insight_token, 'base64url');
    const withWords = Buffer.concat([
      forged.subarray(0, forged.length - 16),
      Buffer.from(' scam fraud'),
      forged.subarray(-16),
    ]);
    await beacon({ token: withWords.toString('base64url') });
    await insightsOf(maya);
    expect(await dayRows(maya.id)).toEqual([]);
    expect(await wordRows(maya.id)).toEqual({});
    // Her real search's page counts, with its own word.
    await beacon({ token: hers.body.insight_token });
    await insightsOf(maya);
    expect(await wordRows(maya.id)).toEqual({ zorvath: 1 });
  });

  it('counts nothing when the search API merely computes results: only a rendered page counts', async () => {
    const p = await provider();
    await t.db.execute(sql`UPDATE users SET name = 'Zephyrine Balayage Atelier' WHERE id = ${p.id}`);
    const search = await t.post(
      '/api/search',
      { query: 'Zephyrine' },
      { headers: { 'user-agent': BROWSER } },
    );
    expect(search.status, search.text).toBe(200);
    expect(search.body.results.map((r: { id: string }) => r.id)).toContain(p.id);
    await t.get(`/api/user/${p.id}`, { headers: { 'user-agent': BROWSER } });
    await insightsOf(p);
    expect(await dayRows(p.id)).toEqual([]);
    expect(await wordRows(p.id)).toEqual({});
  });

  it('reads the text/plain body navigator.sendBeacon sends', async () => {
    const p = await provider();
    const res = await t.app.inject({
      method: 'POST',
      url: INSIGHT_BEACON_PATH,
      // As a browser sends it: its own page's beacon says same-origin.
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent': BROWSER,
        'sec-fetch-site': 'same-origin',
      },
      payload: JSON.stringify({ token: impressionsToken([p.id], 'nails') }),
    });
    expect(res.statusCode).toBe(200);
    await insightsOf(p);
    expect(await dayRows(p.id)).toMatchObject([{ impressions: 1 }]);
    expect(await wordRows(p.id)).toEqual({ nails: 1 });
  });

  it('counts a profile view once per visitor per day, storing only a salted hash', async () => {
    const p = await provider();
    await view(p.id);
    await view(p.id); // the same visitor again, with a new token: once
    await view(p.id, { ip: '198.51.100.20' }); // another visitor
    // Another browser (a new User-Agent) on the first one's address is not a new visitor: the
    // visitor is the address the token was issued to.
    await view(p.id, { agent: OTHER_BROWSER });
    for (let i = 0; i < 5; i++) await view(p.id, { agent: `${BROWSER} r${i}` });
    expect((await insightsOf(p)).totals.profile_views).toBe(2);
    // Nor is every address of one IPv6 /64 (one home, one host): one visitor; another /64 is another.
    for (const ip of ['2001:db8:5:7::1', '2001:db8:5:7::2', '2001:db8:5:7:ffff:1:2:3'])
      await view(p.id, { ip });
    await view(p.id, { ip: '2001:db8:5:8::1' });
    expect((await insightsOf(p)).totals.profile_views).toBe(4);
    const keys = await t.db.select().from(insightViewKeys).where(eq(insightViewKeys.providerId, p.id));
    expect(keys).toHaveLength(4);
    for (const key of keys) {
      expect(key.visitorKey).toMatch(/^[0-9a-f]{32}$/);
      expect(JSON.stringify(key)).not.toContain('203.0.113.7');
    }
    expect(await t.db.$count(insightDaySalts, eq(insightDaySalts.day, '2026-03-10'))).toBe(1);
    // The next day the same visitor counts again, on that day.
    nowMs += DAY;
    await view(p.id);
    const insights = await insightsOf(p);
    expect(insights.per_day.slice(-2)).toMatchObject([
      { date: '2026-03-10', profile_views: 4 },
      { date: '2026-03-11', profile_views: 1 },
    ]);
    nowMs -= DAY;
  });

  it('a view token counts only for its own provider, and a view beacon without one counts nothing', async () => {
    const p = await provider();
    const other = await provider();
    // The old beacon shape (no token) is refused; a token for another provider counts for that one.
    expect((await beacon({ kind: 'view', provider_id: p.id })).status).toBe(400);
    await beacon({ token: await viewToken(other.id, '198.51.100.31') });
    await insightsOf(p);
    expect(await dayRows(p.id)).toEqual([]);
    expect(await dayRows(other.id)).toMatchObject([{ profileViews: 1 }]);
    // The token route answers for any id (a token for nobody counts nothing), so it says nothing of who exists.
    expect((await t.get(`${INSIGHT_VIEW_TOKEN_PATH}?provider_id=${NO_SUCH_ID}`)).status).toBe(200);
    expect((await t.get(`${INSIGHT_VIEW_TOKEN_PATH}?provider_id=nope`)).status).toBe(400);
  });

  it('counts nothing from bots, crawlers, tools, a request without a user agent, or another site', async () => {
    const p = await provider();
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'curl/8.5.0',
      '',
    ]) {
      // Answered as any beacon is, so nobody learns what counts.
      expect((await impressions([p.id], 'nails', { agent })).status).toBe(200);
      expect((await view(p.id, { agent })).status).toBe(200);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: INSIGHT_BEACON_PATH,
      payload: { token: await viewToken(p.id) },
    });
    expect(res.statusCode).toBe(200);
    // A beacon another site made a browser send (a simple cross-site POST) does not count either.
    for (const site of ['cross-site', 'same-site']) {
      const crossSite = await t.post(
        INSIGHT_BEACON_PATH,
        { token: impressionsToken([p.id], 'nails') },
        { headers: { 'user-agent': BROWSER, 'sec-fetch-site': site } },
      );
      expect(crossSite.status).toBe(200);
    }
    await insightsOf(p);
    expect(await dayRows(p.id)).toEqual([]);
    expect(await wordRows(p.id)).toEqual({});
    expect(await t.db.$count(insightViewKeys, eq(insightViewKeys.providerId, p.id))).toBe(0);
  });

  it('ignores ids that are not listed providers', async () => {
    const unlisted = await insertProvider(t.db);
    await t.db.execute(sql`UPDATE provider_profiles SET zip = NULL WHERE user_id = ${unlisted.id}`);
    const p = await provider();
    expect((await impressions([NO_SUCH_ID, unlisted.id, p.id, client.id], 'x')).status).toBe(200);
    await insightsOf(p);
    expect(await dayRows(p.id)).toMatchObject([{ impressions: 1 }]);
    expect(await t.db.$count(providerInsightDays, eq(providerInsightDays.providerId, unlisted.id))).toBe(0);
    expect(await t.db.$count(providerInsightDays, eq(providerInsightDays.providerId, client.id))).toBe(0);
  });

  it("counts on the provider's own day: midnight in their time zone, not the server's", async () => {
    const la = await provider('America/Los_Angeles');
    const tokyo = await provider('Asia/Tokyo');
    const saved = nowMs;
    nowMs = Date.parse('2026-03-10T06:59:00Z'); // 23:59 on 9 March in LA (PDT), 15:59 on 10 March in Tokyo
    await impressions([la.id, tokyo.id]);
    nowMs = Date.parse('2026-03-10T07:01:00Z'); // 00:01 on 10 March in LA
    await impressions([la.id, tokyo.id]);
    nowMs = Date.parse('2026-03-10T14:59:00Z'); // 23:59 on 10 March in Tokyo
    await impressions([tokyo.id]);
    nowMs = Date.parse('2026-03-10T15:01:00Z'); // 00:01 on 11 March in Tokyo
    await impressions([tokyo.id]);
    await insightsOf(la);
    expect((await dayRows(la.id)).map((r) => [r.day, r.impressions])).toEqual([
      ['2026-03-09', 1],
      ['2026-03-10', 1],
    ]);
    expect((await dayRows(tokyo.id)).map((r) => [r.day, r.impressions])).toEqual([
      ['2026-03-10', 3],
      ['2026-03-11', 1],
    ]);
    // The reply's days are the provider's too: Tokyo's 'today' is 11 March.
    const insights = await insightsOf(tokyo, 7);
    expect(insights.time_zone).toBe('Asia/Tokyo');
    expect(insights.per_day.map((d: { date: string }) => d.date)).toEqual([
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
    ]);
    expect(insights.per_day.slice(-2).map((d: { impressions: number }) => d.impressions)).toEqual([3, 1]);
    nowMs = saved;
  });
});

describe('GET /api/insights', () => {
  it("needs a token (401) and is the provider's own: anyone else gets 404 and no figures", async () => {
    const p = await provider();
    const other = await provider();
    await impressions([p.id], 'nails');
    const anonymous = await t.get(`/api/insights?provider_id=${p.id}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('UNAUTHORIZED');
    for (const auth of [await tokenOf(other.email), { token: client.token }]) {
      const res = await t.get(`/api/insights?provider_id=${p.id}&days=30`, auth);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, error: 'NOT_FOUND' });
      expect(res.text).not.toContain('nails');
      const csv = await t.get(`/api/insights/export?provider_id=${p.id}&days=30`, auth);
      expect(csv.status).toBe(404);
    }
    expect((await t.get(`/api/insights/export?provider_id=${p.id}`)).status).toBe(401);
  });

  it('refuses a period other than 7, 30 or 90 days, and a bad id', async () => {
    const p = await provider();
    const auth = await tokenOf(p.email);
    const res = await t.get(`/api/insights?provider_id=${p.id}&days=14`, auth);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
    expect(res.body.message).toBe('Choose 7, 30 or 90 days');
    expect((await t.get('/api/insights?provider_id=nope', auth)).status).toBe(400);
    for (const days of [7, 30, 90]) {
      const ok = await t.get(`/api/insights?provider_id=${p.id}&days=${days}`, auth);
      expect(ok.status).toBe(200);
      expect(ok.body.insights.per_day).toHaveLength(days);
    }
  });

  it('puts it together: views, clicks (one per client per day) and the conversion, favourites, top words', async () => {
    const p = await provider();
    const other = await aClient();
    await impressions([p.id], 'balayage');
    await impressions([p.id], 'balayage color');
    await view(p.id);
    await view(p.id, { ip: '198.51.100.9' });
    await view(p.id, { ip: '198.51.100.10' });
    await view(p.id, { ip: '198.51.100.11' });
    // Booking clicks come from the booking log: two by one client the same day count once.
    for (const who of [client, client, other]) {
      const res = await t.post('/api/booking-logs', { url: p.link, provider_id: p.id }, { token: who.token });
      expect(res.status).toBe(200);
      nowMs += 20_000; // past the double-click window
    }
    // A new favourite counts; saving it again does not.
    for (let i = 0; i < 2; i++) {
      const res = await t.post('/api/favorites', { providerId: p.id }, { token: client.token });
      expect(res.status, res.text).toBe(200);
    }
    const insights = await insightsOf(p, 30);
    expect(insights.per_day).toHaveLength(30);
    expect(insights.per_day.at(-1)).toEqual({
      date: '2026-03-10',
      impressions: 2,
      profile_views: 4,
      new_favorites: 1,
      alert_inclusions: 0,
      push_opens: 0,
      booking_clicks: 2,
    });
    expect(insights.totals).toEqual({
      impressions: 2,
      profile_views: 4,
      new_favorites: 1,
      alert_inclusions: 0,
      push_opens: 0,
      booking_clicks: 2,
    });
    expect(insights.conversion).toBe(0.5);
    expect(insights.top_words).toEqual([
      { word: 'balayage', count: 2 },
      { word: 'color', count: 1 },
    ]);
    nowMs -= 60_000;
    // Unsaving does not count a favourite back.
    await t.del('/api/favorites', { providerId: p.id }, { token: client.token });
  });

  it('counts a new favourite once per client and provider, ever: saving and unsaving ten times is one', async () => {
    const p = await provider();
    const fan = await aClient();
    for (let i = 0; i < 10; i++) {
      expect((await t.post('/api/favorites', { providerId: p.id }, { token: fan.token })).status).toBe(200);
      expect((await t.del('/api/favorites', { providerId: p.id }, { token: fan.token })).status).toBe(200);
    }
    // The next day too: still the same client's one favourite.
    const saved = nowMs;
    try {
      nowMs += DAY;
      const { token } = await tokenOf(fan.email);
      expect((await t.post('/api/favorites', { providerId: p.id }, { token })).status).toBe(200);
      expect((await insightsOf(p)).totals.new_favorites).toBe(1);
    } finally {
      nowMs = saved;
    }
    // Another client's save is another new favourite.
    const second = await aClient();
    expect((await t.post('/api/favorites', { providerId: p.id }, { token: second.token })).status).toBe(200);
    expect((await insightsOf(p)).totals.new_favorites).toBe(2);
  });

  it('keeps only the 10 most frequent words, most first', async () => {
    const p = await provider();
    const words = ['w01', 'w02', 'w03', 'w04', 'w05', 'w06', 'w07', 'w08', 'w09', 'w10', 'w11', 'w12'];
    for (const [i, w] of words.entries()) {
      for (let n = 0; n <= i; n++) await impressions([p.id], w);
    }
    const insights = await insightsOf(p);
    expect(insights.top_words.map((w: { word: string }) => w.word)).toEqual([
      'w12',
      'w11',
      'w10',
      'w09',
      'w08',
      'w07',
      'w06',
      'w05',
      'w04',
      'w03',
    ]);
    expect(insights.top_words[0].count).toBe(12);
  });

  it('exports the figures as CSV: a row per day, then the top words', async () => {
    const p = await provider();
    await impressions([p.id], '=SUM(A1) balayage');
    await view(p.id);
    const res = await t.get(`/api/insights/export?provider_id=${p.id}&days=7`, await tokenOf(p.email));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="glowfind-insights-7-days-2026-03-10.csv"',
    );
    expect(res.text).toBe(
      [
        'date,impressions,profile_views,new_favorites,alert_inclusions,push_opens,booking_clicks',
        '2026-03-04,0,0,0,0,0,0',
        '2026-03-05,0,0,0,0,0,0',
        '2026-03-06,0,0,0,0,0,0',
        '2026-03-07,0,0,0,0,0,0',
        '2026-03-08,0,0,0,0,0,0',
        '2026-03-09,0,0,0,0,0,0',
        '2026-03-10,1,1,0,0,0,0',
        '',
        'search_word,count',
        'a1,1',
        'balayage,1',
        'sum,1',
        '',
      ].join('\r\n'),
    );
  });
});

describe('recordSavedSearchAlertInclusions', () => {
  it("counts each listed provider once per alert, on the provider's day of the moment it was sent", async () => {
    const la = await provider('America/Los_Angeles');
    const tokyo = await provider('Asia/Tokyo');
    const sentAt = new Date('2026-03-10T06:30:00Z'); // 9 March in LA, 10 March in Tokyo
    await recordSavedSearchAlertInclusions(t.db, [la.id, la.id, tokyo.id, NO_SUCH_ID], sentAt);
    await recordSavedSearchAlertInclusions(t.db, [la.id], sentAt);
    expect((await dayRows(la.id)).map((r) => [r.day, r.alertInclusions])).toEqual([['2026-03-09', 2]]);
    expect((await dayRows(tokyo.id)).map((r) => [r.day, r.alertInclusions])).toEqual([['2026-03-10', 1]]);
    expect((await insightsOf(la)).totals.alert_inclusions).toBe(2);
  });
});

describe('raw events', () => {
  it('drops visitor keys and salts once their day is over everywhere; the counts stay', async () => {
    const p = await provider();
    await view(p.id);
    await insightsOf(p);
    expect(await t.db.$count(insightViewKeys, eq(insightViewKeys.providerId, p.id))).toBe(1);
    const saved = nowMs;
    nowMs += 3 * DAY + 2 * HOUR; // the writer purges at most hourly, on its next batch
    await view(p.id, { ip: '192.0.2.55' });
    const insights = await insightsOf(p);
    expect(
      await t.db.$count(
        insightViewKeys,
        and(eq(insightViewKeys.providerId, p.id), eq(insightViewKeys.day, '2026-03-10')),
      ),
    ).toBe(0);
    expect(await t.db.$count(insightDaySalts, eq(insightDaySalts.day, '2026-03-10'))).toBe(0);
    // The counted tokens are kept only while they could be counted again: only the new one is left.
    expect(await t.db.$count(insightCountedTokens)).toBe(1);
    expect(insights.per_day.find((d: { date: string }) => d.date === '2026-03-10').profile_views).toBe(1);
    expect(insights.per_day.at(-1)).toMatchObject({ date: '2026-03-13', profile_views: 1 });
    nowMs = saved;
  });
});
