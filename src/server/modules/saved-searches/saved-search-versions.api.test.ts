import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_SEARCH_TEXTS } from '#domain/saved-searches.ts';
import { VERSION_TEXTS } from '#domain/versions.ts';
import { savedSearches } from '#server/db/schema/index.ts';
import { buildTestApp, type TestApp, type TestResponse } from '#server/test/build-test-app.ts';
import { createVerifiedUser, type VerifiedUser } from '#server/test/factories.ts';
import { savedSearchUnsubscribeToken } from './saved-search-alerts.service';

const PATH = '/api/saved-searches';
const VERSION = /^"s[0-9a-f]{16}"$/;
const BALAYAGE = { query: 'balayage', locationZip: '78704', radiusMiles: 10 };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const client = () => createVerifiedUser(t, { userData: { user_type: 'client', name: 'Sam Saver' } });

const options = (who: VerifiedUser, ifMatch?: string) => ({
  token: who.session.access_token,
  ...(ifMatch === undefined ? {} : { headers: { 'if-match': ifMatch } }),
});

interface Listed {
  id: string;
  name: string;
  alert: boolean;
  version: string;
}

async function save(who: VerifiedUser, name = 'Weekend balayage', search: object = BALAYAGE) {
  const res = await t.post(PATH, { name, search }, options(who));
  expect(res.status, res.text).toBe(200);
  return res.body.savedSearch as Listed;
}

/** The account's list: id → version. */
async function versions(who: VerifiedUser): Promise<Record<string, string>> {
  const res = await t.get(PATH, options(who));
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body.savedSearches as Listed[]).map((s) => [s.id, s.version]));
}

/** The stored row, every column. */
const stored = async (id: string) => {
  const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, id));
  return row;
};

const rename = (who: VerifiedUser, id: string, name: string, ifMatch?: string) =>
  t.put(`${PATH}/${id}`, { name }, options(who, ifMatch));
const setAlert = (who: VerifiedUser, id: string, alert: boolean, ifMatch?: string) =>
  t.put(`${PATH}/${id}/alert`, { alert }, options(who, ifMatch));
const remove = (who: VerifiedUser, id: string, ifMatch?: string) =>
  t.del(`${PATH}/${id}`, undefined, options(who, ifMatch));

/** The 412 every stale write gets, in full. */
function expectStale(res: TestResponse) {
  expect(res.status, res.text).toBe(412);
  expect(res.body).toEqual({
    success: false,
    error: 'PRECONDITION_FAILED',
    message: VERSION_TEXTS.savedSearchChanged,
  });
  expect(res.headers.etag).toBeUndefined();
}

describe('the version in the list', () => {
  it('each saved search carries one (the reply to its saving too), of its name and switch', async () => {
    const sam = await client();
    const a = await save(sam, 'Weekend balayage');
    const b = await save(sam, 'Nails', { query: 'nails' });
    expect(a.version).toMatch(VERSION);
    expect(await versions(sam)).toEqual({ [a.id]: a.version, [b.id]: b.version });
    // Reading moves nothing.
    expect(await versions(sam)).toEqual({ [a.id]: a.version, [b.id]: b.version });
  });
});

describe('PUT /api/saved-searches/:id and /alert with If-Match', () => {
  it('renames with the current version and answers the new one (ETag and body), which the list then shows', async () => {
    const sam = await client();
    const saved = await save(sam);
    const res = await rename(sam, saved.id, 'Saturday colour', saved.version);
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe(SAVED_SEARCH_TEXTS.renamed);
    const next = res.body.savedSearch.version;
    expect(next).toMatch(VERSION);
    expect(next).not.toBe(saved.version);
    expect(res.headers.etag).toBe(next);
    expect((await stored(saved.id))!.name).toBe('Saturday colour');
    expect((await versions(sam))[saved.id]).toBe(next);

    const off = await setAlert(sam, saved.id, false, next);
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(SAVED_SEARCH_TEXTS.alertOff);
    expect(off.body.savedSearch.version).not.toBe(next);
    expect(off.headers.etag).toBe(off.body.savedSearch.version);
    expect(await stored(saved.id)).toMatchObject({ name: 'Saturday colour', alert: false });
  });

  it('refuses a stale version with 412 and changes nothing: the other tab’s rename stays', async () => {
    const sam = await client();
    const saved = await save(sam);
    const tabA = await rename(sam, saved.id, 'Renamed by tab A', saved.version);
    expect(tabA.status).toBe(200);
    const afterA = await stored(saved.id);

    expectStale(await rename(sam, saved.id, 'Renamed by tab B', saved.version));
    expectStale(await setAlert(sam, saved.id, false, saved.version));
    expect(await stored(saved.id)).toEqual(afterA);
    expect(afterA).toMatchObject({ name: 'Renamed by tab A', alert: true });

    // Loaded again, tab B switches the alert off on top of tab A's rename.
    const fresh = (await versions(sam))[saved.id]!;
    expect(fresh).toBe(tabA.body.savedSearch.version);
    expect((await setAlert(sam, saved.id, false, fresh)).status).toBe(200);
    expect(await stored(saved.id)).toMatchObject({ name: 'Renamed by tab A', alert: false });
  });

  it('a switch turned by the one-click unsubscribe link moves the version too', async () => {
    const sam = await client();
    const saved = await save(sam);
    const token = await savedSearchUnsubscribeToken(t.app.ctx, saved.id);
    const unsubscribe = await t.post(`${PATH}/unsubscribe`, { token });
    expect(unsubscribe.status, unsubscribe.text).toBe(200);
    expect((await stored(saved.id))!.alert).toBe(false);
    const before = await stored(saved.id);
    // The account page loaded before the email was clicked would turn the alert back on: refused.
    expectStale(await setAlert(sam, saved.id, true, saved.version));
    expect(await stored(saved.id)).toEqual(before);
    expect((await versions(sam))[saved.id]).not.toBe(saved.version);
  });

  it('without If-Match changes whatever the version (older clients)', async () => {
    const sam = await client();
    const saved = await save(sam);
    expect((await rename(sam, saved.id, 'First')).status).toBe(200);
    const res = await rename(sam, saved.id, 'Second');
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe(res.body.savedSearch.version);
    expect((await setAlert(sam, saved.id, false)).status).toBe(200);
    expect(await stored(saved.id)).toMatchObject({ name: 'Second', alert: false });
  });

  it('If-Match: * changes whatever the version; a list changes when one of its tags is current', async () => {
    const sam = await client();
    const saved = await save(sam);
    const star = await rename(sam, saved.id, 'Any version', '*');
    expect(star.status).toBe(200);
    const list = await rename(
      sam,
      saved.id,
      'From a list',
      `${saved.version}, ${star.body.savedSearch.version}`,
    );
    expect(list.status).toBe(200);
    expect((await stored(saved.id))!.name).toBe('From a list');
  });

  it('compares strongly: a weak tag, a made-up one, an unquoted one or an empty header never match', async () => {
    const sam = await client();
    const saved = await save(sam);
    const before = await stored(saved.id);
    for (const ifMatch of [
      `W/${saved.version}`,
      '"s0000000000000000"',
      saved.version.replaceAll('"', ''),
      '',
    ]) {
      expectStale(await rename(sam, saved.id, 'Should not be saved', ifMatch));
      expectStale(await setAlert(sam, saved.id, false, ifMatch));
      expectStale(await remove(sam, saved.id, ifMatch));
    }
    expect(await stored(saved.id)).toEqual(before);
  });

  it('refuses an over-long If-Match as invalid input (400), changing nothing', async () => {
    const sam = await client();
    const saved = await save(sam);
    const before = await stored(saved.id);
    const res = await rename(sam, saved.id, 'Too long a header', `"${'s'.repeat(600)}"`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
    expect(await stored(saved.id)).toEqual(before);
  });

  it('someone else sending the search’s own version, or a stale one, still gets 404, and nothing changes', async () => {
    const owner = await client();
    const other = await client();
    const saved = await save(owner);
    const before = await stored(saved.id);
    for (const ifMatch of [saved.version, '"s0000000000000000"']) {
      for (const res of [
        await rename(other, saved.id, 'Mine now', ifMatch),
        await setAlert(other, saved.id, false, ifMatch),
        await remove(other, saved.id, ifMatch),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(SAVED_SEARCH_TEXTS.notFound);
      }
    }
    expect(await stored(saved.id)).toEqual(before);
  });

  it('of two renames from the same version, exactly one is made', async () => {
    const sam = await client();
    const saved = await save(sam);
    const [a, b] = await Promise.all([
      rename(sam, saved.id, 'Renamed by tab A', saved.version),
      rename(sam, saved.id, 'Renamed by tab B', saved.version),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 412]);
    const winner = a.status === 200 ? a : b;
    expect((await stored(saved.id))!.name).toBe(winner.body.savedSearch.name);
    expect((await versions(sam))[saved.id]).toBe(winner.body.savedSearch.version);
  });
});

describe('DELETE /api/saved-searches/:id with If-Match', () => {
  it('a stale version is 412 and the saved search stays; the current one deletes it', async () => {
    const sam = await client();
    const saved = await save(sam);
    expect((await setAlert(sam, saved.id, false)).status).toBe(200);
    const before = await stored(saved.id);
    expectStale(await remove(sam, saved.id, saved.version));
    expect(await stored(saved.id)).toEqual(before);

    const fresh = (await versions(sam))[saved.id]!;
    const res = await remove(sam, saved.id, fresh);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: SAVED_SEARCH_TEXTS.deleted });
    expect(await stored(saved.id)).toBeUndefined();
    // Gone: a 404 whatever the version.
    expect((await remove(sam, saved.id, fresh)).status).toBe(404);
  });

  it('without If-Match deletes whatever the version (older clients)', async () => {
    const sam = await client();
    const saved = await save(sam);
    expect((await rename(sam, saved.id, 'Changed')).status).toBe(200);
    expect((await remove(sam, saved.id)).status).toBe(200);
    expect(await stored(saved.id)).toBeUndefined();
  });
});

describe('the OpenAPI document', () => {
  it('describes If-Match and the 412 of the rename, the switch and the delete', async () => {
    const doc = (await t.get('/api/openapi.json')).body;
    for (const [path, method] of [
      [`${PATH}/{id}`, 'put'],
      [`${PATH}/{id}/alert`, 'put'],
      [`${PATH}/{id}`, 'delete'],
    ] as const) {
      const operation = doc.paths[path][method];
      expect(operation.parameters).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ in: 'header', name: 'if-match', required: false }),
        ]),
      );
      expect(operation.responses['412']).toBeDefined();
      expect(operation.description).toContain('If-Match');
    }
    expect(doc.paths[PATH].get.description).toContain('version');
  });
});
