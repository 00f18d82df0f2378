import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENING_TEXTS } from '#domain/openings.ts';
import { VERSION_TEXTS } from '#domain/versions.ts';
import { openings } from '#server/db/schema/index.ts';
import { buildTestApp, DAY, HOUR, type TestApp, type TestResponse } from '#server/test/build-test-app.ts';
import { createVerifiedProvider, createVerifiedUser, type VerifiedUser } from '#server/test/factories.ts';

const PATH = '/api/last-minute-openings';
const VERSION = /^"o\d+"$/;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const token = (u: VerifiedUser) => u.session.access_token;

/** An instant `ms` from the app's clock, as the API takes it. */
const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

/** A valid opening 2–3.5 hours from now; override any field. */
const fields = (overrides: Record<string, unknown> = {}) => ({
  service_type: 'Silk press',
  start_time: at(2 * HOUR),
  end_time: at(3.5 * HOUR),
  price: '$85',
  note: 'Bring your own scarf',
  ...overrides,
});

async function postOpening(owner: VerifiedUser, overrides: Record<string, unknown> = {}) {
  const res = await t.post(PATH, fields(overrides), { token: token(owner) });
  expect(res.status, res.text).toBe(200);
  return res.body.opening as { id: string; version: string };
}

/** The stored row, every column. */
const stored = async (id: string) => {
  const [row] = await t.db.select().from(openings).where(eq(openings.id, id));
  return row;
};

/** The owner's list, inactive openings too: id → version. */
async function versions(owner: VerifiedUser): Promise<Record<string, string>> {
  const res = await t.get(`${PATH}?provider_id=${owner.user.id}&include_inactive=true`, {
    token: token(owner),
  });
  expect(res.status).toBe(200);
  return Object.fromEntries(
    (res.body.openings as { id: string; version: string }[]).map((o) => [o.id, o.version]),
  );
}

const withIfMatch = (who: VerifiedUser, ifMatch?: string) => ({
  token: token(who),
  ...(ifMatch === undefined ? {} : { headers: { 'if-match': ifMatch } }),
});

const putOpening = (who: VerifiedUser, id: string, body: unknown, ifMatch?: string) =>
  t.put(`${PATH}?id=${id}`, body, withIfMatch(who, ifMatch));

const removeOpening = (who: VerifiedUser, id: string, permanent: boolean, ifMatch?: string) =>
  t.del(`${PATH}?id=${id}&permanent=${permanent}`, undefined, withIfMatch(who, ifMatch));

/** The 412 every stale write gets, in full. */
function expectStale(res: TestResponse) {
  expect(res.status, res.text).toBe(412);
  expect(res.body).toEqual({
    success: false,
    error: 'PRECONDITION_FAILED',
    message: VERSION_TEXTS.openingChanged,
  });
  expect(res.headers.etag).toBeUndefined();
}

describe('the version in the owner’s list', () => {
  it('each opening carries one (the reply to its posting too); the public list has none', async () => {
    const owner = await createVerifiedProvider(t);
    const a = await postOpening(owner);
    const b = await postOpening(owner, { service_type: 'Trim' });
    expect(a.version).toMatch(VERSION);
    const listed = await versions(owner);
    expect(listed).toEqual({ [a.id]: a.version, [b.id]: b.version });
    // Reading moves nothing.
    expect(await versions(owner)).toEqual(listed);

    const pub = await t.get(`${PATH}?limit=50`);
    expect(pub.status).toBe(200);
    const mine = (pub.body.openings as Record<string, unknown>[]).filter(
      (o) => o.provider_id === owner.user.id,
    );
    expect(mine).toHaveLength(2);
    for (const o of mine) expect(o).not.toHaveProperty('version');
  });
});

describe('PUT /api/last-minute-openings?id= with If-Match', () => {
  it('changes with the current version and answers the new one (ETag and body), which the list then shows', async () => {
    const owner = await createVerifiedProvider(t);
    const opening = await postOpening(owner);
    const res = await putOpening(owner, opening.id, fields({ service_type: 'Balayage' }), opening.version);
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe(OPENING_TEXTS.updated);
    expect(res.body.opening.service_type).toBe('Balayage');
    const next = res.body.opening.version;
    expect(next).toMatch(VERSION);
    expect(next).not.toBe(opening.version);
    expect(res.headers.etag).toBe(next);
    expect((await stored(opening.id))!.serviceType).toBe('Balayage');
    expect((await versions(owner))[opening.id]).toBe(next);
  });

  it('refuses a stale version with 412 and changes nothing: the other tab’s change stays', async () => {
    const owner = await createVerifiedProvider(t);
    const opening = await postOpening(owner);
    const tabA = await putOpening(
      owner,
      opening.id,
      fields({ note: 'Tab A wrote this note.' }),
      opening.version,
    );
    expect(tabA.status).toBe(200);
    const afterA = await stored(opening.id);

    // Tab B still holds the version it loaded, and its form sends every field, the old note too.
    const tabB = await putOpening(
      owner,
      opening.id,
      fields({ service_type: 'Renamed by tab B', note: 'Bring your own scarf' }),
      opening.version,
    );
    expectStale(tabB);
    expect(await stored(opening.id)).toEqual(afterA);
    expect(afterA).toMatchObject({ note: 'Tab A wrote this note.', serviceType: 'Silk press' });

    // Loaded again, tab B saves on top of tab A's change.
    const fresh = (await versions(owner))[opening.id]!;
    expect(fresh).toBe(tabA.body.opening.version);
    const retry = await putOpening(
      owner,
      opening.id,
      fields({ service_type: 'Renamed by tab B', note: 'Tab A wrote this note.' }),
      fresh,
    );
    expect(retry.status).toBe(200);
    expect(await stored(opening.id)).toMatchObject({
      serviceType: 'Renamed by tab B',
      note: 'Tab A wrote this note.',
    });
  });

  it('a stale version is 412 before its fields are judged (a start now in the past), changing nothing', async () => {
    const owner = await createVerifiedProvider(t);
    const opening = await postOpening(owner);
    expect((await putOpening(owner, opening.id, fields({ price: '$90' }))).status).toBe(200);
    const before = await stored(opening.id);
    const res = await putOpening(owner, opening.id, fields({ start_time: at(-HOUR) }), opening.version);
    expectStale(res);
    expect(await stored(opening.id)).toEqual(before);
  });

  it('without If-Match changes whatever the version, and moves it on (older clients)', async () => {
    const owner = await createVerifiedProvider(t);
    const opening = await postOpening(owner);
    const res = await putOpening(owner, opening.id, fields({ price: '$70' }));
    expect(res.status).toBe(200);
    expect((await stored(opening.id))!.price).toBe('$70');
    expect(res.body.opening.version).not.toBe(opening.version);
    expect(res.headers.etag).toBe(res.body.opening.version);
    // The version the older client never saw is now stale for everyone else.
    expectStale(await putOpening(owner, opening.id, fields({ price: '$10' }), opening.version));
    expect((await stored(opening.id))!.price).toBe('$70');
  });

  it('If-Match: * changes whatever the version; a list changes when one of its tags is current', async () => {
    const owner = await createVerifiedProvider(t);
    const opening = await postOpening(owner);
    const star = await putOpening(owner, opening.id, fields({ price: '$1' }), '*');
    expect(star.status).toBe(200);
    const list = await putOpening(
      owner,
      opening.id,
      fields({ price: '$2' }),
      `${opening.version}, ${star.body.opening.version}`,
    );
    expect(list.status).toBe(200);
    expect((await stored(opening.id))!.price).toBe('$2');
  });

  it('compares strongly: a weak tag, a made-up one, an unquoted one or an empty header never match', async () => {
    const owner = await createVerifiedProvider(t);
    const opening = await postOpening(owner);
    const before = await stored(opening.id);
    for (const ifMatch of [`W/${opening.version}`, '"o1"', opening.version.replaceAll('"', ''), '']) {
      expectStale(await putOpening(owner, opening.id, fields({ price: '$3' }), ifMatch));
    }
    expect(await stored(opening.id)).toEqual(before);
  });

  it('refuses an over-long If-Match as invalid input (400), changing nothing', async () => {
    const owner = await createVerifiedProvider(t);
    const opening = await postOpening(owner);
    const before = await stored(opening.id);
    const res = await putOpening(owner, opening.id, fields({ price: '$4' }), `"${'o'.repeat(600)}"`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
    expect(await stored(opening.id)).toEqual(before);
  });

  it('another provider or a client sending the opening’s own version still gets 404, and nothing changes', async () => {
    const owner = await createVerifiedProvider(t);
    const opening = await postOpening(owner);
    const before = await stored(opening.id);
    for (const stranger of [await createVerifiedProvider(t), await createVerifiedUser(t)]) {
      const put = await putOpening(stranger, opening.id, fields({ price: '$5' }), opening.version);
      expect(put.status).toBe(404);
      const del = await removeOpening(stranger, opening.id, true, opening.version);
      expect(del.status).toBe(404);
      // A stale version does not tell a stranger the opening exists either.
      expect((await removeOpening(stranger, opening.id, true, '"o1"')).status).toBe(404);
    }
    expect(await stored(opening.id)).toEqual(before);
  });

  it('of two saves from the same version, exactly one is made', async () => {
    const owner = await createVerifiedProvider(t);
    const opening = await postOpening(owner);
    const [a, b] = await Promise.all([
      putOpening(owner, opening.id, fields({ note: 'Saved by tab A.' }), opening.version),
      putOpening(owner, opening.id, fields({ note: 'Saved by tab B.' }), opening.version),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 412]);
    const winner = a.status === 200 ? a : b;
    expect((await stored(opening.id))!.note).toBe(winner.body.opening.note);
    expect((await versions(owner))[opening.id]).toBe(winner.body.opening.version);
  });

  it('every write moves the version, even when the clock has not passed the stored time', async () => {
    const owner = await createVerifiedProvider(t);
    const opening = await postOpening(owner);
    // As if written by a clock ahead of this one (or two writes within one tick).
    await t.db
      .update(openings)
      .set({ updatedAt: sql`now() + interval '1 day'` })
      .where(eq(openings.id, opening.id));
    const loaded = (await versions(owner))[opening.id]!;
    const res = await putOpening(owner, opening.id, fields({ price: '$6' }), loaded);
    expect(res.status).toBe(200);
    expect(res.body.opening.version).not.toBe(loaded);
    expectStale(await putOpening(owner, opening.id, fields({ price: '$7' }), loaded));
    expect((await stored(opening.id))!.price).toBe('$6');
    expect((await stored(opening.id))!.updatedAt.getTime()).toBeGreaterThan(Date.now() + DAY / 2);
  });
});

describe('DELETE /api/last-minute-openings?id= with If-Match', () => {
  it('a stale version is 412 for a delete and a deactivation, and the opening stays as it is', async () => {
    const owner = await createVerifiedProvider(t);
    const opening = await postOpening(owner);
    expect((await putOpening(owner, opening.id, fields({ note: 'Changed elsewhere.' }))).status).toBe(200);
    const before = await stored(opening.id);

    expectStale(await removeOpening(owner, opening.id, true, opening.version));
    expectStale(await removeOpening(owner, opening.id, false, opening.version));
    expect(await stored(opening.id)).toEqual(before);
    expect(before!.isActive).toBe(true);
  });

  it('deletes with the current version; deactivating with it moves the version on', async () => {
    const owner = await createVerifiedProvider(t);
    const a = await postOpening(owner);
    const b = await postOpening(owner, { service_type: 'Trim' });

    const off = await removeOpening(owner, a.id, false, a.version);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ success: true, message: OPENING_TEXTS.deactivated });
    expect((await stored(a.id))!.isActive).toBe(false);
    const afterOff = (await versions(owner))[a.id]!;
    expect(afterOff).not.toBe(a.version);
    // The form loaded before the deactivation would switch it back on with old fields: refused.
    expectStale(await putOpening(owner, a.id, { ...fields(), is_active: true }, a.version));
    expect((await stored(a.id))!.isActive).toBe(false);

    const gone = await removeOpening(owner, a.id, true, afterOff);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ success: true, message: OPENING_TEXTS.deleted });
    expect(await stored(a.id)).toBeUndefined();
    // Gone: a 404 whatever the version.
    expect((await removeOpening(owner, a.id, true, afterOff)).status).toBe(404);

    // Without If-Match, as before.
    expect((await removeOpening(owner, b.id, true)).status).toBe(200);
    expect(await stored(b.id)).toBeUndefined();
  });
});

describe('the OpenAPI document', () => {
  it('describes If-Match and the 412 of PUT and DELETE /api/last-minute-openings', async () => {
    const doc = (await t.get('/api/openapi.json')).body;
    for (const method of ['put', 'delete']) {
      const operation = doc.paths[PATH][method];
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
