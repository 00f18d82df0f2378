import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_LIMITS, MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { savedReplies } from '#server/db/schema/index.ts';
import { buildTestApp, MINUTE, type TestApp, type TestResponse } from '#server/test/build-test-app.ts';
import { expectRateLimited } from '#server/test/expectations.ts';
import {
  createVerifiedProvider,
  createVerifiedUser,
  freshLogins,
  uniqueEmail,
  type VerifiedUser,
} from '#server/test/factories.ts';

/** A provider's saved replies: their own list, at most ten, a client refused, anyone else's a 404. */

const PATH = '/api/saved-replies';
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
const ADMIN_EMAIL = uniqueEmail('admin');

let t: TestApp;
const { remember, as } = freshLogins(() => t);

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
});
afterAll(async () => {
  await t?.close();
});

function expectError(res: TestResponse, status: number, error: string, message?: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.body).toMatchObject({ success: false, error, ...(message ? { message } : {}) });
}

const provider = async () => remember(await createVerifiedProvider(t));
const rowsOf = (providerId: string) =>
  t.db
    .select()
    .from(savedReplies)
    .where(eq(savedReplies.providerId, providerId))
    .orderBy(savedReplies.createdAt);

async function add(who: VerifiedUser, title: string, body = `${title}: the answer`) {
  const res = await t.post(PATH, { title, body }, await as(who));
  expect(res.status, res.text).toBe(200);
  return res.body.reply as { id: string; title: string; body: string; created_at: string };
}

describe('saved replies', () => {
  it('adds, lists (oldest first), changes and deletes a provider’s own replies', async () => {
    const p = await provider();
    const auth = await as(p);
    const res = await t.post(
      PATH,
      { title: '  Prices  ', body: '  Cuts start at $40.\nColour on request.  ' },
      auth,
    );
    expect(res.status, res.text).toBe(200);
    const [row] = await rowsOf(p.user.id);
    expect(res.body).toEqual({
      success: true,
      message: MESSAGE_TEXTS.savedReplyAdded,
      reply: {
        id: row!.id,
        title: 'Prices',
        body: 'Cuts start at $40.\nColour on request.',
        created_at: row!.createdAt.toISOString(),
      },
    });
    t.clock.advance(MINUTE);
    const second = await add(p, 'Parking');

    const list = await t.get(PATH, auth);
    expect(list.status, list.text).toBe(200);
    expect(list.body).toEqual({ success: true, replies: [res.body.reply, second] });

    t.clock.advance(MINUTE);
    const put = await t.put(`${PATH}/${row!.id}`, { title: 'Prices 2025', body: 'From $45.' }, auth);
    expect(put.status, put.text).toBe(200);
    expect(put.body).toEqual({
      success: true,
      message: MESSAGE_TEXTS.savedReplyUpdated,
      reply: { ...res.body.reply, title: 'Prices 2025', body: 'From $45.' },
    });
    const [changed] = await rowsOf(p.user.id);
    expect(changed).toMatchObject({ title: 'Prices 2025', body: 'From $45.' });
    expect(changed!.updatedAt.getTime()).toBeGreaterThan(changed!.createdAt.getTime());

    const del = await t.del(`${PATH}/${second.id}`, undefined, auth);
    expect(del.status, del.text).toBe(200);
    expect(del.body).toEqual({ success: true, message: MESSAGE_TEXTS.savedReplyDeleted });
    expect((await rowsOf(p.user.id)).map((r) => r.id)).toEqual([row!.id]);
    // Deleting again: it is gone.
    expectError(
      await t.del(`${PATH}/${second.id}`, undefined, auth),
      404,
      'NOT_FOUND',
      MESSAGE_TEXTS.savedReplyNotFound,
    );
  });

  it(`keeps at most ${MESSAGE_LIMITS.savedRepliesMax}: one more is a 409 and stores nothing; deleting one makes room`, async () => {
    const p = await provider();
    const auth = await as(p);
    const added = [];
    for (let i = 0; i < MESSAGE_LIMITS.savedRepliesMax; i += 1) added.push(await add(p, `Reply ${i}`));
    const res = await t.post(PATH, { title: 'One too many', body: 'No room' }, auth);
    expectError(res, 409, 'CONFLICT', MESSAGE_TEXTS.tooManySavedReplies);
    expect(await rowsOf(p.user.id)).toHaveLength(MESSAGE_LIMITS.savedRepliesMax);
    expect((await t.del(`${PATH}/${added[0]!.id}`, undefined, auth)).status).toBe(200);
    await add(p, 'Room again');
    expect(await rowsOf(p.user.id)).toHaveLength(MESSAGE_LIMITS.savedRepliesMax);
  });

  it('counts the limit under a lock: additions sent at once never pass it', async () => {
    const p = await provider();
    const auth = await as(p);
    for (let i = 0; i < MESSAGE_LIMITS.savedRepliesMax - 2; i += 1) await add(p, `Reply ${i}`);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => t.post(PATH, { title: `At once ${i}`, body: 'Race' }, auth)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of results.filter((x) => x.status !== 200)) {
      expectError(r, 409, 'CONFLICT', MESSAGE_TEXTS.tooManySavedReplies);
    }
    expect(await rowsOf(p.user.id)).toHaveLength(MESSAGE_LIMITS.savedRepliesMax);
  });

  it('refuses bad input with the form’s words and stores nothing', async () => {
    const p = await provider();
    const auth = await as(p);
    const existing = await add(p, 'Hours');
    const cases: [object, string, string][] = [
      [{ body: 'x' }, 'title', MESSAGE_TEXTS.savedReplyTitleRequired],
      [{ title: '   ', body: 'x' }, 'title', MESSAGE_TEXTS.savedReplyTitleRequired],
      [
        { title: 'x'.repeat(MESSAGE_LIMITS.savedReplyTitleMax + 1), body: 'x' },
        'title',
        MESSAGE_TEXTS.savedReplyTitleTooLong,
      ],
      [{ title: 'x' }, 'body', MESSAGE_TEXTS.savedReplyBodyRequired],
      [{ title: 'x', body: ' \n ' }, 'body', MESSAGE_TEXTS.savedReplyBodyRequired],
      [
        { title: 'x', body: 'x'.repeat(MESSAGE_LIMITS.savedReplyBodyMax + 1) },
        'body',
        MESSAGE_TEXTS.savedReplyBodyTooLong,
      ],
    ];
    for (const [body, path, message] of cases) {
      for (const res of [await t.post(PATH, body, auth), await t.put(`${PATH}/${existing.id}`, body, auth)]) {
        expectError(res, 400, 'VALIDATION_ERROR', message);
        expect(res.body.issues).toEqual([{ path, message }]);
      }
    }
    expect(await rowsOf(p.user.id)).toEqual([
      expect.objectContaining({ title: 'Hours', body: 'Hours: the answer' }),
    ]);
  });

  it("answers 404 for another provider's reply, unknown and malformed ids, and changes nothing", async () => {
    const owner = await provider();
    const other = await provider();
    const theirs = await add(owner, 'Mine');
    const before = await rowsOf(owner.user.id);
    const auth = await as(other);
    for (const id of [theirs.id, NO_SUCH_ID, 'not-an-id']) {
      expectError(
        await t.put(`${PATH}/${id}`, { title: 'Taken', body: 'Over' }, auth),
        404,
        'NOT_FOUND',
        MESSAGE_TEXTS.savedReplyNotFound,
      );
      expectError(
        await t.del(`${PATH}/${id}`, undefined, auth),
        404,
        'NOT_FOUND',
        MESSAGE_TEXTS.savedReplyNotFound,
      );
    }
    expect((await t.get(PATH, auth)).body.replies).toEqual([]);
    expect(await rowsOf(owner.user.id)).toEqual(before);
  });

  it('refuses a client (an admin client too) with 403 and anonymous callers with 401, storing nothing', async () => {
    const owner = await provider();
    const theirs = await add(owner, 'Mine');
    const before = await t.db.$count(savedReplies);
    const client = remember(
      await createVerifiedUser(t, { userData: { user_type: 'client', name: 'Cal Client' } }),
    );
    const admin = remember(await createVerifiedUser(t, { email: ADMIN_EMAIL }));
    expect(admin.user.role).toBe('admin');
    for (const who of [client, admin]) {
      const auth = await as(who);
      expectError(await t.get(PATH, auth), 403, 'FORBIDDEN', MESSAGE_TEXTS.providersOnly);
      expectError(
        await t.post(PATH, { title: 'x', body: 'y' }, auth),
        403,
        'FORBIDDEN',
        MESSAGE_TEXTS.providersOnly,
      );
      expectError(
        await t.put(`${PATH}/${theirs.id}`, { title: 'x', body: 'y' }, auth),
        403,
        'FORBIDDEN',
        MESSAGE_TEXTS.providersOnly,
      );
      expectError(
        await t.del(`${PATH}/${theirs.id}`, undefined, auth),
        403,
        'FORBIDDEN',
        MESSAGE_TEXTS.providersOnly,
      );
    }
    expectError(await t.get(PATH), 401, 'UNAUTHORIZED');
    expectError(await t.post(PATH, { title: 'x', body: 'y' }), 401, 'UNAUTHORIZED');
    expectError(await t.put(`${PATH}/${theirs.id}`, { title: 'x', body: 'y' }), 401, 'UNAUTHORIZED');
    expectError(await t.del(`${PATH}/${theirs.id}`), 401, 'UNAUTHORIZED');
    expect(await t.db.$count(savedReplies)).toBe(before);
    expect(await rowsOf(owner.user.id)).toEqual([expect.objectContaining({ title: 'Mine' })]);
  });
});

describe('limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimit: true });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('60 changes in 15 minutes per provider: the next is a 429 and changes nothing', async () => {
    const p = await createVerifiedProvider(limited);
    const token = { token: p.session.access_token };
    for (let i = 0; i < 60; i++) {
      const res = await limited.del(`${PATH}/${NO_SUCH_ID}`, undefined, token);
      expect(res.status, res.text).toBe(404);
    }
    const res = await limited.post(PATH, { title: 'Late', body: 'Too many' }, token);
    expectRateLimited(res, 15 * 60);
    expect(await limited.db.$count(savedReplies)).toBe(0);
    // Reading is not limited by it.
    expect((await limited.get(PATH, token)).status).toBe(200);
  });
});
