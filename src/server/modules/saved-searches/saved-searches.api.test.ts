import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_SEARCH_LIMITS, SAVED_SEARCH_TEXTS } from '#domain/saved-searches.ts';
import { SEARCH_ERRORS, SEARCH_TEXTS } from '#domain/search.ts';
import { savedSearches, savedSearchSettings } from '#server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { createVerifiedUser, type VerifiedUser } from '#server/test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
const PATH = '/api/saved-searches';
const BALAYAGE = {
  query: 'balayage',
  locationZip: '78704',
  priceRange: [15, 200],
  availability: 'weekends',
  availabilityType: 'days_pattern',
  requestedDays: ['saturday', 'sunday'],
  experience: ['Free Wi-Fi'],
  radiusMiles: 10,
};

const client = () => createVerifiedUser(t, { userData: { user_type: 'client', name: 'Sam Saver' } });
const auth = (u: VerifiedUser) => ({ token: u.session.access_token });
const rowsOf = (userId: string) =>
  t.db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(savedSearches.createdAt);

async function save(u: VerifiedUser, name = 'Weekend balayage', search: object = BALAYAGE) {
  const res = await t.post(PATH, { name, search }, auth(u));
  expect(res.status, res.text).toBe(200);
  return res.body.savedSearch as { id: string; name: string; alert: boolean };
}

describe('saving and listing', () => {
  it('needs a signed-in client and stores nothing without one', async () => {
    const before = await t.db.$count(savedSearches);
    const res = await t.post(PATH, { name: 'x', search: BALAYAGE });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('UNAUTHORIZED');
    expect((await t.get(PATH)).status).toBe(401);
    expect(await t.db.$count(savedSearches)).toBe(before);
  });

  it('saves the search exactly as the search request parses it, with its name and the alert on', async () => {
    const sam = await client();
    const res = await t.post(PATH, { name: '  Weekend balayage  ', search: BALAYAGE }, auth(sam));
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe(SAVED_SEARCH_TEXTS.saved);
    const expected = {
      query: 'balayage',
      locationZip: '78704',
      priceRange: [15, 200],
      availability: 'weekends',
      availabilityType: 'days_pattern',
      requestedDays: ['saturday', 'sunday'],
      requestedTimes: [],
      experience: ['Free Wi-Fi'],
      radiusMiles: 10,
      sort: 'relevance',
      minRating: 0,
    };
    expect(res.body.savedSearch).toMatchObject({ name: 'Weekend balayage', alert: true, search: expected });
    const [row] = await rowsOf(sam.user.id);
    expect(row).toMatchObject({ name: 'Weekend balayage', alert: true, params: expected });
    // What matching uses, derived by search's rules: the words' stem, the radius's cells, the price, weekend hours.
    expect(row!.matchStems).toEqual(['balayag']);
    expect(row!.matchTsquery).toBe("'balayag'");
    expect(row!.matchCells.length).toBeGreaterThan(1);
    expect(row!.matchKeys).toEqual(row!.matchCells.map((cell) => `${cell}:balayag`));
    expect(row!.matchPriceMin).toBe(15);
    expect(row!.matchPriceMax).toBe(200);
    expect(row!.matchHours).toHaveLength(48);
    expect(row!.matchAmenities).toEqual(['freewifi']);

    const list = await t.get(PATH, auth(sam));
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ success: true, max: SAVED_SEARCH_LIMITS.perAccount });
    expect(list.body.savedSearches).toEqual([
      {
        id: row!.id,
        name: 'Weekend balayage',
        alert: true,
        search: expected,
        created_at: row!.createdAt.toISOString(),
        // Its name and switch's version (saved-search-versions.api.test.ts).
        version: res.body.savedSearch.version,
      },
    ]);
    expect(res.body.savedSearch.version).toMatch(/^"s[0-9a-f]{16}"$/);
  });

  it('lists only your own searches, newest first', async () => {
    const sam = await client();
    const other = await client();
    await save(other, 'Theirs');
    const first = await save(sam, 'First');
    const second = await save(sam, 'Second', { query: 'nails' });
    const list = await t.get(PATH, auth(sam));
    expect(list.body.savedSearches.map((s: { id: string }) => s.id)).toEqual([second.id, first.id]);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const sam = await client();
    const cases: [object, string, string][] = [
      [{ name: '', search: BALAYAGE }, 'name', SAVED_SEARCH_TEXTS.nameRequired],
      [{ name: 'x'.repeat(61), search: BALAYAGE }, 'name', SAVED_SEARCH_TEXTS.nameTooLong],
      [{ name: 'Nothing', search: {} }, 'search.query', SEARCH_ERRORS.queryOrZipRequired],
      [
        { name: 'Bad radius', search: { ...BALAYAGE, radiusMiles: 500 } },
        'search.radiusMiles',
        SEARCH_ERRORS.radius,
      ],
      [
        { name: 'Bad zip', search: { query: 'nails', locationZip: '00000' } },
        'search.locationZip',
        SEARCH_TEXTS.unknownZip,
      ],
      [{ name: 'Bad alert', search: BALAYAGE, alert: 'yes' }, 'alert', 'Alert must be true or false'],
    ];
    for (const [body, path, message] of cases) {
      const res = await t.post(PATH, body, auth(sam));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
      expect(res.body.issues).toContainEqual({ path, message });
    }
    expect(await rowsOf(sam.user.id)).toEqual([]);
  });

  it('refuses the same search saved twice, naming the one kept; another account may save it', async () => {
    const sam = await client();
    await save(sam, 'Weekend balayage', { ...BALAYAGE, radiusMiles: 10 });
    const before = await rowsOf(sam.user.id);
    // The same filters in another order, and under another name.
    const res = await t.post(
      PATH,
      { name: 'Again', search: { ...BALAYAGE, radiusMiles: 10, query: 'balayage' } },
      auth(sam),
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      error: 'CONFLICT',
      message: 'You already saved this search as “Weekend balayage”.',
    });
    expect(await rowsOf(sam.user.id)).toEqual(before);
    // A different radius is a different search.
    await save(sam, 'Wider balayage', { ...BALAYAGE, radiusMiles: 25 });
    await save(await client(), 'Mine', { ...BALAYAGE, radiusMiles: 10 });
  });

  it(`keeps at most ${SAVED_SEARCH_LIMITS.perAccount} per account: the next is refused and nothing changes`, async () => {
    const sam = await client();
    for (let i = 0; i < SAVED_SEARCH_LIMITS.perAccount; i++)
      await save(sam, `Search ${i + 1}`, { query: `nails ${i}` });
    const before = await rowsOf(sam.user.id);
    expect(before).toHaveLength(SAVED_SEARCH_LIMITS.perAccount);
    const res = await t.post(PATH, { name: 'One too many', search: BALAYAGE }, auth(sam));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, error: 'CONFLICT', message: SAVED_SEARCH_TEXTS.tooMany });
    expect(await rowsOf(sam.user.id)).toEqual(before);
    // Another account is not affected.
    await save(await client(), 'Mine');
  });
});

describe('rename, alert switch and delete', () => {
  it('renames, switches the alert and deletes your own search', async () => {
    const sam = await client();
    const saved = await save(sam);
    const renamed = await t.put(`${PATH}/${saved.id}`, { name: 'Saturday colour' }, auth(sam));
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      message: SAVED_SEARCH_TEXTS.renamed,
      savedSearch: { name: 'Saturday colour' },
    });
    const off = await t.put(`${PATH}/${saved.id}/alert`, { alert: false }, auth(sam));
    expect(off.body).toMatchObject({ message: SAVED_SEARCH_TEXTS.alertOff, savedSearch: { alert: false } });
    expect((await rowsOf(sam.user.id))[0]).toMatchObject({ name: 'Saturday colour', alert: false });
    const on = await t.put(`${PATH}/${saved.id}/alert`, { alert: true }, auth(sam));
    expect(on.body).toMatchObject({ message: SAVED_SEARCH_TEXTS.alertOn, savedSearch: { alert: true } });
    const deleted = await t.del(`${PATH}/${saved.id}`, undefined, auth(sam));
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: SAVED_SEARCH_TEXTS.deleted });
    expect(await rowsOf(sam.user.id)).toEqual([]);
  });

  it("answers 404 for someone else's search, an unknown id or a malformed one, and changes nothing", async () => {
    const owner = await client();
    const other = await client();
    const saved = await save(owner);
    const before = await rowsOf(owner.user.id);
    for (const id of [saved.id, NO_SUCH_ID, 'not-an-id']) {
      const requests = [
        t.put(`${PATH}/${id}`, { name: 'Mine now' }, auth(other)),
        t.put(`${PATH}/${id}/alert`, { alert: false }, auth(other)),
        t.del(`${PATH}/${id}`, undefined, auth(other)),
      ];
      for (const res of await Promise.all(requests)) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({
          success: false,
          error: 'NOT_FOUND',
          message: SAVED_SEARCH_TEXTS.notFound,
        });
      }
    }
    expect(await rowsOf(owner.user.id)).toEqual(before);
  });

  it('refuses a bad name or alert value and changes nothing', async () => {
    const sam = await client();
    const saved = await save(sam);
    const before = await rowsOf(sam.user.id);
    const long = await t.put(`${PATH}/${saved.id}`, { name: 'y'.repeat(61) }, auth(sam));
    expect(long.status).toBe(400);
    expect(long.body.issues).toContainEqual({ path: 'name', message: SAVED_SEARCH_TEXTS.nameTooLong });
    const blank = await t.put(`${PATH}/${saved.id}`, { name: '   ' }, auth(sam));
    expect(blank.body.issues).toContainEqual({ path: 'name', message: SAVED_SEARCH_TEXTS.nameRequired });
    const alert = await t.put(`${PATH}/${saved.id}/alert`, { alert: 'off' }, auth(sam));
    expect(alert.status).toBe(400);
    expect(await rowsOf(sam.user.id)).toEqual(before);
    expect((await t.put(`${PATH}/${saved.id}`, { name: 'x' })).status).toBe(401);
  });
});

describe('daily cap setting', () => {
  it('is 3 by default, can be set between 1 and 10, and refuses anything else', async () => {
    const sam = await client();
    expect((await t.get(`${PATH}/settings`, auth(sam))).body).toEqual({ success: true, dailyCap: 3 });
    const set = await t.put(`${PATH}/settings`, { dailyCap: 5 }, auth(sam));
    expect(set.body).toEqual({ success: true, dailyCap: 5 });
    for (const dailyCap of [0, 11, 2.5, '4']) {
      const res = await t.put(`${PATH}/settings`, { dailyCap }, auth(sam));
      expect(res.status).toBe(400);
      expect(res.body.issues).toContainEqual({
        path: 'dailyCap',
        message: SAVED_SEARCH_TEXTS.dailyCapInvalid,
      });
    }
    const [row] = await t.db
      .select()
      .from(savedSearchSettings)
      .where(eq(savedSearchSettings.userId, sam.user.id));
    expect(row?.dailyCap).toBe(5);
  });
});
