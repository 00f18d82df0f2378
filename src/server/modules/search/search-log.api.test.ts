import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchBody } from '#domain/search.ts';
import { searchLogs } from '#server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { createVerifiedUser, uniqueEmail } from '#server/test/factories.ts';
import { FIXTURE, insertFixture, settleLogs, WRITTEN } from '#server/test/search-fixture.ts';
import { SearchLogWriter } from './search-log';
import { writeSearchLogs } from './search-logs.service';

// One row per search the person made, not per keystroke or slider step (the rule is in
// search-log.ts). The settle window is the default 3 s: the admin's list writes what is held.

const ADMIN_EMAIL = uniqueEmail('admin');
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  await insertFixture(t, FIXTURE.slice(0, 4));
  adminToken = (await createVerifiedUser(t, { email: ADMIN_EMAIL })).session.access_token;
});
afterAll(() => t?.close());

const typed = (word: string) => Array.from(word, (_, i) => word.slice(0, i + 1));

/** POST /api/search as the web client does; answers the reply's total. */
async function search(body: SearchBody): Promise<number> {
  const res = await t.post('/api/search', body);
  expect(res.status, res.text).toBe(200);
  return res.body.total;
}

/** The admin's list (which first writes every search still settling): queries, newest first, and the total. */
async function adminLogs() {
  const res = await t.get('/api/search?limit=100', { token: adminToken });
  expect(res.status, res.text).toBe(200);
  return { queries: res.body.data.logs.map((l: { query: string }) => l.query), total: res.body.data.total };
}

const rowsOf = (sessionId: string) =>
  t.db.select().from(searchLogs).where(eq(searchLogs.sessionId, sessionId)).orderBy(asc(searchLogs.id));

describe('the search log counts searches, not keystrokes', () => {
  it('typing b, ba, …, balayage in one session logs one row: balayage', async () => {
    const before = await adminLogs();
    let total = 0;
    for (const query of typed('balayage')) total = await search({ query, sessionId: 'tab-typing' });
    await settleLogs(); // the batch interval passes; the search is still settling
    expect(await rowsOf('tab-typing')).toEqual([]);

    const after = await adminLogs();
    expect(after.total).toBe(before.total + 1);
    expect(after.queries[0]).toBe('balayage');
    expect(after.queries.filter((q: string) => 'balayage'.startsWith(q))).toEqual(['balayage']);
    const rows = await rowsOf('tab-typing');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ query: 'balayage', sessionId: 'tab-typing', resultCount: total });
  });

  it('two sessions typing the same word at the same time log two rows', async () => {
    const before = await adminLogs();
    for (const query of typed('nails')) {
      await search({ query, sessionId: 'tab-one' });
      await search({ query, sessionId: 'tab-two' });
    }
    const after = await adminLogs();
    expect(after.total).toBe(before.total + 2);
    expect(after.queries.slice(0, 2)).toEqual(['nails', 'nails']);
    expect((await rowsOf('tab-one')).map((r) => r.query)).toEqual(['nails']);
    expect((await rowsOf('tab-two')).map((r) => r.query)).toEqual(['nails']);
  });

  it('slider steps refine the search (one row, the last range); a new query after clearing is a new row', async () => {
    const session = 'tab-journey';
    for (const query of typed('balayage')) await search({ query, sessionId: session });
    for (const max of [400, 300, 250, 200, 150]) {
      await search({ query: 'balayage', priceRange: [15, max], sessionId: session });
    }
    await search({ query: '', priceRange: [15, 150], sessionId: session }); // the box cleared
    for (const query of typed('nails')) await search({ query, priceRange: [15, 150], sessionId: session });
    await adminLogs();
    const rows = await rowsOf(session);
    expect(rows.map((r) => [r.query, r.filters.priceRange])).toEqual([
      ['balayage', [15, 150]],
      ['nails', [15, 150]],
    ]);
  });

  it("once the session has been quiet for the window (the app's clock), the same text is a new search", async () => {
    const session = 'tab-later';
    await search({ query: 'lashes', sessionId: session });
    t.clock.advance(3_000);
    await search({ query: 'lashes', priceRange: [15, 100], sessionId: session });
    await search({ query: 'lashes', priceRange: [15, 90], sessionId: session });
    await adminLogs();
    expect((await rowsOf(session)).map((r) => r.filters.priceRange ?? null)).toEqual([null, [15, 90]]);
  });

  it('searches without a session id are logged one by one, as before', async () => {
    for (const query of typed('fade')) await search({ query });
    // No flush: they are only batched, and the batch is written on its own.
    const logged = async () =>
      (
        await t.db
          .select({ query: searchLogs.query })
          .from(searchLogs)
          .where(
            and(sql`${searchLogs.sessionId} IS NULL`, sql`${searchLogs.query} IN ('f', 'fa', 'fad', 'fade')`),
          )
      )
        .map((r) => r.query)
        .sort();
    await expect.poll(logged, WRITTEN).toEqual(['f', 'fa', 'fad', 'fade']);
  });
});

describe('SearchLogWriter settling', () => {
  const writer = (options: { settleMs?: number } = {}) =>
    new SearchLogWriter({
      db: t.db,
      log: t.app.log,
      secret: t.app.ctx.secret,
      now: () => new Date(),
      ...options,
    });
  const row = (query: string, sessionId: string) => ({
    query,
    zip: null,
    filters: {},
    sessionId,
    createdAt: new Date(),
  });

  it('writes a settled search on its own once the window has passed, without a flush', async () => {
    const w = writer({ settleMs: 100 });
    for (const query of typed('waxing')) w.push(row(query, 'writer-timer'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await rowsOf('writer-timer')).toEqual([]);
    // The window, then the batch interval: written with nothing more asked of the writer.
    await expect
      .poll(async () => (await rowsOf('writer-timer')).map((r) => r.query), WRITTEN)
      .toEqual(['waxing']);
    await w.close();
  });

  it('close writes the searches still settling, so a shutdown loses none', async () => {
    const w = writer();
    for (const query of typed('facial')) w.push(row(query, 'writer-close'));
    w.push(row('massage', 'writer-close'));
    await w.close();
    expect((await rowsOf('writer-close')).map((r) => r.query)).toEqual(['facial', 'massage']);
  });

  it('a search still settling when the server stops is written before it closes', async () => {
    // A second app on this file's database, which stays open when that app closes.
    const app = await buildTestApp({ database: t.database });
    for (const query of typed('brows')) {
      expect((await app.post('/api/search', { query, sessionId: 'tab-closing' })).status).toBe(200);
    }
    await app.close(); // well inside the settle window
    expect((await rowsOf('tab-closing')).map((r) => r.query)).toEqual(['brows']);
  });
});

describe('admin: search logs by date range, and as CSV', () => {
  it('filters by UTC days and exports the range, formula-looking queries made safe', async () => {
    await search({ query: '=HYPERLINK("http://evil.example","x")' });
    await search({ query: 'range check', locationZip: '78701', priceRange: [15, 100] });
    const today = t.clock.now().toISOString().slice(0, 10);
    const inRange = await t.get(`/api/search?limit=100&from=${today}&to=${today}`, { token: adminToken });
    expect(inRange.status, inRange.text).toBe(200);
    const queries = inRange.body.data.logs.map((l: { query: string }) => l.query);
    expect(queries).toEqual(expect.arrayContaining(['range check', '=HYPERLINK("http://evil.example","x")']));
    const past = await t.get('/api/search?limit=100&from=2000-01-01&to=2000-01-02', { token: adminToken });
    expect(past.body.data).toMatchObject({ logs: [], total: 0 });
    const backwards = await t.get(`/api/search?from=${today}&to=2000-01-01`, { token: adminToken });
    expect(backwards.status).toBe(400);
    expect(backwards.body.issues[0].path).toBe('to');

    const csv = await t.get(`/api/admin/search-logs/export?from=${today}&to=${today}`, { token: adminToken });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="glowfind-search-logs-.*\.csv"$/,
    );
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe('id,created_at,query,zip,filters,result_count');
    expect(csv.text).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",`);
    expect(csv.text).toMatch(/,range check,78701,"\{""priceRange"":\[15,100\]\}",\d+\r\n/);
    expect(Number(csv.headers['x-export-rows'])).toBe(lines.length - 2);
    const client = await createVerifiedUser(t);
    const refused = await t.get('/api/admin/search-logs/export', { token: client.session.access_token });
    expect(refused.status).toBe(403);
  });
});

describe('admin: each row says what was searched and what it found; zero-result searches on their own', () => {
  interface LogRow {
    id: string;
    query: string;
    zip: string | null;
    filters: Record<string, unknown>;
    result_count: number | null;
  }
  const list = async (params: string) => {
    const res = await t.get(`/api/search?${params}`, { token: adminToken });
    expect(res.status, res.text).toBe(200);
    return res.body.data as { logs: LogRow[]; total: number; nextCursor: string | null };
  };
  const zeroRowsStored = () => t.db.$count(searchLogs, eq(searchLogs.resultCount, 0));

  it('a zip-only search shows its zip, a filtered one its filters, every row its result count', async () => {
    const zipOnly = await search({ locationZip: '78704' });
    expect(zipOnly).toBeGreaterThan(0);
    const filtered = await search({
      locationZip: '78701',
      radiusMiles: 10,
      priceRange: [15, 150],
      experience: ['LGBTQIA+ Friendly'],
      minRating: 4,
    });
    const [newest, previous] = (await list('limit=2')).logs;
    expect(newest).toMatchObject({
      query: '',
      zip: '78701',
      filters: { radiusMiles: 10, priceRange: [15, 150], experience: ['LGBTQIA+ Friendly'], minRating: 4 },
      result_count: filtered,
    });
    expect(previous).toMatchObject({ query: '', zip: '78704', filters: {}, result_count: zipOnly });
  });

  it('lists searches that found nobody, and results=zero lists only those, paged, with their total', async () => {
    expect(await search({ locationZip: '10001' })).toBe(0); // nobody near Manhattan in the fixture
    expect(await search({ query: 'balayage', locationZip: '10001' })).toBe(0);
    expect(await search({ query: 'balayage' })).toBeGreaterThan(0);

    const all = (await list('limit=3')).logs;
    expect(all.map((l) => [l.query, l.zip, l.result_count])).toEqual([
      ['balayage', null, expect.any(Number)],
      ['balayage', '10001', 0],
      ['', '10001', 0],
    ]);

    const first = await list('limit=1&results=zero');
    expect(first.total).toBe(await zeroRowsStored());
    expect(first.total).toBeGreaterThanOrEqual(2);
    expect(first.logs).toEqual([
      expect.objectContaining({ query: 'balayage', zip: '10001', result_count: 0 }),
    ]);
    const seen = [...first.logs];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await list(`limit=1&results=zero&cursor=${cursor}`);
      seen.push(...next.logs);
      cursor = next.nextCursor;
    }
    expect(seen).toHaveLength(first.total);
    expect(seen.every((l) => l.result_count === 0)).toBe(true);
    expect(seen[1]).toMatchObject({ query: '', zip: '10001', result_count: 0 });

    const csv = await t.get('/api/admin/search-logs/export?results=zero', { token: adminToken });
    expect(csv.status, csv.text).toBe(200);
    const rows = csv.text.split('\r\n').slice(1, -1);
    expect(rows).toHaveLength(first.total);
    expect(rows.every((line) => line.endsWith(',0'))).toBe(true);

    const bad = await t.get('/api/search?results=none', { token: adminToken });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0]).toEqual({ path: 'results', message: 'results must be one of all, zero' });
  });
});

describe('writeSearchLogs stores a batch exactly as given', () => {
  it('every awkward value survives the one-statement batch, in order; an unknown user id is stored as null', async () => {
    const { user } = await createVerifiedUser(t);
    const at = new Date('2026-11-20T15:04:05.678Z');
    const batch = [
      {
        query: `a "quoted", {braced} \\ back\\slash`,
        zip: '78701',
        filters: { priceRange: [15, 90], note: 'say "hi" \\ {x}', amenities: ['wheelchair', 'quiet'] },
        sessionId: 'batch-exact',
        userId: user.id,
        resultCount: 0,
        createdAt: at,
      },
      {
        query: 'NULL',
        zip: null,
        filters: {},
        sessionId: 'batch-exact',
        userId: null,
        resultCount: null,
        createdAt: at,
      },
      {
        query: 'coupe — ça va 💇🏽‍♀️',
        sessionId: 'batch-exact',
        userId: '00000000-0000-4000-8000-000000000000',
        resultCount: 7,
        createdAt: at,
      },
      { query: '', sessionId: 'batch-exact', createdAt: at },
    ];
    await writeSearchLogs(t.db, batch);
    /** What the table holds for a row that left these out: its defaults, and null for an unknown user. */
    const stored = (row: { query: string; resultCount?: number }) => ({
      zip: null,
      filters: {},
      sessionId: 'batch-exact',
      userId: null,
      resultCount: null,
      createdAt: at,
      ...row,
    });
    const rows = await rowsOf('batch-exact');
    expect(rows.map(({ id: _, ...row }) => row)).toEqual([
      batch[0],
      batch[1],
      stored({ query: batch[2]!.query, resultCount: 7 }),
      stored({ query: '' }),
    ]);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => a - b));
  });
});
