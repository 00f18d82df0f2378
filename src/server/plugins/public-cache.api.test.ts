import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from '#server/db/client.ts';
import { createScratchDatabase } from '#server/db/scratch-database.ts';
import { buildTestApp, HOUR, MINUTE, type TestApp, testDbKind } from '#server/test/build-test-app.ts';
import { createVerifiedProvider, createVerifiedUser, type VerifiedUser } from '#server/test/factories.ts';

/**
 * Public replies are cached under the catalogue version (ADR 014), and are never
 * stale: a write is visible on the very next request, through the API or straight into the
 * database, on this instance or another; a rolled-back write changes nothing.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const tokenOf = (u: VerifiedUser) => ({ token: u.session.access_token });
const version = async (app: TestApp = t) =>
  Number(
    rowsOf<{ version: string }>(await app.db.execute(sql`SELECT version FROM catalogue_version`))[0]?.version,
  );

async function bioOf(app: TestApp, slug: string, headers: Record<string, string> = {}) {
  const res = await app.get(`/api/user/${slug}`, { headers });
  expect(res.status, res.text).toBe(200);
  return res.body.profile.bio as string;
}

describe('public profiles', () => {
  it('are served from the cache until a write, which the very next request sees', async () => {
    const provider = await createVerifiedProvider(t, { bio: 'First words.' });
    const slug = provider.user.routing_slug;
    expect(await bioOf(t, slug)).toBe('First words.');

    // With the version trigger off, a change is invisible: the reply comes from the cache.
    await t.db.execute(sql`ALTER TABLE provider_profiles DISABLE TRIGGER provider_profiles_catalogue_update`);
    try {
      await t.db.execute(
        sql`UPDATE provider_profiles SET bio = 'Unseen.' WHERE user_id = ${provider.user.id}`,
      );
      expect(await bioOf(t, slug)).toBe('First words.');
    } finally {
      await t.db.execute(
        sql`ALTER TABLE provider_profiles ENABLE TRIGGER provider_profiles_catalogue_update`,
      );
    }

    // Through the API…
    const res = await t.put('/api/auth/profile', { bio: 'Second words.' }, tokenOf(provider));
    expect(res.status, res.text).toBe(200);
    expect(await bioOf(t, slug)).toBe('Second words.');
    // …and straight into the database, as another process would.
    await t.db.execute(
      sql`UPDATE provider_profiles SET bio = 'Third words.' WHERE user_id = ${provider.user.id}`,
    );
    expect(await bioOf(t, slug)).toBe('Third words.');
  });

  it('answer 304 to a client that holds the current reply, and 200 with a new ETag after a write', async () => {
    const provider = await createVerifiedProvider(t, { bio: 'Tagged.' });
    const slug = provider.user.routing_slug;
    const first = await t.get(`/api/user/${slug}`);
    expect(first.status).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=5');
    expect(first.headers.vary).toMatch(/Authorization/);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await t.get(`/api/user/${slug}`, { headers: { 'if-none-match': ifNoneMatch } });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    const other = await t.get(`/api/user/${slug}`, { headers: { 'if-none-match': '"stale"' } });
    expect(other.status).toBe(200);
    expect(other.text).toBe(first.text);

    expect((await t.put('/api/auth/profile', { bio: 'Retagged.' }, tokenOf(provider))).status).toBe(200);
    const changed = await t.get(`/api/user/${slug}`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.body.profile.bio).toBe('Retagged.');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('are made for a signed-in viewer alone: their click token, private, no ETag', async () => {
    const provider = await createVerifiedProvider(t);
    const client = await createVerifiedUser(t);
    const slug = provider.user.routing_slug;
    await t.get(`/api/user/${slug}`); // the shared reply is cached
    const mine = await t.get(`/api/user/${slug}`, tokenOf(client));
    expect(mine.status).toBe(200);
    expect(mine.body.profile.click_token).toEqual(expect.any(String));
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers.etag).toBeUndefined();
    const shared = await t.get(`/api/user/${slug}`);
    expect(shared.body.profile.click_token).toBeUndefined();
    // The owner gets no click token.
    expect((await t.get(`/api/user/${slug}`, tokenOf(provider))).body.profile.click_token).toBeUndefined();
  });

  it('leave a profile as it was when the write rolls back, version included', async () => {
    const provider = await createVerifiedProvider(t, { bio: 'Kept.' });
    const slug = provider.user.routing_slug;
    const before = await t.get(`/api/user/${slug}`);
    const at = await version();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE provider_profiles SET bio = 'Rolled back.' WHERE user_id = ${provider.user.id}`,
        );
        expect(
          Number(
            rowsOf<{ version: string }>(await tx.execute(sql`SELECT version FROM catalogue_version`))[0]
              ?.version,
          ),
        ).toBe(at + 1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await version()).toBe(at);
    const after = await t.get(`/api/user/${slug}`);
    expect(after.body.profile.bio).toBe('Kept.');
    expect(after.headers.etag).toBe(before.headers.etag);
  });

  it('drop a provider who is no longer listed at once', async () => {
    const provider = await createVerifiedProvider(t);
    const slug = provider.user.routing_slug;
    expect((await t.get(`/api/user/${slug}`)).status).toBe(200);
    expect((await t.put('/api/auth/profile', { pricing: [] }, tokenOf(provider))).status).toBe(200);
    expect((await t.get(`/api/user/${slug}`)).status).toBe(404);
  });

  // PostgreSQL: the version read has a connection of its own (Database.quick). PGlite has one
  // connection and no read: its version is pushed by LISTEN.
  it.runIf(testDbKind() === 'postgres')(
    'answer a repeat while every request connection is held by a slow statement',
    async () => {
      const provider = await createVerifiedProvider(t, { bio: 'Still here.' });
      const slug = provider.user.routing_slug;
      expect(await bioOf(t, slug)).toBe('Still here.');

      let sleepsDone = false;
      const held = t.database.poolSize;
      expect(held).toBeGreaterThanOrEqual(2);
      const sleeps = Promise.all(
        Array.from({ length: held }, () => t.db.execute(sql`SELECT pg_sleep(3)`)),
      ).then(() => {
        sleepsDone = true;
      });
      // All of the pool's connections are taken once that many sleeps run in the database.
      for (let running = 0; running < held; ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        running = Number(
          rowsOf<{ n: string }>(
            await t.database.quick.execute(
              sql`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'SELECT pg_sleep(3)' AND state = 'active'`,
            ),
          )[0]?.n,
        );
      }
      expect(await bioOf(t, slug)).toBe('Still here.');
      expect(sleepsDone).toBe(false);
      await sleeps;
    },
  );
});

describe('what bumps the version', () => {
  it('is a change the public can see, not a login or a setting of the account', async () => {
    const provider = await createVerifiedProvider(t);
    let at = await version();
    const login = await t.post('/api/auth/login', { email: provider.email, password: provider.password });
    expect(login.status, login.text).toBe(200);
    await t.db.execute(
      sql`UPDATE users SET opening_alerts = NOT opening_alerts WHERE id = ${provider.user.id}`,
    );
    expect(await version()).toBe(at);
    // A statement that changes no row (background jobs send them) bumps nothing.
    await t.db.execute(sql`UPDATE openings SET is_active = false WHERE false`);
    await t.db.execute(sql`DELETE FROM reviews WHERE false`);
    expect(await version()).toBe(at);

    await t.db.execute(sql`UPDATE users SET name = 'Renamed Studio' WHERE id = ${provider.user.id}`);
    expect(await version()).toBe(at + 1);
    at += 1;
    // An unlisted account's name is nobody's business.
    const unlisted = await createVerifiedProvider(t, {}, { listed: false });
    at = await version();
    await t.db.execute(sql`UPDATE users SET name = 'Still Hidden' WHERE id = ${unlisted.user.id}`);
    expect(await version()).toBe(at);
  });

  it("is a reviewer's new name or email (their reviews show it), not another client's", async () => {
    const provider = await createVerifiedProvider(t);
    const reviewer = await createVerifiedUser(t, { userData: { user_type: 'client', name: 'Kai Reviewer' } });
    const other = await createVerifiedUser(t, { userData: { user_type: 'client', name: 'Lee Quiet' } });
    await t.db.execute(
      sql`INSERT INTO reviews (provider_id, client_id, rating, text) VALUES (${provider.user.id}, ${reviewer.user.id}, 5, 'Lovely.')`,
    );
    let at = await version();
    await t.db.execute(sql`UPDATE users SET name = 'Lee Renamed' WHERE id = ${other.user.id}`);
    expect(await version()).toBe(at);
    await t.db.execute(sql`UPDATE users SET name = 'Kai Renamed' WHERE id = ${reviewer.user.id}`);
    expect(await version()).toBe(at + 1);
    at += 1;
    // A name equal to the email's local part is not shown, so the email decides it too.
    await t.db.execute(
      sql`UPDATE users SET email = 'kai.renamed@example.com' WHERE id = ${reviewer.user.id}`,
    );
    expect(await version()).toBe(at + 1);
    at += 1;
    await t.db.execute(
      sql`UPDATE users SET opening_alerts = NOT opening_alerts WHERE id = ${reviewer.user.id}`,
    );
    expect(await version()).toBe(at);
  });
});

describe('searches, the providers list and openings', () => {
  it('find a word a provider added on the very next search', async () => {
    const provider = await createVerifiedProvider(t);
    const search = async () => (await t.post('/api/search', { query: 'zyzzogeton' })).body.total as number;
    expect(await search()).toBe(0);
    expect(await search()).toBe(0);
    const res = await t.put('/api/auth/profile', { specialties: ['Zyzzogeton'] }, tokenOf(provider));
    expect(res.status, res.text).toBe(200);
    expect(await search()).toBe(1);
  });

  it('list a new provider on the very next read of /api/providers, with ETags', async () => {
    const first = await t.get('/api/providers?limit=5');
    expect(first.status).toBe(200);
    expect(
      (await t.get('/api/providers?limit=5', { headers: { 'if-none-match': first.headers.etag as string } }))
        .status,
    ).toBe(304);
    const provider = await createVerifiedProvider(t);
    const next = await t.get('/api/providers?limit=5', {
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(next.status).toBe(200);
    expect(next.body.providers.map((p: { id: string }) => p.id)).toContain(provider.user.id);
  });

  it("show a provider's new review, its reply and its hiding on the very next read of /api/reviews, with ETags", async () => {
    const provider = await createVerifiedProvider(t);
    const client = await createVerifiedUser(t, { userData: { user_type: 'client', name: 'Ren Client' } });
    const path = `/api/reviews?provider_id=${provider.user.id}`;
    const first = await t.get(path);
    expect(first.status, first.text).toBe(200);
    expect(first.body.reviews).toEqual([]);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=5');
    const etag = first.headers.etag as string;
    expect((await t.get(path, { headers: { 'if-none-match': etag } })).status).toBe(304);

    const [review] = rowsOf<{ id: string }>(
      await t.db.execute(
        sql`INSERT INTO reviews (provider_id, client_id, rating, text) VALUES (${provider.user.id}, ${client.user.id}, 4, 'Kind and quick.') RETURNING id`,
      ),
    );
    const added = await t.get(path, { headers: { 'if-none-match': etag } });
    expect(added.status).toBe(200);
    expect(added.body.reviews.map((r: { text: string }) => r.text)).toEqual(['Kind and quick.']);
    expect(added.body.summary.count).toBe(1);

    const reply = await t.put(
      `/api/reviews/${review!.id}/reply`,
      { text: 'Thank you, Ren!' },
      tokenOf(provider),
    );
    expect(reply.status, reply.text).toBe(200);
    expect((await t.get(path)).body.reviews[0].reply.text).toBe('Thank you, Ren!');

    await t.db.execute(sql`UPDATE reviews SET hidden_at = now() WHERE id = ${review!.id}`);
    const hidden = await t.get(path);
    expect(hidden.body.reviews).toEqual([]);
    expect(hidden.body.summary.count).toBe(0);
  });

  it('show a new opening at once and drop an ended one when it ends, without a write', async () => {
    const provider = await createVerifiedProvider(t);
    const ids = async () =>
      ((await t.get('/api/last-minute-openings?limit=50')).body.openings as { id: string }[]).map(
        (o) => o.id,
      );
    await ids();
    const start = new Date(t.clock.now().getTime() + HOUR);
    const created = await t.post(
      '/api/last-minute-openings',
      {
        service_type: 'Silk press',
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + HOUR).toISOString(),
      },
      tokenOf(provider),
    );
    expect(created.status, created.text).toBe(200);
    const id = created.body.opening.id as string;
    expect(await ids()).toContain(id);
    t.clock.advance(2 * HOUR + MINUTE);
    expect(await ids()).not.toContain(id);
  });
});

describe('two instances on one database', () => {
  it('each sees the other’s write on its very next request', async () => {
    // PGlite is one process's database: two apps share it. PostgreSQL: two apps, two pools.
    let second: TestApp;
    let dropScratch = async () => {};
    if (testDbKind() === 'postgres') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'two');
      const one = await openDatabase({ databaseUrl: scratch.url, onPoolError: () => {} });
      await one.migrate();
      const two = await openDatabase({ databaseUrl: scratch.url, onPoolError: () => {} });
      const a = await buildTestApp({ database: one });
      second = await buildTestApp({ database: two, smtp: a.smtp });
      dropScratch = async () => {
        await a.close();
        await one.close();
        await two.close();
        await scratch.drop();
      };
      await runTwoInstances(a, second);
    } else {
      second = await buildTestApp({ database: t.database, smtp: t.smtp });
      dropScratch = async () => {};
      await runTwoInstances(t, second);
    }
    await second.close();
    await dropScratch();
  });
});

async function runTwoInstances(a: TestApp, b: TestApp) {
  const provider = await createVerifiedProvider(a, { bio: 'Written on A.' });
  const slug = provider.user.routing_slug;
  expect(await bioOf(a, slug)).toBe('Written on A.');
  expect(await bioOf(b, slug)).toBe('Written on A.');
  for (let round = 1; round <= 5; round += 1) {
    const [writer, reader] = round % 2 ? [a, b] : [b, a];
    const bio = `Round ${round}.`;
    const res = await writer.put('/api/auth/profile', { bio }, tokenOf(provider));
    expect(res.status, res.text).toBe(200);
    expect(await bioOf(reader, slug)).toBe(bio);
    expect(await bioOf(writer, slug)).toBe(bio);
  }
}
